import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { PASSWORD, createUser, uniqueEmail } from './support/accounts';
import { openSection, section } from './support/builder';
import { createCvThroughApi, signInThroughApi, type CvEntry } from './support/saved-cvs';
import { expect, test } from './support/test';

// Every saved CV reopens and stays editable, in every template: a CV with every field of every section filled
// (every widget type, two entries in every repeatable section, rich text with bold, a list and a link) is reopened
// from CV management, every section opened and every value found; reload and find them again; save without a change
// and get the same entries back. The templates are the server's catalogue (server/templates/, checked against
// GET /v1/CvTemplate/), so a new template is walked without touching this file.
// Half the templates (odd ids) are filled by keyboard through the builder and saved with its dialog, as a person
// does; the other half (even ids) start from the very entries the builder saves (same values, the editor's own HTML,
// the phone as the builder formats it), created through the API: typing is the same form code in every template,
// while reopening and reloading, the paths that once crashed, are walked through the UI for all sixteen. This
// keeps the journey to about half its time (issue: the suite should stay well under 20 minutes).

interface FieldDefinition {
  id: number;
  name: string;
  widget_label: string;
  widget_type: string;
}
interface SectionDefinition {
  name: string;
  is_repeatable: boolean;
  is_active?: boolean;
  input_fields: FieldDefinition[];
}
interface TemplateDefinition {
  id: number;
  name: string;
  sections: SectionDefinition[];
}

const TEMPLATES_DIR = fileURLToPath(new URL('../server/templates/', import.meta.url));
const templates: TemplateDefinition[] = readdirSync(TEMPLATES_DIR)
  .filter((folder) => existsSync(join(TEMPLATES_DIR, folder, 'template.json')))
  .map(
    (folder) =>
      JSON.parse(readFileSync(join(TEMPLATES_DIR, folder, 'template.json'), 'utf8')) as TemplateDefinition,
  )
  .sort((a, b) => a.id - b.id);

// One person per worker: the tests of this file run in parallel.
let email = '';

type Expected =
  | { kind: 'text'; value: string }
  /** A month and year, picked from the date field's two lists; later fields get later years (an end after its start). */
  | { kind: 'date'; month: number; year: number }
  | { kind: 'phone'; country: string; number: string }
  | { kind: 'checkbox'; checked: boolean }
  | { kind: 'rich'; link: string };

const SUMMARY = /summary|aim|objective/i;

function expectedValue(
  template: TemplateDefinition,
  field: FieldDefinition,
  entry: number,
  order: number,
): Expected {
  switch (field.widget_type) {
    case 'email-input':
      return { kind: 'text', value: `ada.${template.id}.${entry}@example.com` };
    case 'phone-input':
      return { kind: 'phone', country: 'GB', number: '20 7946 0958' };
    case 'date':
      return { kind: 'date', month: (order % 9) + 1 + entry, year: 2000 + order };
    case 'checkbox':
      return { kind: 'checkbox', checked: entry === 0 };
    case 'richtext-input':
      return { kind: 'rich', link: `https://example.com/t${template.id}/${field.id}/${entry}` };
    default:
      return {
        kind: 'text',
        value: SUMMARY.test(field.name)
          ? `${field.widget_label} of template ${template.id}\nSecond line ${entry + 1}`
          : `${field.widget_label} ${entry + 1} (${template.id})`,
      };
  }
}

/** Filled by keyboard through the builder (odd ids) or created with the entries the builder saves (even ids). */
const filledByKeyboard = (template: TemplateDefinition) => template.id % 2 === 1;

/** What the rich-text editor saves for the text `fill` types. */
const editorHtml = (label: string, link: string) =>
  `<p>Led the ${label} work <strong>with bold results</strong></p><ul><li><p>first point</p></li>` +
  `<li><p>second point</p></li></ul><p>See <a href="${link}">${link}</a> now</p><p></p>`;

const sorted = (entries: CvEntry[]) =>
  [...entries].sort((a, b) => a.section_field - b.section_field || a.index - b.index);

/** The entries the builder saves after `fill` (an unticked checkbox is not saved). */
function builderEntries(template: TemplateDefinition): CvEntry[] {
  const entries: CvEntry[] = [];
  for (const definition of activeSections(template))
    for (const entry of entriesOf(definition))
      for (const [order, field] of definition.input_fields.entries()) {
        const expected = expectedValue(template, field, entry, order);
        const value =
          expected.kind === 'text'
            ? expected.value
            : expected.kind === 'date'
              ? `${expected.year}-${String(expected.month).padStart(2, '0')}`
              : expected.kind === 'phone'
              ? '+44 20 7946 0958'
              : expected.kind === 'rich'
                ? editorHtml(field.widget_label, expected.link)
                : expected.checked
                  ? 'true'
                  : null;
        if (value !== null) entries.push({ value, index: entry, section_field: field.id });
      }
  return entries;
}

function entryGroup(card: Locator, section: SectionDefinition, entry: number): Locator {
  return card.getByRole('group', { name: entry === 0 ? section.name : `Entry ${entry + 1}`, exact: true });
}

/** A field's label as shown: its text, and an asterisk when it is required. */
function labelled(label: string): RegExp {
  return new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`);
}

function control(group: Locator, field: FieldDefinition): Locator {
  if (field.widget_type === 'checkbox')
    return group.getByRole('checkbox', { name: field.widget_label, exact: true });
  if (field.widget_type === 'richtext-input')
    return group.getByRole('textbox', { name: field.widget_label, exact: true });
  if (field.widget_type === 'date')
    return group.getByRole('combobox', { name: `${field.widget_label} Month`, exact: true });
  return group.getByLabel(labelled(field.widget_label));
}

async function fill(page: Page, group: Locator, field: FieldDefinition, expected: Expected) {
  const box = control(group, field);
  switch (expected.kind) {
    case 'text':
      // Typed where the focus is, as a person tabbing through a form does; over what is there: a new CV's name,
      // email and phone start from the account.
      await box.focus();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.insertText(expected.value);
      return;
    case 'date':
      // The label names the month list; the year list sits beside it.
      await box.selectOption(String(expected.month));
      await group
        .getByRole('combobox', { name: `${field.widget_label} Year`, exact: true })
        .selectOption(String(expected.year));
      return;
    case 'phone':
      await group.getByLabel('Country calling code').selectOption(expected.country);
      await box.focus();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.insertText(expected.number);
      return;
    case 'checkbox':
      // With the mouse, on its label: the way most people tick a box.
      if (expected.checked) await group.getByText(field.widget_label, { exact: true }).click();
      await expect(box).toBeChecked({ checked: expected.checked });
      return;
    case 'rich':
      // Formatting by keyboard as a person does (Ctrl+B, '- ' starts a list); plain words inserted at once.
      await box.click();
      await page.keyboard.insertText(`Led the ${field.widget_label} work `);
      await page.keyboard.press('ControlOrMeta+b');
      await page.keyboard.insertText('with bold results');
      await page.keyboard.press('ControlOrMeta+b');
      await page.keyboard.press('Enter');
      await page.keyboard.type('- ');
      await page.keyboard.insertText('first point');
      await page.keyboard.press('Enter');
      await page.keyboard.insertText('second point');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await page.keyboard.insertText(`See ${expected.link}`);
      await page.keyboard.type(' now');
      await expect(box.locator(`a[href="${expected.link}"]`)).toBeVisible();
  }
}

/** Everything a section card shows, read at once: per entry, per field label, what its control holds. */
async function readSection(card: Locator): Promise<Record<string, Record<string, string>>> {
  return card.evaluate((root) => {
    const shown: Record<string, Record<string, string>> = {};
    for (const group of root.querySelectorAll<HTMLElement>('[role="group"]')) {
      const fields: Record<string, string> = {};
      for (const label of group.querySelectorAll('label')) {
        const name = (label.textContent ?? '').replace(/\*$/, '').trim();
        const target = label.htmlFor ? document.getElementById(label.htmlFor) : label.querySelector('input');
        if (!target) continue;
        if (target instanceof HTMLInputElement && target.type === 'checkbox')
          fields[name] = String(target.checked);
        else if (target instanceof HTMLSelectElement) {
          // A date: its month list, and the year list beside it.
          const year = document.getElementById(`${target.id}-year`) as HTMLSelectElement | null;
          fields[name] = `${year?.value ?? ''}|${target.value}`;
        }
        else if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) {
          const select = target.closest('[data-part="root"], div')?.parentElement?.querySelector('select');
          fields[name] = target.type === 'tel' && select ? `${select.value}|${target.value}` : target.value;
        } else fields[name] = target.innerHTML;
      }
      shown[group.getAttribute('aria-label') ?? ''] = fields;
    }
    return shown;
  });
}

function checkShown(shown: string | undefined, field: FieldDefinition, expected: Expected) {
  const where = field.widget_label;
  switch (expected.kind) {
    case 'text':
      expect(shown, where).toBe(expected.value);
      return;
    case 'date':
      expect(shown, where).toBe(`${expected.year}|${expected.month}`);
      return;
    case 'phone':
      expect(shown, where).toBe(`${expected.country}|${expected.number}`);
      return;
    case 'checkbox':
      expect(shown, where).toBe(String(expected.checked));
      return;
    case 'rich':
      expect(shown, where).toContain(`Led the ${field.widget_label} work`);
      expect(shown, where).toMatch(/<strong>with bold results<\/strong>/);
      expect(shown, where).toMatch(/<li><p>first point<\/p><\/li><li><p>second point<\/p><\/li>/);
      expect(shown, where).toContain(`href="${expected.link}"`);
  }
}

const activeSections = (template: TemplateDefinition) =>
  template.sections.filter((s) => s.is_active !== false);
const entriesOf = (section: SectionDefinition) => (section.is_repeatable ? [0, 1] : [0]);

async function checkEverySection(page: Page, template: TemplateDefinition) {
  const sections = activeSections(template);
  // Open every section as a person scanning the CV would, then read the whole form at once.
  for (const definition of sections) {
    const header = section(page, definition.name).locator('button[aria-expanded]');
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  }
  // The rich-text editors arrive with their own chunk: wait for all of them before reading.
  const editors = sections.reduce(
    (count, definition) =>
      count +
      definition.input_fields.filter((field) => field.widget_type === 'richtext-input').length *
        entriesOf(definition).length,
    0,
  );
  await expect(page.locator('[data-testid="section-card"] [contenteditable="true"]')).toHaveCount(editors);
  for (const definition of sections) {
    const card = section(page, definition.name);
    await expect(card.locator('button[aria-expanded]')).toHaveAttribute('aria-expanded', 'true');
    const shown = await readSection(card);
    for (const entry of entriesOf(definition)) {
      const group = shown[entry === 0 ? definition.name : `Entry ${entry + 1}`] ?? {};
      for (const [order, field] of definition.input_fields.entries())
        checkShown(group[field.widget_label], field, expectedValue(template, field, entry, order));
    }
  }
}

async function savedEntries(page: Page, uuid: string) {
  const cv = (await (await page.request.get(`/v1/GeneratedCV/${uuid}/`)).json()) as {
    entries: { value: string; index: number; section_field: number }[];
  };
  return cv.entries.map(({ value, index, section_field }) => ({ value, index, section_field }));
}

// One template per test, spread over the workers: each test has its own CV.
test.describe.configure({ mode: 'parallel' });

test.beforeAll(async ({ request }, info) => {
  email = uniqueEmail(`round-trip-w${info.workerIndex}`);
  createUser({ email, fullName: 'Ada Lovelace' });
  const listed = (await (await request.get('/v1/CvTemplate/')).json()) as { id: number }[];
  expect(listed.map((template) => template.id).sort((a, b) => a - b)).toEqual(templates.map((t) => t.id));
});

for (const template of templates) {
  test(`a fully filled CV of ${template.name} reopens with every value, after a reload too`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    // A control that is not there fails in seconds, not at the end of the test's time.
    page.setDefaultTimeout(15_000);
    await signInThroughApi(page, email, PASSWORD);
    const cvName = `Round trip ${template.name}`;

    let uuid = '';
    let firstSave: CvEntry[] = [];
    if (filledByKeyboard(template)) {
      await test.step('fill every field of every section, two entries where a section repeats', async () => {
        await page.goto('/');
        const card = page.getByRole('article', { name: template.name });
        // Ten templates a page: a person pages on until theirs is there.
        const pagination = page.getByRole('navigation', { name: 'Pagination' });
        await expect(
          page.getByRole('region', { name: 'Templates' }).getByRole('article').first(),
        ).toBeVisible();
        const next = pagination.getByRole('button', { name: 'Next' });
        while (!(await card.isVisible()) && (await next.isEnabled())) {
          const shown = await pagination.getByText(/^Page \d+ of \d+$/).textContent();
          await next.click();
          await expect(pagination.getByText(/^Page \d+ of \d+$/)).not.toHaveText(shown ?? '');
        }
        await card.hover();
        await card.getByRole('link', { name: 'Create New CV' }).click();
        await expect(page.getByRole('heading', { name: 'CV Builder', level: 1 })).toBeVisible();
        for (const definition of activeSections(template)) {
          const sectionCard = await openSection(page, definition.name);
          for (const entry of entriesOf(definition)) {
            if (entry > 0)
              await sectionCard
                .getByRole('button', { name: `Add Another ${definition.name}`, exact: true })
                .click();
            const group = entryGroup(sectionCard, definition, entry);
            for (const [order, field] of definition.input_fields.entries())
              await fill(page, group, field, expectedValue(template, field, entry, order));
          }
          await sectionCard.getByRole('button', { name: 'Complete Section' }).click();
          await expect(sectionCard).toHaveAttribute('data-completed', 'true');
        }
      });

      await test.step('save it: the builder saves exactly the entries the other half of the templates starts from', async () => {
        await page.getByRole('button', { name: 'Save CV' }).click();
        const dialog = page.getByRole('dialog', { name: 'Save CV' });
        await dialog.getByLabel('CV Name').fill(cvName);
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expect(page.getByTestId('toast')).toContainText(
          `Your CV "${cvName}" has been saved successfully.`,
        );
        uuid = new URL(page.url()).pathname.split('/').at(-1)!;
        firstSave = await savedEntries(page, uuid);
        expect(sorted(firstSave)).toEqual(sorted(builderEntries(template)));
      });
    } else {
      await test.step('a CV with every field of every section, as the builder saves it', async () => {
        ({ uuid } = await createCvThroughApi(page, {
          name: cvName,
          template: template.id,
          entries: builderEntries(template),
        }));
        firstSave = await savedEntries(page, uuid);
        expect(sorted(firstSave)).toEqual(sorted(builderEntries(template)));
      });
    }

    await test.step('reopen it from CV management and find every value in every section', async () => {
      await page.goto('/cv-management');
      // Twelve templates a page there: a person pages on until the CV's template is there.
      const saved = page.getByRole('link', { name: cvName, exact: true });
      const pages = page.getByRole('navigation', { name: 'Pagination' });
      // The list has loaded when its first template is there (the sidebar's links come before it).
      await expect(
        page.getByRole('region', { name: 'Templates and their CVs' }).getByRole('article').first(),
      ).toBeVisible();
      const next = pages.getByRole('button', { name: 'Next' });
      while (!(await saved.isVisible()) && (await next.isVisible()) && (await next.isEnabled())) {
        const shown = await pages.getByText(/^Page \d+ of \d+$/).textContent();
        await next.click();
        await expect(pages.getByText(/^Page \d+ of \d+$/)).not.toHaveText(shown ?? '');
      }
      await saved.click();
      await expect(page).toHaveURL(new RegExp(`/dashboard/${uuid}$`));
      await expect(page.getByTestId('cv-name')).toHaveText(cvName);
      // A long name wraps in the header, never squeezed into a column of single letters over the sections.
      expect((await page.getByTestId('cv-name').boundingBox())!.width).toBeGreaterThan(100);
      await checkEverySection(page, template);
      await expect(page.getByText('Unsaved changes')).toBeHidden();
      await expect(page.getByText('This section could not be shown.')).toHaveCount(0);
    });

    await test.step('reload and find every value again', async () => {
      await page.reload();
      await expect(page.getByTestId('cv-name')).toHaveText(cvName);
      await checkEverySection(page, template);
      await expect(page.getByText('Unsaved changes')).toBeHidden();
    });

    await test.step('save without a change: the saved entries stay the same', async () => {
      // A saved CV with a name: 'Save CV' saves at once, under the name it has.
      await page.getByRole('button', { name: 'Save CV' }).click();
      await expect(page.getByRole('dialog', { name: 'Save CV' })).toHaveCount(0);
      await expect(page.getByTestId('toast')).toContainText(
        `Your CV "${cvName}" has been saved successfully.`,
      );
      // The same entries (their order in the answer is the order they were written in).
      expect(sorted(await savedEntries(page, uuid))).toEqual(sorted(firstSave));
      await expect(section(page, activeSections(template)[0]!.name)).toHaveAttribute(
        'data-completed',
        'true',
      );
    });
  });
}
