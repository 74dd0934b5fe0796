import { expect, test, type Page } from '@playwright/test';
import { expectToast, uniqueEmail } from './support/accounts';
import { consent, openGoogleConsent, signInWithGoogle } from './support/social';

// docs/behaviour.md#sign-in, #linkedin-callback, #messages. A local identity provider
// (e2e/support/oidc-provider.ts, started by globalSetup) plays Google and LinkedIn with its own consent screen;
// the server checks tokens and exchanges codes with it for real. Nothing of our own server is mocked.

const SIGNED_IN = ['Signed in successfully!', 'Welcome back!'] as const;

async function storedUserId(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('user_id'));
}

async function profileOf(page: Page) {
  const response = await page.request.get('/auth/profile/');
  expect(response.status()).toBe(200);
  return (await response.json()) as { full_name: string; email: string };
}

async function startLinkedIn(page: Page) {
  await page.goto('/signin');
  const linkedin = page.getByRole('button', { name: 'Sign in with LinkedIn' });
  await expect(linkedin).toBeEnabled();
  await linkedin.click();
  await expect(page.getByRole('heading', { name: 'Sign in with LinkedIn' })).toBeVisible();
}

test.describe('Google sign-in', () => {
  test('creates the account on first use and signs in to the same account after', async ({
    page,
    browser,
  }) => {
    const person = { email: uniqueEmail('google'), name: 'Grace Google' };

    await signInWithGoogle(page, person);
    await expectToast(page, ...SIGNED_IN);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Available CV Templates' })).toBeVisible();
    const userId = await storedUserId(page);
    expect(userId).toMatch(/^\d+$/);
    expect(await profileOf(page)).toMatchObject({ full_name: 'Grace Google', email: person.email });

    // Another browser, same Google account: the same CV Builder account, not a second one.
    const other = await browser.newContext();
    const again = await other.newPage();
    await signInWithGoogle(again, { ...person, name: 'Another Name' });
    await expectToast(again, ...SIGNED_IN);
    await expect(again).toHaveURL(/\/$/);
    expect(await storedUserId(again)).toBe(userId);
    expect(await profileOf(again)).toMatchObject({ full_name: 'Grace Google' });
    await other.close();
  });

  test("shows 'Google login failed. Please try again.' when the person denies access", async ({ page }) => {
    const { google, popup } = await openGoogleConsent(page);
    await consent(popup, { email: uniqueEmail('google-denied'), name: 'No Thanks' }, 'Deny');
    await expectToast(page, 'Google login failed. Please try again.');
    await expect(page).toHaveURL(/\/signin$/);
    await expect(google).toBeEnabled();
    expect(await storedUserId(page)).toBeNull();
  });

  test("shows the server's message when the Google address is not verified", async ({ page }) => {
    const { popup } = await openGoogleConsent(page);
    await popup.getByLabel('Email', { exact: true }).fill(uniqueEmail('google-unverified'));
    await popup.getByLabel('Email verified').uncheck();
    await popup.getByRole('button', { name: 'Allow' }).click();
    await expectToast(
      page,
      'The email address of your Google account is not verified. Please verify it with Google and try again.',
    );
    await expect(page).toHaveURL(/\/signin$/);
  });
});

test.describe('LinkedIn sign-in', () => {
  test('signs in through the callback page and reuses the account after', async ({ page }) => {
    const person = { email: uniqueEmail('linkedin'), name: 'Linus LinkedIn' };
    let releaseExchange: () => void = () => {};
    const exchangeHeld = new Promise<void>((resolve) => (releaseExchange = resolve));
    // Held (not answered) until the spinner has been seen; the real server answers it.
    await page.route('**/auth/social/login/linkedin/', async (route) => {
      await exchangeHeld;
      await route.continue();
    });

    await startLinkedIn(page);
    await consent(page, person);
    await expect(page).toHaveURL(/\/linkedin-callback\?/);
    await expect(page.getByText('Signing you in with LinkedIn...')).toBeVisible();
    releaseExchange();
    await expectToast(page, ...SIGNED_IN);
    await expect(page).toHaveURL(/\/$/);
    const userId = await storedUserId(page);
    expect(await profileOf(page)).toMatchObject({ full_name: 'Linus LinkedIn', email: person.email });

    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await startLinkedIn(page);
    await consent(page, person);
    await expectToast(page, ...SIGNED_IN);
    await expect(page).toHaveURL(/\/$/);
    expect(await storedUserId(page)).toBe(userId);
  });

  test('a denied consent shows the error toast and lands on /signin', async ({ page }) => {
    await startLinkedIn(page);
    await consent(page, { email: uniqueEmail('linkedin-denied'), name: 'No Thanks' }, 'Deny');
    await expectToast(page, 'LinkedIn Authentication Error', 'The user cancelled the authorization');
    await expect(page).toHaveURL(/\/signin$/);
    expect(await storedUserId(page)).toBeNull();
  });

  test('a callback whose state was tampered with is refused and its code never exchanged', async ({
    page,
  }) => {
    const exchanges: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/auth/social/login/linkedin/')) exchanges.push(request.url());
    });
    // Follow the provider's redirects by hand to learn the callback address LinkedIn would send the browser
    // to, without going there; then return with another state, as a planted link would.
    const callback = new Promise<URL>((resolve) => {
      void page.route(
        (url) => url.pathname === '/consent/decision',
        async (route) => {
          const toAuthorize = await route.fetch({ maxRedirects: 0 });
          const authorize = new URL(toAuthorize.headers()['location'], route.request().url());
          const toCallback = await page.request.get(authorize.href, { maxRedirects: 0 });
          resolve(new URL(toCallback.headers()['location']));
          await route.abort();
        },
      );
    });
    await startLinkedIn(page);
    await consent(page, { email: uniqueEmail('linkedin-tampered'), name: 'Mallory' });
    const returned = await callback;
    expect(returned.pathname).toBe('/linkedin-callback');
    expect(returned.searchParams.get('code')).toBeTruthy();
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    returned.searchParams.set('state', 'forged-state');
    await page.goto(returned.href);
    await expectToast(page, 'LinkedIn Authentication Error', 'was refused for your safety');
    await expect(page).toHaveURL(/\/signin$/);
    expect(exchanges).toEqual([]);
    expect(await storedUserId(page)).toBeNull();
  });

  test("without a code it says 'No authorization code found in LinkedIn callback.'", async ({ page }) => {
    await page.goto('/linkedin-callback');
    await expectToast(page, 'No authorization code found in LinkedIn callback.');
    await expect(page).toHaveURL(/\/signin$/);
  });
});
