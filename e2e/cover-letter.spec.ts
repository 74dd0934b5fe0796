import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect as baseExpect, type Page } from '@playwright/test';
import { PASSWORD, createUser, uniqueEmail } from './support/accounts';
import { htmlPreview, saveAs, section } from './support/builder';
import { outboxDir, waitForMessage } from './support/outbox';
import { createCvThroughApi, signInThroughApi } from './support/saved-cvs';
import { test } from './support/test';

// [extension] Cover letters (docs/decisions/0050-cover-letters.md): a person writes a letter from a saved CV, sees
// the CV's header in its preview, saves it, reopens it after a reload and from CV management, changes the CV's
// accent colour and sees the letter follow, downloads the letter (PDF and Word) and the letter with its CV in one
// PDF (the letter first), emails both, and deletes the letter.

const expect = baseExpect.configure({ timeout: 30_000 });

const NAME = 'Ada Lovelace';
const CV_NAME = 'Analyst Programmer';
const LETTER_NAME = 'Letter to Acme';
/** The design panel's 'Teal', as the CV's files print it. */
const TEAL = '00796b';

const pdfInfoPages = (path: string) =>
  Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [path]).toString())?.[1]);
const pdfText = (path: string, page?: number) =>
  execFileSync('pdftotext', [...(page ? ['-f', String(page), '-l', String(page)] : []), path, '-'])
    .toString()
    .replace(/\s+/g, ' ');

/** Downloads from the letter's Download menu. */
async function downloadLetter(page: Page, choice: string) {
  const arrival = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  await page.getByRole('menuitem', { name: choice, exact: true }).click();
  const file = await arrival;
  const path = join(process.env.E2E_TMP!, `${Date.now()}-${file.suggestedFilename()}`);
  await file.saveAs(path);
  return { name: file.suggestedFilename(), path };
}

/** The HTML the letter's preview shows, as text of the whole document. */
async function previewSource(page: Page): Promise<string> {
  const frame = page.locator('iframe[data-testid="html-preview"]');
  await expect(frame).toBeVisible();
  return (await frame.evaluate((element: HTMLIFrameElement) => element.contentDocument?.documentElement.outerHTML)) ?? '';
}

test('write a cover letter from a saved CV, save, reopen, follow the CV, download and email both', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const email = uniqueEmail('letters');
  let cvId = 0;
  let letterAddress = '';

  await test.step('a person with a saved CV opens it in the builder', async () => {
    createUser({ email, fullName: NAME });
    await signInThroughApi(page, email, PASSWORD);
    const cv = await createCvThroughApi(page, {
      name: CV_NAME,
      template: 1,
      entries: [
        { value: NAME, index: 0, section_field: 1001 },
        { value: 'ada@example.com', index: 0, section_field: 1003 },
        { value: 'Analyst Programmer', index: 0, section_field: 1009 },
      ],
    });
    cvId = cv.id;
    await page.goto('/cv-management');
    await page.getByRole('link', { name: CV_NAME, exact: true }).click();
    await expect(section(page, 'Personal Details')).toBeVisible();
    await expect(htmlPreview(page).getByText(NAME).first()).toBeVisible();
  });

  await test.step("'New cover letter' in the builder starts a letter linked to the CV, with the CV's header", async () => {
    await page.getByRole('link', { name: 'New cover letter' }).click();
    await expect(page).toHaveURL(new RegExp(`/cover-letters/new\\?cv=${cvId}&draft=[0-9a-f-]{36}$`));
    await expect(page.getByRole('heading', { name: 'Cover letter', level: 1 })).toBeVisible();
    await expect(page.getByLabel('CV', { exact: true })).toHaveValue(String(cvId));
    await expect(page.getByLabel('Template')).toHaveValue('');
    // The CV's header: the person's name and contacts, in the letter's preview.
    await expect(htmlPreview(page).getByText(NAME).first()).toBeVisible();
    await expect(htmlPreview(page).getByText('ada@example.com').first()).toBeVisible();
  });

  await test.step('the letter is written; the preview follows', async () => {
    await page.getByLabel('Recipient name').fill('Jane Roe');
    await page.getByLabel('Company').fill('Acme Ltd');
    await page.getByLabel('Address').fill('1 Main Street\nSpringfield');
    await page.getByLabel('Date').fill('2026-11-26');
    await page.getByLabel('Subject').fill('Application for Analyst Programmer');
    await page.getByLabel('Salutation').fill('Dear Ms Roe,');
    await page.getByRole('textbox', { name: 'Letter', exact: true }).click();
    await page.keyboard.type('I am writing to apply for the post of Analyst Programmer.');
    // A new letter is signed with the person's name already.
    await expect(page.getByLabel('Name to sign')).toHaveValue(NAME);
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await expect(htmlPreview(page).getByText('Dear Ms Roe,')).toBeVisible();
    await expect(htmlPreview(page).getByText('I am writing to apply for the post of Analyst Programmer.')).toBeVisible();
  });

  await test.step('a reload before saving loses nothing (the draft)', async () => {
    await page.reload();
    await expect(page.getByLabel('Company')).toHaveValue('Acme Ltd');
    await expect(page.getByRole('textbox', { name: 'Letter', exact: true })).toContainText(
      'I am writing to apply for the post of Analyst Programmer.',
    );
    await expect(page.getByText('Unsaved changes')).toBeVisible();
  });

  await test.step('saved under a name; the address names the letter', async () => {
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Save cover letter' });
    // The name offered comes from the company; the person shortens it.
    await expect(dialog.getByLabel('Letter name')).toHaveValue('Letter to Acme Ltd');
    await dialog.getByLabel('Letter name').fill(LETTER_NAME);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Cover letter saved' })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/cover-letters\/\d+$/);
    await expect(page.getByText('Unsaved changes')).toHaveCount(0);
    letterAddress = new URL(page.url()).pathname;
  });

  await test.step('reloaded, and reopened from CV management where it is listed under its CV', async () => {
    await page.reload();
    await expect(page.getByLabel('Subject')).toHaveValue('Application for Analyst Programmer');
    await expect(page.getByText('Unsaved changes')).toHaveCount(0);
    await page.goto('/cv-management');
    const underCv = page.getByRole('list', { name: `Cover letters for ${CV_NAME}` });
    await expect(underCv.getByRole('link', { name: LETTER_NAME })).toBeVisible();
    await underCv.getByRole('link', { name: LETTER_NAME }).click();
    await expect(page).toHaveURL(new RegExp(`${letterAddress}$`));
    await expect(page.getByLabel('Salutation')).toHaveValue('Dear Ms Roe,');
    await expect(htmlPreview(page).getByText('Dear Ms Roe,')).toBeVisible();
    expect((await previewSource(page)).toLowerCase()).not.toContain(TEAL);
  });

  await test.step("the CV's accent colour changes; the letter follows", async () => {
    await page.goto('/cv-management');
    await page.getByRole('link', { name: CV_NAME, exact: true }).click();
    await expect(section(page, 'Personal Details')).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Design', exact: true });
    const panel = page.getByRole('region', { name: 'Design' });
    await expect(async () => {
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      await expect(panel).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await panel.getByRole('button', { name: 'Teal' }).click();
    await expect(panel.getByRole('button', { name: 'Teal' })).toHaveAttribute('aria-pressed', 'true');
    await saveAs(page, CV_NAME);
    await page.goto(letterAddress);
    await expect(htmlPreview(page).getByText('Dear Ms Roe,')).toBeVisible();
    await expect.poll(async () => (await previewSource(page)).toLowerCase()).toContain(TEAL);
  });

  await test.step('downloads: the letter as PDF and Word, and the letter then the CV in one PDF', async () => {
    const pdf = await downloadLetter(page, 'PDF');
    expect(pdf.name).toBe(`${LETTER_NAME}.pdf`);
    const letterText = pdfText(pdf.path);
    for (const value of [NAME, 'Jane Roe', 'Acme Ltd', 'Dear Ms Roe,', 'Analyst Programmer.', 'Yours sincerely,'])
      expect(letterText).toContain(value);
    const letterPages = pdfInfoPages(pdf.path);

    const word = await downloadLetter(page, 'Word');
    expect(word.name).toBe(`${LETTER_NAME}.docx`);
    const xml = execFileSync('unzip', ['-p', word.path, 'word/document.xml']).toString();
    expect(xml).toContain('Dear Ms Roe,');
    expect(xml).toContain('I am writing to apply for the post of Analyst Programmer.');

    const cvPdf = join(process.env.E2E_TMP!, `${Date.now()}-cv.pdf`);
    const cvAnswer = await page.request.get(`/v1/download/pdf/${cvId}/`);
    expect(cvAnswer.status()).toBe(200);
    writeFileSync(cvPdf, await cvAnswer.body());
    const cvPages = pdfInfoPages(cvPdf);

    const both = await downloadLetter(page, 'Download letter + CV');
    expect(pdfInfoPages(both.path)).toBe(letterPages + cvPages);
    expect(pdfText(both.path, 1)).toContain('Dear Ms Roe,');
    expect(pdfText(both.path, letterPages + 1)).toContain('Analyst Programmer');
    expect(pdfText(both.path, letterPages + 1)).not.toContain('Dear Ms Roe,');
  });

  await test.step('emailed with the CV attached too: one message, two PDFs', async () => {
    await page.getByRole('button', { name: 'Email', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Email this cover letter?' });
    const attach = dialog.getByRole('checkbox', { name: 'Attach the CV too' });
    await expect(attach).toBeChecked();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Cover letter has been sent to your email address.' }),
    ).toBeVisible();
    const message = await waitForMessage(email, /./);
    const raw = readFileSync(join(outboxDir(), message.file), 'utf8');
    const attachments = raw.match(/Content-Disposition: attachment/gi) ?? [];
    expect(attachments).toHaveLength(2);
    expect(raw).toMatch(/filename="?Letter to Acme\.pdf/);
    expect(readdirSync(outboxDir()).length).toBeGreaterThan(0);
  });

  await test.step('deleted after a question; CV management lists it no more', async () => {
    await page.getByRole('button', { name: `Delete ${LETTER_NAME}` }).click();
    const question = page.getByRole('alertdialog', { name: 'Delete cover letter?' });
    await question.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/cv-management$/);
    await expect(page.getByRole('link', { name: CV_NAME, exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: LETTER_NAME })).toHaveCount(0);
  });
});
