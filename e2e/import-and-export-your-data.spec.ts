import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect as baseExpect } from '@playwright/test';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { PASSWORD, createUser, uniqueEmail } from './support/accounts';
import { downloadFrom, htmlPreview, saveAs } from './support/builder';
import { signInThroughApi } from './support/saved-cvs';
import { test } from './support/test';

// A person arrives with a JSON Resume, imports it into a template, sees it in the preview, saves it,
// takes it out again as JSON Resume, and the file is valid against the published schema.

const expect = baseExpect.configure({ timeout: 30_000 });
const schema = createRequire(import.meta.url)('@jsonresume/schema/schema.json') as object;

const RESUME = {
  basics: {
    name: 'Ingrid Østergård',
    label: 'Platform Engineer',
    email: 'ingrid@example.com',
    location: { city: 'København', countryCode: 'DK' },
    profiles: [{ network: 'LinkedIn', url: 'https://linkedin.com/in/ingrid' }],
    summary: 'Keeps fleets of services calm.',
  },
  work: [
    {
      name: 'Nordlys Systems',
      position: 'Staff Engineer',
      startDate: '2021-02',
      highlights: ['Cut deploy time from 40 to 6 minutes', 'Led the move to 東京 region'],
    },
  ],
  volunteer: [{ organization: 'Rails Girls', position: 'Coach', startDate: '2019' }],
  skills: [{ name: 'Kubernetes', level: 'Expert', keywords: ['Helm', 'Operators'] }],
};

test('a person imports a JSON Resume, saves it and exports it again as a valid JSON Resume', async ({ page }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('importer');
  createUser({ email, fullName: 'Ingrid Østergård' });
  await signInThroughApi(page, email, PASSWORD);

  await test.step('a broken file is refused with its first problem named, and nothing happens', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a CV' });
    await dialog.getByLabel('JSON Resume file').setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ work: [{}, {}, { startDate: 'March 2020' }] })),
    });
    await expect(dialog.getByTestId('import-error')).toContainText(
      'work[2].startDate must be a date like 2020-01 or 2020-01-31',
    );
    await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
  });

  await test.step('the resume goes into Executive Classic after a summary of what goes where', async () => {
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a CV' });
    await dialog.getByLabel('Template').selectOption({ label: 'Executive Classic' });
    await dialog.getByLabel('JSON Resume file').setInputFiles({
      name: 'resume.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(RESUME)),
    });
    await expect(dialog.getByTestId('import-summary')).toContainText(
      '5 entries in 5 sections; 1 part added as sections of your own (Volunteering)',
    );
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/1\?draft=/);
  });

  await test.step('the preview shows the name, the company and a highlight, and a reload keeps them', async () => {
    for (const pass of ['first', 'after reload']) {
      if (pass === 'after reload') await page.reload();
      const preview = htmlPreview(page);
      await expect(preview.getByText('Ingrid Østergård').first()).toBeVisible();
      await expect(preview.getByText('Nordlys Systems').first()).toBeVisible();
      await expect(preview.getByText('Led the move to 東京 region')).toBeVisible();
      await expect(preview.getByText('Rails Girls').first()).toBeVisible();
    }
  });

  await test.step('saved, then exported as JSON Resume: the file validates and holds what was imported', async () => {
    await saveAs(page, 'Imported from JSON Resume');
    const file = await downloadFrom(page, 'JSON Resume (.json)');
    expect(file.name).toBe('Imported from JSON Resume.json');
    const exported = JSON.parse(readFileSync(file.path, 'utf8')) as Record<string, unknown>;
    const ajv = new Ajv({ strict: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    expect(validate(exported), JSON.stringify(validate.errors)).toBe(true);
    expect(exported).toMatchObject({
      basics: { name: 'Ingrid Østergård', email: 'ingrid@example.com' },
      work: [
        {
          name: 'Nordlys Systems',
          startDate: '2021-02',
          highlights: ['Cut deploy time from 40 to 6 minutes', 'Led the move to 東京 region'],
        },
      ],
      volunteer: [{ organization: 'Rails Girls', position: 'Coach', startDate: '2019' }],
    });
  });
});
