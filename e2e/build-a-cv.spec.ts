import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { PASSWORD, createUser, expectToast, uniqueEmail } from './support/accounts';
import { signInThroughApi } from './support/saved-cvs';

// A person builds a CV from a template: personal details, two jobs (one added with 'Add Another'), a profile
// in rich text; watches the preview follow as HTML and PDF; saves it; downloads it; switches template; reloads
// without losing an edit; and reopens the saved CV from its card (spec §2 CV builder and Preview panel, §4, §5, §8).

// Generous waits: the machine running the journeys is shared, and a wait here is for the app, not a timing check.
const expect = baseExpect.configure({ timeout: 30_000 });

const email = uniqueEmail('builder');
const CV_NAME = 'Software Engineer 2024';

function section(page: Page, name: string): Locator {
  return page.locator(`[data-testid="section-card"][data-section="${name}"]`);
}

function sectionHeader(card: Locator): Locator {
  return card.locator('button[aria-expanded]');
}

async function openSection(page: Page, name: string): Promise<Locator> {
  const card = section(page, name);
  const header = sectionHeader(card);
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  return card;
}

function htmlPreview(page: Page) {
  return page.frameLocator('[data-testid="html-preview"]');
}

async function downloadFrom(page: Page, choice: 'PDF' | 'Word') {
  const arrival = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  await page.getByRole('menuitem', { name: choice, exact: true }).click();
  const file = await arrival;
  const path = join(process.env.E2E_TMP!, `${Date.now()}-${file.suggestedFilename()}`);
  await file.saveAs(path);
  return { name: file.suggestedFilename(), path };
}

test('build a CV with a live preview, save it, download it, switch template, reload and reopen it', async ({
  page,
}) => {
  test.setTimeout(300_000);
  createUser({ email, fullName: 'Ada Lovelace' });
  await signInThroughApi(page, email, PASSWORD);

  // Templates screen → 'Create New CV' on Corporate Sidebar (template 2).
  await page.goto('/');
  const card = page.getByRole('article', { name: 'Corporate Sidebar' });
  await card.hover();
  await card.getByRole('link', { name: 'Create New CV' }).click();
  await expect(page).toHaveURL(/\/dashboard\/2$/);
  await expect(page.getByRole('heading', { name: 'CV Builder', level: 1 })).toBeVisible();
  await expect(
    page.getByText(
      'Complete each section to build your CV. You can expand any section at any time, but we recommend completing them in order.',
    ),
  ).toBeVisible();
  // Nothing typed yet: the template-only preview.
  await expect(page.getByText('No Preview Available')).toBeVisible();
  await expect(page.getByText('Start filling out the CV sections to see a preview')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save CV' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Download' })).toBeDisabled();

  // Personal details; the phone box drops what is not a digit, space, hyphen or parenthesis.
  const personal = await openSection(page, 'Personal Details');
  await personal.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Ada Lovelace');
  await personal.getByRole('textbox', { name: 'Professional Title', exact: true }).fill('Software Engineer');
  await personal.getByRole('textbox', { name: 'Email', exact: true }).fill('ada@example.com');
  await expect(personal.getByLabel('Country calling code')).toHaveValue('US');
  await personal.getByRole('textbox', { name: 'Phone Number' }).pressSequentially('(555) 123-4567 ext.9');
  await expect(personal.getByRole('textbox', { name: 'Phone Number' })).toHaveValue('(555) 123-4567 9');
  await personal.getByRole('textbox', { name: 'Phone Number' }).fill('(555) 123-4567');
  const typedAt = Date.now();
  await expect(htmlPreview(page).getByText('Ada Lovelace')).toBeVisible();
  test
    .info()
    .annotations.push({ type: 'preview after typing (ms)', description: String(Date.now() - typedAt) });
  await expect(htmlPreview(page).getByText('+1 (555) 123-4567')).toBeVisible();
  await personal.getByRole('button', { name: 'Complete Section' }).click();
  await expect(personal).toHaveAttribute('data-completed', 'true');
  await expect(page.getByRole('button', { name: 'Save CV' })).toBeEnabled();

  // The next section opened by itself; an empty submit is refused.
  const skills = section(page, 'Skills');
  await expect(sectionHeader(skills)).toHaveAttribute('aria-expanded', 'true');
  await skills.getByRole('button', { name: 'Complete Section' }).click();
  await expect(skills.getByRole('alert')).toHaveText('Please fill in at least one field before submitting.');
  await skills.getByRole('textbox', { name: 'Skill', exact: true }).fill('Distributed systems');
  await skills.getByRole('button', { name: 'Complete Section' }).click();
  await expect(skills).toHaveAttribute('data-completed', 'true');

  // The profile in rich text, with a bold word.
  const profile = await openSection(page, 'Profile');
  const editor = profile.getByRole('textbox', { name: 'Profile Summary' });
  await editor.click();
  await page.keyboard.type('Engineer who ships ');
  await profile.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('reliable');
  await profile.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type(' systems.');
  await expect(htmlPreview(page).locator('strong', { hasText: 'reliable' })).toBeVisible();
  await profile.getByRole('button', { name: 'Complete Section' }).click();

  // Two jobs: the second with 'Add Another Work Experience', labelled 'Entry 2'.
  const work = await openSection(page, 'Work Experience');
  await work.getByRole('textbox', { name: 'Job Title', exact: true }).fill('Senior Engineer');
  await work.getByRole('textbox', { name: 'Company', exact: true }).fill('Analytical Engines Ltd');
  await work.getByRole('button', { name: 'Add Another Work Experience' }).click();
  const second = work.getByRole('group', { name: 'Entry 2' });
  await expect(second.getByText('Entry 2')).toBeVisible();
  await second.getByRole('textbox', { name: 'Job Title', exact: true }).fill('Engineer');
  await second.getByRole('textbox', { name: 'Company', exact: true }).fill('Difference Works');
  await expect(htmlPreview(page).getByText('Analytical Engines Ltd')).toBeVisible();
  await expect(htmlPreview(page).getByText('Difference Works')).toBeVisible();
  await work.getByRole('button', { name: 'Complete Section' }).click();
  await expect(work).toHaveAttribute('data-completed', 'true');

  // PDF mode shows the same CV as a PDF.
  await page.getByRole('region', { name: 'Preview' }).getByText('PDF', { exact: true }).click();
  const pdfViewer = page.getByTestId('pdf-preview');
  await expect(pdfViewer).toHaveAttribute('type', 'application/pdf');
  const pdfUrl = (await pdfViewer.getAttribute('data'))!;
  expect(pdfUrl).toMatch(/^blob:/);
  const pdfHead = await page.evaluate(async (url) => (await (await fetch(url)).text()).slice(0, 5), pdfUrl);
  expect(pdfHead).toBe('%PDF-');
  await page.getByRole('region', { name: 'Preview' }).getByText('HTML', { exact: true }).click();
  await expect(htmlPreview(page).getByText('Ada Lovelace')).toBeVisible();

  // Save: a blank name is refused, then 'Software Engineer 2024'.
  await page.getByRole('button', { name: 'Save CV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save CV' });
  await expect(
    dialog.getByText('Enter a name or tag for your CV to help you identify it later.'),
  ).toBeVisible();
  await expect(dialog.getByLabel('CV Name')).toHaveAttribute('placeholder', 'e.g., Software Engineer 2024');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Validation Error', 'Please enter a name for your CV before saving.');
  await dialog.getByLabel('CV Name').fill(CV_NAME);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'CV Saved', `Your CV "${CV_NAME}" has been saved successfully.`);
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('cv-name')).toHaveText(CV_NAME);
  await expect(page).toHaveURL(/\/dashboard\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  const savedAddress = new URL(page.url()).pathname;
  // spec §4 Saving: local storage is cleared, except for the stored user id.
  expect(await page.evaluate(() => Object.keys(localStorage))).toEqual(['user_id']);

  // Downloads: PDF and Word, named after the CV, with its content.
  const pdf = await downloadFrom(page, 'PDF');
  expect(pdf.name).toBe(`${CV_NAME}.pdf`);
  await expectToast(page, 'Download Successful', 'Your CV has been downloaded as PDF.');
  const pdfText = execFileSync('pdftotext', ['-layout', pdf.path, '-']).toString();
  for (const text of [
    'Ada Lovelace',
    'Analytical Engines Ltd',
    'Difference Works',
    'reliable',
    'Distributed systems',
  ]) {
    expect(pdfText).toContain(text);
  }
  const word = await downloadFrom(page, 'Word');
  expect(word.name).toBe(`${CV_NAME}.docx`);
  await expectToast(page, 'Download Successful', 'Your CV has been downloaded as Word document.');
  const wordXml = execFileSync('unzip', ['-p', word.path, 'word/document.xml']).toString();
  for (const text of ['Ada Lovelace', 'Analytical Engines Ltd', 'Difference Works'])
    expect(wordXml).toContain(text);

  // Switching template keeps every value whose field name exists in the new one; the address follows.
  await page.getByLabel('Template', { exact: true }).selectOption({ label: 'Executive Classic' });
  await expect(page).toHaveURL(/\/dashboard\/1$/);
  await expect(section(page, 'Professional Summary')).toBeVisible();
  const personalThere = await openSection(page, 'Personal Details');
  await expect(personalThere.getByRole('textbox', { name: 'Full Name', exact: true })).toHaveValue(
    'Ada Lovelace',
  );
  await expect(personalThere.getByRole('textbox', { name: 'Phone Number' })).toHaveValue('(555) 123-4567');
  const workThere = await openSection(page, 'Work Experience');
  await expect(workThere.getByRole('textbox', { name: 'Company', exact: true }).first()).toHaveValue(
    'Analytical Engines Ltd',
  );
  await expect(
    workThere.getByRole('group', { name: 'Entry 2' }).getByRole('textbox', { name: 'Company', exact: true }),
  ).toHaveValue('Difference Works');
  await expect(htmlPreview(page).getByText('Difference Works')).toBeVisible();

  // An unsaved edit survives a reload.
  await personalThere
    .getByRole('textbox', { name: 'Professional Title', exact: true })
    .fill('Principal Engineer');
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard\/1$/);
  const personalAfterReload = await openSection(page, 'Personal Details');
  await expect(
    personalAfterReload.getByRole('textbox', { name: 'Professional Title', exact: true }),
  ).toHaveValue('Principal Engineer');
  await expect(page.getByTestId('cv-name')).toHaveText(CV_NAME);

  // The saved CV reopens from its template card with every section it had filled.
  await page.goto('/');
  const savedCard = page.getByRole('article', { name: 'Corporate Sidebar' });
  await savedCard.getByRole('link', { name: CV_NAME }).click();
  await expect(page).toHaveURL(new RegExp(`${savedAddress}$`));
  await expect(page.getByTestId('cv-name')).toHaveText(CV_NAME);
  for (const name of ['Personal Details', 'Skills', 'Profile', 'Work Experience']) {
    await expect(section(page, name)).toHaveAttribute('data-completed', 'true');
  }
  const reopenedPersonal = await openSection(page, 'Personal Details');
  await expect(reopenedPersonal.getByRole('textbox', { name: 'Full Name', exact: true })).toHaveValue(
    'Ada Lovelace',
  );
  await expect(
    reopenedPersonal.getByRole('textbox', { name: 'Professional Title', exact: true }),
  ).toHaveValue('Software Engineer');
  await expect(reopenedPersonal.getByRole('textbox', { name: 'Phone Number' })).toHaveValue('(555) 123-4567');
  const reopenedWork = await openSection(page, 'Work Experience');
  await expect(
    reopenedWork
      .getByRole('group', { name: 'Entry 2' })
      .getByRole('textbox', { name: 'Job Title', exact: true }),
  ).toHaveValue('Engineer');
  const reopenedProfile = await openSection(page, 'Profile');
  await expect(reopenedProfile.locator('strong', { hasText: 'reliable' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download' })).toBeEnabled();
  await expect(htmlPreview(page).getByText('Analytical Engines Ltd')).toBeVisible();
});
