import { PASSWORD, createUser, expectToast, uniqueEmail } from './support/accounts';
import { signInThroughApi } from './support/saved-cvs';
import { expect, test } from './support/test';

// Sessions you can see: signed in on two browsers, the person sees both on the profile (this one marked),
// ends the other, and that browser is signed out; then all others at once.

test('a person sees where they are signed in and ends the other sessions', async ({ page, browser }) => {
  const email = uniqueEmail('sessions');
  createUser({ email, fullName: 'Ada Lovelace' });
  const elsewhere = await browser.newContext({
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
  });
  const otherPage = await elsewhere.newPage();
  try {
    await signInThroughApi(otherPage, email, PASSWORD);
    await signInThroughApi(page, email, PASSWORD);

    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Active Sessions' });
    const list = card.getByRole('list', { name: 'Active sessions' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('listitem').first()).toContainText('This device');
    await expect(list.getByRole('listitem').nth(1)).toContainText('Firefox 132 on Linux');
    await expect(list.getByRole('listitem').nth(1)).toContainText('Active just now');

    // After a reload the list is the same.
    await page.reload();
    await expect(list.getByRole('listitem')).toHaveCount(2);

    await card.getByRole('button', { name: 'End session: Firefox 132 on Linux' }).click();
    await expectToast(page, 'Session ended');
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(card.getByRole('button', { name: 'End all other sessions' })).toBeHidden();

    // The other browser is signed out: its next page asks it to sign in.
    await otherPage.goto('/profile');
    await expect(otherPage).toHaveURL(/\/signin/);

    // Signed in there again, then every other session ended at once, by keyboard.
    await signInThroughApi(otherPage, email, PASSWORD);
    await page.reload();
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await card.getByRole('button', { name: 'End all other sessions' }).focus();
    await page.keyboard.press('Enter');
    await expectToast(page, 'All other sessions ended');
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await otherPage.goto('/cv-management');
    await expect(otherPage).toHaveURL(/\/signin/);

    // This browser still works.
    await page.reload();
    await expect(page.getByText('Verified Account')).toBeVisible();
    await expect(list.getByRole('listitem').first()).toContainText('This device');
  } finally {
    await elsewhere.close();
  }
});
