import type { CDPSession } from '@playwright/test';
import { PASSKEY_MESSAGES } from '../rules/passkeys';
import { createUser, expectToast, signInWithForm, uniqueEmail } from './support/accounts';
import { expect as baseExpect, test } from './support/test';

// Each step waits on the browser's authenticator and a lazily loaded chunk; on a busy machine a screen can take
// longer than the default 10 s to settle.
const expect = baseExpect.configure({ timeout: 30_000 });

// Passkeys: a person adds a passkey in the profile (Chromium's virtual authenticator plays the device's
// fingerprint reader), finds it there after a reload, renames it, signs out and back in with it, removes it, and
// is then told in words that it no longer signs them in.
//
// WebAuthn refuses an IP address as the relying party: the server (PUBLIC_URL http://127.0.0.1:<port>) gives its
// passkeys to `localhost`, the same machine, so this journey's browser opens the app at http://localhost:<port>
// (docs/decisions/0035-passkeys.md).
test.use({ baseURL: `http://localhost:${process.env.E2E_PORT}` });

/** A platform authenticator with a fingerprint reader that always recognises the person. */
async function addVirtualAuthenticator(cdp: CDPSession): Promise<string> {
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return authenticatorId;
}

test('a person adds a passkey, signs in with it, and removes it', async ({ page, browser }) => {
  // A long walk: two browsers, three sign-ins by passkey, two by password, three profile visits.
  test.setTimeout(300_000);
  const email = uniqueEmail('passkeys');
  createUser({ email, fullName: 'Ada Lovelace' });
  const cdp = await page.context().newCDPSession(page);
  const authenticatorId = await addVirtualAuthenticator(cdp);

  await page.goto('/signin');
  await signInWithForm(page, email);
  await expect(page).toHaveURL(/\/$/);

  // Profile → Security → Passkeys: none yet; one added, with a name.
  await page.goto('/profile');
  await expect(page.getByText('Verified Account')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Security', level: 2 })).toBeVisible();
  const card = page.getByRole('region', { name: 'Passkeys' });
  await expect(card.getByText('You have no passkeys yet.')).toBeVisible();
  await card.getByLabel('Name for a new passkey (optional)').fill('My laptop');
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  await expectToast(page, 'Passkey added');
  const list = card.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem').first()).toContainText('My laptop');
  await expect(list.getByRole('listitem').first()).toContainText('Never used');
  await expect(card.getByLabel('Name for a new passkey (optional)')).toHaveValue('');

  // The authenticator holds a discoverable credential for localhost, for this account.
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost', userName: email });

  // Still there after a reload; renamed by keyboard, a control character refused in words first.
  await page.reload();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await card.getByRole('button', { name: 'Rename passkey: My laptop' }).click();
  const newName = card.getByLabel('New name');
  await expect(newName).toBeFocused();
  await newName.fill('Work\u0007laptop');
  await page.keyboard.press('Enter');
  await expect(card.getByText(PASSKEY_MESSAGES.nameControlCharacters)).toBeVisible();
  await newName.fill('Work laptop');
  await page.keyboard.press('Enter');
  await expectToast(page, 'Passkey renamed');
  await expect(list.getByRole('listitem').first()).toContainText('Work laptop');

  // Signed out, the sign-in page offers the passkey in the email field's autofill list; Chromium's virtual
  // authenticator picks it at once, as a person would: signed in, no email, no password, no second step.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expectToast(page, 'Signed in successfully!');
  await expect(page).toHaveURL(/\/$/);

  // Another browser, without the autofill offer, to which the passkey has synced: the button signs in.
  const elsewhere = await browser.newContext();
  try {
    await elsewhere.addInitScript(() => {
      // A browser that offers no passkeys in autofill lists (conditional mediation).
      Object.defineProperty(window.PublicKeyCredential, 'isConditionalMediationAvailable', {
        value: undefined,
      });
    });
    const other = await elsewhere.newPage();
    const otherCdp = await elsewhere.newCDPSession(other);
    const otherAuthenticator = await addVirtualAuthenticator(otherCdp);
    // The passkey as it is now (its signature counter moved on with the sign-in above: a copy with an older
    // counter would look cloned, and be refused).
    const synced = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0]!;
    await otherCdp.send('WebAuthn.addCredential', {
      authenticatorId: otherAuthenticator,
      credential: synced,
    });
    await other.goto('/signin');
    await other.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expectToast(other, 'Signed in successfully!');
    await expect(other).toHaveURL(/\/$/);

    // Its profile says when the passkey was last used; removing it asks first.
    await other.goto('/profile');
    const otherCard = other.getByRole('region', { name: 'Passkeys' });
    const otherList = otherCard.getByRole('list', { name: 'Your passkeys' });
    await expect(otherList.getByRole('listitem').first()).toContainText('Last used');
    await otherCard.getByRole('button', { name: 'Remove passkey: Work laptop' }).click();
    const question = other.getByRole('alertdialog', { name: 'Remove this passkey?' });
    await expect(question).toContainText('“Work laptop” will no longer sign you in.');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toBeHidden();
    await expect(otherList.getByRole('listitem')).toHaveCount(1);
    await otherCard.getByRole('button', { name: 'Remove passkey: Work laptop' }).click();
    await question.getByRole('button', { name: 'Remove passkey' }).click();
    await expectToast(other, 'Passkey removed');
    await expect(otherCard.getByText('You have no passkeys yet.')).toBeVisible();
    await other.reload();
    await expect(otherCard.getByText('You have no passkeys yet.')).toBeVisible();
  } finally {
    await elsewhere.close();
  }

  // The first browser's device still holds the passkey, but the server no longer takes it: the sign-in page says
  // so in words, whether the autofill offer answers as the page opens or the person presses the button.
  const refusal = page.getByRole('alert').filter({ hasText: PASSKEY_MESSAGES.unknownPasskey });
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/signin/);
  await expect(refusal).toBeVisible();
  await page.reload();
  await expect(refusal).toBeVisible();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expectToast(page, PASSKEY_MESSAGES.unknownPasskey);
  await expect(refusal).toBeVisible();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/signin/);

  // The password still works, and brings the person back to the page they asked for.
  await signInWithForm(page, email);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(card.getByText('You have no passkeys yet.')).toBeVisible();
});
