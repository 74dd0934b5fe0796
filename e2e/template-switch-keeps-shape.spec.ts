import { execFileSync } from 'node:child_process';
import { expect as baseExpect, type Page } from '@playwright/test';
import { PASSWORD, createUser, uniqueEmail } from './support/accounts';
import { downloadFrom, htmlPreview, openSection, saveAs, moveWithKeyboard, section } from './support/builder';
import { signInThroughApi } from './support/saved-cvs';
import { test } from './support/test';

// A person shapes an Executive Classic CV — hides the Professional Summary, moves Languages above it, renames a
// heading — then tries it in Modern Split (whose "About Me" is the same kind of section), ATS Plain and Corporate
// Sidebar, comes back, saves and reloads: the same CV. The PDF leaves the hidden summary out.

const expect = baseExpect.configure({ timeout: 30_000 });

const SUMMARY = 'Calm systems for busy hospitals.';

const cardOrder = (page: Page) =>
  page
    .locator('[data-testid="section-card"]')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-section')));

async function switchTo(page: Page, template: string, landmark: string) {
  await page.getByLabel('Template', { exact: true }).selectOption({ label: template });
  await expect(section(page, landmark)).toBeVisible();
}

/** What the person sees of the Executive Classic CV: the order, the hidden summary, the renamed heading, values. */
async function expectTheShapedCv(page: Page) {
  await expect
    .poll(async () => (await cardOrder(page)).slice(0, 4))
    .toEqual(['Personal Details', 'Languages', 'Professional Summary', 'Work Experience']);
  await expect(section(page, 'Professional Summary').getByText('Hidden', { exact: true })).toBeVisible();
  await expect(section(page, 'Work Experience').getByText('Where I Worked')).toBeVisible();
  const summary = await openSection(page, 'Professional Summary');
  await expect(summary.getByRole('textbox', { name: 'Summary' })).toHaveValue(SUMMARY);
  const languages = await openSection(page, 'Languages');
  await expect(languages.getByRole('textbox', { name: 'Language', exact: true })).toHaveValue('Portuguese');
  await expect(page.getByTestId('stash-notice')).toHaveCount(0);
  const preview = htmlPreview(page);
  await expect(preview.getByText('Where I Worked')).toBeVisible();
  await expect(preview.getByText('Portuguese')).toBeVisible();
  await expect(preview.getByText(SUMMARY)).toHaveCount(0);
}

test('hide and reorder, switch through three templates and back: the same CV, saved and printed so', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const email = uniqueEmail('switcher');
  createUser({ email, fullName: 'Rui Switcher' });
  await signInThroughApi(page, email, PASSWORD);

  await test.step('an Executive Classic CV with a summary, a job and a language', async () => {
    await page.goto('/dashboard/1?new=true');
    await expect(section(page, 'Personal Details')).toBeVisible();
    const personal = await openSection(page, 'Personal Details');
    await personal.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Rui Switcher');
    await personal.getByRole('button', { name: 'Complete Section' }).click();
    const summary = await openSection(page, 'Professional Summary');
    await summary.getByRole('textbox', { name: 'Summary' }).fill(SUMMARY);
    await summary.getByRole('button', { name: 'Complete Section' }).click();
    const work = await openSection(page, 'Work Experience');
    await work.getByRole('textbox', { name: 'Job Title', exact: true }).fill('Platform Lead');
    await work.getByRole('textbox', { name: 'Company', exact: true }).fill('Harbour Health');
    await work.getByRole('button', { name: 'Complete Section' }).click();
    const languages = await openSection(page, 'Languages');
    await languages.getByRole('textbox', { name: 'Language', exact: true }).fill('Portuguese');
    await languages.getByRole('button', { name: 'Complete Section' }).click();
  });

  await test.step('the summary hidden, Languages moved above it, Work Experience renamed; saved', async () => {
    await page.getByRole('button', { name: 'Hide Professional Summary from the CV' }).click();
    await moveWithKeyboard(page, 'Languages', 8, -6);
    await page.getByRole('button', { name: 'Rename the heading Work Experience' }).click();
    const heading = page.getByRole('textbox', { name: 'Heading of Work Experience in this CV' });
    await heading.fill('Where I Worked');
    await heading.press('Enter');
    await expectTheShapedCv(page);
    await saveAs(page, 'Switched around');
  });

  await test.step('in Modern Split the summary is its About Me: filled, hidden, below Languages', async () => {
    await switchTo(page, 'Modern Split', 'About Me');
    await expect
      .poll(async () => (await cardOrder(page)).slice(0, 3))
      .toEqual(['Personal Details', 'Languages', 'About Me']);
    await expect(section(page, 'About Me').getByText('Hidden', { exact: true })).toBeVisible();
    const about = await openSection(page, 'About Me');
    await expect(about.getByRole('textbox', { name: 'About Me' })).toHaveValue(SUMMARY);
    await expect(section(page, 'Experience').getByText('Where I Worked')).toBeVisible();
    // Nothing is set aside: the summary has its place here.
    await expect(page.getByTestId('stash-notice')).toHaveCount(0);
    await expect(htmlPreview(page).getByText('Portuguese')).toBeVisible();
    await expect(htmlPreview(page).getByText(SUMMARY)).toHaveCount(0);
  });

  await test.step('ATS Plain and Corporate Sidebar keep it hidden too', async () => {
    await switchTo(page, 'ATS Plain', 'Summary');
    await expect
      .poll(async () => (await cardOrder(page)).slice(0, 3))
      .toEqual(['Personal Details', 'Languages', 'Summary']);
    await expect(section(page, 'Summary').getByText('Hidden', { exact: true })).toBeVisible();
    await expect(htmlPreview(page).getByText('Where I Worked')).toBeVisible();
    await switchTo(page, 'Corporate Sidebar', 'Profile');
    await expect(section(page, 'Profile').getByText('Hidden', { exact: true })).toBeVisible();
    await expect(htmlPreview(page).getByText('Portuguese')).toBeVisible();
    await expect(htmlPreview(page).getByText(SUMMARY)).toHaveCount(0);
  });

  await test.step('back in Executive Classic: the same CV, saved, and the same after a reload', async () => {
    await switchTo(page, 'Executive Classic', 'Professional Summary');
    await expectTheShapedCv(page);
    // A saved CV with a name: 'Save CV' saves at once.
    await page.getByRole('button', { name: 'Save CV' }).click();
    await expect(page.getByTestId('toast')).toContainText('has been saved successfully.');
    await expect(page.getByText('Unsaved changes')).toBeHidden();
    await page.reload();
    await expectTheShapedCv(page);
  });

  await test.step('the PDF prints Languages and the new heading, never the hidden summary', async () => {
    const pdf = await downloadFrom(page, 'PDF (Letter)');
    const text = execFileSync('pdftotext', [pdf.path, '-']).toString();
    expect(text).toContain('Rui Switcher');
    expect(text).toContain('Portuguese');
    // The template sets its headings in capitals: the PDF's text holds them so.
    const heading = 'Where I Worked'.toUpperCase();
    expect(text.toUpperCase()).toContain(heading);
    expect(text).not.toContain(SUMMARY);
    const flat = text.replace(/\s+/g, ' ').toUpperCase();
    expect(flat.indexOf('PORTUGUESE')).toBeLessThan(flat.indexOf(heading));
  });
});
