import { execFileSync } from 'node:child_process';
import { expect as baseExpect, type Page } from '@playwright/test';
import { PASSWORD, createUser, uniqueEmail } from './support/accounts';
import { downloadFrom, openSection, saveAs, section } from './support/builder';
import { signInThroughApi } from './support/saved-cvs';
import { test } from './support/test';

// A person asks what an applicant tracking system reads from their CV — the preview's ATS mode shows the
// text taken from the PDF they would download and a checklist — in every template, after a reload and when they
// reopen the saved CV; the downloaded PDF reads the same.

const expect = baseExpect.configure({ timeout: 30_000 });

const preview = (page: Page) => page.getByRole('region', { name: 'Preview' });
const atsText = (page: Page) => page.getByRole('region', { name: 'Text read from the PDF' });
const checklist = (page: Page) => page.getByRole('list', { name: 'ATS checklist' });

async function showAts(page: Page) {
  await preview(page).getByText('ATS', { exact: true }).click();
  await expect(checklist(page)).toBeVisible();
}

test('a person reads their CV as an ATS does, in every template, and the download says the same', async ({ page }) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('ats');
  createUser({ email, fullName: 'Ari Parser' });
  await signInThroughApi(page, email, PASSWORD);

  await test.step('an empty CV has nothing to read yet', async () => {
    await page.goto('/dashboard/1?new=true');
    // A new CV starts with the account's name and email: emptied, it is an empty CV.
    const personal = await openSection(page, 'Personal Details');
    await personal.getByRole('textbox', { name: 'Full Name', exact: true }).fill('');
    await personal.getByRole('textbox', { name: 'Email', exact: true }).fill('');
    await preview(page).getByText('ATS', { exact: true }).click();
    await expect(preview(page).getByText('Nothing to read yet')).toBeVisible();
  });

  await test.step('a name, contacts and a job: every check passes and the text holds them', async () => {
    const personal = await openSection(page, 'Personal Details');
    await personal.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Ari Parser');
    await personal.getByRole('textbox', { name: 'Email', exact: true }).fill('ari@example.com');
    await personal.getByRole('button', { name: 'Complete Section' }).click();
    const work = await openSection(page, 'Work Experience');
    await work.getByRole('textbox', { name: 'Job Title', exact: true }).fill('Data Engineer');
    await work.getByRole('textbox', { name: 'Company', exact: true }).fill('Tracking Systems GmbH');
    await work.getByRole('button', { name: 'Complete Section' }).click();
    await expect(atsText(page)).toContainText('Tracking Systems GmbH');
    await expect(atsText(page)).toContainText('Ari Parser');
    await expect(preview(page).getByText('All checks passed')).toBeVisible();
    await expect(checklist(page).getByText('Every value you entered is in the text')).toBeVisible();
    await expect(checklist(page).getByText('Name, email and phone are in the first lines')).toBeVisible();
  });

  await test.step('a hidden section is not read', async () => {
    const skills = await openSection(page, 'Skills');
    await skills.getByRole('textbox', { name: 'Skill', exact: true }).fill('Stream processing');
    await expect(atsText(page)).toContainText('Stream processing');
    await page.getByRole('button', { name: 'Hide Skills from the CV' }).click();
    await expect(atsText(page)).not.toContainText('Stream processing');
    await expect(atsText(page)).toContainText('Tracking Systems GmbH');
  });

  await test.step('every template reads the same values', async () => {
    const switcher = page.getByRole('combobox', { name: 'Template' });
    const templates = await switcher.locator('option').evaluateAll((options) =>
      options.map((option) => ({ id: (option as HTMLOptionElement).value, name: option.textContent ?? '' })),
    );
    expect(templates.length).toBeGreaterThanOrEqual(8);
    for (const template of templates) {
      await test.step(template.name, async () => {
        await switcher.selectOption(template.id);
        await expect(switcher).toHaveValue(template.id);
        await expect(atsText(page)).toContainText('Tracking Systems GmbH');
        await expect(atsText(page)).toContainText('ari@example.com');
        await expect(checklist(page).getByText('Every value you entered is in the text')).toBeVisible();
      });
    }
    await switcher.selectOption('1');
    await expect(switcher).toHaveValue('1');
  });

  await test.step('after a reload and after reopening the saved CV, the ATS view reads it again', async () => {
    await saveAs(page, 'Parsed 2026');
    await page.reload();
    await expect(section(page, 'Work Experience')).toBeVisible();
    await showAts(page);
    await expect(atsText(page)).toContainText('Tracking Systems GmbH');
    await page.goto('/cv-management');
    await page.getByRole('link', { name: 'Parsed 2026' }).click();
    await showAts(page);
    await expect(atsText(page)).toContainText('Data Engineer');
    await expect(preview(page).getByText('All checks passed')).toBeVisible();
  });

  await test.step('the downloaded PDF holds what the ATS view showed', async () => {
    const shown = (await atsText(page).textContent()) ?? '';
    const pdf = await downloadFrom(page, 'PDF (Letter)');
    const downloaded = execFileSync('pdftotext', [pdf.path, '-']).toString();
    const words = (text: string) => text.split(/\s+/).filter(Boolean).join(' ');
    for (const value of ['Ari Parser', 'ari@example.com', 'Data Engineer', 'Tracking Systems GmbH']) {
      expect(shown).toContain(value);
      expect(words(downloaded)).toContain(value);
    }
    expect(downloaded).not.toContain('Stream processing');
  });
});
