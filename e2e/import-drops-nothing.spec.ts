import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect as baseExpect, type Page } from '@playwright/test';
import { PASSWORD, createUser, uniqueEmail } from './support/accounts';
import { UUID_ADDRESS, downloadFrom, htmlPreview, section } from './support/builder';
import { signInThroughApi } from './support/saved-cvs';
import { test } from './support/test';

// A person brings the JSON Resume project's own sample (Richard Hendriks, fixtures/) and a resume written with the
// older JSON Resume names (`company`, `website`). Nothing is lost on the way in: the phone number the rules refuse is
// kept and named, Save takes the person to it instead of failing, every employer reaches the CV, and all of it is
// still there after a reload.

// Generous: a reloaded builder renders its preview on a shared, busy machine too.
const expect = baseExpect.configure({ timeout: 60_000 });

const SAMPLE = readFileSync(join(import.meta.dirname, 'fixtures/richard-hendriks.resume.json'));

const OLDER = {
  basics: { name: 'Ada Lovelace', label: 'Analyst', website: 'https://ada.example.com' },
  work: [
    {
      company: 'Analytical Engines Ltd',
      website: 'https://engines.example.com',
      position: 'Lead Analyst',
      startDate: '2019-04',
      summary: 'Wrote the first program.',
    },
    { company: 'Babbage & Co', position: 'Translator', startDate: '2016', endDate: '2019' },
  ],
  education: [
    { institution: 'University of London', area: 'Mathematics', studyType: 'Tutoring', gpa: '4.0' },
  ],
};

/** 'Save CV' under a name, with this journey's patience (support/builder.ts's saveAs waits 10 s). */
async function saveAs(page: Page, name: string) {
  await page.getByRole('button', { name: 'Save CV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save CV' });
  await dialog.getByLabel('CV Name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast')).toContainText(`Your CV "${name}" has been saved successfully.`);
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(UUID_ADDRESS);
}

async function importFile(page: Page, name: string, content: Buffer) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a CV' });
  await dialog.getByLabel('Template').selectOption({ label: 'Executive Classic' });
  await dialog
    .getByLabel('JSON Resume file')
    .setInputFiles({ name, mimeType: 'application/json', buffer: content });
  await expect(dialog.getByTestId('import-summary')).toBeVisible();
  return dialog;
}

test('imports drop nothing: the JSON Resume sample and a resume with the older names', async ({ page }) => {
  test.setTimeout(420_000);
  const email = uniqueEmail('importer');
  createUser({ email, fullName: 'Richard Hendriks' });
  await signInThroughApi(page, email, PASSWORD);

  await test.step('the sample: the summary names the phone number that needs a look and the sections of one’s own', async () => {
    const dialog = await importFile(page, 'resume.json', SAMPLE);
    await expect(dialog.getByTestId('import-summary')).toContainText('More on Education');
    await expect(dialog.getByTestId('import-flagged')).toContainText(
      "1 value needs a look: Personal Details: 'Phone Number' ((912) 555-4321)",
    );
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/1\?draft=/);
  });

  await test.step('the phone is kept as written and marked at its field; Personal Details is not completed', async () => {
    await expect(section(page, 'Work Experience')).toHaveAttribute('data-completed', 'true');
    await expect(section(page, 'Personal Details')).not.toHaveAttribute('data-completed', 'true');
    const preview = htmlPreview(page);
    await expect(preview.getByText('Pied Piper').first()).toBeVisible();
    // What the template has no field for is in the CV, not gone: the courses and the company's link.
    await expect(preview.getByText('Course: DB1101 - Basic SQL')).toBeVisible();
    await expect(preview.getByText('Website: http://piedpiper.example.com')).toBeVisible();
  });

  await test.step('Save takes the person to the phone field with its message, no toast, no dialog', async () => {
    await page.getByRole('button', { name: 'Save CV' }).click();
    const phone = section(page, 'Personal Details').getByRole('textbox', { name: 'Phone Number' });
    await expect(phone).toBeFocused();
    await expect(phone).toHaveValue('(912) 555-4321');
    await expect(section(page, 'Personal Details')).toContainText(
      'This phone number cannot exist in the selected country. Please check it.',
    );
    await expect(page.getByRole('dialog', { name: 'Save CV' })).toBeHidden();
    await expect(page.getByTestId('toast')).toHaveCount(0);
  });

  await test.step('put right at its field (the US number it is), the CV saves with every employer', async () => {
    const card = section(page, 'Personal Details');
    const phone = card.getByRole('textbox', { name: 'Phone Number' });
    await phone.fill('');
    await phone.fill('(912) 555-4321');
    await expect(card.getByLabel('Country calling code')).toHaveValue('US');
    await expect(card).not.toContainText('This phone number cannot exist');
    await saveAs(page, 'Richard from JSON Resume');
    await expect(htmlPreview(page).getByText('Pied Piper').first()).toBeVisible();
  });

  await test.step('after a reload the CV is the same: the phone, the employer, the courses', async () => {
    await page.reload();
    const preview = htmlPreview(page);
    await expect(preview.getByText('Pied Piper').first()).toBeVisible();
    await expect(preview.getByText('+1 912 555 4321')).toBeVisible();
    await expect(preview.getByText('Course: CS2011 - Java Introduction')).toBeVisible();
  });

  await test.step('the older names: every employer arrives, their links beside them', async () => {
    const dialog = await importFile(page, 'older-resume.json', Buffer.from(JSON.stringify(OLDER)));
    await expect(dialog.getByTestId('import-flagged')).toHaveCount(0);
    await expect(dialog.getByTestId('import-summary')).not.toContainText('not imported');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/1\?draft=/);
    const preview = htmlPreview(page);
    await expect(preview.getByText('Analytical Engines Ltd').first()).toBeVisible();
    await expect(preview.getByText('Babbage & Co').first()).toBeVisible();
    await expect(preview.getByText('Website: https://engines.example.com')).toBeVisible();
  });

  await test.step('saved, reloaded and exported: the employers, in JSON Resume 1.0’s names, a month still a month', async () => {
    await saveAs(page, 'Ada from an older resume');
    await page.reload();
    const preview = htmlPreview(page);
    await expect(preview.getByText('Analytical Engines Ltd').first()).toBeVisible();
    await expect(preview.getByText('Babbage & Co').first()).toBeVisible();
    const file = await downloadFrom(page, 'JSON Resume (.json)');
    const exported = JSON.parse(readFileSync(file.path, 'utf8')) as Record<string, unknown>;
    expect(exported).toMatchObject({
      basics: { name: 'Ada Lovelace', url: 'https://ada.example.com' },
      work: [
        {
          name: 'Analytical Engines Ltd',
          url: 'https://engines.example.com',
          startDate: '2019-04',
          summary: 'Wrote the first program.',
        },
        { name: 'Babbage & Co', startDate: '2016', endDate: '2019' },
      ],
      education: [
        { institution: 'University of London', studyType: 'Tutoring', area: 'Mathematics', score: '4.0' },
      ],
    });
  });
});
