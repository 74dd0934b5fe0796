import type { Page } from '@playwright/test';
import { PASSWORD, createUser, signInWithForm, uniqueEmail } from './support/accounts';
import { NEW_CV_ADDRESS, UUID_ADDRESS, htmlPreview, openSection, saveAs, section } from './support/builder';
import { createCvThroughApi, signInThroughApi } from './support/saved-cvs';
import { expect, test } from './support/test';

// A draft belongs to one person and one CV: it never writes over a saved CV, never shows to the next person on
// the same browser, never loses a word to a second tab, and a template switch keeps every value.

async function createNewCv(page: Page, templateName: string) {
  await page.goto('/');
  const card = page.getByRole('article', { name: templateName });
  await card.hover();
  await card.getByRole('link', { name: 'Create New CV' }).click();
  await expect(page.getByRole('heading', { name: 'CV Builder', level: 1 })).toBeVisible();
}

async function savedCvs(page: Page) {
  return (await (await page.request.get('/v1/GeneratedCV/')).json()) as {
    uuid: string;
    name: string;
    template: number;
  }[];
}

test('a new CV never writes over a saved one, even after that saved CV tried another template', async ({
  page,
}) => {
  const email = uniqueEmail('overwrite');
  createUser({ email });
  await signInThroughApi(page, email, PASSWORD);

  await createNewCv(page, 'Executive Classic');
  const personal = section(page, 'Personal Details');
  await personal.getByRole('textbox', { name: 'Full Name', exact: true }).fill('First Person');
  await personal.getByRole('button', { name: 'Complete Section' }).click();
  await saveAs(page, 'My First CV');
  const firstAddress = page.url();

  // Trying Modern Split on the saved CV keeps its address; the person leaves without saving.
  await page.getByLabel('Template', { exact: true }).selectOption({ label: 'Modern Split' });
  await expect(section(page, 'About Me')).toBeVisible();
  expect(page.url()).toBe(firstAddress);

  // 'Create New CV' on Modern Split: an empty new CV, not 'My First CV'.
  await createNewCv(page, 'Modern Split');
  await expect(page).toHaveURL(NEW_CV_ADDRESS(3));
  await expect(page.getByTestId('cv-name')).toHaveText('Untitled CV');
  const fresh = await openSection(page, 'Personal Details');
  // Nothing of 'My First CV': only what the account knows (its name), as every new CV starts.
  await expect(fresh.getByRole('textbox', { name: 'Full Name', exact: true })).toHaveValue('Journey Tester');
  await fresh.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Second Person');
  await fresh.getByRole('button', { name: 'Complete Section' }).click();
  await saveAs(page, 'My Second CV');

  const cvs = await savedCvs(page);
  expect(cvs.map((cv) => cv.name).sort()).toEqual(['My First CV', 'My Second CV']);
  const first = cvs.find((cv) => cv.name === 'My First CV')!;
  expect(first.template).toBe(1);

  // The first CV still holds the unsaved template switch as its draft, marked unsaved.
  await page.goto(firstAddress);
  await expect(page.getByTestId('cv-name')).toHaveText('My First CV');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await expect(page.getByLabel('Template', { exact: true })).toHaveValue('3');
});

test("the next person on the same browser sees nothing of the last person's work", async ({ page }) => {
  const ada = uniqueEmail('ada');
  const bob = uniqueEmail('bob');
  createUser({ email: ada, fullName: 'Ada Lovelace' });
  createUser({ email: bob, fullName: 'Bob Builder' });

  await signInWithForm(page, ada);
  await expect(page).toHaveURL(/\/$/);
  const saved = await createCvThroughApi(page, {
    name: 'Ada Saved',
    template: 1,
    entries: [{ value: 'Ada Lovelace', index: 0, section_field: 1001 }],
  });
  // Unsaved edits on the saved CV, and an unsaved new CV on Modern Split.
  await page.goto(`/dashboard/${saved.uuid}`);
  const personal = await openSection(page, 'Personal Details');
  await personal.getByRole('textbox', { name: 'Professional Title', exact: true }).fill('Secret Title');
  await createNewCv(page, 'Modern Split');
  const draft = await openSection(page, 'Personal Details');
  await draft.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Ada Unsaved');
  await expect(htmlPreview(page).getByText('Ada Unsaved')).toBeVisible();

  // Signing out warns, then removes Ada's drafts.
  await page.getByRole('button', { name: 'Logout' }).click();
  const warning = page.getByRole('alertdialog', { name: 'Sign out?' });
  await expect(warning).toContainText('You have unsaved changes in 2 CVs.');
  await warning.getByRole('button', { name: 'Go back' }).click();
  await expect(warning).toBeHidden();
  await expect(
    section(page, 'Personal Details').getByRole('textbox', { name: 'Full Name', exact: true }),
  ).toHaveValue('Ada Unsaved');
  await page.getByRole('button', { name: 'Logout' }).click();
  await page
    .getByRole('alertdialog', { name: 'Sign out?' })
    .getByRole('button', { name: 'Sign out anyway' })
    .click();
  await expect(page).toHaveURL(/\/signin$/);
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('cv-builder-draft:'))),
  ).toEqual([]);

  // Bob on the same browser: a new CV on Modern Split is empty.
  await signInWithForm(page, bob);
  await expect(page).toHaveURL(/\/$/);
  await createNewCv(page, 'Modern Split');
  const bobs = await openSection(page, 'Personal Details');
  // Nothing of Ada's: Bob's own name, from his account, as every new CV starts.
  await expect(bobs.getByRole('textbox', { name: 'Full Name', exact: true })).toHaveValue('Bob Builder');
  await expect(page.getByText('Ada Unsaved')).toHaveCount(0);
  // Ada's saved CV's address shows Bob nothing of hers.
  await page.goto(`/dashboard/${saved.uuid}`);
  await expect(page.getByText('Failed to load CV data. Please try again.').first()).toBeVisible();
  await expect(page.getByText('Secret Title')).toHaveCount(0);
  await expect(page.getByText('Ada Saved')).toHaveCount(0);
});

test('two tabs on one CV: the second says so and takes over without losing a word', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('tabs');
  createUser({ email });
  await signInThroughApi(page, email, PASSWORD);
  const saved = await createCvThroughApi(page, {
    name: 'Shared CV',
    template: 1,
    entries: [{ value: 'Ada Lovelace', index: 0, section_field: 1001 }],
  });
  await page.goto(`/dashboard/${saved.uuid}`);
  const first = await openSection(page, 'Personal Details');
  await first.getByRole('textbox', { name: 'Professional Title', exact: true }).fill('Typed in tab A');

  const second = await context.newPage();
  await second.goto(`/dashboard/${saved.uuid}`);
  await expect(second.getByRole('heading', { name: 'This CV is open in another tab.' })).toBeVisible();
  await second.getByRole('button', { name: 'Take over here' }).click();
  const taken = await openSection(second, 'Personal Details');
  await expect(taken.getByRole('textbox', { name: 'Professional Title', exact: true })).toHaveValue(
    'Typed in tab A',
  );
  await taken.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Typed in tab B');

  // Tab A stopped editing and says so; taking it back brings tab B's words.
  await expect(page.getByRole('heading', { name: 'This CV is open in another tab.' })).toBeVisible();
  await page.getByRole('button', { name: 'Take over here' }).click();
  const back = await openSection(page, 'Personal Details');
  await expect(back.getByRole('textbox', { name: 'Full Name', exact: true })).toHaveValue('Typed in tab B');
  await expect(back.getByRole('textbox', { name: 'Professional Title', exact: true })).toHaveValue(
    'Typed in tab A',
  );
  await second.close();
});

test('two devices: saving over a newer copy is refused until the person chooses', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('devices');
  createUser({ email });
  await signInThroughApi(page, email, PASSWORD);
  const saved = await createCvThroughApi(page, {
    name: 'Travelling CV',
    template: 1,
    entries: [{ value: 'Ada Lovelace', index: 0, section_field: 1001 }],
  });
  const laptop = await browser.newContext();
  const other = await laptop.newPage();
  other.on('dialog', (dialog) => void dialog.accept());
  await signInThroughApi(other, email, PASSWORD);

  // Both open the CV; the laptop saves first.
  await page.goto(`/dashboard/${saved.uuid}`);
  await other.goto(`/dashboard/${saved.uuid}`);
  const there = await openSection(other, 'Personal Details');
  await there.getByRole('textbox', { name: 'Professional Title', exact: true }).fill('From the laptop');
  // A saved CV with a name: 'Save CV' saves at once.
  await other.getByRole('button', { name: 'Save CV' }).click();
  await expect(other.getByTestId('toast')).toContainText('has been saved successfully');

  const here = await openSection(page, 'Personal Details');
  await here.getByRole('textbox', { name: 'Professional Title', exact: true }).fill('From the phone');
  await page.getByRole('button', { name: 'Save CV' }).click();
  const conflict = page.getByRole('alertdialog', { name: 'This CV was changed elsewhere.' });
  await expect(conflict).toBeVisible();
  // Nothing was written over the laptop's copy.
  const onServer = await (await page.request.get(`/v1/GeneratedCV/${saved.uuid}/`)).json();
  expect(onServer.entries.map((entry: { value: string }) => entry.value)).toContain('From the laptop');
  await conflict.getByRole('button', { name: 'Reload' }).click();
  const reloaded = await openSection(page, 'Personal Details');
  await expect(reloaded.getByRole('textbox', { name: 'Professional Title', exact: true })).toHaveValue(
    'From the laptop',
  );
  await expect(page).toHaveURL(UUID_ADDRESS);
  await laptop.close();
});

test('switching template and back keeps every value (1 → 4 → 1)', async ({ page }) => {
  const email = uniqueEmail('switch');
  createUser({ email });
  await signInThroughApi(page, email, PASSWORD);
  await createNewCv(page, 'Executive Classic');
  const personal = section(page, 'Personal Details');
  await personal.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Ada Lovelace');
  await personal.getByRole('button', { name: 'Complete Section' }).click();
  const summary = await openSection(page, 'Professional Summary');
  await summary.getByRole('textbox', { name: 'Summary' }).fill('Builds engines that last.');
  const projects = await openSection(page, 'Projects');
  await projects.getByRole('textbox', { name: 'Project Name', exact: true }).fill('Difference Engine');

  await page.getByLabel('Template', { exact: true }).selectOption({ label: 'Modern Timeline' });
  await expect(section(page, 'Career Objective')).toBeVisible();
  await expect(page).toHaveURL(NEW_CV_ADDRESS(4));
  // The summary is this template's Career Objective; the project has no place here and is kept aside.
  const objective = await openSection(page, 'Career Objective');
  await expect(objective.getByRole('textbox', { name: 'Objective' })).toHaveValue(
    'Builds engines that last.',
  );
  await expect(page.getByTestId('stash-notice')).toContainText('Not shown in this template: Projects');

  // A reload in between keeps the kept-aside values too.
  await page.reload();
  await expect(page.getByTestId('stash-notice')).toContainText('Projects');

  await page.getByLabel('Template', { exact: true }).selectOption({ label: 'Executive Classic' });
  const back = await openSection(page, 'Professional Summary');
  await expect(back.getByRole('textbox', { name: 'Summary' })).toHaveValue('Builds engines that last.');
  const projectsBack = await openSection(page, 'Projects');
  await expect(projectsBack.getByRole('textbox', { name: 'Project Name', exact: true })).toHaveValue(
    'Difference Engine',
  );
  await expect(page.getByTestId('stash-notice')).toHaveCount(0);
  await expect(htmlPreview(page).getByText('Builds engines that last.')).toBeVisible();
});
