import type { Page } from '@playwright/test';
import { PASSWORD, createUser, expectToast, signInWithForm, uniqueEmail } from './support/accounts';
import { expect, test } from './support/test';

// Security activity: a person mistypes the password once, signs in, changes the password, and finds all three on
// the profile's Security area — the refused sign-in, the sign-in and the change — with the browser, the system and
// when; after a reload and after signing in again, the list is still there, newest first.

const activityList = (page: Page) =>
  page.getByRole('region', { name: 'Security activity' }).getByRole('list', { name: 'Security activity' });

test('a person sees a refused sign-in, the sign-in and the password change in the security activity', async ({
  page,
}) => {
  // Three sign-ins, a password change and three visits of the profile: more than the default minute on a busy machine.
  test.setTimeout(150_000);
  const email = uniqueEmail('activity');
  createUser({ email, fullName: 'Ada Lovelace' });

  await signInWithForm(page, email, 'Wrong-passw0rd');
  await expectToast(page, 'Invalid email or password.');
  await signInWithForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const security = page.getByRole('region', { name: 'Security' });
  await expect(security.getByRole('heading', { name: 'Security', level: 2 })).toBeVisible();
  await expect(security.getByRole('region', { name: 'Active Sessions' })).toBeVisible();

  const list = activityList(page);
  await expect(list.getByRole('listitem')).toHaveCount(2, { timeout: 30_000 });
  await expect(list.getByRole('listitem').nth(0)).toContainText('Signed in');
  await expect(list.getByRole('listitem').nth(0)).toContainText('Succeeded');
  await expect(list.getByRole('listitem').nth(0)).toContainText('With a password');
  await expect(list.getByRole('listitem').nth(0)).toContainText(/Chrome \d+ on Linux/);
  await expect(list.getByRole('listitem').nth(1)).toContainText('Sign-in refused');
  await expect(list.getByRole('listitem').nth(1)).toContainText('Wrong password');

  // The password change, by keyboard where it can be.
  await page.getByRole('button', { name: 'Change Password' }).click();
  const card = page.getByRole('region', { name: 'Change Password' });
  await card.getByLabel('Current Password').fill(PASSWORD);
  await card.getByLabel('New Password', { exact: true }).fill('NewPassw0rd');
  await card.getByLabel('Confirm New Password').fill('NewPassw0rd');
  await card.getByRole('button', { name: 'Update Password' }).click();
  await expectToast(page, 'Password changed successfully');

  // Refresh shows it at once; this browser is still signed in (under a new session id).
  await page.getByRole('region', { name: 'Security activity' }).getByRole('button', { name: 'Refresh' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByRole('listitem').nth(0)).toContainText('Password changed');
  await expect(list.getByRole('listitem').nth(0)).toContainText('Changed');

  // Come back later: the same list after a reload.
  await page.reload();
  // The profile's page and its calls load again (slow on a busy machine: a generous wait, no fixed delay).
  await expect(list.getByRole('listitem')).toHaveCount(3, { timeout: 30_000 });
  await expect(list.getByRole('listitem').nth(0)).toContainText('Password changed');
  await expect(list.getByRole('listitem').nth(1)).toContainText('Signed in');
  await expect(list.getByRole('listitem').nth(2)).toContainText('Sign-in refused');
  // Each line says when, as a machine-readable time too.
  await expect(list.getByRole('listitem').nth(2).locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);

  // Signed out and in again with the new password: that sign-in joins the top of the list.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await signInWithForm(page, email, 'NewPassw0rd');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/profile');
  await expect(list.getByRole('listitem')).toHaveCount(4, { timeout: 30_000 });
  await expect(list.getByRole('listitem').nth(0)).toContainText('Signed in');
});
