import { readFileSync } from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import type { Page } from '@playwright/test';
import { PASSWORD, createUser, signInWithForm, toast, uniqueEmail } from './support/accounts';
import { expect as baseExpect, test } from './support/test';

// Each step waits on the server (argon2, the sign-in limits, a transaction): on a busy machine one takes a while.
const expect = baseExpect.configure({ timeout: 30_000 });

async function expectToast(page: Page, title: string) {
  await expect(toast(page)).toContainText(title);
}

// Two-step sign-in with an authenticator app, as a person lives it: turn it on from the profile (the key read from
// the page, codes computed as an app would), save the recovery codes, sign in with a code, with a recovery code
// (which works once), trust the browser, make new recovery codes, and turn it off again.

/** The person's authenticator app: codes of the key, never the same time step twice (the server refuses a reuse). */
function authenticatorApp(secret: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  let lastStep = -Infinity;
  return {
    /** A code the server has not seen yet: the current step's, or the next one's, waiting for the clock if both were used. */
    async nextCode(page: Page): Promise<string> {
      for (;;) {
        const now = Date.now();
        const current = Math.floor(now / 30_000);
        const step = Math.max(current, lastStep + 1);
        if (step <= current + 1) {
          lastStep = step;
          return totp.generate({ timestamp: step * 30_000 });
        }
        // Both usable steps are spent: the person waits for the app's next code.
        await page.waitForTimeout((current + 1) * 30_000 - now + 200);
      }
    },
  };
}

async function signOut(page: Page) {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/signin/);
}

test('a person turns on two-step sign-in, signs in with codes and a recovery code, trusts a browser, makes new recovery codes and turns it off', async ({
  page,
}) => {
  // A long walk (ten steps through the server), and the app may have to wait for its next code.
  test.setTimeout(600_000);
  const email = uniqueEmail('two-step');
  createUser({ email, fullName: 'Ada Lovelace' });
  await signInWithForm(page, email);
  await expect(page).toHaveURL(/\/$/);

  // Profile → Security → Two-step sign-in: a QR code and the key, confirmed with a code.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Security', level: 2 })).toBeVisible();
  const card = page.getByRole('region', { name: 'Two-step sign-in' });
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await card.getByTestId('two-step-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const app = authenticatorApp(secret);

  // A wrong code is refused in words, and the key stays on screen.
  await card.getByLabel('6-digit code').fill('12345');
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByText('Enter the 6 digits from your authenticator app')).toBeVisible();
  await card.getByLabel('6-digit code').fill(await app.nextCode(page));
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expectToast(page, 'Two-step sign-in is on');

  // Ten recovery codes, downloaded as a .txt file that holds them all.
  const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = (await codes.allTextContents()).map((code) => code.trim());
  for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download (.txt)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('cv-builder-recovery-codes.txt');
  const file = readFileSync(await download.path(), 'utf8');
  expect(file).toContain(`Account: ${email}`);
  for (const code of recoveryCodes) expect(file).toContain(code);
  await expect(card.getByRole('button', { name: 'Print' })).toBeEnabled();
  await card.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  // Coming back later: still on, and the key and the codes are not shown again.
  await page.reload();
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  await expect(card.getByTestId('two-step-secret')).toHaveCount(0);
  await expect(card.getByRole('list', { name: 'Recovery codes' })).toHaveCount(0);

  // Signing in now asks for the code after the password.
  await signOut(page);
  await signInWithForm(page, email);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  await expect(page).toHaveURL(/\/signin/);
  await page.getByLabel('Authentication code').fill(await app.nextCode(page));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectToast(page, 'Signed in successfully!');
  await expect(page).toHaveURL(/\/$/);

  // With a recovery code instead.
  await signOut(page);
  await signInWithForm(page, email);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/$/);

  // The same recovery code a second time: refused.
  await signOut(page);
  await signInWithForm(page, email);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That recovery code is not right, or it has been used already.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/signin/);

  // The app's code then, trusting this browser for 30 days.
  await page.getByRole('button', { name: 'Use a code from your authenticator app' }).click();
  await page.getByLabel('Authentication code').fill(await app.nextCode(page));
  await page.getByText('Trust this device for 30 days').click();
  await expect(page.getByRole('checkbox', { name: 'Trust this device for 30 days' })).toBeChecked();
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/$/);

  // This browser is trusted: the password alone signs in.
  await signOut(page);
  await signInWithForm(page, email);
  await expectToast(page, 'Signed in successfully!');
  await expect(page).toHaveURL(/\/$/);

  // New recovery codes: the password and an app code (not a recovery code), then ten new codes shown as before.
  await page.goto('/profile');
  await card.getByRole('button', { name: 'New recovery codes' }).click();
  await card.getByLabel('Current password').fill(PASSWORD);
  await card.getByLabel('6-digit code from your authenticator app').fill(recoveryCodes[1]!);
  await card.getByRole('button', { name: 'Make new recovery codes' }).click();
  await expect(card.getByText('Enter the 6 digits from your authenticator app')).toBeVisible();
  await card.getByLabel('6-digit code from your authenticator app').fill(await app.nextCode(page));
  await card.getByRole('button', { name: 'Make new recovery codes' }).click();
  await expectToast(page, 'New recovery codes are ready');
  await expect(codes).toHaveCount(10);
  const newCodes = (await codes.allTextContents()).map((code) => code.trim());
  for (const code of newCodes) expect(recoveryCodes).not.toContain(code);
  const downloadingNew = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download (.txt)' }).click();
  const newFile = readFileSync(await (await downloadingNew).path(), 'utf8');
  for (const code of newCodes) expect(newFile).toContain(code);
  await card.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  const activity = page.getByRole('region', { name: 'Security activity' });
  await activity.getByRole('button', { name: 'Refresh' }).click();
  await expect(activity.getByRole('list', { name: 'Security activity' }).getByRole('listitem').first()).toContainText(
    'New recovery codes made',
  );

  // Turning it off asks for the password and a code.
  await card.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
  await card.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
  await expect(card.getByText('Enter your current password.')).toBeVisible();
  await card.getByLabel('Current password').fill(PASSWORD);
  await card.getByLabel('Code from your authenticator app, or a recovery code').fill(await app.nextCode(page));
  await card.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
  await expectToast(page, 'Two-step sign-in is off');
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await page.reload();
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
});
