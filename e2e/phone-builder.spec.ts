import { AxeBuilder } from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect as baseExpect, type Locator, type Page } from '@playwright/test';
import { PASSWORD, createUser, uniqueEmail } from './support/accounts';
import { htmlPreview, openSection, section } from './support/builder';
import { createCvThroughApi, signInThroughApi, type CvEntry } from './support/saved-cvs';
import { test } from './support/test';

// The builder's preview shows pages, and works on a phone: a person with a two-page CV sees both pages at their
// paper's size, opens the Design panel without the preview being squeezed, turns on 'Fit to one page' and sees one
// page; on a phone they flip between the form and the preview with a switch (the keyboard too), every control is
// big enough for a finger, and the phone number's country reads whole.
// PREVIEW_SHOTS=<folder> keeps a screenshot of each screen, light and dark.

const expect = baseExpect.configure({ timeout: 30_000 });

const NAME = 'Ada Lovelace';
const JOBS = Array.from({ length: 11 }, (_, index) => ({
  title: `Principal Analytical Engineer ${index + 1}`,
  company: `Difference Engine Works ${index + 1}`,
  description:
    `<p>Wrote the first programs for the analytical engine, explained its notes to the Royal Society and ` +
    `taught ${index + 3} apprentices to read Bernoulli numbers off the cards, step ${index + 1}.</p>`,
}));

function twoPageCareer(): CvEntry[] {
  return [
    { value: NAME, index: 0, section_field: 1001 },
    { value: 'ada@example.com', index: 0, section_field: 1003 },
    ...JOBS.flatMap((job, index) => [
      { value: job.title, index, section_field: 1009 },
      { value: job.company, index, section_field: 1010 },
      { value: job.description, index, section_field: 1015 },
    ]),
  ];
}

const SHOTS = process.env.PREVIEW_SHOTS;

/** axe-core's WCAG 2.1 A and AA rules over the builder's own controls (the CV in its frame is the template's). */
async function expectNoViolations(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('iframe')
    .analyze();
  expect(
    violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
    ),
  ).toEqual([]);
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    // The preview lays its pages out again in the new colours; a moment for the theme to settle.
    await page.waitForTimeout(600);
    await page.screenshot({ path: join(SHOTS, `${name}-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function box(locator: Locator) {
  const rect = await locator.boundingBox();
  if (!rect) throw new Error('not visible');
  return rect;
}

async function openLongCv(page: Page, prefix: string) {
  const email = uniqueEmail(prefix);
  createUser({ email, fullName: NAME });
  await signInThroughApi(page, email, PASSWORD);
  const cv = await createCvThroughApi(page, { name: 'Two pages', template: 1, entries: twoPageCareer() });
  await page.goto(`/dashboard/${cv.uuid}`);
  await expect(section(page, 'Work Experience')).toBeAttached();
  return cv;
}

/** A segmented control's item as a finger meets it: the whole label, not its text. */
const segment = (group: Locator, text: string) =>
  group.locator('label').filter({ hasText: new RegExp(`^${text}$`) });

const pagesStatus = (page: Page) => page.getByTestId('preview-pages');

test.describe('laptop', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('the preview shows pages; the Design panel leaves it whole; fit to one page shows one page', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await openLongCv(page, 'pages');
    const preview = page.getByRole('region', { name: 'Preview' });

    await test.step('two A4 pages, as wide as the column', async () => {
      await expect(htmlPreview(page).getByText(JOBS[10]!.title)).toBeVisible();
      await expect(pagesStatus(page)).toHaveText('2 pages');
      const frame = page.getByTestId('html-preview');
      // Laid out at A4's width (210 mm at 96 px an inch, and the frame's padding), drawn to fit the column.
      expect(Number(await frame.evaluate((element) => (element as HTMLIFrameElement).offsetWidth))).toBe(826);
      const drawn = await box(frame);
      const column = await box(page.getByRole('region', { name: 'CV pages' }));
      expect(drawn.width).toBeLessThanOrEqual(column.width + 1);
      expect(drawn.width).toBeGreaterThan(column.width * 0.9);
      // The gap between the pages is drawn in the frame.
      await expect(htmlPreview(page).locator('.cv-page-gap')).toHaveCount(1);
      // Laying out the pages is a small part of a render (the server's HTML takes ~1 ms, the debounce 1 s).
      const took = await page.evaluate(() =>
        Math.max(...performance.getEntriesByName('cv-preview-pages').map((entry) => entry.duration)),
      );
      console.log(`pages laid out in at most ${took.toFixed(1)} ms`);
      expect(took).toBeLessThan(100);
      await shoot(page, 'laptop-html-pages');
    });

    await test.step('a whole page at a time', async () => {
      await preview.getByText('Whole page', { exact: true }).click();
      await expect(pagesStatus(page)).toHaveText('Page 1 of 2');
      await page.getByRole('button', { name: 'Next page' }).click();
      await expect(pagesStatus(page)).toHaveText('Page 2 of 2');
      await shoot(page, 'laptop-whole-page');
      await preview.getByText('Fit width', { exact: true }).click();
      await expect(pagesStatus(page)).toHaveText('2 pages');
    });

    await test.step("the PDF opens in the browser's viewer without its thumbnails", async () => {
      await segment(preview, 'PDF').click();
      await expect(page.getByTestId('pdf-preview')).toHaveAttribute('data', /^blob:.*#navpanes=0/);
      await page.waitForTimeout(2_000);
      await shoot(page, 'laptop-pdf');
      await segment(preview, 'HTML').click();
      await expect(pagesStatus(page)).toHaveText('2 pages');
    });

    await test.step('the Design panel opens over the form: the preview keeps its width', async () => {
      const before = await box(preview);
      const toggle = page.getByRole('button', { name: 'Design', exact: true });
      await toggle.click();
      const panel = page.getByRole('region', { name: 'Design' });
      await expect(panel).toBeVisible();
      expect((await box(preview)).width).toBe(before.width);
      // Nothing in the panel is cut: the Direction choices read whole.
      const rtl = panel.getByText('Right to left', { exact: true });
      await expect(rtl).toBeVisible();
      expect(await rtl.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
      await shoot(page, 'laptop-design-open');
      await expectNoViolations(page);

      const fit = panel.getByRole('switch', { name: 'Fit to one page' });
      await fit.click();
      await expect(fit).toHaveAttribute('aria-checked', 'true');
      await expect(pagesStatus(page)).toHaveText('1 page');
      await expect(htmlPreview(page).locator('.cv-page-gap')).toHaveCount(0);
      await shoot(page, 'laptop-fit-one-page');

      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(toggle).toBeFocused();
    });
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a switch flips between the form and the preview; every control takes a finger', async ({ page }) => {
    test.setTimeout(180_000);
    await openLongCv(page, 'phone');
    const show = page.getByRole('radiogroup', { name: 'Show' });
    const preview = page.getByRole('region', { name: 'Preview' });

    await test.step('the form first; the preview a tap away', async () => {
      await expect(show.getByRole('radio', { name: 'Form' })).toBeChecked();
      await expect(preview).toBeHidden();
      const summary = page.getByRole('textbox', { name: 'Summary', exact: true });
      await summary.tap();
      await page.keyboard.type('Mathematician');
      await shoot(page, 'phone-form');
      await show.getByText('Preview', { exact: true }).tap();
      await expect(preview).toBeVisible();
      await expect(page.getByTestId('builder-form')).toBeHidden();
      await expect(pagesStatus(page)).toHaveText('2 pages');
      await expect(htmlPreview(page).getByText('Mathematician')).toBeVisible();
      // The preview starts under the switch, not ~2,000 px down the page.
      expect((await box(preview)).y).toBeLessThan(200);
      await shoot(page, 'phone-preview');
    });

    await test.step('the Design panel rises from the bottom, the page above it whole', async () => {
      await preview.getByRole('button', { name: 'Design', exact: true }).tap();
      const panel = page.getByRole('region', { name: 'Design' });
      await expect(panel).toBeVisible();
      await shoot(page, 'phone-design-open');
      await expectNoViolations(page);
      await panel.getByRole('button', { name: 'Close design panel' }).tap();
      await expect(panel).toBeHidden();
    });

    await test.step('the keyboard flips it back, and the form is as it was', async () => {
      await show.getByRole('radio', { name: 'Preview' }).focus();
      await page.keyboard.press('ArrowLeft');
      await expect(show.getByRole('radio', { name: 'Form' })).toBeChecked();
      await expect(page.getByTestId('builder-form')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Summary', exact: true })).toContainText(
        'Mathematician',
      );
    });

    await test.step('every control named in the builder is at least 44 px tall and wide', async () => {
      const controls = [
        page.getByRole('button', { name: 'Undo' }),
        page.getByRole('button', { name: 'Redo' }),
        page.getByRole('button', { name: 'Open navigation' }),
        page.getByRole('button', { name: /^Move / }).first(),
        segment(show, 'Form'),
      ];
      for (const control of controls) {
        const rect = await box(control);
        expect(rect.height, String(control)).toBeGreaterThanOrEqual(44);
        expect(rect.width, String(control)).toBeGreaterThanOrEqual(44);
      }
      await show.getByText('Preview', { exact: true }).tap();
      for (const control of [
        preview.getByRole('combobox', { name: 'Template' }),
        segment(preview, 'HTML'),
        segment(preview, 'PDF'),
        segment(preview, 'ATS'),
        segment(preview, 'Fit width'),
        preview.getByRole('button', { name: 'Design', exact: true }),
      ]) {
        const rect = await box(control);
        expect(rect.height, String(control)).toBeGreaterThanOrEqual(44);
        expect(rect.width, String(control)).toBeGreaterThanOrEqual(44);
      }
      await show.getByText('Form', { exact: true }).tap();
    });

    await test.step("the phone number's country reads whole", async () => {
      const personal = await openSection(page, 'Personal Details');
      const country = personal.getByRole('combobox', {
        name: 'Country calling code',
      });
      // In the middle of the screen, clear of the sticky save bar.
      await country.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await expect(country).toBeVisible();
      // A line of its own, as wide as the form: '🇺🇸 United States (+1)' is not cut to '🇺🇸 United States (+…'.
      const rect = await box(country);
      expect(rect.width).toBeGreaterThan(300);
      expect(rect.height).toBeGreaterThanOrEqual(44);
      await shoot(page, 'phone-country');
    });
  });
});

test.describe('phone, the Save bar', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("says why Save waits, in words; a toast moves above the Download menu it would cover", async ({ page }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('save-bar');
    createUser({ email, fullName: NAME });
    await signInThroughApi(page, email, PASSWORD);

    await test.step('a new CV: the reason Save is disabled reads under the bar', async () => {
      await page.goto('/');
      await page.getByRole('article').first().getByRole('link', { name: 'Create New CV' }).tap();
      const save = page.getByRole('button', { name: 'Save CV' });
      await expect(save).toBeDisabled();
      const reason = page.getByTestId('save-reason');
      await expect(reason).toHaveText('Complete a section to save, download or email your CV.');
      await expect(reason).toBeInViewport();
      await expect(save).toHaveAccessibleDescription('Complete a section to save, download or email your CV.');
      await shoot(page, 'phone-save-reason');
      await section(page, 'Personal Details').getByRole('button', { name: 'Complete Section' }).tap();
      await expect(save).toBeEnabled();
      await expect(reason).toBeHidden();
    });

    await test.step("'CV Saved' rises above the Download menu, and back when it closes", async () => {
      const cv = await createCvThroughApi(page, { name: 'Bar', template: 1, entries: twoPageCareer() });
      await page.goto(`/dashboard/${cv.uuid}`);
      await expect(section(page, 'Work Experience')).toBeAttached();
      await page.keyboard.press('Control+s');
      const toast = page.getByTestId('toast');
      await expect(toast).toContainText('has been saved successfully');
      const resting = await box(toast);
      await page.getByRole('button', { name: 'Download' }).last().tap();
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      // The toast's move is a transition: it ends above the menu's top.
      await expect
        .poll(async () => (await box(toast)).y + (await box(toast)).height)
        .toBeLessThanOrEqual((await box(menu)).y);
      await shoot(page, 'phone-toast-above-download-menu');
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect.poll(async () => (await box(toast)).y).toBeCloseTo(resting.y, 0);
    });
  });
});

test.describe('phone, from the templates to a PDF', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a simple CV, from the Templates screen to a downloaded PDF, counted in taps', async ({ page }) => {
    test.setTimeout(180_000);
    const email = uniqueEmail('taps');
    createUser({ email, fullName: NAME });
    await signInThroughApi(page, email, PASSWORD);
    let taps = 0;
    const tap = async (locator: Locator) => {
      taps += 1;
      await locator.tap();
    };

    await page.goto('/');
    const card = page.getByRole('article').first();
    await tap(card.getByRole('link', { name: 'Create New CV' }));
    const personal = section(page, 'Personal Details');
    // The account's name and email are already there (a new CV starts from the account): nothing to type.
    await expect(personal.getByRole('textbox', { name: 'Full Name', exact: true })).toHaveValue(NAME);
    await expect(personal.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
    await tap(personal.getByRole('button', { name: 'Complete Section' }));
    // A look at the preview and back: two taps more (before the switch, a scroll of ~2,000 px down and up).
    const show = page.getByRole('radiogroup', { name: 'Show' });
    await segment(show, 'Preview').tap();
    await expect(htmlPreview(page).getByText(NAME)).toBeVisible();
    await expect(pagesStatus(page)).toHaveText('1 page');
    await segment(show, 'Form').tap();

    // A new CV is saved before it downloads (Save CV waits for a completed section; Download is disabled until the
    // save: 'Save your CV to download it').
    await tap(page.getByRole('button', { name: 'Save CV' }));
    const dialog = page.getByRole('dialog', { name: 'Save CV' });
    await tap(dialog.getByLabel('CV Name'));
    await page.keyboard.type('Simple');
    await tap(dialog.getByRole('button', { name: 'Save' }));
    await expect(dialog).toBeHidden();
    const arrival = page.waitForEvent('download');
    await tap(page.getByRole('button', { name: 'Download' }));
    await tap(page.getByRole('menuitem', { name: /PDF/ }));
    const file = await arrival;
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    test.info().annotations.push({ type: 'taps', description: String(taps) });
    console.log(
      `taps from the Templates screen to a downloaded PDF: ${taps} (and 2 for a look at the preview)`,
    );
    expect(taps).toBeLessThanOrEqual(10);
  });
});
