import { PASSWORD, createUser, uniqueEmail } from './support/accounts';
import { createCvThroughApi, signInThroughApi } from './support/saved-cvs';
import { expect, test } from './support/test';

// The screens around the builder remember and explain: the templates screen keeps its filter and scroll in the
// address (Back returns to them), the colour mode applies before the app's script, and deleting a CV names it and
// leaves the focus where the person can go on.

test('Back returns to the templates screen with the same category and scroll position', async ({ page }) => {
  const email = uniqueEmail('filter');
  createUser({ email });
  await page.setViewportSize({ width: 390, height: 700 });
  await signInThroughApi(page, email, PASSWORD);
  await page.goto('/');
  await page.getByRole('button', { name: 'Modern', exact: true }).click();
  await expect(page).toHaveURL(/\?category=/);
  const card = page.getByRole('article', { name: 'Modern Timeline' });
  await card.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(100);
  await card.getByRole('link', { name: 'Create New CV' }).click();
  await expect(page.getByTestId('cv-name')).toHaveText('Untitled CV');

  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Available CV Templates' })).toBeVisible();
  await expect(page).toHaveURL(/\?category=/);
  await expect(page.getByRole('button', { name: 'Modern', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('article', { name: 'Executive Classic' })).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 40);
});

test('a dark colour mode applies before the app has run (no white flash)', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  // Only the page and its first small script: the app's bundle never arrives.
  await page.route('**/assets/**', (route) => route.abort());
  await page.goto('/signin');
  expect(await page.evaluate(() => document.documentElement.className)).toContain('dark');
  const background = await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);
  expect(background).toBe('dark');
});

test('deleting a CV names it, and the focus stays where the person can go on', async ({ page }) => {
  const email = uniqueEmail('delete');
  createUser({ email });
  await signInThroughApi(page, email, PASSWORD);
  const cv = await createCvThroughApi(page, {
    name: 'Head of Engines 1843',
    template: 1,
    entries: [{ value: 'Ada', index: 0, section_field: 1001 }],
  });
  await page.goto('/cv-management');
  const remove = page.getByRole('button', { name: `Delete ${cv.name}` });
  await remove.click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete CV?' });
  await expect(dialog).toContainText(cv.name);
  await expect(dialog).toContainText('You can restore it from Recently deleted in CV Management.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(remove).toBeFocused();

  await remove.click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('toast')).toContainText('The CV was archived successfully.');
  await expect(page.getByRole('link', { name: cv.name, exact: true })).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Executive Classic' })).toBeFocused();
});

test('the templates screen pages through all sixteen templates, ten at a time', async ({ page }) => {
  const email = uniqueEmail('pages');
  createUser({ email });
  await signInThroughApi(page, email, PASSWORD);
  await page.goto('/');
  const grid = page.getByRole('region', { name: 'Templates' });
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination.getByText('Page 1 of 2')).toBeVisible();
  await expect(grid.getByRole('article')).toHaveCount(10);
  await expect(grid.getByRole('article', { name: 'Executive Classic' })).toBeVisible();
  await pagination.getByRole('button', { name: 'Next' }).click();
  await expect(pagination.getByText('Page 2 of 2')).toBeVisible();
  await expect(grid.getByRole('article')).toHaveCount(6);
  await expect(grid.getByRole('article', { name: 'Japanese & Chinese' })).toBeVisible();
  await expect(pagination.getByRole('button', { name: 'Next' })).toBeDisabled();

  // The new categories filter to their own templates, on one page.
  await page.getByRole('button', { name: 'International', exact: true }).click();
  await expect(grid.getByRole('article')).toHaveCount(2);
  await expect(grid.getByRole('article', { name: 'Right-to-Left (Arabic & Hebrew)' })).toBeVisible();
  await expect(pagination).toHaveCount(0);
  await page.getByRole('button', { name: 'Student', exact: true }).click();
  await expect(grid.getByRole('article', { name: 'Graduate' })).toBeVisible();
});
