import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, uniqueEmail } from './support/accounts';
import { UUID_ADDRESS, openSection, section } from './support/builder';
import { catalogue } from './support/catalogue';
import { linkIn, waitForMessage } from './support/outbox';

// The interface in the person's language (docs/decisions/0053-languages.md): a browser that speaks German, or
// Arabic, gets the whole journey in it — sign up, the confirmation mail, confirm, sign in, build a CV whose
// headings are in that language, save it, download it — and Arabic is mirrored, on a laptop and on a phone.
// The words are the catalogues' (what a translator wrote), so the journey reads them from there.

async function expectMirrored(page: Page, rtl: boolean) {
  await expect(page.locator('html')).toHaveAttribute('dir', rtl ? 'rtl' : 'ltr');
  // The colour-mode switch sits at the end of the line: the right in English and German, the left in Arabic.
  const box = (await page.locator('main').getByRole('button').first().boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x + box.width / 2 < width / 2).toBe(rtl);
}

// Text as a PDF gives it back: Arabic letters may come in their presentation forms, and a template may print its
// headings in capitals.
const plain = (text: string) => text.normalize('NFKC').toLocaleLowerCase();

for (const { language, locale, rtl, phone: phoneNumber } of [
  // A mobile number as a person in Germany writes it.
  { language: 'de', locale: 'de-DE', rtl: false, phone: '01512 3456789' },
  // In France.
  { language: 'fr', locale: 'fr-FR', rtl: false, phone: '06 12 34 56 78' },
  // And one in Egypt.
  { language: 'ar', locale: 'ar-EG', rtl: true, phone: '0100 123 4567' },
]) {
  test.describe(`in ${language}`, () => {
    test.use({ locale });

    test(`a person whose browser speaks ${language} signs up, builds, saves and downloads a CV in it`, async ({
      page,
    }) => {
      const w = catalogue(language);
      const email = uniqueEmail(`lang-${language}`);

      await test.step('sign up, in the language, mirrored where it reads right to left', async () => {
        await page.goto('/signup');
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.getByRole('heading', { name: w('Create an Account') })).toBeVisible();
        await expectMirrored(page, rtl);
        await page.setViewportSize({ width: 390, height: 844 });
        await expectMirrored(page, rtl);
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.getByLabel(w('Full Name')).fill('Ada Lovelace');
        await page.getByLabel(w('Email'), { exact: true }).fill(email);
        const phone = page.getByLabel(w('Phone Number'), { exact: true });
        await phone.click();
        await phone.press('End');
        await phone.pressSequentially(phoneNumber);
        await page.getByLabel(w('Password'), { exact: true }).fill(PASSWORD);
        await page.getByLabel(w('Confirm Password'), { exact: true }).fill(PASSWORD);
        await page.getByRole('button', { name: w('Sign up'), exact: true }).click();
        await expect(page.getByTestId('toast')).toContainText(w('Account created Successfully!'));
        // At the end of the line: the bottom right, and the bottom left in Arabic (clear of the sidebar).
        const toast = (await page.getByTestId('toast').boundingBox())!;
        expect(toast.x + toast.width / 2 < page.viewportSize()!.width / 2).toBe(rtl);
        await expect(page).toHaveURL(/\/signin$/);
      });

      await test.step('the confirmation mail is in the language too', async () => {
        const subject = w('Confirm your email address for CV Builder');
        const message = await waitForMessage(email, /./);
        expect(message.subject).toBe(subject);
        const link = linkIn(message, '/confirm-email');
        await page.goto(link.pathname + link.search);
        await expect(page.getByRole('heading', { name: w('Email Confirmed!') })).toBeVisible();
      });

      await test.step('sign in; the shell speaks the language (and its sidebar sits at the start)', async () => {
        await page.goto('/signin');
        await page.getByLabel(w('Email'), { exact: true }).fill(email);
        await page.getByLabel(w('Password'), { exact: true }).fill(PASSWORD);
        await page.getByRole('button', { name: w('Sign in'), exact: true }).click();
        await expect(page).toHaveURL(/\/$/);
        const sidebar = page.getByRole('navigation', { name: w('Sidebar') });
        await expect(sidebar).toBeVisible();
        const box = (await sidebar.boundingBox())!;
        expect(box.x + box.width / 2 > 640).toBe(rtl);
      });

      await test.step('a new CV is in the language: its headings are', async () => {
        const card = page.getByRole('article', { name: w('Clean Minimal') });
        await card.getByRole('link', { name: w('Create New CV') }).click();
        const personal = section(page, 'Personal Details');
        await expect(personal).toBeVisible();
        // The account's name is there already; the CV's says it in full.
        await personal.getByRole('textbox', { name: w('Full Name'), exact: true }).fill('Augusta Ada King');
        await personal.getByRole('button', { name: w('Complete Section') }).click();
        const experience = await openSection(page, 'Experience');
        await experience
          .getByRole('textbox', { name: w('Job Title'), exact: true })
          .fill('Analyst Programmer');
        await experience
          .getByRole('textbox', { name: w('Company'), exact: true })
          .fill('Analytical Engines Ltd');
        await experience.getByRole('button', { name: w('Complete Section') }).click();
        await page.getByRole('button', { name: w('Save CV') }).click();
        const dialog = page.getByRole('dialog', { name: w('Save CV') });
        await dialog.getByLabel(w('CV Name')).fill(`Lebenslauf ${language}`);
        await dialog.getByRole('button', { name: w('Save'), exact: true }).click();
        await expect(page).toHaveURL(UUID_ADDRESS);
      });

      await test.step('on a phone the builder fits the screen: longer words wrap, nothing runs off its edge', async () => {
        await page.setViewportSize({ width: 390, height: 844 });
        await expect(page.getByRole('button', { name: w('Save CV') })).toBeVisible();
        const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        await expect.poll(overflow).toBeLessThanOrEqual(0);
        const show = page.getByRole('radiogroup', { name: w('Show') });
        await show.getByText(w('Preview'), { exact: true }).click();
        await expect(show.getByRole('radio', { name: w('Preview') })).toBeChecked();
        await expect.poll(overflow).toBeLessThanOrEqual(0);
        await show.getByText(w('Form'), { exact: true }).click();
        await page.setViewportSize({ width: 1280, height: 800 });
      });

      await test.step('the PDF prints the headings in the language, after a reload', async () => {
        await page.reload();
        await expect(section(page, 'Personal Details')).toBeVisible();
        const arrival = page.waitForEvent('download');
        await page.getByRole('button', { name: w('Download') }).click();
        await page.getByRole('menuitem', { name: /PDF/ }).first().click();
        const file = await arrival;
        const path = join(process.env.E2E_TMP!, `${Date.now()}-${language}.pdf`);
        await file.saveAs(path);
        const text = plain(execFileSync('pdftotext', [path, '-']).toString());
        expect(text).toContain('augusta ada king');
        expect(text).toContain('analytical engines ltd');
        expect(text).toContain(plain(w('Experience')));
      });
    });
  });
}
