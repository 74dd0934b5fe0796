import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, createUser, expectToast, signInWithForm, uniqueEmail } from './support/accounts';
import { messagesTo, waitForLink } from './support/outbox';

// An email address changes only when the new mailbox confirms it, the password re-authenticates the
// request, and the old address is told, with a link that undoes the change and signs every device out.

function personalInformation(page: Page) {
  return page.getByRole('region', { name: 'Personal Information' });
}

test('a person changes their email address: the password confirms it is them, the new mailbox confirms the address', async ({
  page,
}) => {
  const oldEmail = uniqueEmail('mover');
  const newEmail = uniqueEmail('moved');
  createUser({ email: oldEmail, fullName: 'Maya Mover' });
  await signInWithForm(page, oldEmail);
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/profile');
  const card = personalInformation(page);
  await card.getByRole('button', { name: 'Edit' }).click();
  await card.getByLabel('Email Address').fill(newEmail);
  // Saving without the password is refused where the person is looking.
  await card.getByRole('button', { name: 'Save Changes' }).click();
  const password = card.getByLabel(/Current Password/);
  await expect(card.getByText('Please enter your current password to change your email address.')).toBeVisible();
  await expect(password).toBeFocused();
  await password.fill('Wrong-passw0rd');
  await card.getByRole('button', { name: 'Save Changes' }).click();
  await expect(card.getByText('Your current password is incorrect.')).toBeVisible();
  await expect(password).toBeFocused();
  await password.fill(PASSWORD);
  await card.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Confirm your new email address', newEmail);

  // Nothing changed yet: the address in use stays, the new one waits — after a reload too.
  await expect(card.getByText(`Waiting for confirmation: ${newEmail}`)).toBeVisible();
  await page.reload();
  await expect(personalInformation(page).getByText(`Waiting for confirmation: ${newEmail}`)).toBeVisible();
  await expect(personalInformation(page).getByLabel('Email Address')).toHaveValue(oldEmail);

  // The old address is told, with a way to undo; the new one gets the confirmation link.
  const cancelLink = await waitForLink(oldEmail, '/cancel-email-change');
  expect(cancelLink.searchParams.get('token')).toBeTruthy();
  const confirmLink = await waitForLink(newEmail, '/confirm-email-change');
  await page.goto(confirmLink.pathname + confirmLink.search);
  await expect(page.getByRole('heading', { name: 'Email address changed' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Profile' }).click();
  await expect(personalInformation(page).getByLabel('Email Address')).toHaveValue(newEmail);
  await expect(page.getByText(/Waiting for confirmation/)).toHaveCount(0);

  // A link works once.
  await page.goto(confirmLink.pathname + confirmLink.search);
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();

  // From now on the new address signs in, the old one does not.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/signin/);
  await signInWithForm(page, oldEmail);
  await expect(page.getByRole('alert')).toContainText('Invalid email or password.');
  await signInWithForm(page, newEmail);
  await expect(page).toHaveURL(/\/$/);
});

test('someone with a borrowed session changes the address: the owner undoes it from the notice and every device is signed out', async ({
  page,
  browser,
}) => {
  const ownerEmail = uniqueEmail('owner');
  const takerEmail = uniqueEmail('taker');
  createUser({ email: ownerEmail, fullName: 'Olga Owner' });

  // The borrowed session (a shared computer left signed in), with the password the taker also saw.
  const other = await browser.newContext();
  const taker = await other.newPage();
  await signInWithForm(taker, ownerEmail);
  await expect(taker).toHaveURL(/\/$/);
  await taker.goto('/profile');
  const card = personalInformation(taker);
  await card.getByRole('button', { name: 'Edit' }).click();
  await card.getByLabel('Email Address').fill(takerEmail);
  await card.getByLabel(/Current Password/).fill(PASSWORD);
  await card.getByRole('button', { name: 'Save Changes' }).click();
  await expect(card.getByText(`Waiting for confirmation: ${takerEmail}`)).toBeVisible();
  const confirmLink = await waitForLink(takerEmail, '/confirm-email-change');
  await taker.goto(confirmLink.pathname + confirmLink.search);
  await expect(taker.getByRole('heading', { name: 'Email address changed' })).toBeVisible();

  // The owner reads the notice at the old address and undoes the change.
  const cancelLink = await waitForLink(ownerEmail, '/cancel-email-change');
  await page.goto(cancelLink.pathname + cancelLink.search);
  await expect(page.getByRole('heading', { name: 'Email change cancelled' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Reset my password' })).toBeVisible();

  // The taker's session is gone.
  await taker.goto('/profile');
  await expect(taker).toHaveURL(/\/signin/);

  // The owner's address is the account's again: a reset mail goes there, not to the taker.
  await page.getByRole('link', { name: 'Reset my password' }).click();
  await page.getByLabel('Email').fill(ownerEmail);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await waitForLink(ownerEmail, '/reset-password');
  expect(messagesTo(takerEmail).some((message) => message.text.includes('/reset-password'))).toBe(false);
  await signInWithForm(page, ownerEmail);
  await expect(page).toHaveURL(/\/$/);
  await other.close();
});
