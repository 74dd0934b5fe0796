import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';

// The first journey of the foundation: an anonymous visitor lands on /signin; a signed-in person gets the
// navigation rail, which Ctrl/Cmd+B collapses and expands and which remembers its state in a cookie.

const email = `rail-${Date.now()}@example.com`;
const password = 'RailPassw0rd';

function createUser() {
  execFileSync(
    'npx',
    [
      'tsx',
      'server/src/cli/user-create.ts',
      '--email',
      email,
      '--password',
      password,
      '--full-name',
      'Rail Tester',
    ],
    {
      env: {
        ...process.env,
        DATABASE_URL: `sqlite:${process.env.E2E_TMP}/cv-builder.sqlite`,
        LOG_LEVEL: 'silent',
      },
      stdio: 'pipe',
    },
  );
}

async function signInThroughApi(page: Page) {
  await page.goto('/signin');
  await page.request.get('/auth/csrf/');
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  const response = await page.request.post('/auth/login/', {
    data: { email, password },
    headers: { 'X-CSRFToken': csrf },
  });
  expect(response.status()).toBe(200);
  const { user_id } = (await response.json()) as { user_id: number };
  await page.evaluate((id) => localStorage.setItem('user_id', String(id)), user_id);
}

test('a visitor without a session is sent to /signin', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/signin$/);
});

test('the rail toggles with Ctrl+B and remembers its state', async ({ page }) => {
  createUser();
  await signInThroughApi(page);
  await page.goto('/cv-management');
  const rail = page.getByRole('navigation', { name: 'Sidebar' });
  await expect(rail).toBeVisible();
  await expect(page.getByRole('link', { name: 'CV Management' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

  const before = await rail.getAttribute('data-state');
  await page.keyboard.press('Control+b');
  const after = before === 'expanded' ? 'collapsed' : 'expanded';
  await expect(rail).toHaveAttribute('data-state', after);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'sidebar_state');
  expect(cookie?.value).toBe(String(after === 'expanded'));

  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Sidebar' })).toHaveAttribute('data-state', after);
  await page.keyboard.press('Control+b');
  await expect(page.getByRole('navigation', { name: 'Sidebar' })).toHaveAttribute(
    'data-state',
    before ?? 'expanded',
  );
});

test('on a phone the navigation opens as a dialog that holds the keyboard and closes with Escape', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughApi(page);
  await page.goto('/cv-management');
  const open = page.getByRole('button', { name: 'Open navigation' });
  await open.click();
  const drawer = page.getByRole('dialog', { name: 'Navigation' });
  await expect(drawer).toBeVisible();
  // The focus moves into the dialog and Tab stays there; the page behind it is not reachable.
  await expect.poll(() => drawer.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await drawer.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(open).toBeFocused();
});
