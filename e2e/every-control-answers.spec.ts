import type { BrowserContextOptions, Page } from '@playwright/test';
import { PASSWORD, createUser, signInWithForm, uniqueEmail } from './support/accounts';
import { openSection, section } from './support/builder';
import { createCvThroughApi } from './support/saved-cvs';
import { expect, test } from './support/test';

// Every control answers on every device: a person signs in through the form and moves through the app by its
// links (no reload) while notifications come and go. On every screen, each visible, enabled control must be what
// the browser finds at its centre (nothing invisible on top of it), and the main ones are clicked or tapped.

const DEVICES: Record<string, BrowserContextOptions> = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  tablet: { viewport: { width: 820, height: 1180 }, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 } },
};

/** The controls that something invisible covers: each one scrolled to, then hit-tested at its centre. */
async function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [contenteditable="true"], [role="button"], [role="tab"], [role="radio"]';
    const covered: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const style = getComputedStyle(element);
      if (
        style.visibility === 'hidden' ||
        style.display === 'none' ||
        element.closest('[hidden], [aria-hidden="true"]')
      )
        continue;
      element.scrollIntoView({ block: 'center', inline: 'center' });
      const box = element.getBoundingClientRect();
      // Visually hidden inputs (a checkbox's real input, sr-only text) are operated through their visible part.
      if (box.width < 4 || box.height < 4) continue;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      const label = element.closest('label');
      if (hit && (hit === element || element.contains(hit) || (label !== null && label.contains(hit))))
        continue;
      const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
      const by = hit
        ? `${hit.tagName.toLowerCase()}${hit.id ? `#${hit.id}` : ''}.${String(hit.className).slice(0, 40)}`
        : 'nothing';
      covered.push(`${element.tagName.toLowerCase()} "${name}" is covered by ${by}`);
    }
    window.scrollTo(0, 0);
    return covered;
  });
}

async function expectEveryControlAnswers(page: Page, screen: string) {
  // Wait for the notifications of the moment to close: what they leave behind is what this looks for.
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 15_000 });
  expect(await coveredControls(page), `covered controls on ${screen}`).toEqual([]);
}

/** Follows a navigation link: on a phone the links are in the drawer behind ☰. */
async function follow(page: Page, device: string, name: string) {
  if (device === 'phone') {
    await page.getByRole('button', { name: 'Open navigation' }).tap();
    await page.getByRole('dialog').getByRole('link', { name }).tap();
    // The drawer closes with the navigation; its backdrop fades out for a moment, as it should.
    await expect(page.locator('.chakra-drawer__backdrop')).toHaveCount(0);
  } else {
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name }).click();
  }
}

for (const [device, options] of Object.entries(DEVICES)) {
  test.describe(`on a ${device}`, () => {
    test.use(options);

    test('every control answers while notifications come and go', async ({ page }) => {
      test.setTimeout(180_000);
      const email = uniqueEmail(`controls-${device}`);
      createUser({ email, fullName: 'Ada Lovelace' });
      const tap = (locator: ReturnType<Page['getByRole']>) =>
        device === 'desktop' ? locator.click() : locator.tap();

      await test.step('sign in through the form: a notification comes and goes', async () => {
        await signInWithForm(page, email, PASSWORD);
        await expect(page.getByTestId('toast')).toContainText('Signed in successfully!');
        await expect(page.getByRole('heading', { name: 'Available CV Templates' })).toBeVisible();
        await expectEveryControlAnswers(page, 'the templates screen');
      });

      const saved = await createCvThroughApi(page, {
        name: 'Controls CV',
        template: 1,
        entries: [{ value: 'Ada Lovelace', index: 0, section_field: 1001 }],
      });

      await test.step('CV Management by its link, then the saved CV by its link', async () => {
        await follow(page, device, 'CV Management');
        await expect(page.getByRole('heading', { name: 'CV Management' })).toBeVisible();
        await expectEveryControlAnswers(page, 'CV management');
        if (device !== 'desktop') {
          // Touch targets: every action of a CV row is at least 44×44 px, with room between them.
          const sizes = await page
            .getByTestId('generated-cv')
            .first()
            .locator('a, button')
            .evaluateAll((controls) =>
              controls.map((control) => {
                const box = control.getBoundingClientRect();
                return {
                  name: control.getAttribute('aria-label') ?? control.textContent,
                  width: box.width,
                  height: box.height,
                };
              }),
            );
          for (const size of sizes) {
            expect(size.width, `${size.name} width`).toBeGreaterThanOrEqual(44);
            expect(size.height, `${size.name} height`).toBeGreaterThanOrEqual(44);
          }
        }
        await tap(page.getByRole('link', { name: saved.name, exact: true }));
        await expect(page.getByTestId('cv-name')).toHaveText(saved.name);
      });

      await test.step('the builder: save (a notification), then the preview switch, the template menu and Download', async () => {
        const personal = await openSection(page, 'Personal Details');
        await personal.getByRole('textbox', { name: 'Professional Title', exact: true }).fill('Engineer');
        // A saved CV with a name: 'Save CV' saves at once.
        await tap(page.getByRole('button', { name: 'Save CV' }));
        await expect(page.getByTestId('toast')).toContainText('has been saved successfully');
        await expectEveryControlAnswers(page, 'the builder');
        // The controls that a closed notification used to block.
        const preview = page.getByRole('region', { name: 'Preview' });
        // Below the laptop layout the preview is behind the Form/Preview switch.
        const show = page.getByRole('radiogroup', { name: 'Show' });
        const switchTo = (view: string) => show.locator('label').filter({ hasText: new RegExp(`^${view}$`) });
        if (device !== 'desktop') await tap(switchTo('Preview'));
        await preview.scrollIntoViewIfNeeded();
        await tap(preview.getByText('PDF', { exact: true }));
        await expect(page.getByTestId('pdf-preview')).toBeVisible();
        await tap(preview.getByText('HTML', { exact: true }));
        await expect(page.getByTestId('html-preview')).toBeVisible();
        await expect(page.getByLabel('Template', { exact: true })).toBeEnabled();
        if (device !== 'desktop') await tap(switchTo('Form'));
        const download = page.getByRole('button', { name: 'Download' }).locator('visible=true');
        await tap(download);
        await expect(page.getByRole('menuitem', { name: 'PDF (A4)', exact: true })).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(page.getByRole('menuitem', { name: 'PDF (A4)', exact: true })).toBeHidden();
        await expect(section(page, 'Personal Details')).toBeVisible();
      });

      await test.step('Profile by its link', async () => {
        await follow(page, device, 'Profile');
        await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
        await expectEveryControlAnswers(page, 'the profile');
        await tap(page.getByRole('button', { name: 'Edit' }));
        await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
        await tap(page.getByRole('button', { name: 'Cancel' }));
      });

      await test.step("back to the templates by the logo, and 'Create New CV'", async () => {
        await tap(page.getByRole('link', { name: 'CV Builder home' }).locator('visible=true').first());
        await expect(page.getByRole('heading', { name: 'Available CV Templates' })).toBeVisible();
        const card = page.getByRole('article', { name: 'Modern Split' });
        if (device === 'desktop') await card.hover();
        await tap(card.getByRole('link', { name: 'Create New CV' }));
        await expect(page.getByTestId('cv-name')).toHaveText('Untitled CV');
        await expectEveryControlAnswers(page, 'a new CV in the builder');
      });
    });
  });
}
