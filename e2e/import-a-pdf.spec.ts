import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect as baseExpect } from '@playwright/test';
import { PASSWORD, createUser, uniqueEmail } from './support/accounts';
import { downloadFrom, htmlPreview, saveAs } from './support/builder';
import { signInThroughApi } from './support/saved-cvs';
import { test } from './support/test';

// A person arrives with their CV as a PDF (a plain Word CV exported by LibreOffice), imports it, checks what was
// found and corrects their title, applies it to a template, saves, comes back after a reload, and downloads the
// PDF, which says what they corrected. A scanned PDF is refused with a sentence first.

// The preview is made by the server's Chromium: on a busy machine it can take a while after a reload.
const expect = baseExpect.configure({ timeout: 90_000 });
const CV_PDF = readFileSync(
  new URL('../server/tests/cv-import/fixtures/libreoffice-plain.pdf', import.meta.url),
);
const SCANNED_PDF = readFileSync(new URL('../tests/pact/fixtures/scanned.pdf', import.meta.url));

test('a person imports a PDF, corrects a value, applies it to a template and saves', async ({ page }) => {
  test.setTimeout(420_000);
  const email = uniqueEmail('pdf-importer');
  createUser({ email, fullName: 'Jonas Weber' });
  await signInThroughApi(page, email, PASSWORD);
  await page.goto('/');

  await test.step('a scanned PDF is refused with words, and nothing happens', async () => {
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a CV' });
    await dialog
      .getByLabel('PDF or Word file')
      .setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: SCANNED_PDF });
    await expect(dialog.getByTestId('import-error')).toContainText(
      'This PDF holds pictures of text, not text: ',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('the PDF is read and shown section by section; the person corrects the title', async () => {
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a CV' });
    await dialog.getByLabel('Template').selectOption({ label: 'Executive Classic' });
    await dialog
      .getByLabel('PDF or Word file')
      .setInputFiles({ name: 'Lebenslauf.pdf', mimeType: 'application/pdf', buffer: CV_PDF });
    const review = dialog.getByTestId('import-review');
    await expect(review.getByRole('heading', { name: 'Check what was found' })).toBeVisible();
    await expect(review.getByLabel('Name', { exact: true })).toHaveValue('Jonas Weber');
    await expect(review.getByLabel('Email', { exact: true })).toHaveValue('jonas.weber@example.de');
    await expect(review.getByRole('region', { name: 'Experience 1' })).toContainText('Position');
    await expect(review.getByRole('textbox', { name: 'Position (Experience 1)' })).toHaveValue(
      'Projektleiter',
    );
    await review.getByLabel('Title', { exact: true }).fill('Projektleiterin Hochbau');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByTestId('import-summary')).toContainText('Lebenslauf.pdf');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/\d+\?draft=/);
  });

  await test.step('the preview shows the corrected title and the jobs, and a reload keeps them', async () => {
    for (const pass of ['first', 'after reload']) {
      if (pass === 'after reload') await page.reload();
      const preview = htmlPreview(page);
      await expect(preview.getByText('Jonas Weber').first()).toBeVisible();
      await expect(preview.getByText('Projektleiterin Hochbau').first()).toBeVisible();
      await expect(preview.getByText('Hochbau Schmidt GmbH').first()).toBeVisible();
      await expect(preview.getByText('Technische Universität Berlin').first()).toBeVisible();
    }
  });

  await test.step('saved, reloaded, and its PDF says what the person corrected', async () => {
    await saveAs(page, 'Imported from a PDF');
    await page.reload();
    await expect(htmlPreview(page).getByText('Projektleiterin Hochbau').first()).toBeVisible();
    const file = await downloadFrom(page, 'PDF (A4)');
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file.path, '-'], { encoding: 'utf8' });
    expect(text).toContain('Projektleiterin Hochbau');
    expect(text).toContain('Hochbau Schmidt GmbH');
    expect(text).toContain('jonas.weber@example.de');
  });
});
