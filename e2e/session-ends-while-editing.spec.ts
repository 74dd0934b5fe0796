import { PASSWORD, createUser, expectToast, signInWithForm, uniqueEmail } from './support/accounts';
import { UUID_ADDRESS, htmlPreview, openSection, saveAs } from './support/builder';
import { signInThroughApi } from './support/saved-cvs';
import { expect, test } from './support/test';

// A session that ends while the app is open (here: the password was changed on another device)
// ends in the app too. The person is told, signs in again and is back where they were, with every word kept.

const NEW_PASSWORD = 'Another1Passw0rd';

test('a password changed on another device ends the session here; signing in again brings back the unsaved work', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('session-ends');
  createUser({ email });
  await signInWithForm(page, email);
  await expect(page).toHaveURL(/\/$/);

  // A saved CV, then more typing that is not saved yet.
  const card = page.getByRole('article', { name: 'Executive Classic' });
  await card.hover();
  await card.getByRole('link', { name: 'Create New CV' }).click();
  const personal = await openSection(page, 'Personal Details');
  await personal.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Grace Hopper');
  await personal.getByRole('button', { name: 'Complete Section' }).click();
  await saveAs(page, 'Before the other device');
  const builderAddress = new URL(page.url()).pathname;
  const title = (await openSection(page, 'Personal Details')).getByRole('textbox', { name: 'Professional Title', exact: true });
  await title.fill('Rear Admiral');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await expect(htmlPreview(page).getByText('Rear Admiral')).toBeVisible();

  // Another device: the same person changes the password, which ends every other session.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInThroughApi(otherPage, email, PASSWORD);
  await otherPage.request.get('/auth/csrf/');
  const csrf = (await other.cookies()).find((cookie) => cookie.name === 'csrftoken')!.value;
  const changed = await otherPage.request.post('/auth/change-password/', {
    data: { current_password: PASSWORD, new_password: NEW_PASSWORD },
    headers: { 'X-CSRFToken': csrf },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  await other.close();

  // Back here, the person types on: the next call (the live preview) finds the server no longer knows the session.
  await title.press('End');
  await title.pressSequentially(' (retired)');
  await expectToast(page, 'Your session has ended. Please sign in again.');
  await expect(page).toHaveURL((url) => url.pathname === '/signin' && url.searchParams.get('redirect') === builderAddress);

  // Signing in again (the new password) returns to the same CV, the unsaved title still there.
  await signInWithForm(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(UUID_ADDRESS);
  expect(new URL(page.url()).pathname).toBe(builderAddress);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  const again = await openSection(page, 'Personal Details');
  await expect(again.getByRole('textbox', { name: 'Full Name', exact: true })).toHaveValue('Grace Hopper');
  await expect(again.getByRole('textbox', { name: 'Professional Title', exact: true })).toHaveValue('Rear Admiral (retired)');
  await saveAs(page, 'After signing in again');
});

test('a bookmarked page opened after the session expired comes back after sign-in', async ({ page }) => {
  const email = uniqueEmail('session-bookmark');
  createUser({ email });
  await signInThroughApi(page, email, PASSWORD);
  await page.goto('/cv-management');
  await expect(page.getByRole('heading', { name: 'CV Management' })).toBeVisible();
  // The session cookie is gone (expired); the app still remembers who was signed in.
  await page.context().clearCookies();
  await page.goto('/profile');
  await expect(page).toHaveURL((url) => url.pathname === '/signin' && url.searchParams.get('redirect') === '/profile');
  await signInWithForm(page, email);
  await expect(page).toHaveURL(/\/profile$/);
});
