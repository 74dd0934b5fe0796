import { expect, test } from '@playwright/test';
import { expectToast, signInWithForm, signUpWithForm, uniqueEmail } from './support/accounts';
import { linkIn, waitForMessage } from './support/outbox';

// Sign up → the confirmation email → 'Email Confirmed!' → sign in → on / → a reload keeps the
// session → logout → /signin.

// A browser in the UK: sign-up's phone country starts there.
test.use({ locale: 'en-GB' });

test('a person signs up, confirms the email from the link, signs in, stays signed in and signs out', async ({
  page,
}) => {
  const email = uniqueEmail('signup');

  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create an Account' })).toBeVisible();
  // The country selector starts on the browser's region (this test's browser speaks en-GB: see test.use below).
  await expect(page.getByLabel('Phone number country')).toHaveValue('GB');
  // A national number, as a person in the UK writes it, is read in the chosen country.
  await signUpWithForm(page, { fullName: 'Grace Hopper', email, phone: '07400 123456' });

  await expectToast(
    page,
    'Account created Successfully!',
    'Please check your email and click the confirmation link to activate your account.',
  );
  await expect(page).toHaveURL(/\/signin$/);

  // Not confirmed yet: the sign-in is refused with a way to get a new link.
  await signInWithForm(page, email);
  await expectToast(page, 'Please confirm your email address before signing in.');
  await expect(page.getByRole('button', { name: 'Resend confirmation email' })).toBeVisible();

  const message = await waitForMessage(email, /confirm/i);
  const link = linkIn(message, '/confirm-email');
  expect(link.searchParams.get('uid')).toBeTruthy();
  expect(link.searchParams.get('token')).toBeTruthy();

  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Email Confirmed!' })).toBeVisible();
  await expect(page.getByText('You will be redirected to the sign in page')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go to Sign In' })).toBeVisible();
  // docs/behaviour.md#limits-and-timings: the move to /signin happens by itself after 3 seconds.
  await expect(page).toHaveURL(/\/signin$/);

  await signInWithForm(page, email);
  await expectToast(page, 'Signed in successfully!', 'Welcome back!');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user_id'))).toMatch(/^\d+$/);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user_id'))).toBeNull();

  // The server session is gone too: the home page sends the visitor back to sign in.
  await page.goto('/');
  await expect(page).toHaveURL(/\/signin$/);
});

test('a confirmation link works once', async ({ page }) => {
  const email = uniqueEmail('confirm-once');
  await page.goto('/signup');
  await signUpWithForm(page, { fullName: 'Katherine Johnson', email, phone: '811234568' });
  await expect(page).toHaveURL(/\/signin$/);

  const link = linkIn(await waitForMessage(email, /confirm/i), '/confirm-email');
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Email Confirmed!' })).toBeVisible();
  await page.getByRole('button', { name: 'Go to Sign In' }).click();
  await expect(page).toHaveURL(/\/signin$/);

  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Email Confirmation Failed' })).toBeVisible();
  await expect(
    page.getByText('Email confirmation failed. The link may be invalid or expired.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/signin');
  await expect(page.getByRole('link', { name: 'Create New Account' })).toHaveAttribute('href', '/signup');
  await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');
});
