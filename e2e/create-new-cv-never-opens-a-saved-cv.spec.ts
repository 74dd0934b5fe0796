import { PASSWORD, createUser, uniqueEmail } from './support/accounts';
import { NEW_CV_ADDRESS, UUID_ADDRESS, openSection, saveAs, section } from './support/builder';
import { createCvThroughApi, signInThroughApi, type SavedCv } from './support/saved-cvs';
import { expect, test } from './support/test';

// Template ids and CV ids are both small numbers. 'Create New CV' on a template must start a new CV from that
// template even when the person has a saved CV with the template's number; saved CVs open by their uuid.
// This journey runs first (its own Playwright project), so the CVs it saves get ids that meet template ids.

const email = uniqueEmail('collide');
const templateNames: Record<number, string> = {};

test('Create New CV opens an empty CV of that template, never the saved CV that has its number', async ({
  page,
}) => {
  // Three saves, two builders and a reload: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  createUser({ email, fullName: 'Ada Lovelace' });
  await signInThroughApi(page, email, PASSWORD);
  for (const template of (await (await page.request.get('/v1/CvTemplate/')).json()) as {
    id: number;
    name: string;
  }[])
    templateNames[template.id] = template.name;

  // Saved CVs of template 1 until one has the number of another template.
  let colliding: SavedCv | undefined;
  for (let attempt = 0; attempt < 3 && !colliding; attempt += 1) {
    const cv = await createCvThroughApi(page, {
      name: `Saved CV ${attempt + 1}`,
      template: 1,
      entries: [{ value: 'Saved Person', index: 0, section_field: 1001 }],
    });
    if (cv.id !== 1 && templateNames[cv.id]) colliding = cv;
  }
  expect(
    colliding,
    'this journey runs first, on a fresh database, so its CV ids are template ids',
  ).toBeDefined();
  const templateId = colliding!.id;
  const templateName = templateNames[templateId]!;

  await test.step(`'Create New CV' on ${templateName} (template ${templateId}) starts an empty CV of it`, async () => {
    await page.goto('/');
    const card = page.getByRole('article', { name: templateName });
    await card.hover();
    await card.getByRole('link', { name: 'Create New CV' }).click();
    await expect(page).toHaveURL(NEW_CV_ADDRESS(templateId));
    await expect(page.getByTestId('cv-name')).toHaveText('Untitled CV');
    await expect(page.getByLabel('Template', { exact: true })).toHaveValue(String(templateId));
    const personal = await openSection(page, 'Personal Details');
    // Nothing of the saved CV: only the account's own name, as every new CV starts.
    await expect(personal.getByRole('textbox', { name: 'Full Name', exact: true })).toHaveValue('Ada Lovelace');
    await expect(page.getByText('Saved Person')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Download' })).toBeDisabled();
  });

  await test.step('saving it makes a third CV and leaves the saved one as it was', async () => {
    const personal = section(page, 'Personal Details');
    await personal.getByRole('textbox', { name: 'Full Name', exact: true }).fill('New Person');
    await personal.getByRole('button', { name: 'Complete Section' }).click();
    await saveAs(page, 'Brand New');
    const list = (await (await page.request.get('/v1/GeneratedCV/')).json()) as {
      id: number;
      name: string;
    }[];
    expect(list.map((cv) => cv.name).sort()).toEqual(
      ['Brand New', ...Array.from({ length: list.length - 1 }, (_, index) => `Saved CV ${index + 1}`)].sort(),
    );
    const kept = await (await page.request.get(`/v1/GeneratedCV/${colliding!.uuid}/`)).json();
    expect(kept).toMatchObject({ name: colliding!.name, template: 1 });
    expect(kept.entries.map((entry: { value: string }) => entry.value)).toEqual(['Saved Person']);
  });

  await test.step('a saved CV opens by its uuid from CV management and from its template card', async () => {
    await page.goto('/cv-management');
    await page.getByRole('link', { name: colliding!.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/${colliding!.uuid}$`));
    await expect(page.getByTestId('cv-name')).toHaveText(colliding!.name);
    await page.goto('/');
    const card = page.getByRole('article', { name: 'Executive Classic' });
    const link = card.getByRole('link', { name: colliding!.name, exact: true });
    // The card's saved CVs arrive after the card: wait for the link or the 'Show More' that hides it.
    const more = card.getByRole('button', { name: /Show More/ });
    await expect(link.or(more).first()).toBeVisible();
    if (!(await link.isVisible())) await more.click();
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/${colliding!.uuid}$`));
  });

  await test.step('a bare number typed by hand opens a saved CV first', async () => {
    await page.goto(`/dashboard/${colliding!.id}`);
    await expect(page.getByTestId('cv-name')).toHaveText(colliding!.name);
    await expect(page).toHaveURL(UUID_ADDRESS);
  });
});
