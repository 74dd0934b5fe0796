import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createUser, signInWithForm, uniqueEmail, turnOnTwoStepInAdmin } from './support/accounts';

// The people who run the product find a user, switch them off and on, and switch a template off and
// on, in the server's admin panel — plain pages and forms, checked by axe-core in light and dark.

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function expectNoViolations(page: Page, screen: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  const found = violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')} — ${node.failureSummary}`),
  );
  expect(found, `${screen}: WCAG 2.1 AA violations`).toEqual([]);
}

test('a superuser finds a user, deactivates and reactivates them, and switches a template off and on', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const rootEmail = uniqueEmail('root');
  const personEmail = uniqueEmail('person');
  createUser({ email: rootEmail, fullName: 'Rosa Root', superuser: true });
  createUser({ email: personEmail, fullName: 'Pat Person' });

  // The person is using the app in their own browser.
  const theirs = await browser.newContext();
  const person = await theirs.newPage();
  await signInWithForm(person, personEmail);
  await expect(person.getByRole('heading', { name: 'Available CV Templates' })).toBeVisible();
  await expect(person.getByRole('article', { name: 'Technical Engineer' })).toBeVisible();

  // The superuser signs in like anyone and is sent to the admin panel.
  await signInWithForm(page, rootEmail);
  await expect(page).toHaveURL(/\/admin\/$/);
  // Staff turn on two-step sign-in before anything else in the panel.
  await turnOnTwoStepInAdmin(page);
  await expect(page.getByRole('heading', { name: 'CV Builder administration', level: 1 })).toBeVisible();
  await expect(page.getByText('Signed in as Rosa Root')).toBeVisible();

  // Finds the person.
  await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Users' }).click();
  await page.getByLabel('Search by email or name').fill(personEmail.split('@')[0]!);
  await page.getByLabel('Search by email or name').press('Enter');
  await expect(page.getByRole('table')).toContainText('1 matching user');
  await page.getByRole('link', { name: personEmail }).click();
  await expect(page.getByRole('heading', { name: personEmail, level: 1 })).toBeVisible();
  await expect(page.getByText('Open sessions')).toBeVisible();

  // Deactivates them: their open session ends, and signing in answers as a wrong password does.
  await page.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByRole('status')).toContainText('The account is deactivated');
  await expect(page.getByText('Deactivated', { exact: true })).toBeVisible();
  await person.reload();
  await expect(person).toHaveURL(/\/signin/);
  await signInWithForm(person, personEmail);
  await expect(person.getByText('Invalid email or password.')).toBeVisible();

  // Reactivates them: they sign in again.
  await page.getByRole('button', { name: 'Reactivate' }).click();
  await expect(page.getByRole('status')).toContainText('The account is active again.');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Deactivate' })).toBeVisible();
  await signInWithForm(person, personEmail);
  await expect(person.getByRole('heading', { name: 'Available CV Templates' })).toBeVisible();

  // Switches a template off: it leaves the person's templates screen; on again: it is back.
  await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Templates' }).click();
  await page.getByRole('button', { name: 'Deactivate Technical Engineer' }).click();
  await expect(page.getByRole('status')).toContainText('The template is inactive');
  await person.reload();
  await expect(person.getByRole('article', { name: 'Executive Classic' })).toBeVisible();
  await expect(person.getByRole('article', { name: 'Technical Engineer' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Activate Technical Engineer' }).click();
  await expect(page.getByRole('button', { name: 'Deactivate Technical Engineer' })).toBeVisible();
  await person.reload();
  await expect(person.getByRole('article', { name: 'Technical Engineer' })).toBeVisible();

  // Every action is in the audit log.
  await page.getByRole('link', { name: 'Audit log' }).click();
  const log = page.getByRole('table');
  await expect(log).toContainText('4 entries');
  await expect(log.getByRole('row').filter({ hasText: 'Deactivated' }).filter({ hasText: personEmail })).toHaveCount(1);
  await expect(log.getByRole('row').filter({ hasText: 'Technical Engineer' })).toHaveCount(2);
  await theirs.close();
});

test('a normal user who opens /admin/ gets the staff-only page', async ({ page }) => {
  const email = uniqueEmail('curious');
  createUser({ email });
  await signInWithForm(page, email);
  await expect(page.getByRole('heading', { name: 'Available CV Templates' })).toBeVisible();
  const response = await page.goto('/admin/users/');
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Staff only' })).toBeVisible();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the admin pages meet WCAG 2.1 AA (${colorScheme})`, async ({ page }) => {
    // Nine pages, each scanned: more than the default minute on a busy machine.
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme });
    const email = uniqueEmail(`admin-a11y-${colorScheme}`);
    createUser({ email, fullName: 'Sam Staff', staff: true });
    await signInWithForm(page, email);
    await expect(page).toHaveURL(/\/admin\/$/);
    // Its pages are checked too: the panel first asks staff to turn on two-step sign-in.
    await expectNoViolations(page, `the two-step setup request (${colorScheme})`);
    await turnOnTwoStepInAdmin(page);
    for (const [path, heading] of [
      ['/admin/', 'CV Builder administration'],
      ['/admin/users/?sort=email', 'Users'],
      ['/admin/users/?q=admin-a11y', 'Users'],
      ['/admin/templates/', 'Templates'],
      ['/admin/tags/', 'Tags'],
      ['/admin/cvs/?archived=all', 'CVs'],
      ['/admin/audit/', 'Audit log'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expectNoViolations(page, `${path} (${colorScheme})`);
    }
    await page.getByRole('link', { name: 'Users', exact: true }).click();
    await page.getByRole('link', { name: email }).click();
    await expect(page.getByRole('heading', { name: email, level: 1 })).toBeVisible();
    await expectNoViolations(page, `a user's page (${colorScheme})`);
    // An error shown on a page (the last-superuser and own-account rules) is checked too.
    await page.getByRole('button', { name: 'End all sessions' }).click();
    await expect(page.getByRole('status')).toBeVisible();
    await expectNoViolations(page, `a user's page with a notice (${colorScheme})`);
    await page.goto('/admin/tags/');
    await page.getByRole('button', { name: 'Create tag' }).click();
    await page.getByLabel('Name', { exact: true }).fill(' ');
    await page.getByRole('button', { name: 'Create tag' }).click();
    await expect(page.getByRole('alert')).toContainText('A tag needs a name.');
    await expectNoViolations(page, `the tags page with an error (${colorScheme})`);
    // Keyboard: the skip link is the first stop and leads to the content.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  });
}
