import { expect, test } from '@playwright/test';
import { PASSWORD, createUser, expectToast, signInWithForm, uniqueEmail } from './support/accounts';
import { waitForLink } from './support/outbox';
import { signInWithGoogle } from './support/social';

// Deleting the account is re-authenticated — the password, or for an account that only signs in with
// Google or LinkedIn, a link mailed to its address.

test('deleting an account asks for its password first', async ({ page }) => {
  const email = uniqueEmail('leaver');
  createUser({ email, fullName: 'Lee Leaver' });
  await signInWithForm(page, email);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/profile');

  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete account?' });
  const password = dialog.getByLabel(/Your password/);
  await expect(password).toBeFocused();
  await dialog.getByRole('button', { name: 'Delete Account' }).click();
  await expect(dialog.getByText('Please enter your password to delete your account.')).toBeVisible();
  await password.fill('Wrong-passw0rd');
  await password.press('Enter');
  await expect(dialog.getByText('Your current password is incorrect.')).toBeVisible();
  await expect(password).toBeFocused();
  // Cancel keeps the account.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Profile Settings' })).toBeVisible();

  await page.getByRole('button', { name: 'Delete Account' }).click();
  await dialog.getByLabel(/Your password/).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete Account' }).click();
  await expectToast(page, 'Account deleted');
  await expect(page).toHaveURL(/\/signin/);
  await signInWithForm(page, email);
  await expect(page.getByRole('alert')).toContainText('Invalid email or password.');
});

test('an account that signs in only with Google confirms its deletion by a mailed link', async ({ page }) => {
  const person = { email: uniqueEmail('google-leaver'), name: 'Gail Google' };
  await signInWithGoogle(page, person);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/profile');

  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete account?' });
  await expect(dialog.getByText(/we will email you a link/i)).toBeVisible();
  await expect(dialog.getByLabel(/Your password/)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Email me the link' }).click();
  await expect(page.getByText(`We sent a link to ${person.email}. Open it to delete your account.`)).toBeVisible();

  const link = await waitForLink(person.email, '/delete-account');
  await page.goto(link.pathname + link.search);
  // Opening the link deletes nothing by itself.
  await expect(page.getByRole('heading', { name: 'Delete account?' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('heading', { name: 'Account deleted' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Sign In' }).click();
  await expect(page).toHaveURL(/\/signin/);
  expect((await page.request.get('/auth/profile/')).status()).toBe(401);
});
