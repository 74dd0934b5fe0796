import { PASSWORD, signInWithForm, uniqueEmail } from './support/accounts';
import { linkIn, waitForMessage } from './support/outbox';
import { expect, test } from './support/test';

// A confirmation link the server refuses is not a dead end. The page says why, sends a new link on
// request, and 'Contact Support' reaches a page with the operator's address.

test('a refused confirmation link says why, sends a new link that works, and support is one click away', async ({ page }) => {
  const email = uniqueEmail('confirm-refused');
  await page.goto('/signup');
  await page.getByLabel('Full Name').fill('Dorothy Vaughan');
  await page.getByLabel('Email', { exact: true }).fill(email);
  const phone = page.getByLabel('Phone Number', { exact: true });
  await phone.click();
  await phone.press('End');
  await phone.pressSequentially('2015550199');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page).toHaveURL(/\/signin$/);

  // The link arrives mangled (a mail program cut its token short).
  const link = linkIn(await waitForMessage(email, /confirm/i), '/confirm-email');
  const token = link.searchParams.get('token')!;
  link.searchParams.set('token', token.slice(0, -4));
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Email Confirmation Failed' })).toBeVisible();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Email confirmation failed. The link may be invalid or expired.');
  await expect(alert).toContainText('This confirmation link is invalid.');

  // 'Send a new link': the address is checked, then the request goes.
  const form = page.getByRole('form', { name: 'Send a new confirmation link' });
  await form.getByRole('button', { name: 'Send a new link' }).click();
  await expect(form.getByText('Required')).toBeVisible();
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Send a new link' }).press('Enter');
  await expect(page.getByRole('status')).toContainText('a new link is on its way');

  // 'Contact Support' is a real page with the operator's address.
  await page.getByRole('link', { name: 'Contact Support' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { name: 'Contact Support' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'help@cv-builder.test' })).toHaveAttribute('href', 'mailto:help@cv-builder.test');
  await page.reload();
  await expect(page.getByRole('link', { name: 'help@cv-builder.test' })).toBeVisible();

  // The new link confirms the account; signing in works.
  const fresh = linkIn(await waitForMessage(email, /confirm/i, 2), '/confirm-email');
  await page.goto(fresh.pathname + fresh.search);
  await expect(page.getByRole('heading', { name: 'Email Confirmed!' })).toBeVisible();
  await page.getByRole('button', { name: 'Go to Sign In' }).click();
  await signInWithForm(page, email);
  await expect(page).toHaveURL(/\/$/);
});
