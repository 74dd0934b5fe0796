import type { Locator, Page } from '@playwright/test';
import { PASSWORD, createUser, expectToast, signInWithForm, uniqueEmail } from './support/accounts';
import { htmlPreview, openSection, saveAs, section, sectionHeader } from './support/builder';
import { signInThroughApi } from './support/saved-cvs';
import { expect, test } from './support/test';

// Every input is kept or refused with a clear message. A person works with the mouse (no keyboard
// shortcuts), pastes numbers as they come from an email signature, writes too much, and comes back to check.

const IMPOSSIBLE = 'This phone number cannot exist in the selected country. Please check it.';

async function paste(page: Page, text: string) {
  await page.evaluate((value) => {
    const target = document.activeElement as HTMLInputElement;
    const data = new DataTransfer();
    data.setData('text/plain', value);
    // What a browser does on Ctrl+V into an empty field: the paste event, then the text as input.
    if (target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })))
      document.execCommand('insertText', false, value);
  }, text);
}

/** A field's visible label (its text, then the required mark when there is one): what a person clicks. */
function labelOf(scope: Locator, text: string): Locator {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.locator('label').filter({ hasText: new RegExp(`^\\s*${escaped}\\s*\\*?\\s*$`) }).first();
}

test('the builder keeps what a person clicks, pastes and writes, and says what it cannot keep', async ({ page }) => {
  const email = uniqueEmail('inputs-builder');
  createUser({ email });
  await signInThroughApi(page, email, PASSWORD);
  await page.goto('/');
  const card = page.getByRole('article', { name: 'Executive Classic' });
  await card.hover();
  await card.getByRole('link', { name: 'Create New CV' }).click();

  // Phone: a UK number pasted from a signature picks the UK and keeps its national part.
  const personal = await openSection(page, 'Personal Details');
  const phone = personal.getByRole('textbox', { name: 'Phone Number' });
  await phone.click();
  await paste(page, '+44 20 7946 0000');
  await expect(personal.getByRole('combobox', { name: /country/i })).toHaveValue('GB');
  await expect(phone).toHaveValue('20 7946 0000');
  await expect(htmlPreview(page).getByText('+44 20 7946 0000')).toBeVisible();
  // A number that cannot exist there is said under the field, at once.
  await phone.fill('12');
  await expect(personal.getByText(IMPOSSIBLE)).toBeVisible();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await phone.fill('020 7946 0000');
  await phone.blur();
  await expect(phone).toHaveValue('20 7946 0000');
  await expect(personal.getByText(IMPOSSIBLE)).toHaveCount(0);

  // Every label takes the mouse to its control: a text field, an email field.
  await labelOf(personal, 'Full Name').click();
  await expect(personal.getByRole('textbox', { name: 'Full Name', exact: true })).toBeFocused();
  await page.keyboard.type('Ada Lovelace');
  await labelOf(personal, 'Email').click();
  await expect(personal.getByRole('textbox', { name: 'Email', exact: true })).toBeFocused();
  await personal.getByRole('button', { name: 'Complete Section' }).click();
  // The focus moves on to the next section's header, so a keyboard user carries on from there.
  await expect(sectionHeader(section(page, 'Professional Summary'))).toBeFocused();

  // A long text: near the server's limit the field counts; over it (20,000 characters) it says what to do.
  const summary = await openSection(page, 'Professional Summary');
  const summaryBox = summary.getByRole('textbox', { name: 'Summary' });
  await summaryBox.fill('x'.repeat(18_500));
  await expect(summary.getByText('18,500 / 20,000 characters')).toBeVisible();
  await summaryBox.fill('A concise summary.');
  await expect(summary.getByText(/\/ 20,000 characters/)).toHaveCount(0);

  // Work Experience: the checkbox answers a click on its box and on its words; the date takes the mouse too.
  const work = await openSection(page, 'Work Experience');
  await work.getByRole('textbox', { name: 'Company' }).fill('Analytical Engines Ltd');
  await labelOf(work, 'Start Date').click();
  const startMonth = work.getByRole('combobox', { name: 'Start Date Month' });
  await expect(startMonth).toBeFocused();
  await startMonth.selectOption('March');
  await work.getByRole('combobox', { name: 'Start Date Year' }).selectOption('2021');
  const current = work.getByRole('checkbox', { name: 'Currently working here' });
  await labelOf(work, 'Currently working here').click();
  await expect(current).toBeChecked();
  await expect(htmlPreview(page).getByText('Present')).toBeVisible();
  await work.locator('[data-scope="checkbox"][data-part="control"]').first().click();
  await expect(current).not.toBeChecked();
  await labelOf(work, 'Currently working here').click();
  await expect(current).toBeChecked();
  // The rich-text field takes the focus from its label too.
  await labelOf(work, 'Responsibilities and Achievements').click();
  await page.keyboard.type('Wrote the first program.');
  await expect(htmlPreview(page).getByText('Wrote the first program.')).toBeVisible();

  // Saved and reopened: everything is as the person left it.
  await saveAs(page, 'Inputs kept');
  await page.reload();
  const again = await openSection(page, 'Personal Details');
  await expect(again.getByRole('combobox', { name: /country/i })).toHaveValue('GB');
  await expect(again.getByRole('textbox', { name: 'Phone Number' })).toHaveValue('20 7946 0000');
  const workAgain = await openSection(page, 'Work Experience');
  await expect(workAgain.getByRole('checkbox', { name: 'Currently working here' })).toBeChecked();
  await expect(workAgain.getByText('Wrote the first program.')).toBeVisible();
});

test('the profile keeps a pasted international number and refuses what the rules refuse', async ({ page }) => {
  const email = uniqueEmail('inputs-profile');
  createUser({ email, fullName: 'Grace Hopper', password: 'OldPassw0rd' });
  await signInWithForm(page, email, 'OldPassw0rd');
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('link', { name: 'Profile' }).click();
  const card = page.getByRole('region', { name: 'Personal Information' });

  await card.getByRole('button', { name: 'Edit' }).click();
  const phone = card.getByRole('textbox', { name: 'Phone Number' });
  await phone.click();
  await paste(page, '+44 20 7946 0000');
  await expect(card.getByLabel('Phone number country')).toHaveValue('GB');
  await card.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Profile updated successfully');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Personal Information' }).getByLabel('Phone number country')).toHaveValue('GB');
  await expect(
    page.getByRole('region', { name: 'Personal Information' }).getByRole('textbox', { name: 'Phone Number' }),
  ).toHaveValue(/^\+44 20 7946 0000$/);

  // A blank name is refused under the field, and nothing is saved.
  await card.getByRole('button', { name: 'Edit' }).click();
  await card.getByLabel('Full Name').fill('   ');
  await card.getByRole('button', { name: 'Save Changes' }).click();
  await expect(card.getByText('Full Name must be at least 3 characters')).toBeVisible();
  await card.getByRole('button', { name: 'Cancel' }).click();
  await expect(card.getByLabel('Full Name')).toHaveValue('Grace Hopper');

  // A new password equal to the current one is refused before anything is sent.
  await page.getByRole('button', { name: 'Change Password' }).click();
  const password = page.getByRole('region', { name: 'Change Password' });
  await password.getByLabel('Current Password').fill('OldPassw0rd');
  await password.getByLabel('New Password', { exact: true }).fill('OldPassw0rd');
  await password.getByLabel('Confirm New Password').fill('OldPassw0rd');
  await password.getByRole('button', { name: 'Update Password' }).click();
  await expect(password.getByText('Your new password must be different from your current one.')).toBeVisible();
});
