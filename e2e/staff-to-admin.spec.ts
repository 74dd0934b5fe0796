import { expect, test } from '@playwright/test';
import { PASSWORD, createUser, signInWithForm, uniqueEmail, turnOnTwoStepInAdmin } from './support/accounts';

// docs/behaviour.md#what-the-product-does, #session, #who-may-do-what: staff and superusers are not users of
// this app; they are sent to the admin panel.

test('a staff user who signs in is sent to /admin/', async ({ page }) => {
  const email = uniqueEmail('staff');
  createUser({ email, password: PASSWORD, fullName: 'Sam Staff', staff: true });

  await signInWithForm(page, email);
  await expect(page).toHaveURL(/\/admin\/$/);
  // Staff turn on two-step sign-in before anything else in the panel.
  await turnOnTwoStepInAdmin(page);
  await expect(page.getByRole('heading', { name: 'CV Builder administration' })).toBeVisible();
  // The stored user id is removed (docs/behaviour.md#session).
  expect(await page.evaluate(() => localStorage.getItem('user_id'))).toBeNull();
});

test('a superuser is sent to /admin/ as well', async ({ page }) => {
  const email = uniqueEmail('root');
  createUser({ email, password: PASSWORD, fullName: 'Root Admin', superuser: true });

  await signInWithForm(page, email);
  await expect(page).toHaveURL(/\/admin\/$/);
  // Staff turn on two-step sign-in before anything else in the panel.
  await turnOnTwoStepInAdmin(page);
  await expect(page.getByRole('heading', { name: 'CV Builder administration' })).toBeVisible();
});
