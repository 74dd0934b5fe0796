import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, createUser, expectToast, uniqueEmail, turnOnTwoStepInAdmin } from './support/accounts';
import { htmlPreview, openSection } from './support/builder';
import { createCvThroughApi, signInThroughApi } from './support/saved-cvs';

// Every screen under the server's content security policy (server/src/http/security-headers.ts), its
// dialogs, menus, toasts and both previews, collecting every violation the browser reports — in the page
// (securitypolicyviolation events) and in any frame, the sandboxed HTML preview included (the console): none.

interface Violation {
  where: string;
  text: string;
}

function collectViolations(page: Page): Violation[] {
  const violations: Violation[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (apply|load|execute|connect|frame)/i.test(message.text())) {
      violations.push({ where: page.url(), text: message.text() });
    }
  });
  void page.exposeFunction('reportCspViolation', (text: string) =>
    violations.push({ where: page.url(), text }),
  );
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return violations;
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
}

test('the policy is enforced: an inline style without the nonce is refused and reported', async ({
  page,
}) => {
  const violations = collectViolations(page);
  await page.goto('/signin');
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  const applied = await page.evaluate(() => {
    const style = document.createElement('style');
    style.textContent = 'body { outline: 7px solid red }';
    document.head.append(style);
    return getComputedStyle(document.body).outlineWidth;
  });
  expect(applied).not.toBe('7px');
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  // The styles the app itself inserts carry the page's nonce and apply.
  const nonced = await page.evaluate(() =>
    [...document.querySelectorAll('style[data-emotion]')].every(
      (style) => (style as HTMLStyleElement).nonce !== '',
    ),
  );
  expect(nonced).toBe(true);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).not.toHaveCSS(
    'background-color',
    'rgba(0, 0, 0, 0)',
  );
});

test('every screen runs without a content security policy violation', async ({ page }) => {
  test.setTimeout(300_000);
  const violations = collectViolations(page);

  await test.step('the account screens (Google and LinkedIn configured)', async () => {
    await page.goto('/signin');
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Sign in with LinkedIn' })).toBeEnabled();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('nobody'));
    await page.getByLabel('Password', { exact: true }).fill('Passw0rd!');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectToast(page, 'Invalid email or password.');
    for (const [url, check] of [
      ['/signup', () => page.getByRole('heading', { name: 'Create an Account' })],
      ['/forgot-password', () => page.getByRole('button', { name: 'Send Reset Link' })],
      [
        '/confirm-email?uid=Mg&token=not-a-token',
        () => page.getByRole('button', { name: 'Send a new link' }),
      ],
      ['/contact', () => page.getByRole('link', { name: 'help@cv-builder.test' })],
      [
        '/reset-password?uid=Mg&token=not-a-token',
        () => page.getByRole('link', { name: 'Request a new link' }),
      ],
      [
        '/delete-account?uid=Mg&token=not-a-token',
        () => page.getByRole('button', { name: 'Delete my account' }),
      ],
      ['/preview', () => page.getByRole('heading', { name: 'Preview' })],
    ] as const) {
      await page.goto(url);
      await expect(check()).toBeVisible();
      await settle(page);
    }
  });

  const email = uniqueEmail('csp');
  createUser({ email, fullName: 'Ada Lovelace' });
  let uuid = '';
  await test.step('the signed-in screens', async () => {
    await signInThroughApi(page, email, PASSWORD);
    const templates = (await (await page.request.get('/v1/CvTemplate/')).json()) as { id: number; name: string }[];
    const corporate = templates.find((template) => template.name === 'Corporate Sidebar')!;
    uuid = (await createCvThroughApi(page, { name: 'Policy 2024', template: corporate.id, entries: [] })).uuid;
    await page.goto('/');
    await expect(page.getByRole('article').first()).toBeVisible();
    await settle(page);
    await page.goto('/cv-management');
    await expect(page.getByText('Policy 2024').first()).toBeVisible();
    await page.getByRole('button', { name: 'Download Policy 2024' }).first().click();
    await expect(page.getByRole('menuitem', { name: 'Download PDF' })).toBeVisible();
    await page.keyboard.press('Escape');
    await settle(page);
    await page.goto('/profile');
    await expect(page.getByText('Verified Account')).toBeVisible();
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Delete account?' })).toBeVisible();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await settle(page);
  });

  await test.step('the builder: the HTML preview and the PDF preview', async () => {
    await page.goto(`/dashboard/${uuid}`);
    await expect(page.getByRole('button', { name: 'Save CV' })).toBeVisible();
    const personal = page.getByRole('region', { name: /Personal/ }).first();
    await personal.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Ada Policy');
    // The sandboxed preview frame inherits the page's policy: its stylesheet applies (it carries the nonce).
    await expect(htmlPreview(page).getByText('Ada Policy')).toBeVisible();
    const accent = await htmlPreview(page)
      .locator('body')
      .evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim());
    expect(accent).not.toBe('');
    await page.getByRole('region', { name: 'Preview' }).getByText('PDF', { exact: true }).click();
    await expect(page.getByTestId('pdf-preview')).toHaveAttribute('data', /^blob:/);
    await page.getByRole('region', { name: 'Preview' }).getByText('HTML', { exact: true }).click();
    await expect(htmlPreview(page).getByText('Ada Policy')).toBeVisible();
    // The rich-text editor (Tiptap inserts its base styles).
    const profile = await openSection(page, 'Profile');
    await profile.getByRole('textbox', { name: 'Profile Summary' }).click();
    await page.keyboard.type('Engineer under a strict policy');
    await expect(htmlPreview(page).getByText('Engineer under a strict policy')).toBeVisible();
    // The builder keeps a draft and a live preview going: no network quiet to wait for here.
    await page.waitForTimeout(1500);
  });

  await test.step("the staff administration page (the server's own page)", async () => {
    const staff = uniqueEmail('csp-staff');
    createUser({ email: staff, staff: true });
    await signInThroughApi(page, staff, PASSWORD);
    await page.goto('/admin/');
    // The panel first asks staff to turn on two-step sign-in: its pages (a QR code drawn as SVG) are walked too.
    await turnOnTwoStepInAdmin(page);
    await expect(page.getByRole('heading', { name: 'CV Builder administration' })).toBeVisible();
    // The panel's own stylesheet (nonced) applies: the browser's default body margin is gone.
    await expect(page.locator('body')).toHaveCSS('margin-top', '0px');
    await page.getByRole('link', { name: 'Users' }).first().click();
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    await settle(page);
  });

  expect(violations).toEqual([]);
});
