import { expect, test } from '@playwright/test';
import { createUser, expectToast, uniqueEmail } from './support/accounts';
import { waitForLink } from './support/outbox';

// The account screens say what went wrong inside the form, next to what it concerns, and the focus
// goes there; a spent reset link is told as the page opens, with a way to ask for a new one.

// (Sign-up has no such refusal left for an address that is taken: it is answered as a free one, see
// auth-validation.spec.ts; its field rules show in the form before anything is sent.)
test('sign-in refusals show in the form and take the focus; sign-up field rules take it too', async ({ page }) => {
  const email = uniqueEmail('focus');
  createUser({ email });

  await page.goto('/signin');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong-passw0rd');
  await page.getByLabel('Password', { exact: true }).press('Enter');
  const alert = page.getByRole('form', { name: 'Sign in' }).getByRole('alert');
  await expect(alert).toContainText('Invalid email or password.');
  await expect(alert).toBeFocused();

  await page.goto('/signup');
  await page.getByLabel('Full Name').fill('Fran Focus');
  await page.getByLabel('Email', { exact: true }).fill('fran@');
  const phone = page.getByLabel('Phone Number', { exact: true });
  await phone.click();
  await phone.pressSequentially('+12025550123');
  await page.getByLabel('Password', { exact: true }).fill('Passw0rd!');
  await page.getByLabel('Confirm Password', { exact: true }).fill('Passw0rd!');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  const emailField = page.getByLabel('Email', { exact: true });
  await expect(page.getByText('Invalid email address').first()).toBeVisible();
  await expect(emailField).toHaveAttribute('aria-invalid', 'true');
  await expect(emailField).toBeFocused();
});

test('a spent reset link says so as the page opens and offers a new one; a reset says it worked after the redirect', async ({
  page,
}) => {
  const email = uniqueEmail('relink');
  createUser({ email, password: 'OldPassw0rd' });

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  const link = await waitForLink(email, '/reset-password');

  await page.goto(link.pathname + link.search);
  await page.getByLabel('New Password', { exact: true }).fill('NewPassw0rd');
  await page.getByLabel('Confirm Password', { exact: true }).fill('NewPassw0rd');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, 'Password Reset Successful!', 'you are signed in');

  // The address on file is told of the change.
  await waitForLink(email, '/forgot-password');

  await page.getByRole('button', { name: 'Logout' }).click();
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  await expect(page.getByLabel('New Password', { exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);

  // A garbled link too.
  await page.goto(`/reset-password?uid=${link.searchParams.get('uid')}&token=garbled`);
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
});
