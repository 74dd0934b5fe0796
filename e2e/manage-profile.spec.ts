import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, createUser, expectToast, signInWithForm, uniqueEmail } from './support/accounts';

// A signed-in person manages their details, password and account on /profile.

async function openProfile(page: Page, email: string, password?: string) {
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Verified Account')).toBeVisible();
}

const personalInformation = (page: Page) => page.getByRole('region', { name: 'Personal Information' });

test('a person edits and saves their details; Cancel restores the saved values', async ({ page }) => {
  const email = uniqueEmail('profile-edit');
  createUser({ email, fullName: 'Grace Brewster Hopper' });
  await openProfile(page, email);

  const card = personalInformation(page);
  const fullName = card.getByLabel('Full Name');
  await expect(page.getByTestId('profile-avatar')).toHaveText('GH');
  await expect(fullName).toHaveValue('Grace Brewster Hopper');
  await expect(fullName).toHaveAttribute('readonly', '');

  await card.getByRole('button', { name: 'Edit' }).click();
  await fullName.fill('Grace Hopper');
  await card.getByRole('textbox', { name: 'Phone Number' }).fill('+1 202 555 0123');
  // While editing, a picked image becomes the avatar preview (never uploaded).
  await page.getByLabel('Choose a profile photo').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ),
  });
  await expect(page.getByTestId('profile-avatar').locator('img')).toHaveAttribute('src', /^blob:/);
  await card.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Profile updated successfully');
  await expect(card.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(page.getByTestId('profile-avatar')).toContainText('GH');

  // Saved on the server: a fresh load shows it.
  await page.reload();
  await expect(personalInformation(page).getByLabel('Full Name')).toHaveValue('Grace Hopper');
  await expect(personalInformation(page).getByRole('textbox', { name: 'Phone Number' })).toHaveValue(
    '+1 202 555 0123',
  );

  await card.getByRole('button', { name: 'Edit' }).click();
  await fullName.fill('Somebody Else');
  await card.getByLabel('Email Address').fill('   ');
  await card.getByRole('button', { name: 'Save Changes' }).click();
  await expect(card.getByText('Email is required')).toBeVisible();
  await card.getByRole('button', { name: 'Cancel' }).click();
  await expect(fullName).toHaveValue('Grace Hopper');
  await expect(card.getByLabel('Email Address')).toHaveValue(email);
  await expect(card.getByText('Email is required')).toHaveCount(0);

  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a person changes the password, then signs in with the new one; the old one fails', async ({ page }) => {
  const email = uniqueEmail('profile-password');
  createUser({ email, password: 'OldPassw0rd' });
  await openProfile(page, email, 'OldPassw0rd');

  await page.getByRole('button', { name: 'Change Password' }).click();
  const card = page.getByRole('region', { name: 'Change Password' });
  await card.getByLabel('Current Password').fill('Wrong-passw0rd');
  await card.getByLabel('New Password', { exact: true }).fill('NewPassw0rd');
  await card.getByLabel('Confirm New Password').fill('NewPassw0rd');
  await card.getByRole('button', { name: 'Update Password' }).click();
  await expectToast(page, 'Your current password is incorrect.');

  await card.getByLabel('Current Password').fill('OldPassw0rd');
  await card.getByRole('button', { name: 'Update Password' }).click();
  await expectToast(page, 'Password changed successfully');
  await expect(card).toHaveCount(0);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await signInWithForm(page, email, 'OldPassw0rd');
  await expectToast(page, 'Invalid email or password.');
  await signInWithForm(page, email, 'NewPassw0rd');
  await expect(page).toHaveURL(/\/$/);
});

test('a person deletes the account, is signed out, and the old credentials fail', async ({ page }) => {
  const email = uniqueEmail('profile-delete');
  createUser({ email });
  await openProfile(page, email);

  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete account?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('button', { name: 'Delete Account' }).click();
  // The password confirms it is the account's owner.
  await dialog.getByLabel(/Your password/).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete Account' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expectToast(page, 'Account deleted');
  expect(await page.evaluate(() => localStorage.getItem('user_id'))).toBeNull();

  await page.goto('/profile');
  await expect(page).toHaveURL(/\/signin\?redirect=%2Fprofile$/);
  await signInWithForm(page, email);
  await expectToast(page, 'Invalid email or password.');
});
