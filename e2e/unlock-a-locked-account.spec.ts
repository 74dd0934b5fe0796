import type { Page } from '@playwright/test';
import { createUser, expectToast, signInWithForm, uniqueEmail } from './support/accounts';
import { waitForLink } from './support/outbox';
import { expect, test } from './support/test';

// An account locked by wrong passwords, as its owner lives it: someone keeps guessing until sign-ins to the account
// are paused; a browser that never signed in to it (the owner's new phone) is turned away too, but the laptop that
// signed in before still gets in; the owner's mailbox holds the unlock link, and opening it on the phone lets the
// right password in again. Every browser here shares 127.0.0.1: the e2e server's ACCOUNT_LOCKOUT_LIMIT (5, see
// playwright.config.ts) brings the lock within reach of one address (docs/operations.md).

const LOCKOUT_LIMIT = 5;
const LOCKED = 'Too many attempts.';

async function signOut(page: Page) {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/signin/);
}

test('a locked account lets in the browser that signed in before, and the mailed link unlocks it', async ({
  page: laptop,
  browser,
}) => {
  // Three browsers and a handful of argon2 checks: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const email = uniqueEmail('lockout');
  createUser({ email, fullName: 'Ada Lovelace' });

  // The owner's laptop signs in once: from now on it is a browser the account knows.
  await signInWithForm(laptop, email);
  await expect(laptop).toHaveURL(/\/$/);
  await signOut(laptop);

  // Someone else guesses, until sign-ins to the account are paused.
  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  for (let i = 0; i < LOCKOUT_LIMIT; i++) {
    await signInWithForm(stranger, email, `Guess-${i}-passw0rd`);
    await expectToast(stranger, 'Invalid email or password.');
  }
  await signInWithForm(stranger, email, `Guess-${LOCKOUT_LIMIT}-passw0rd`);
  await expectToast(stranger, LOCKED);
  await expect(stranger).toHaveURL(/\/signin/);

  // The owner's new phone, with the right password: paused too.
  const phoneContext = await browser.newContext();
  const phone = await phoneContext.newPage();
  await signInWithForm(phone, email);
  await expectToast(phone, LOCKED);
  await expect(phone).toHaveURL(/\/signin/);

  // The laptop that signed in before: in, while the account is locked.
  await signInWithForm(laptop, email);
  await expect(laptop).toHaveURL(/\/$/);

  // The owner's mailbox holds the unlock link; opened on the phone, it unlocks the account and trusts the phone.
  const link = await waitForLink(email, '/unlock-account');
  await phone.goto(link.pathname + link.search);
  await expect(phone.getByText('Account unlocked')).toBeVisible({ timeout: 30_000 });
  await phone.getByRole('link', { name: 'Go to Sign In' }).click();
  await expect(phone).toHaveURL(/\/signin/);
  await signInWithForm(phone, email);
  await expect(phone).toHaveURL(/\/$/);

  // The unlock is in the owner's security activity.
  await phone.goto('/profile');
  const activity = phone.getByRole('region', { name: 'Security activity' });
  await expect(activity.getByRole('list', { name: 'Security activity' })).toContainText(
    'Account unlocked from an emailed link',
    { timeout: 30_000 },
  );

  await strangerContext.close();
  await phoneContext.close();
});
