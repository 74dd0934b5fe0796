import type { Page } from '@playwright/test';
import { PASSWORD, createUser, expectToast, uniqueEmail } from './support/accounts';
import { signInThroughApi } from './support/saved-cvs';
import { expect, test } from './support/test';

// Cover letters in the bin (docs/features/bin.md): a person's deleted letter waits in CV management's Recently
// deleted, in its own "Cover letters" group; after a reload it is still there; Restore brings it back (the API
// serves it again); deleted once more, Delete forever asks, then removes it: after a reload it is nowhere.
// The letters are written and deleted through the API, as the letter editor would.

async function csrf(page: Page): Promise<Record<string, string>> {
  await page.request.get('/auth/csrf/');
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  return { 'X-CSRFToken': token };
}

async function createLetter(page: Page, name: string): Promise<{ id: number; uuid: string }> {
  const response = await page.request.post('/v1/CoverLetter/', {
    data: {
      name,
      company: 'Acme Ltd',
      body: '<p>I am writing to apply.</p>',
      signature_name: 'Ada Lovelace',
    },
    headers: await csrf(page),
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; uuid: string };
}

async function deleteLetter(page: Page, id: number) {
  const response = await page.request.delete(`/v1/CoverLetter/${id}/`, { headers: await csrf(page) });
  expect(response.status()).toBe(204);
}

test('a deleted cover letter waits in Recently deleted: restored, or deleted forever', async ({ page }) => {
  const email = uniqueEmail('letter-bin');
  createUser({ email, fullName: 'Ada Lovelace' });
  await signInThroughApi(page, email, PASSWORD);
  const letter = await createLetter(page, 'Letter to Acme');
  await deleteLetter(page, letter.id);
  expect((await page.request.get(`/v1/CoverLetter/${letter.id}/`)).status()).toBe(404);

  await page.goto('/cv-management?show=recently-deleted');
  const recentlyDeletedTab = page.getByRole('tab', { name: /Recently deleted/ });
  await expect(recentlyDeletedTab).toHaveAttribute('aria-selected', 'true');
  await expect(recentlyDeletedTab).toContainText('1');
  const group = page.getByRole('region', { name: 'Cover letters' });
  const letters = group.getByRole('list', { name: 'Recently deleted cover letters' });
  const item = letters.getByRole('listitem', { name: 'Letter to Acme' });
  await expect(item).toContainText(/Deleted \w+/);
  await expect(item).toContainText('Removed for good in 30 days');
  // Not among the CVs, and no "Nothing recently deleted".
  await expect(page.getByText('Nothing recently deleted')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Recently deleted CVs' })).toHaveCount(0);

  // Come back later: still there.
  await page.reload();
  await expect(item).toBeVisible();

  // Restore: it leaves the bin, and the letter is served again with what it had.
  await item.getByRole('button', { name: 'Restore Letter to Acme' }).click();
  await expectToast(page, 'Cover letter restored', '“Letter to Acme” is back in your cover letters.');
  await expect(group).toHaveCount(0);
  const back = await page.request.get(`/v1/CoverLetter/${letter.id}/`);
  expect(back.status()).toBe(200);
  expect(await back.json()).toMatchObject({
    name: 'Letter to Acme',
    company: 'Acme Ltd',
    signature_name: 'Ada Lovelace',
  });

  // Deleted again (elsewhere): a reload shows it; Delete forever asks first, then removes it for good.
  await deleteLetter(page, letter.id);
  await page.reload();
  await item.getByRole('button', { name: 'Delete Letter to Acme forever' }).click();
  const question = page.getByRole('alertdialog', { name: 'Delete forever?' });
  await expect(question).toContainText('Letter to Acme');
  await expect(question).toContainText('This action cannot be undone.');
  await question.getByRole('button', { name: 'Delete forever' }).click();
  await expectToast(page, 'Cover letter deleted forever', '“Letter to Acme” has been removed for good.');
  await expect(page.getByText('Nothing recently deleted')).toBeVisible();

  await page.reload();
  await expect(page.getByText('Nothing recently deleted')).toBeVisible();
  await expect(group).toHaveCount(0);
  expect(await (await page.request.get('/v1/bin/cover-letters/')).json()).toEqual([]);
  expect((await page.request.get(`/v1/CoverLetter/${letter.id}/`)).status()).toBe(404);
});
