import { execFileSync } from 'node:child_process';
import { expect as baseExpect, type Page } from '@playwright/test';
import { PASSWORD, createUser, uniqueEmail } from './support/accounts';
import {
  downloadFrom,
  htmlPreview,
  openSection,
  saveAs,
  moveWithKeyboard,
  section,
  untilArrowsMove,
} from './support/builder';
import { signInThroughApi } from './support/saved-cvs';
import { test } from './support/test';

// A person shapes their CV — moves sections with the keyboard only, hides one, renames a heading, adds
// a section of their own, undoes a slip — saves, comes back to it from CV management and downloads the PDF, which
// reads in the new order.

const expect = baseExpect.configure({ timeout: 30_000 });

/** The section cards' names in the order the builder shows them. */
const cardOrder = (page: Page) =>
  page
    .locator('[data-testid="section-card"]')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-section')));

/** pdftotext's words, in reading order, with the positions of the headings asked about. */
function positions(text: string, headings: string[]): number[] {
  const flat = text.replace(/\s+/g, ' ').toLowerCase();
  return headings.map((heading) => flat.indexOf(heading.toLowerCase()));
}

test('a person shapes their CV by keyboard, saves it, reopens it and downloads a PDF in the new order', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('shaper');
  createUser({ email, fullName: 'Sam Shaper' });
  await signInThroughApi(page, email, PASSWORD);

  await test.step('a new CV with a name and a job', async () => {
    await page.goto('/dashboard/1?new=true');
    const personal = await openSection(page, 'Personal Details');
    await personal.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Sam Shaper');
    await personal.getByRole('button', { name: 'Complete Section' }).click();
    const work = await openSection(page, 'Work Experience');
    await work.getByRole('textbox', { name: 'Job Title', exact: true }).fill('Staff Engineer');
    await work.getByRole('textbox', { name: 'Company', exact: true }).fill('Orbital Ltd');
    await work.getByRole('button', { name: 'Complete Section' }).click();
    const skills = await openSection(page, 'Skills');
    await skills.getByRole('textbox', { name: 'Skill', exact: true }).fill('Systems design');
    await skills.getByRole('button', { name: 'Complete Section' }).click();
    const summary = await openSection(page, 'Professional Summary');
    await summary.getByRole('textbox', { name: 'Summary' }).fill('Builds calm systems.');
    await summary.getByRole('button', { name: 'Complete Section' }).click();
  });

  await test.step('Skills moves to the top by keyboard; the personal details stay first', async () => {
    expect((await cardOrder(page)).slice(0, 5)).toEqual([
      'Personal Details',
      'Professional Summary',
      'Work Experience',
      'Education',
      'Skills',
    ]);
    await moveWithKeyboard(page, 'Skills', 5, -3);
    expect((await cardOrder(page)).slice(0, 4)).toEqual([
      'Personal Details',
      'Skills',
      'Professional Summary',
      'Work Experience',
    ]);
    await expect(page.getByRole('button', { name: 'Move Personal Details' })).toHaveCount(0);
  });

  await test.step('the summary is hidden, Work Experience renamed, a section of their own added', async () => {
    await page.getByRole('button', { name: 'Hide Professional Summary from the CV' }).click();
    await expect(section(page, 'Professional Summary').getByText('Hidden', { exact: true })).toBeVisible();
    // A required section cannot be hidden.
    await expect(page.getByRole('button', { name: 'Hide Work Experience from the CV' })).toBeDisabled();

    await page.getByRole('button', { name: 'Rename the heading Work Experience' }).click();
    const heading = page.getByRole('textbox', { name: 'Heading of Work Experience in this CV' });
    await heading.fill('Professional Experience');
    await heading.press('Enter');
    await expect(section(page, 'Work Experience').getByText('Professional Experience')).toBeVisible();

    await page.getByRole('button', { name: 'Add Custom Section' }).click();
    const custom = page.locator('[data-testid="section-card"][data-custom]');
    await custom.getByRole('textbox', { name: 'Section title' }).fill('Volunteering');
    await custom.getByRole('textbox', { name: 'Title', exact: true }).fill('Mentor, Code Club');
    await custom.getByRole('textbox', { name: 'Subtitle' }).fill('Riverside Library');
    await custom.getByText('Current (prints').click();
    // A slip, undone from the keyboard.
    await custom.getByRole('textbox', { name: 'Location' }).fill('Nowhere');
    await page.keyboard.press('Control+z');
    await expect(custom.getByRole('textbox', { name: 'Location' })).toHaveValue('');
    await expect(custom.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(
      'Mentor, Code Club',
    );

    // The preview follows: its own section, the new heading, no summary.
    const preview = htmlPreview(page);
    await expect(preview.getByText('Volunteering')).toBeVisible();
    await expect(preview.getByText('Professional Experience')).toBeVisible();
    await expect(preview.getByText('Builds calm systems.')).toHaveCount(0);
  });

  await test.step('saved; a reload brings the same structure back', async () => {
    await saveAs(page, 'Shaped 2026');
    await page.reload();
    await expect(section(page, 'Volunteering')).toBeVisible();
    expect((await cardOrder(page)).slice(0, 4)).toEqual([
      'Personal Details',
      'Skills',
      'Professional Summary',
      'Work Experience',
    ]);
    // The first preview after the reload is already shaped, before anything is typed.
    await expect(htmlPreview(page).getByText('Volunteering')).toBeVisible();
    await expect(htmlPreview(page).getByText('Builds calm systems.')).toHaveCount(0);
  });

  await test.step('reopened from CV management, it downloads as a PDF in the new order', async () => {
    await page.goto('/cv-management');
    await page.getByRole('link', { name: 'Shaped 2026', exact: true }).click();
    await expect(section(page, 'Professional Summary').getByText('Hidden', { exact: true })).toBeVisible();
    expect((await cardOrder(page)).slice(0, 2)).toEqual(['Personal Details', 'Skills']);
    await expect(htmlPreview(page).getByText('Professional Experience')).toBeVisible();
    await expect(htmlPreview(page).getByText('Builds calm systems.')).toHaveCount(0);
    const pdf = await downloadFrom(page, 'PDF (Letter)');
    const text = execFileSync('pdftotext', [pdf.path, '-']).toString();
    const [name, skills, experience, volunteering] = positions(text, [
      'Sam Shaper',
      'Skills',
      'Professional Experience',
      'Volunteering',
    ]);
    expect(name).toBeGreaterThanOrEqual(0);
    expect(skills).toBeGreaterThan(name!);
    expect(experience).toBeGreaterThan(skills!);
    expect(volunteering).toBeGreaterThan(experience!);
    expect(text).toContain('Mentor, Code Club');
    expect(text).not.toContain('Builds calm systems.');
    expect(text).not.toMatch(/Work Experience/i);
  });
});

test('a section of the CV’s own prints in every template', async ({ page }) => {
  test.setTimeout(480_000);
  const email = uniqueEmail('shaper-all');
  createUser({ email, fullName: 'Sam Shaper' });
  await signInThroughApi(page, email, PASSWORD);
  const templates = (await (await page.request.get('/v1/CvTemplate/')).json()) as Array<{
    id: number;
    name: string;
  }>;
  expect(templates.length).toBeGreaterThanOrEqual(16);
  for (const template of templates) {
    await test.step(template.name, async () => {
      await page.goto(`/dashboard/${template.id}?new=true`);
      await page.getByRole('button', { name: 'Add Custom Section' }).click();
      const custom = page.locator('[data-testid="section-card"][data-custom]');
      await custom.getByRole('textbox', { name: 'Section title' }).fill(`Talks in ${template.name}`);
      await custom.getByRole('textbox', { name: 'Title', exact: true }).fill('Typed state machines');
      await expect(htmlPreview(page).getByText(`Talks in ${template.name}`)).toBeVisible();
      await expect(htmlPreview(page).getByText('Typed state machines')).toBeVisible();
    });
  }
});

test('an open section and a job move by keyboard, and the focus stays with what moved', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('shaper-open');
  createUser({ email, fullName: 'Sam Shaper' });
  await signInThroughApi(page, email, PASSWORD);
  await page.goto('/dashboard/1?new=true');

  const work = await openSection(page, 'Work Experience');
  await work.getByRole('textbox', { name: 'Job Title', exact: true }).fill('First Job');
  await work.getByRole('button', { name: 'Add Another Work Experience' }).click();
  await work
    .getByRole('group', { name: 'Entry 2' })
    .getByRole('textbox', { name: 'Job Title', exact: true })
    .fill('Second Job');

  await test.step('the open Work Experience card moves up a place', async () => {
    // An open section is far taller than the others: the arrows still move it one place each.
    await moveWithKeyboard(page, 'Work Experience', 3, -1);
    expect((await cardOrder(page)).slice(0, 3)).toEqual([
      'Personal Details',
      'Work Experience',
      'Professional Summary',
    ]);
    await expect(page.getByRole('button', { name: 'Move Work Experience', exact: true })).toBeFocused();
  });

  await test.step('the second job moves above the first; the focus stays on its handle', async () => {
    const second = page.getByRole('button', { name: 'Move Work Experience entry 2' });
    await second.focus();
    await page.keyboard.press('Space');
    await expect(page.getByText(/Picked up Work Experience entry 2, 2 of 2 entries/)).toBeAttached();
    await untilArrowsMove(page);
    await page.keyboard.press('ArrowUp');
    await expect(page.getByText(/Work Experience entry 2 is at position 1 of 2/)).toBeAttached();
    await page.keyboard.press('Space');
    await expect(page.getByText(/Work Experience entry 2 dropped at position 1 of 2/)).toBeAttached();
    const first = work
      .getByRole('group', { name: 'Work Experience' })
      .getByRole('textbox', { name: 'Job Title', exact: true });
    await expect(first).toHaveValue('Second Job');
    // The handle now at the top is the moved job's: pressing on would move it, not the other one.
    await expect(page.getByRole('button', { name: 'Move Work Experience entry 1' })).toBeFocused();
  });
});
