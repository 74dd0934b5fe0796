import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, createUser, uniqueEmail } from './support/accounts';
import { createCvThroughApi, signInThroughApi } from './support/saved-cvs';

// Every screen, in light and in dark, checked by axe-core against WCAG 2.1 A and AA: names and roles of
// controls, labels, landmarks, colour contrast. Screens are scanned once they show their content.

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function expectNoViolations(page: Page, screen: string, options: { withoutPreview?: boolean } = {}) {
  // Colours are judged at rest: a button that has just become enabled fades to its colour over ~200 ms.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const builder = new AxeBuilder({ page }).withTags(WCAG);
  // The preview's document is replaced while it re-renders after a change, and a scan inside a frame that is being
  // replaced never returns: after a change only the controls are scanned (the preview was scanned at rest before).
  if (options.withoutPreview) builder.exclude('iframe');
  const { violations } = await builder.analyze();
  const found = violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')} — ${node.failureSummary}`,
    ),
  );
  expect(found, `${screen}: WCAG 2.1 AA violations`).toEqual([]);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test('the account screens meet WCAG 2.1 AA', async ({ page }) => {
      await page.goto('/signin');
      await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
      // Google and LinkedIn are configured for the journeys: their buttons come to life once their code loads.
      await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
      await expect(page.getByRole('button', { name: 'Sign in with LinkedIn' })).toBeEnabled();
      await expectNoViolations(page, '/signin');
      // With the form's own error messages showing.
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expectNoViolations(page, '/signin with errors');

      await page.goto('/signup');
      await expect(page.getByRole('heading', { name: 'Create an Account' })).toBeVisible();
      await expectNoViolations(page, '/signup');

      await page.goto('/forgot-password');
      await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
      await expectNoViolations(page, '/forgot-password');

      await page.goto('/confirm-email?uid=Mg&token=not-a-token');
      await expect(page.getByRole('button', { name: 'Send a new link' })).toBeVisible();
      await expectNoViolations(page, '/confirm-email failed');

      await page.goto('/contact');
      await expect(page.getByRole('link', { name: 'help@cv-builder.test' })).toBeVisible();
      await expectNoViolations(page, '/contact');

      // A refused link and the pages of the links mailed about an account.
      await page.goto('/reset-password?uid=Mg&token=not-a-token');
      await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
      await expectNoViolations(page, '/reset-password refused');

      await page.goto('/delete-account?uid=Mg&token=not-a-token');
      await expect(page.getByRole('button', { name: 'Delete my account' })).toBeVisible();
      await expectNoViolations(page, '/delete-account');

      await page.goto('/confirm-email-change?uid=Mg&token=not-a-token');
      await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
      await expectNoViolations(page, '/confirm-email-change refused');
    });

    test('the signed-in screens meet WCAG 2.1 AA', async ({ page }) => {
      test.setTimeout(120_000);
      const email = uniqueEmail(`a11y-${colorScheme}`);
      createUser({ email, fullName: 'Ada Lovelace' });
      await signInThroughApi(page, email, PASSWORD);
      const cv = await createCvThroughApi(page, { name: 'Analyst 2024', template: 1, entries: [] });

      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Available CV Templates' })).toBeVisible();
      await expect(page.getByRole('article').first()).toBeVisible();
      await expectNoViolations(page, 'templates');

      await page.goto('/cv-management');
      await expect(page.getByText('Analyst 2024').first()).toBeVisible();
      await expectNoViolations(page, '/cv-management');

      await page.goto('/profile');
      await expect(page.getByText('Verified Account')).toBeVisible();
      await expectNoViolations(page, '/profile');
      // An email change asks for the password; deleting asks in a dialog.
      const details = page.getByRole('region', { name: 'Personal Information' });
      await details.getByRole('button', { name: 'Edit' }).click();
      await details.getByLabel('Email Address').fill(`new-${email}`);
      await details.getByRole('button', { name: 'Save Changes' }).click();
      await expect(details.getByLabel(/Current Password/)).toBeFocused();
      await expectNoViolations(page, '/profile asking for the password');
      await details.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: 'Delete Account' }).click();
      await expect(page.getByRole('alertdialog', { name: 'Delete account?' })).toBeVisible();
      await expectNoViolations(page, '/profile deletion dialog');
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

      // [extension] A cover letter written from the CV, its preview beside it.
      await page.goto(`/cover-letters/new?cv=${cv.id}`);
      await expect(page.getByRole('heading', { name: 'Cover letter', level: 1 })).toBeVisible();
      await expect(page.getByLabel('Company')).toBeVisible();
      // Its preview is the server's printed document, as the builder's (scanned below): the controls are scanned.
      await expectNoViolations(page, 'the cover letter editor', { withoutPreview: true });

      await page.goto(`/dashboard/${cv.uuid}`);
      await expect(page.getByRole('heading', { name: 'CV Builder', level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Save CV' })).toBeVisible();
      await expectNoViolations(page, 'the builder');
      // The shaping controls — handles, eyes, a hidden section, a section of one's own, open.
      await page.getByRole('button', { name: 'Hide Skills from the CV' }).click();
      await page.getByRole('button', { name: 'Add Custom Section' }).click();
      await expect(page.getByRole('textbox', { name: /Section title/ })).toBeVisible();
      await expectNoViolations(page, 'the builder with a hidden section and a section of its own', {
        withoutPreview: true,
      });
    });
  });
}
