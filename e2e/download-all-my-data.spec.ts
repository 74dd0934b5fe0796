import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Download, Page } from '@playwright/test';
import { readZip } from '../server/tests/helpers/zip';
import { PASSWORD, createUser, uniqueEmail } from './support/accounts';
import { openSection, saveAs } from './support/builder';
import { createCvThroughApi, signInThroughApi } from './support/saved-cvs';
import { expect as baseExpect, test } from './support/test';

// Your data in one download: a person with two CVs downloads all their data from the profile, opens the zip and
// finds their account and each CV as JSON Resume, as CV Builder's own file and as a PDF; deleting the account offers
// the same download first.

// PDFs of every CV are made while the person waits: on a busy machine that takes a while.
const expect = baseExpect.configure({ timeout: 30_000 });

const ZIP_NAME = /^cv-builder-data-\d{4}-\d{2}-\d{2}\.zip$/;

/** What pdftotext reads from a PDF, on one line. */
function pdfText(pdf: Buffer): string {
  const file = join(process.env.E2E_TMP!, `${Date.now()}-export.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-']).toString().replace(/\s+/g, ' ');
}

/** Clicks `button`, waits for the file it downloads and opens it as a zip. */
async function downloadZip(page: Page, click: () => Promise<void>) {
  const arrival: Promise<Download> = page.waitForEvent('download', { timeout: 60_000 });
  await click();
  const file = await arrival;
  const path = join(process.env.E2E_TMP!, `${Date.now()}-${file.suggestedFilename()}`);
  await file.saveAs(path);
  return { name: file.suggestedFilename(), files: await readZip(readFileSync(path)) };
}

const json = <T>(file: Buffer | undefined): T => {
  expect(file, 'the file is in the zip').toBeDefined();
  return JSON.parse(file!.toString('utf8')) as T;
};

test('a person downloads all their data and finds every CV in it, and is offered it before deleting the account', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('my-data');
  createUser({ email, fullName: 'Ada Lovelace' });
  await signInThroughApi(page, email, PASSWORD);

  await test.step('two CVs: one built in the builder, one saved with a slash and an emoji in its name', async () => {
    await page.goto('/dashboard/1');
    await expect(page.getByRole('heading', { name: 'CV Builder', level: 1 })).toBeVisible({
      timeout: 60_000,
    });
    const personal = await openSection(page, 'Personal Details');
    await personal.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Ada Lovelace');
    await personal.getByRole('textbox', { name: 'Email', exact: true }).fill('ada@example.com');
    await personal.getByRole('button', { name: 'Complete Section' }).click();
    await expect(personal).toHaveAttribute('data-completed', 'true');
    const work = await openSection(page, 'Work Experience');
    await work.getByRole('textbox', { name: 'Job Title', exact: true }).fill('Analyst Programmer');
    await work.getByRole('textbox', { name: 'Company', exact: true }).fill('Analytical Engines Ltd');
    await work.getByRole('button', { name: 'Complete Section' }).click();
    await saveAs(page, 'Software Engineer');

    await createCvThroughApi(page, {
      name: 'Data/Analyst ✨',
      template: 2,
      entries: [
        { value: 'Ada King', index: 0, section_field: 2001 },
        { value: 'Statistics', index: 0, section_field: 2008 },
      ],
    });
  });

  await test.step('Profile → Download all my data: the zip arrives and the profile says so', async () => {
    await page.goto('/profile');
    const actions = page.getByRole('region', { name: 'Quick Actions' });
    const { name, files } = await downloadZip(page, () =>
      actions.getByRole('button', { name: 'Download all my data' }).click(),
    );
    expect(name).toMatch(ZIP_NAME);
    await expect(actions.getByRole('status')).toHaveText(`Your data was downloaded as ${name}.`);

    expect([...files.keys()].sort()).toEqual(
      [
        'README.txt',
        'account.json',
        'cvs/Data Analyst ✨.cv-builder.json',
        'cvs/Data Analyst ✨.json',
        'cvs/Data Analyst ✨.pdf',
        'cvs/Software Engineer.cv-builder.json',
        'cvs/Software Engineer.json',
        'cvs/Software Engineer.pdf',
      ].sort(),
    );

    const account = json<{
      profile: { full_name: string; email: string };
      sessions: Array<{ current: boolean }>;
      sign_in_history: { last_sign_in_at: string | null };
      cvs: Array<{ name: string; files: string[] }>;
    }>(files.get('account.json'));
    expect(account.profile).toMatchObject({ full_name: 'Ada Lovelace', email });
    expect(account.sessions.some((session) => session.current)).toBe(true);
    expect(account.sign_in_history.last_sign_in_at).not.toBeNull();
    expect(account.cvs.map((cv) => cv.name)).toEqual(['Software Engineer', 'Data/Analyst ✨']);

    expect(json(files.get('cvs/Software Engineer.json'))).toMatchObject({
      basics: { name: 'Ada Lovelace', email: 'ada@example.com' },
      work: [{ name: 'Analytical Engines Ltd', position: 'Analyst Programmer' }],
    });
    expect(json(files.get('cvs/Data Analyst ✨.json'))).toMatchObject({
      basics: { name: 'Ada King' },
      skills: [{ name: 'Statistics' }],
    });
    const own = json<{ template: { id: number }; entries: Array<{ value: string }>; versions: unknown[] }>(
      files.get('cvs/Software Engineer.cv-builder.json'),
    );
    expect(own.template.id).toBe(1);
    expect(own.entries.map((entry) => entry.value)).toEqual(
      expect.arrayContaining(['Ada Lovelace', 'Analytical Engines Ltd']),
    );
    expect(Array.isArray(own.versions)).toBe(true);

    const first = files.get('cvs/Software Engineer.pdf')!;
    expect(first.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfText(first)).toContain('Ada Lovelace');
    expect(pdfText(first)).toContain('Analytical Engines Ltd');
    expect(pdfText(files.get('cvs/Data Analyst ✨.pdf')!)).toContain('Ada King');
  });

  await test.step('deleting the account offers the download first, in the dialog, before the confirmation', async () => {
    await page.reload();
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete account?' });
    await expect(dialog.getByText('Before you go, you can keep a copy')).toBeVisible();
    const { name, files } = await downloadZip(page, () =>
      dialog.getByRole('button', { name: 'Download all my data' }).click(),
    );
    expect(name).toMatch(ZIP_NAME);
    expect(files.has('account.json')).toBe(true);
    await expect(dialog.getByRole('status')).toHaveText(`Your data was downloaded as ${name}.`);
    // The deletion still asks for the password; Cancel keeps the account.
    await expect(dialog.getByLabel(/Your password/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Profile Settings' })).toBeVisible();
  });
});
