import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect as baseExpect, type Page } from '@playwright/test';
import { PASSWORD, createUser, expectToast, uniqueEmail } from './support/accounts';
import { UUID_ADDRESS, htmlPreview, openSection } from './support/builder';
import { signInThroughApi } from './support/saved-cvs';
import { test } from './support/test';

// A person saves a CV three times, names the version they sent to Acme, compares the first with the last, restores
// the first (asked first; it comes back as a new version), reloads and finds it, and downloads the Acme version's
// PDF to read what was sent (docs/features/versions.md).

// Generous waits: the machine running the journeys is shared, and a wait here is for the app, not a timing check.
const expect = baseExpect.configure({ timeout: 60_000 });

const email = uniqueEmail('versions');
const CV_NAME = 'Versioned CV';

function versionsDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Versions' });
}

async function openVersions(page: Page) {
  await page.getByRole('button', { name: 'Versions' }).click();
  const dialog = versionsDialog(page);
  await expect(dialog.getByRole('list', { name: 'Versions of this CV' })).toBeVisible();
  return dialog;
}

/**
 * Saves through the 'Save CV' dialog and waits for 'CV Saved', then comes back to the CV later (a reload): on this
 * shared machine under load the dialog's closing animation can outlast any wait (see the report), and every save
 * here is read back from the server anyway.
 */
async function saveAndComeBack(page: Page) {
  const saved = UUID_ADDRESS.test(new URL(page.url()).pathname);
  await page.getByRole('button', { name: 'Save CV' }).click();
  // A new CV is named first; a saved one is saved at once.
  if (!saved) {
    const dialog = page.getByRole('dialog', { name: 'Save CV' });
    await dialog.getByLabel('CV Name').fill(CV_NAME);
    await dialog.getByRole('button', { name: 'Save' }).click();
  }
  await expect(page.getByTestId('toast')).toContainText(`Your CV "${CV_NAME}" has been saved successfully.`);
  await expect(page).toHaveURL(UUID_ADDRESS);
  await page.reload();
  await expect(page.getByTestId('cv-name')).toHaveText(CV_NAME);
}

async function setFullName(page: Page, value: string) {
  const personal = await openSection(page, 'Personal Details');
  await personal.getByRole('textbox', { name: 'Full Name', exact: true }).fill(value);
  await expect(htmlPreview(page).getByText(value)).toBeVisible();
}

test('save three times, name a version, compare two, restore the first, reload, download a version', async ({
  page,
}) => {
  test.setTimeout(600_000);
  await test.step('a person signs in and starts a CV on Executive Classic', async () => {
    createUser({ email, fullName: 'Ada Lovelace' });
    await signInThroughApi(page, email, PASSWORD);
    await page.goto('/dashboard/1');
    await expect(page.getByRole('heading', { name: 'CV Builder', level: 1 })).toBeVisible();
    // Nothing saved yet: no versions to show.
    await expect(page.getByRole('button', { name: 'Versions' })).toBeDisabled();
  });

  await test.step('first save: Ada Lovelace, Analyst', async () => {
    const personal = await openSection(page, 'Personal Details');
    await personal.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Ada Lovelace');
    await personal.getByRole('textbox', { name: 'Professional Title', exact: true }).fill('Analyst');
    await expect(htmlPreview(page).getByText('Ada Lovelace')).toBeVisible();
    await personal.getByRole('button', { name: 'Complete Section' }).click();
    await saveAndComeBack(page);
  });

  await test.step('second and third saves change the name', async () => {
    await setFullName(page, 'Ada King');
    await saveAndComeBack(page);
    await setFullName(page, 'Ada Byron');
    await saveAndComeBack(page);
  });

  await test.step('the list: three versions, newest first, with what caused each', async () => {
    const dialog = await openVersions(page);
    const items = dialog.getByRole('list', { name: 'Versions of this CV' }).getByRole('listitem');
    await expect(items).toHaveCount(3);
    await expect(items.nth(0)).toContainText('Version 3');
    await expect(items.nth(0)).toContainText('Current');
    await expect(items.nth(2)).toContainText('Version 1');
    await expect(items.nth(2)).toContainText('Created');
    await expect(items.nth(1)).toContainText('Saved');
    await expect(items.nth(1)).toContainText('Executive Classic');
  });

  await test.step("version 2 is named 'Sent to Acme' in place", async () => {
    const dialog = versionsDialog(page);
    const name = dialog.getByRole('textbox', { name: 'Name of version 2' });
    await name.fill('Sent to Acme');
    await name.press('Enter');
    await expect(dialog.getByTestId('version-2')).toContainText('Version 2 · Sent to Acme');
  });

  await test.step('version 1 compared with version 3: the changed name, side by side', async () => {
    const dialog = versionsDialog(page);
    // A checkbox's real input is visually hidden: the person ticks its box.
    for (const number of [3, 1]) {
      const item = dialog.getByTestId(`version-${number}`);
      await item.locator('[data-scope="checkbox"][data-part="control"]').click();
      await expect(item.getByRole('checkbox')).toBeChecked();
    }
    await dialog.getByRole('button', { name: 'Compare selected' }).click();
    const comparison = dialog.getByTestId('version-comparison');
    await expect(comparison.getByRole('heading', { name: 'Version 1 compared with version 3' })).toBeVisible();
    const table = comparison.getByRole('table', { name: 'Personal Details' });
    await expect(table.getByRole('columnheader', { name: 'Version 1' })).toBeVisible();
    const row = table.getByRole('row', { name: /Full Name/ });
    await expect(row).toContainText('Changed');
    await expect(row).toContainText('Ada Lovelace');
    await expect(row).toContainText('Ada Byron');
    await dialog.getByRole('button', { name: 'Back to versions' }).click();
  });

  await test.step('version 2 opens read-only in a preview', async () => {
    const dialog = versionsDialog(page);
    await dialog.getByRole('button', { name: 'Open version 2' }).click();
    await expect(dialog.getByRole('heading', { name: 'Version 2 · Sent to Acme (read only)' })).toBeVisible();
    await expect(page.frameLocator('[data-testid="version-preview"]').getByText('Ada King')).toBeVisible();
    await dialog.getByRole('button', { name: 'Back to versions' }).click();
  });

  await test.step('restore version 1: asked first, then the builder shows it', async () => {
    const dialog = versionsDialog(page);
    await dialog.getByRole('button', { name: 'Restore version 1' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Restore version 1?' });
    await expect(confirm).toContainText('Nothing is overwritten');
    await confirm.getByRole('button', { name: 'Restore' }).click();
    await expectToast(
      page,
      'Version restored',
      'Version 1 is now your CV. It was saved as a new version; nothing was overwritten.',
    );
    await expect(versionsDialog(page)).toBeHidden();
    const personal = await openSection(page, 'Personal Details');
    await expect(personal.getByRole('textbox', { name: 'Full Name', exact: true })).toHaveValue('Ada Lovelace');
    await expect(htmlPreview(page).getByText('Ada Lovelace')).toBeVisible();
  });

  await test.step('after a reload the restored CV is there, and the restore is version 4', async () => {
    await page.reload();
    await expect(page).toHaveURL(UUID_ADDRESS);
    await expect(page.getByTestId('cv-name')).toHaveText(CV_NAME);
    const personal = await openSection(page, 'Personal Details');
    await expect(personal.getByRole('textbox', { name: 'Full Name', exact: true })).toHaveValue('Ada Lovelace');
    const dialog = await openVersions(page);
    const items = dialog.getByRole('list', { name: 'Versions of this CV' }).getByRole('listitem');
    await expect(items).toHaveCount(4);
    await expect(items.nth(0)).toContainText('Version 4');
    await expect(items.nth(0)).toContainText('Restored');
    await expect(dialog.getByTestId('version-2')).toContainText('Sent to Acme');
  });

  await test.step("the Acme version's PDF: what was sent, and the list says it was downloaded", async () => {
    const dialog = versionsDialog(page);
    const arrival = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download version 2 as PDF' }).click();
    const file = await arrival;
    expect(file.suggestedFilename()).toBe(`${CV_NAME} (version 2).pdf`);
    const path = join(process.env.E2E_TMP!, `${Date.now()}-${file.suggestedFilename()}`);
    await file.saveAs(path);
    const text = execFileSync('pdftotext', ['-layout', path, '-']).toString();
    expect(text).toContain('Ada King');
    expect(text).not.toContain('Ada Lovelace');
    await expectToast(page, 'Download Successful', 'Version 2 has been downloaded as PDF.');
    await expect(dialog.getByTestId('version-2-deliveries')).toContainText(/PDF downloaded \d{1,2} \w{3}/);
  });
});
