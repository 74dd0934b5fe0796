import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect as baseExpect, type Locator, type Page } from '@playwright/test';
import { PASSWORD, createUser, uniqueEmail } from './support/accounts';
import { createCvThroughApi, signInThroughApi } from './support/saved-cvs';
import { test } from './support/test';

// A person shares one saved CV with two companies, one link each: Acme's opens on a recruiter's phone (no session)
// and its PDF is downloaded; the owner sees Acme's counts move and Globex's stay at nothing; Globex's link has a
// password and shows nothing of the CV before it. The owner revokes Acme's link (410 from then on) while Globex's
// keeps working, and finds it all again after a reload and in CV management (docs/decisions/0045-share-links.md).

// Generous waits: the machine running the journeys is shared, and a wait here is for the app, not a timing check.
const expect = baseExpect.configure({ timeout: 60_000 });

const email = uniqueEmail('share');
const CV_NAME = 'Shared CV';
const PERSON = 'Ada Lovelace';
const JOB = 'Analyst Programmer';
const GLOBEX_PASSWORD = 'globex-secret-1';
const PHONE = { width: 390, height: 844 };

function sharePanel(page: Page) {
  return page.getByRole('dialog', { name: 'Share by link' });
}

function linkItem(panel: Locator, label: string) {
  return panel
    .getByRole('listitem')
    .filter({ has: panel.page().getByRole('heading', { name: label, exact: true }) });
}

async function makeLink(page: Page, label: string, password?: string): Promise<string> {
  const panel = sharePanel(page);
  await panel.getByRole('button', { name: 'New link' }).click();
  const form = panel.getByRole('form', { name: 'New link' });
  await expect(form.getByLabel('Label')).toBeFocused();
  await form.getByLabel('Label').fill(label);
  if (password) await form.getByLabel('Password (optional)').fill(password);
  await form.getByRole('button', { name: 'Create link' }).click();
  const item = linkItem(panel, label);
  await expect(item.getByRole('status')).toHaveText(`Link created. Copy it and send it to ${label}.`);
  // The new link's Copy button has the focus, ready to send it on.
  await expect(item.getByRole('button', { name: `Copy the link for ${label}` })).toBeFocused();
  const url = (await item.getByTestId('share-url').textContent())!.trim();
  expect(url).toMatch(/\/s\/[A-Za-z0-9_-]{22,}$/);
  return url;
}

async function counts(panel: Locator, label: string) {
  const item = linkItem(panel, label);
  return {
    views: await item.getByTestId('share-views').textContent(),
    downloads: await item.getByTestId('share-downloads').textContent(),
  };
}

test('two links for one CV: one opened and downloaded on a phone, counted alone, revoked; a password link shows nothing first', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(600_000);
  let cvUuid = '';
  let acmeUrl = '';
  let globexUrl = '';
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const visitor = await phone.newPage();

  await test.step('a CV never saved cannot be shared yet: the panel says to save it first', async () => {
    createUser({ email, fullName: PERSON });
    await signInThroughApi(page, email, PASSWORD);
    await page.goto('/dashboard/1');
    await expect(page.getByRole('heading', { name: 'CV Builder', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(sharePanel(page)).toContainText('Save this CV first');
    await sharePanel(page).getByRole('button', { name: 'OK' }).click();
    await expect(sharePanel(page)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Share', exact: true })).toBeFocused();
  });

  await test.step('a saved CV: two links, one per company; a link without a label is refused first', async () => {
    const saved = await createCvThroughApi(page, {
      name: CV_NAME,
      template: 1,
      entries: [
        { value: PERSON, index: 0, section_field: 1001 },
        { value: 'ada@example.com', index: 0, section_field: 1003 },
        { value: JOB, index: 0, section_field: 1009 },
      ],
    });
    cvUuid = saved.uuid;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`/dashboard/${cvUuid}`);
    await expect(page.getByTestId('cv-name')).toHaveText(CV_NAME);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const panel = sharePanel(page);
    await expect(panel).toContainText('No links yet');

    await panel.getByRole('button', { name: 'New link' }).click();
    const form = panel.getByRole('form', { name: 'New link' });
    await form.getByLabel('Label').fill('   ');
    await form.getByRole('button', { name: 'Create link' }).click();
    await expect(form).toContainText('Give the link a label, such as the company you send it to.');
    await expect(form.getByLabel('Label')).toBeFocused();
    await form.getByRole('button', { name: 'Cancel' }).click();

    acmeUrl = await makeLink(page, 'Acme Corp');
    globexUrl = await makeLink(page, 'Globex', GLOBEX_PASSWORD);
    // Newest first.
    await expect(panel.getByRole('heading', { level: 3 })).toHaveText(['Globex', 'Acme Corp']);
    await expect(linkItem(panel, 'Globex')).toContainText('Password');
  });

  await test.step("Copy puts Acme's address on the clipboard", async () => {
    const panel = sharePanel(page);
    await linkItem(panel, 'Acme Corp').getByRole('button', { name: 'Copy the link for Acme Corp' }).click();
    await expect(
      linkItem(panel, 'Acme Corp').getByRole('button', { name: 'Copy the link for Acme Corp' }),
    ).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(acmeUrl);
  });

  await test.step("a recruiter opens Acme's link on a phone, with no session: the CV, titled with the name", async () => {
    const response = await visitor.goto(acmeUrl);
    expect(response!.status()).toBe(200);
    expect(response!.headers()['x-robots-tag']).toContain('noindex');
    await expect(visitor).toHaveTitle(new RegExp(PERSON));
    await expect(visitor.getByText(JOB)).toBeVisible();
    await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(visitor.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/og\.png$/);
    // Readable on a phone: nothing wider than the screen.
    const overflow = await visitor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await visitor.screenshot({ path: testInfo.outputPath('public-page-phone.png'), fullPage: true });
  });

  await test.step('the recruiter downloads the PDF: it is the CV', async () => {
    const arrival = visitor.waitForEvent('download');
    await visitor.getByRole('link', { name: 'Download PDF' }).click();
    const file = await arrival;
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    const path = join(process.env.E2E_TMP!, `${Date.now()}-${file.suggestedFilename()}`);
    await file.saveAs(path);
    const text = execFileSync('pdftotext', ['-layout', path, '-']).toString();
    expect(text).toContain(PERSON);
    expect(text).toContain(JOB);
  });

  await test.step("the owner's counts move for Acme's link only", async () => {
    const panel = sharePanel(page);
    await panel.getByRole('button', { name: 'Refresh counts' }).click();
    await expect(linkItem(panel, 'Acme Corp').getByTestId('share-views')).toHaveText('1');
    expect(await counts(panel, 'Acme Corp')).toEqual({ views: '1', downloads: '1' });
    expect(await counts(panel, 'Globex')).toEqual({ views: '0', downloads: '0' });
    await expect(linkItem(panel, 'Acme Corp')).not.toContainText('Not yet');
    await expect(linkItem(panel, 'Globex')).toContainText('Not yet');
    await expect(linkItem(panel, 'Acme Corp').getByRole('img')).toHaveAccessibleName(
      /Last 30 days: 1 view and 1 download\./,
    );
    await page.screenshot({ path: testInfo.outputPath('share-panel-laptop-light.png') });
  });

  await test.step("Globex's link shows a password form and nothing of the CV until the password is right", async () => {
    const response = await visitor.goto(globexUrl);
    expect(response!.status()).toBe(200);
    await expect(visitor.getByLabel('Password')).toBeVisible();
    const before = await visitor.content();
    expect(before).not.toContain(PERSON);
    expect(before).not.toContain(JOB);
    await visitor.getByLabel('Password').fill('not-the-password');
    await visitor.getByRole('button', { name: 'Open the CV' }).click();
    await expect(visitor.getByRole('alert')).toHaveText('That password is not right.');
    expect(await visitor.content()).not.toContain(JOB);
    await visitor.getByLabel('Password').fill(GLOBEX_PASSWORD);
    await visitor.getByRole('button', { name: 'Open the CV' }).click();
    await expect(visitor.getByText(JOB)).toBeVisible();
    await expect(visitor).toHaveTitle(new RegExp(PERSON));
  });

  await test.step("the owner revokes Acme's link (asked first): it answers 410, Globex's still works", async () => {
    const panel = sharePanel(page);
    await linkItem(panel, 'Acme Corp').getByRole('button', { name: 'Revoke the link for Acme Corp' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke this link?' });
    await expect(confirm).toContainText('Your other links keep working.');
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(confirm).toBeHidden();
    await expect(linkItem(panel, 'Acme Corp')).toContainText('Revoked');
    await expect(linkItem(panel, 'Acme Corp').getByRole('button', { name: /Copy/ })).toHaveCount(0);

    const gone = await visitor.goto(acmeUrl);
    expect(gone!.status()).toBe(410);
    await expect(visitor.getByText('This link is no longer available.')).toBeVisible();
    expect(await visitor.content()).not.toContain(JOB);
    const pdf = await visitor.request.get(`${acmeUrl}/pdf`, { maxRedirects: 0 });
    expect(pdf.status()).toBe(410);

    const still = await visitor.goto(globexUrl);
    expect(still!.status()).toBe(200);
    await expect(visitor.getByText(JOB)).toBeVisible();
  });

  await test.step('coming back later: the links and their counts are still there, Acme revoked', async () => {
    await page.reload();
    await expect(page.getByTestId('cv-name')).toHaveText(CV_NAME);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const panel = sharePanel(page);
    await expect(panel.getByRole('heading', { level: 3 })).toHaveText(['Globex', 'Acme Corp']);
    await expect(linkItem(panel, 'Acme Corp')).toContainText('Revoked');
    expect(await counts(panel, 'Acme Corp')).toEqual({ views: '1', downloads: '1' });
    // Globex was opened once (the wrong password shows no CV and counts nothing), never downloaded.
    expect((await counts(panel, 'Globex')).downloads).toBe('0');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: testInfo.outputPath('share-panel-laptop-dark.png') });
    await page.emulateMedia({ colorScheme: 'light' });
    await panel.getByRole('button', { name: 'Close sharing' }).click();
    await expect(page.getByRole('button', { name: 'Share', exact: true })).toBeFocused();
  });

  await test.step('CV management: Share on the CV opens the same links; on a phone too', async () => {
    await page.goto('/cv-management');
    await page.getByRole('button', { name: `Share ${CV_NAME}` }).click();
    const panel = sharePanel(page);
    await expect(panel.getByRole('heading', { level: 3 })).toHaveText(['Globex', 'Acme Corp']);
    await page.setViewportSize(PHONE);
    await expect(panel.getByRole('button', { name: 'New link' })).toBeVisible();
    const box = (await panel.getByRole('button', { name: 'Copy the link for Globex' }).boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    const overflow = await panel.evaluate((node) => node.scrollWidth - node.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await page.screenshot({ path: testInfo.outputPath('share-panel-phone-light.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: testInfo.outputPath('share-panel-phone-dark.png') });
  });

  await phone.close();
});
