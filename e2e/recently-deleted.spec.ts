import type { Locator, Page } from '@playwright/test';
import { PASSWORD, createUser, expectToast, uniqueEmail } from './support/accounts';
import { htmlPreview, openSection, UUID_ADDRESS } from './support/builder';
import { createCvThroughApi, cvRow, signInThroughApi } from './support/saved-cvs';
import { expect, test } from './support/test';

// The bin (docs/features/bin.md): a person deletes a CV, finds it in CV management's Recently deleted with when it
// was deleted and when it will be removed, comes back later (a reload), restores it and opens it in the builder with
// every value; then deletes another and deletes it forever after the question: after a reload it is in neither list.

// Template 1 (Executive Classic): 1001 full name, 1003 email, 1009 job title, 1010 company (repeatable).
const designerEntries = [
  { value: 'Ada Lovelace', index: 0, section_field: 1001 },
  { value: 'ada@example.com', index: 0, section_field: 1003 },
  { value: 'Analyst Programmer', index: 0, section_field: 1009 },
  { value: 'Babbage & Co', index: 0, section_field: 1010 },
];

function templateCard(page: Page, templateName: string): Locator {
  return page.getByRole('article', { name: templateName });
}

test('a deleted CV waits in Recently deleted: restored with its values, or deleted forever', async ({
  page,
}) => {
  const email = uniqueEmail('recently-deleted');
  createUser({ email, fullName: 'Ada Lovelace' });
  await signInThroughApi(page, email, PASSWORD);
  const designer = await createCvThroughApi(page, {
    name: 'Engine Designer',
    template: 1,
    entries: designerEntries,
  });
  const draft = await createCvThroughApi(page, {
    name: 'Old Draft',
    template: 1,
    entries: [{ value: 'Ada L.', index: 0, section_field: 1001 }],
  });

  await page.goto('/cv-management');
  // CV management lists the person's CVs first, each with its template.
  const classic = page.getByRole('list', { name: 'Your CVs', exact: true });
  await expect(classic.getByRole('link', { name: 'Engine Designer' })).toBeVisible();
  await expect(classic.getByTestId('generated-cv').filter({ hasText: 'Engine Designer' })).toContainText(
    'Executive Classic',
  );
  const recentlyDeletedTab = page.getByRole('tab', { name: /Recently deleted/ });
  const yourCvsTab = page.getByRole('tab', { name: 'Your CVs' });
  const binList = page.getByRole('list', { name: 'Recently deleted CVs' });

  // Delete: the question says where the CV can be found again.
  await classic.getByRole('button', { name: 'Delete Engine Designer' }).click();
  const question = page.getByRole('alertdialog', { name: 'Delete CV?' });
  await expect(question).toContainText('You can restore it from Recently deleted in CV Management.');
  await question.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'CV deleted', 'The CV was archived successfully.');
  await expect(classic.getByRole('link', { name: 'Engine Designer' })).toHaveCount(0);

  // Found in Recently deleted, with when it was deleted and when it will be removed.
  await expect(recentlyDeletedTab).toContainText('1');
  await recentlyDeletedTab.click();
  await expect(page).toHaveURL(/\/cv-management\?show=recently-deleted$/);
  const item = binList.getByRole('listitem', { name: 'Engine Designer' });
  await expect(item).toContainText('Executive Classic');
  await expect(item).toContainText(/Deleted \w+/);
  await expect(item).toContainText('Removed for good in 30 days');

  // Come back later: the same view, the same CV.
  await page.reload();
  await expect(recentlyDeletedTab).toHaveAttribute('aria-selected', 'true');
  await expect(binList.getByRole('listitem', { name: 'Engine Designer' })).toBeVisible();

  // Restore: it leaves the bin and is back in the list.
  await binList
    .getByRole('listitem', { name: 'Engine Designer' })
    .getByRole('button', { name: 'Restore Engine Designer' })
    .click();
  await expectToast(page, 'CV restored', '“Engine Designer” is back in your CVs.');
  await expect(binList.getByRole('listitem', { name: 'Engine Designer' })).toHaveCount(0);
  await yourCvsTab.click();
  await expect(page).toHaveURL(/\/cv-management$/);
  await classic.getByRole('link', { name: 'Engine Designer' }).click();

  // In the builder with every value it had.
  await expect(page).toHaveURL(UUID_ADDRESS);
  expect(page.url()).toContain(designer.uuid);
  const personal = await openSection(page, 'Personal Details');
  await expect(personal.getByLabel(/^Full Name\*?$/)).toHaveValue('Ada Lovelace');
  await expect(personal.getByLabel(/^Email\*?$/)).toHaveValue('ada@example.com');
  const work = await openSection(page, 'Work Experience');
  await expect(work.getByLabel(/^Job Title\*?$/)).toHaveValue('Analyst Programmer');
  await expect(work.getByLabel(/^Company\*?$/)).toHaveValue('Babbage & Co');
  await expect(htmlPreview(page).getByText('Babbage & Co')).toBeVisible();

  // Delete another, then delete it forever: asked first, and Cancel keeps it.
  await page.goto('/cv-management');
  await classic.getByRole('button', { name: 'Delete Old Draft' }).click();
  await page.getByRole('alertdialog', { name: 'Delete CV?' }).getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'CV deleted', 'The CV was archived successfully.');
  await recentlyDeletedTab.click();
  const draftItem = binList.getByRole('listitem', { name: 'Old Draft' });
  await draftItem.getByRole('button', { name: 'Delete Old Draft forever' }).click();
  let forever = page.getByRole('alertdialog', { name: 'Delete forever?' });
  await expect(forever).toContainText('Old Draft');
  await expect(forever).toContainText('This action cannot be undone.');
  await forever.getByRole('button', { name: 'Cancel' }).click();
  await expect(forever).toBeHidden();
  await expect(draftItem).toBeVisible();
  await draftItem.getByRole('button', { name: 'Delete Old Draft forever' }).click();
  forever = page.getByRole('alertdialog', { name: 'Delete forever?' });
  await forever.getByRole('button', { name: 'Delete forever' }).click();
  await expectToast(page, 'CV deleted forever', '“Old Draft” has been removed for good.');
  await expect(page.getByText('Nothing recently deleted')).toBeVisible();
  expect(cvRow(draft.id)).toBeUndefined();

  // After a reload it is in neither list; the restored CV stays where it belongs.
  await page.reload();
  await expect(page.getByText('Nothing recently deleted')).toBeVisible();
  await yourCvsTab.click();
  await expect(classic.getByRole('link', { name: 'Engine Designer' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Old Draft' })).toHaveCount(0);
  await page.goto('/');
  await expect(
    templateCard(page, 'Executive Classic').getByRole('link', { name: 'Engine Designer' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Old Draft' })).toHaveCount(0);
});
