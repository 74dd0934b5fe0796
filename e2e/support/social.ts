import { expect, type Page } from '@playwright/test';

// Google through the local identity provider (e2e/support/oidc-provider.ts), as a person signs in with it.

export interface SocialPerson {
  email: string;
  name: string;
}

/** The provider's consent screen: who signs in, then Allow or Deny. */
export async function consent(page: Page, person: SocialPerson, decision: 'Allow' | 'Deny' = 'Allow') {
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  await page.getByLabel('Full name').fill(person.name);
  await page.getByRole('button', { name: decision }).click();
}

/** From /signin, 'Continue with Google' and the provider's consent window it opens. */
export async function openGoogleConsent(page: Page) {
  await page.goto('/signin');
  const google = page.getByRole('button', { name: 'Continue with Google' });
  // Enabled once the server said Google is configured and the Google script has loaded.
  await expect(google).toBeEnabled();
  const popupOpened = page.waitForEvent('popup');
  await google.click();
  return { google, popup: await popupOpened };
}

export async function signInWithGoogle(page: Page, person: SocialPerson) {
  const { popup } = await openGoogleConsent(page);
  await expect(popup.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible();
  // Listening before the click: the window may close before a listener added after it would hear it.
  const closed = popup.waitForEvent('close');
  await consent(popup, person);
  await closed;
}
