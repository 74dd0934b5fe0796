import { expect, test } from '@playwright/test';
import { createUser, expectToast, signInWithForm, uniqueEmail } from './support/accounts';
import { linkIn, waitForMessage } from './support/outbox';

// Forgot password → the email → reset → signed in and on / after 2 seconds.

test('a person who forgot the password resets it from the emailed link and is signed in', async ({
  page,
}) => {
  const email = uniqueEmail('recover');
  createUser({ email, password: 'OldPassw0rd' });

  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(
    page.getByText('Password reset instructions have been sent to your email address.'),
  ).toBeVisible();

  const link = linkIn(await waitForMessage(email, /password/i), '/reset-password');
  expect(link.searchParams.get('token')).toBeTruthy();
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();

  const newPassword = page.getByLabel('New Password', { exact: true });
  await newPassword.fill('NewPassw0rd');
  await page.getByLabel('Confirm Password', { exact: true }).fill('NewPassw0rd');
  // The show/hide toggle reveals what was typed.
  await page.getByRole('button', { name: 'Show password' }).first().click();
  await expect(newPassword).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Reset Password' }).click();

  await expect(page.getByRole('heading', { name: 'Password Reset Successful!' })).toBeVisible();
  await expect(
    page.getByText(
      'Your password has been updated successfully. You are now logged in and will be redirected shortly.',
    ),
  ).toBeVisible();
  // docs/behaviour.md#limits-and-timings: on / after 2 seconds, signed in.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

  // The new password is the one that works from now on.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await signInWithForm(page, email, 'OldPassw0rd');
  await expectToast(page, 'Invalid email or password.');
  await signInWithForm(page, email, 'NewPassw0rd');
  await expect(page).toHaveURL(/\/$/);

  // The link is spent: the page says so as it opens.
  await page.goto(link.pathname + link.search);
  await expect(page.getByText('This password reset link is invalid or has already been used.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
});
