import { expect, test, type Locator, type Page } from '@playwright/test';
import { createUser, expectToast, signInWithForm, signUpWithForm, toast, uniqueEmail } from './support/accounts';
import { NEW_CV_ADDRESS, UUID_ADDRESS, openSection } from './support/builder';

// The first hour without a stumble: after sign-up the sign-in page says where the link went; a new CV starts with
// the person's name and email; Download on a new CV names it, saves it and downloads; Ctrl+S saves a named CV at
// once, even from the rich text editor; Email says the address first; 'Save as…' makes a copy; CV management lists
// the person's CVs first; and no toast covers what the person reaches for next.

// A browser in the UK: new CVs print on A4.
test.use({ locale: 'en-GB' });

/** Whether two boxes on screen share any pixel. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [one, two] = [await a.boundingBox(), await b.boundingBox()];
  if (!one || !two) return false;
  return (
    one.x < two.x + two.width && two.x < one.x + one.width && one.y < two.y + two.height && two.y < one.y + one.height
  );
}

/** Every visible button and link of the page that the toast covers, by name. */
async function coveredControls(page: Page): Promise<string[]> {
  const shown = toast(page).first();
  const box = await shown.boundingBox();
  if (!box) return [];
  return page.evaluate(
    ({ x, y, width, height }) =>
      [...document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [role="tab"]')]
        .filter((control) => !control.closest('[data-testid="toast"]'))
        .filter((control) => {
          const r = control.getBoundingClientRect();
          if (r.width === 0 || r.height === 0) return false;
          return r.x < x + width && x < r.x + r.width && r.y < y + height && y < r.y + r.height;
        })
        .map((control) => control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName),
    box,
  );
}

test('after sign-up the sign-in page says where the confirmation link went, with Resend', async ({ page }) => {
  const email = uniqueEmail('keystroke-signup');
  await page.goto('/signup');
  await signUpWithForm(page, { fullName: 'Grace Hopper', email, phone: '07400 123456' });
  await expectToast(page, 'Account created Successfully!');
  await expect(page).toHaveURL(/\/signin$/);
  // The address stays out of the page's address.
  expect(page.url()).not.toContain('@');
  const notice = page.getByTestId('confirmation-sent');
  await expect(notice).toContainText(`We sent a confirmation link to ${email}.`);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  // Long after the toast is gone, and after a reload, the page still says it.
  await page.reload();
  await expect(notice).toContainText(email);
  await notice.getByRole('button', { name: 'Resend confirmation email' }).click();
  await expectToast(page, 'Confirmation email sent');
});

test('a new CV starts from the account; Ctrl+S saves it at once; Save as… copies it', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('keystroke');
  createUser({ email, fullName: 'Ada Lovelace' });

  await test.step('signed in: the toast covers none of the templates screen', async () => {
    await signInWithForm(page, email);
    await expectToast(page, 'Signed in successfully!');
    await expect(page.getByRole('button', { name: 'Import' })).toBeVisible();
    expect(await coveredControls(page)).toEqual([]);
    // The close button is big enough for a finger.
    const close = toast(page).getByRole('button', { name: 'Close' });
    const box = (await close.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  });

  await test.step("a new CV's personal details come from the account, not as unsaved changes", async () => {
    await page.goto('/dashboard/1?new=true');
    await expect(page).toHaveURL(NEW_CV_ADDRESS(1));
    const personal = await openSection(page, 'Personal Details');
    await expect(personal.getByRole('textbox', { name: 'Full Name', exact: true })).toHaveValue('Ada Lovelace');
    await expect(personal.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
    await expect(page.getByText('Unsaved changes')).toBeHidden();
    await personal.getByRole('button', { name: 'Complete Section' }).click();
    await expect(personal).toHaveAttribute('data-completed', 'true');
  });

  await test.step('Download on a new CV names it, saves it, then downloads', async () => {
    await page.getByRole('button', { name: 'Download' }).click();
    const arrival = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Save and download PDF (A4)', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Save CV' });
    await dialog.getByLabel('CV Name').fill('Keystroke CV');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(UUID_ADDRESS);
    expect((await arrival).suggestedFilename()).toMatch(/\.pdf$/);
  });

  await test.step('Ctrl+S saves a named CV at once, from a field and from the rich text editor', async () => {
    const personal = await openSection(page, 'Personal Details');
    const name = personal.getByRole('textbox', { name: 'Full Name', exact: true });
    await name.fill('Ada King');
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await name.press('Control+s');
    await expectToast(page, 'CV Saved', 'Your CV "Keystroke CV" has been saved successfully.');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText('Unsaved changes')).toBeHidden();
    // The toast sits clear of Save CV and of the header's controls.
    expect(await overlap(toast(page), page.getByRole('button', { name: 'Save CV' }))).toBe(false);
    expect(await coveredControls(page)).toEqual([]);

    const summary = await openSection(page, 'Professional Summary');
    const editor = summary.getByRole('textbox').first();
    await editor.click();
    await page.keyboard.type('Counts engines.');
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await page.keyboard.press('Control+s');
    await expect(page.getByText('Unsaved changes')).toBeHidden();
    await page.reload();
    await expect(
      (await openSection(page, 'Personal Details')).getByRole('textbox', { name: 'Full Name', exact: true }),
    ).toHaveValue('Ada King');
  });

  await test.step('Email says where it goes before it is sent', async () => {
    await page.getByRole('button', { name: 'Email', exact: true }).click();
    const question = page.getByRole('alertdialog', { name: 'Email this CV?' });
    await expect(question).toContainText(email);
    await question.getByRole('button', { name: `Send to ${email}` }).click();
    await expectToast(page, 'Email Sent!', 'CV has been sent to your email address.');
  });

  let original = '';
  await test.step("'Save as…' saves a copy under another name and edits the copy", async () => {
    original = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'More ways to save' }).click();
    await page.getByRole('menuitem', { name: /Save as…/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as a new CV' });
    await expect(dialog.getByLabel('CV Name')).toHaveValue('Keystroke CV (2)');
    await dialog.getByLabel('CV Name').fill('Keystroke CV for banks');
    await dialog.getByRole('button', { name: 'Save copy' }).click();
    await expectToast(page, 'CV Saved', 'Your CV "Keystroke CV for banks" has been saved successfully.');
    await expect(page).toHaveURL(UUID_ADDRESS);
    expect(new URL(page.url()).pathname).not.toBe(original);
    await expect(page.getByTestId('cv-name')).toHaveText('Keystroke CV for banks');
  });

  await test.step('CV management lists both CVs first, with their template and when they were edited', async () => {
    await page.goto('/cv-management');
    const list = page.getByRole('list', { name: 'Your CVs', exact: true });
    await expect(list.getByRole('link')).toHaveText(['Keystroke CV for banks', 'Keystroke CV']);
    for (const row of await list.getByTestId('generated-cv').all())
      await expect(row).toContainText(/Executive Classic · Edited .+\d{1,2}:\d{2}/);
    await page.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'Executive Classic' });
    await expect(list.getByRole('link')).toHaveCount(2);
    await list.getByRole('link', { name: 'Keystroke CV', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${original}$`));
  });
});
