import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, createUser, uniqueEmail } from './support/accounts';
import { catalogue } from './support/catalogue';
import { createCvThroughApi, signInThroughApi } from './support/saved-cvs';

// Every screen, in light and in dark, checked by axe-core against WCAG 2.1 A and AA: names and roles of
// controls, labels, landmarks, colour contrast. Screens are scanned once they show their content. And in every
// language the interface speaks (a browser that speaks it): longer words, another script, Arabic mirrored — in the
// light theme, and Arabic in the dark one too (colours do not change with the language; the layout does).

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

const escaped = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

const RUNS = [
  { language: 'en', locale: 'en-US', colorScheme: 'light' },
  { language: 'en', locale: 'en-US', colorScheme: 'dark' },
  { language: 'de', locale: 'de-DE', colorScheme: 'light' },
  { language: 'fr', locale: 'fr-FR', colorScheme: 'light' },
  { language: 'es', locale: 'es-ES', colorScheme: 'light' },
  { language: 'ar', locale: 'ar-EG', colorScheme: 'light' },
  { language: 'ar', locale: 'ar-EG', colorScheme: 'dark' },
  { language: 'ja', locale: 'ja-JP', colorScheme: 'light' },
] as const;

for (const { language, locale, colorScheme } of RUNS) {
  const w = catalogue(language);
  test.describe(language === 'en' ? `${colorScheme} theme` : `${colorScheme} theme, in ${language}`, () => {
    test.use({ colorScheme, locale });

    test('the account screens meet WCAG 2.1 AA', async ({ page }) => {
      await page.goto('/signin');
      await expect(page.getByRole('heading', { name: w('Welcome') })).toBeVisible();
      // Google and LinkedIn are configured for the journeys: their buttons come to life once their code loads.
      await expect(page.getByRole('button', { name: w('Continue with Google') })).toBeEnabled();
      await expect(page.getByRole('button', { name: w('Sign in with LinkedIn') })).toBeEnabled();
      await expectNoViolations(page, '/signin');
      // With the form's own error messages showing.
      await page.getByRole('button', { name: w('Sign in'), exact: true }).click();
      await expect(page.getByLabel(w('Email'), { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expectNoViolations(page, '/signin with errors');

      await page.goto('/signup');
      await expect(page.getByRole('heading', { name: w('Create an Account') })).toBeVisible();
      await expectNoViolations(page, '/signup');

      await page.goto('/forgot-password');
      await expect(page.getByRole('button', { name: w('Send Reset Link') })).toBeVisible();
      await expectNoViolations(page, '/forgot-password');

      await page.goto('/confirm-email?uid=Mg&token=not-a-token');
      await expect(page.getByRole('button', { name: w('Send a new link') })).toBeVisible();
      await expectNoViolations(page, '/confirm-email failed');

      await page.goto('/contact');
      await expect(page.getByRole('link', { name: 'help@cv-builder.test' })).toBeVisible();
      await expectNoViolations(page, '/contact');

      // A refused link and the pages of the links mailed about an account.
      await page.goto('/reset-password?uid=Mg&token=not-a-token');
      await expect(page.getByRole('link', { name: w('Request a new link') })).toBeVisible();
      await expectNoViolations(page, '/reset-password refused');

      await page.goto('/delete-account?uid=Mg&token=not-a-token');
      await expect(page.getByRole('button', { name: w('Delete my account') })).toBeVisible();
      await expectNoViolations(page, '/delete-account');

      await page.goto('/confirm-email-change?uid=Mg&token=not-a-token');
      await expect(page.getByRole('heading', { name: w('This link cannot be used') })).toBeVisible();
      await expectNoViolations(page, '/confirm-email-change refused');
    });

    test('the signed-in screens meet WCAG 2.1 AA', async ({ page }) => {
      test.setTimeout(120_000);
      const email = uniqueEmail(`a11y-${language}-${colorScheme}`);
      createUser({ email, fullName: 'Ada Lovelace' });
      await signInThroughApi(page, email, PASSWORD);
      const cv = await createCvThroughApi(page, { name: 'Analyst 2024', template: 1, entries: [] });

      await page.goto('/');
      await expect(page.getByRole('heading', { name: w('Available CV Templates') })).toBeVisible();
      await expect(page.getByRole('article').first()).toBeVisible();
      await expectNoViolations(page, 'templates');

      await page.goto('/cv-management');
      await expect(page.getByText('Analyst 2024').first()).toBeVisible();
      await expectNoViolations(page, '/cv-management');

      await page.goto('/profile');
      await expect(page.getByText(w('Verified Account'))).toBeVisible();
      await expectNoViolations(page, '/profile');
      // An email change asks for the password; deleting asks in a dialog.
      const details = page.getByRole('region', { name: w('Personal Information') });
      await details.getByRole('button', { name: w('Edit') }).click();
      await details.getByLabel(w('Email Address')).fill(`new-${email}`);
      await details.getByRole('button', { name: w('Save Changes') }).click();
      await expect(details.getByLabel(escaped(w('Current Password')))).toBeFocused();
      await expectNoViolations(page, '/profile asking for the password');
      await details.getByRole('button', { name: w('Cancel') }).click();
      await page.getByRole('button', { name: w('Delete Account') }).click();
      await expect(page.getByRole('alertdialog', { name: w('Delete account?') })).toBeVisible();
      await expectNoViolations(page, '/profile deletion dialog');
      await page.getByRole('alertdialog').getByRole('button', { name: w('Cancel') }).click();

      // [extension] A cover letter written from the CV, its preview beside it.
      await page.goto(`/cover-letters/new?cv=${cv.id}`);
      await expect(page.getByRole('heading', { name: w('Cover letter'), level: 1 })).toBeVisible();
      await expect(page.getByLabel(w('Company'))).toBeVisible();
      // Its preview is the server's printed document, as the builder's (scanned below): the controls are scanned.
      await expectNoViolations(page, 'the cover letter editor', { withoutPreview: true });

      await page.goto(`/dashboard/${cv.uuid}`);
      // The product's name, the same in every language.
      await expect(page.getByRole('heading', { name: 'CV Builder', level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: w('Save CV') })).toBeVisible();
      await expectNoViolations(page, 'the builder');
      // The shaping controls — handles, eyes, a hidden section, a section of one's own, open.
      await page.getByRole('button', { name: w('Hide {name} from the CV', { name: w('Skills') }) }).click();
      await page.getByRole('button', { name: w('Add Custom Section') }).click();
      await expect(page.getByRole('textbox', { name: escaped(w('Section title')) })).toBeVisible();
      await expectNoViolations(page, 'the builder with a hidden section and a section of its own', {
        withoutPreview: true,
      });
    });
  });
}
