import { execFileSync } from 'node:child_process';
import { expect as baseExpect } from '@playwright/test';
import { PASSWORD, createUser, expectToast, uniqueEmail } from './support/accounts';
import {
  NEW_CV_ADDRESS,
  UUID_ADDRESS,
  downloadFrom,
  htmlPreview,
  openSection,
  section,
  sectionHeader,
} from './support/builder';
import { signInThroughApi } from './support/saved-cvs';
import { test } from './support/test';

// A person builds a CV from a template: personal details, two jobs (one added with 'Add Another'), a profile in
// rich text; watches the preview follow as HTML and PDF; saves it; downloads it; switches template; reloads
// without losing an edit; and reopens the saved CV from its card (docs/behaviour.md#cv-builder, #preview-panel,
// #states-and-flows, #validation-rules, #messages).

// Generous waits: the machine running the journeys is shared, and a wait here is for the app, not a timing check.
const expect = baseExpect.configure({ timeout: 30_000 });

const email = uniqueEmail('builder');
const CV_NAME = 'Software Engineer 2024';

test('build a CV with a live preview, save it, download it, switch template, reload and reopen it', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await test.step('a person with an account signs in', async () => {
    createUser({ email, fullName: 'Ada Lovelace' });
    await signInThroughApi(page, email, PASSWORD);
  });

  await test.step("Templates screen → 'Create New CV' on Corporate Sidebar (template 2)", async () => {
    await page.goto('/');
    const card = page.getByRole('article', { name: 'Corporate Sidebar' });
    await card.hover();
    await card.getByRole('link', { name: 'Create New CV' }).click();
    // A new CV: the template's number and a draft id of its own.
    await expect(page).toHaveURL(NEW_CV_ADDRESS(2));
    await expect(page.getByRole('heading', { name: 'CV Builder', level: 1 })).toBeVisible();
    await expect(
      page.getByText(
        'Complete each section to build your CV. You can expand any section at any time, but we recommend completing them in order.',
      ),
    ).toBeVisible();
    // Nothing typed yet: the personal details start from the account, and the preview shows them.
    await expect(htmlPreview(page).getByText('Ada Lovelace')).toBeVisible();
    await expect(page.getByText('Unsaved changes')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Save CV' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Download' })).toBeDisabled();
  });

  await test.step('personal details; the phone box filters what is typed', async () => {
    // The phone box drops what is not a digit, space, hyphen or parenthesis.
    const personal = await openSection(page, 'Personal Details');
    await personal.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Ada Lovelace');
    await personal
      .getByRole('textbox', { name: 'Professional Title', exact: true })
      .fill('Software Engineer');
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
    // Stored as typed, printed in its international format.
    await expect(htmlPreview(page).getByText('+1 555 123 4567')).toBeVisible();
    await personal.getByRole('button', { name: 'Complete Section' }).click();
    await expect(personal).toHaveAttribute('data-completed', 'true');
    await expect(page.getByRole('button', { name: 'Save CV' })).toBeEnabled();
  });

  await test.step('skills: an empty submit is refused', async () => {
    // The next section opened by itself, its header focused; an empty submit is refused.
    const skills = section(page, 'Skills');
    await expect(sectionHeader(skills)).toHaveAttribute('aria-expanded', 'true');
    await skills.getByRole('button', { name: 'Complete Section' }).click();
    await expect(skills.getByRole('alert')).toHaveText(
      'Please fill in at least one field before submitting.',
    );
    await skills.getByRole('textbox', { name: 'Skill', exact: true }).fill('Distributed systems');
    await skills.getByRole('button', { name: 'Complete Section' }).click();
    await expect(skills).toHaveAttribute('data-completed', 'true');
  });

  await test.step('the profile in rich text, with a bold word', async () => {
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
  });

  await test.step("two jobs, the second with 'Add Another Work Experience'", async () => {
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
  });

  await test.step('PDF mode shows the same CV as a PDF', async () => {
    await page.getByRole('region', { name: 'Preview' }).getByText('PDF', { exact: true }).click();
    const pdfViewer = page.getByTestId('pdf-preview');
    await expect(pdfViewer).toHaveAttribute('type', 'application/pdf');
    const pdfUrl = (await pdfViewer.getAttribute('data'))!;
    expect(pdfUrl).toMatch(/^blob:/);
    const pdfHead = await page.evaluate(async (url) => (await (await fetch(url)).text()).slice(0, 5), pdfUrl);
    expect(pdfHead).toBe('%PDF-');
    await page.getByRole('region', { name: 'Preview' }).getByText('HTML', { exact: true }).click();
    await expect(htmlPreview(page).getByText('Ada Lovelace')).toBeVisible();
  });

  let savedAddress = '';
  await test.step("save: a blank name is refused, then 'Software Engineer 2024'", async () => {
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
    await expect(page).toHaveURL(UUID_ADDRESS);
    savedAddress = new URL(page.url()).pathname;
    // Saving clears this CV's draft, nothing else (the user id and preferences stay).
    const keys = await page.evaluate(() => Object.keys(localStorage));
    expect(keys).toContain('user_id');
    expect(keys.filter((key) => key.startsWith('cv-builder-draft:'))).toEqual([]);
    await expect(page.getByText('Unsaved changes')).toBeHidden();
    // Focus went back to the button that opened the dialog.
    await expect(page.getByRole('button', { name: 'Save CV' })).toBeFocused();
  });

  await test.step('downloads: PDF and Word, named after the CV, with its content', async () => {
    const pdf = await downloadFrom(page, 'PDF (Letter)');
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
  });

  await test.step('switching template keeps every value; the saved CV keeps its address', async () => {
    await page.getByLabel('Template', { exact: true }).selectOption({ label: 'Executive Classic' });
    await expect(section(page, 'Professional Summary')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${savedAddress}$`));
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    // The rich-text profile has no place in Executive Classic: kept aside, and said so.
    await expect(page.getByTestId('stash-notice')).toContainText('Not shown in this template: Profile');
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
      workThere
        .getByRole('group', { name: 'Entry 2' })
        .getByRole('textbox', { name: 'Company', exact: true }),
    ).toHaveValue('Difference Works');
    await expect(htmlPreview(page).getByText('Difference Works')).toBeVisible();
  });

  await test.step('an unsaved edit survives a reload, then is saved over the same CV', async () => {
    const personalThere = await openSection(page, 'Personal Details');
    await personalThere
      .getByRole('textbox', { name: 'Professional Title', exact: true })
      .fill('Principal Engineer');
    await page.reload();
    await expect(page).toHaveURL(new RegExp(`${savedAddress}$`));
    const personalAfterReload = await openSection(page, 'Personal Details');
    await expect(
      personalAfterReload.getByRole('textbox', { name: 'Professional Title', exact: true }),
    ).toHaveValue('Principal Engineer');
    await expect(page.getByTestId('cv-name')).toHaveText(CV_NAME);
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    // Download now saves first: the file has what the screen shows.
    const pdf = await downloadFrom(page, 'Save and download PDF (Letter)');
    expect(execFileSync('pdftotext', ['-layout', pdf.path, '-']).toString()).toContain('Principal Engineer');
    await expect(page.getByText('Unsaved changes')).toBeHidden();
  });

  await test.step('the saved CV reopens from its template card with every section it had filled', async () => {
    await page.goto('/');
    // Saved with the new template: its card is Executive Classic's now, and there is still only one CV.
    await expect(
      page.getByRole('article', { name: 'Corporate Sidebar' }).getByRole('link', { name: CV_NAME }),
    ).toHaveCount(0);
    const savedCard = page.getByRole('article', { name: 'Executive Classic' });
    await savedCard.getByRole('link', { name: CV_NAME }).click();
    await expect(page).toHaveURL(new RegExp(`${savedAddress}$`));
    await expect(page.getByTestId('cv-name')).toHaveText(CV_NAME);
    for (const name of ['Personal Details', 'Work Experience', 'Skills']) {
      await expect(section(page, name)).toHaveAttribute('data-completed', 'true');
    }
    const reopenedPersonal = await openSection(page, 'Personal Details');
    await expect(reopenedPersonal.getByRole('textbox', { name: 'Full Name', exact: true })).toHaveValue(
      'Ada Lovelace',
    );
    await expect(
      reopenedPersonal.getByRole('textbox', { name: 'Professional Title', exact: true }),
    ).toHaveValue('Principal Engineer');
    await expect(reopenedPersonal.getByRole('textbox', { name: 'Phone Number' })).toHaveValue(
      '(555) 123-4567',
    );
    // What Executive Classic cannot show is still kept for a switch back.
    await expect(page.getByTestId('stash-notice')).toContainText('Profile');
    const reopenedWork = await openSection(page, 'Work Experience');
    await expect(
      reopenedWork
        .getByRole('group', { name: 'Entry 2' })
        .getByRole('textbox', { name: 'Job Title', exact: true }),
    ).toHaveValue('Engineer');
    await expect(page.getByRole('button', { name: 'Download' })).toBeEnabled();
    await expect(page.getByText('Unsaved changes')).toBeHidden();
    await expect(htmlPreview(page).getByText('Analytical Engines Ltd')).toBeVisible();
  });
});
