import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, createUser, expectToast, signInWithForm, uniqueEmail } from './support/accounts';
import { waitForLink, waitForMessage } from './support/outbox';

// docs/behaviour.md#validation-rules, #messages: every validation message of the account screens appears for
// its bad input.

const submit = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).click();
const errorOf = (page: Page, message: string) => page.getByText(message, { exact: true });

test.describe('sign in', () => {
  test('shows the field rules, then the server message for wrong credentials', async ({ page }) => {
    await page.goto('/signin');
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    await submit(page, 'Sign in');
    await expect(errorOf(page, 'Invalid email address')).toBeVisible();
    await expect(errorOf(page, 'Password must be at least 8 characters')).toBeVisible();

    await page.getByLabel('Email', { exact: true }).fill('ada@example');
    await page.getByLabel('Password', { exact: true }).fill('1234567');
    await expect(errorOf(page, 'Invalid email address')).toBeVisible();
    await expect(errorOf(page, 'Password must be at least 8 characters')).toBeVisible();

    await signInWithForm(page, uniqueEmail('nobody'), 'Passw0rd!');
    await expectToast(page, 'Invalid email or password.');
    await expect(page).toHaveURL(/\/signin$/);
  });

  // The e2e server has Google and LinkedIn configured (a local identity provider); the
  // not-configured wording is covered by the view tests.
  test('offers Google and LinkedIn sign-in and links to the other screens', async ({ page }) => {
    await page.goto('/signin');
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Sign in with LinkedIn' })).toBeEnabled();
    await page.getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('offers a new confirmation link to an account that is not confirmed', async ({ page }) => {
    const email = uniqueEmail('unconfirmed');
    await page.goto('/signup');
    await page.getByLabel('Full Name').fill('Ada Lovelace');
    await page.getByLabel('Email', { exact: true }).fill(email);
    const phone = page.getByLabel('Phone Number', { exact: true });
    await phone.click();
    await phone.press('End');
    await phone.pressSequentially('2015550124');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
    await submit(page, 'Sign up');
    await expect(page).toHaveURL(/\/signin$/);
    await waitForMessage(email, /confirm/i, 1);

    await signInWithForm(page, email);
    await expectToast(page, 'Please confirm your email address before signing in.');
    await page.getByRole('button', { name: 'Resend confirmation email' }).click();
    await expectToast(page, 'Confirmation email sent');
    await waitForMessage(email, /confirm/i, 2);
  });
});

test.describe('sign up', () => {
  test('shows each account rule on its field', async ({ page }) => {
    await page.goto('/signup');
    await submit(page, 'Sign up');
    await expect(errorOf(page, 'Full Name must be at least 3 characters')).toBeVisible();
    await expect(errorOf(page, 'Invalid email address')).toBeVisible();
    await expect(errorOf(page, 'Phone number must be at least 10 digits')).toBeVisible();
    await expect(errorOf(page, 'Password must be at least 8 characters')).toBeVisible();

    await page.getByLabel('Full Name').fill('Ada');
    await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
    const phone = page.getByLabel('Phone Number', { exact: true });
    await phone.click();
    await phone.press('End');
    await phone.pressSequentially('2015550123');
    await page.getByLabel('Password', { exact: true }).fill('password1');
    await expect(errorOf(page, 'Full Name must be at least 3 characters')).toBeHidden();
    await expect(errorOf(page, 'Invalid email address')).toBeHidden();
    await expect(errorOf(page, 'Phone number must be at least 10 digits')).toBeHidden();
    await expect(
      errorOf(
        page,
        'Password must contain at least one uppercase letter, one lowercase letter, and one number',
      ),
    ).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill('Passw0rd1');
    await page.getByLabel('Confirm Password', { exact: true }).fill('Passw0rd2');
    await expect(errorOf(page, 'Passwords must match')).toBeVisible();
  });

  // Nothing tells a visitor who has an account: a taken address gets the very answer a free one does (check your
  // email), and the address's owner is mailed instead.
  test('answers a taken address as a free one, and mails its owner', async ({ page }) => {
    const email = uniqueEmail('taken');
    createUser({ email });
    await page.goto('/signup');
    await page.getByLabel('Full Name').fill('Ada Lovelace');
    await page.getByLabel('Email', { exact: true }).fill(email);
    const phone = page.getByLabel('Phone Number', { exact: true });
    await phone.click();
    await phone.press('End');
    await phone.pressSequentially('2015550123');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
    await submit(page, 'Sign up');
    await expectToast(
      page,
      'Account created Successfully!',
      'Please check your email and click the confirmation link to activate your account.',
    );
    await expect(page).toHaveURL(/\/signin$/);
    const notice = await waitForMessage(email, /^Someone tried to sign up to CV Builder with your address$/);
    expect(notice.text).toContain('If it was you, sign in');
    // The owner's password still works: nothing of the account changed.
    await signInWithForm(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('forgot password', () => {
  test('requires an email address', async ({ page }) => {
    await page.goto('/forgot-password');
    await submit(page, 'Send Reset Link');
    await expect(errorOf(page, 'Required')).toBeVisible();
    await page.getByLabel('Email').fill('ada@');
    await expect(errorOf(page, 'Invalid email')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Sign In' }).click();
    await expect(page).toHaveURL(/\/signin$/);
  });
});

test.describe('reset password', () => {
  test('sends a visitor without a token to /signin', async ({ page }) => {
    await page.goto('/reset-password?uid=MQ');
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('checks the length and the confirmation of a good link; a bad token is refused as the page opens', async ({
    page,
  }) => {
    const email = uniqueEmail('reset-rules');
    createUser({ email });
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(email);
    await submit(page, 'Send Reset Link');
    const link = await waitForLink(email, '/reset-password');

    await page.goto(link.pathname + link.search);
    await page.getByLabel('New Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm Password', { exact: true }).fill('short');
    await submit(page, 'Reset Password');
    await expect(errorOf(page, 'Password must be at least 8 characters long')).toBeVisible();

    await page.getByLabel('New Password', { exact: true }).fill('LongEnough1');
    await page.getByLabel('Confirm Password', { exact: true }).fill('LongEnough2');
    await expect(errorOf(page, 'Passwords do not match')).toBeVisible();

    // A token the server does not know is told before anything is typed.
    await page.goto('/reset-password?token=not-a-real-token&uid=MQ');
    await expect(page.getByText('This password reset link is invalid or has already been used.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
  });
});

test.describe('confirm email', () => {
  test('calls a link without uid or token invalid', async ({ page }) => {
    await page.goto('/confirm-email?uid=MQ');
    await expect(page.getByRole('heading', { name: 'Email Confirmation Failed' })).toBeVisible();
    await expect(errorOf(page, 'Invalid confirmation link')).toBeVisible();
  });

  test('says a refused link may be invalid or expired', async ({ page }) => {
    await page.goto('/confirm-email?uid=MQ&token=forged');
    await expect(page.getByRole('heading', { name: 'Email Confirmation Failed' })).toBeVisible();
    await expect(
      errorOf(page, 'Email confirmation failed. The link may be invalid or expired.'),
    ).toBeVisible();
  });
});
