import { execFileSync } from 'node:child_process';
import { expect as baseExpect, type Page } from '@playwright/test';
import { PASSWORD, createUser, uniqueEmail } from './support/accounts';
import { downloadFrom, htmlPreview, saveAs, section } from './support/builder';
import { createCvThroughApi, signInThroughApi, type CvEntry } from './support/saved-cvs';
import { test } from './support/test';

// A person with a long career gives their CV its own design — Letter for a US recruiter, their own
// colour, a serif font, fit to one page — saves it, finds it again after a reload and from CV management, and
// downloads it: a one-page Letter PDF that still holds every word, and a Word file on Letter paper.

const expect = baseExpect.configure({ timeout: 30_000 });

const NAME = 'Morgan Longcareer';
const JOBS = Array.from({ length: 10 }, (_, index) => ({
  title: `Principal Engineer ${index + 1}`,
  company: `Company Number ${index + 1} Ltd`,
  description:
    `<p>Led a team of ${index + 4} engineers that rebuilt the billing platform, cut incidents by half and moved ` +
    `every service to a reviewed deployment pipeline. Mentored juniors, ran the architecture review and wrote ` +
    `the on-call handbook ${index + 1}.</p>`,
}));
const SUMMARY =
  'Engineer with twenty years of building calm, reliable systems for payments, logistics and public services, ' +
  'who writes things down, measures before changing and leaves teams stronger than they were found.';

/** A career long enough that the CV needs two pages in its template's look. */
function longCareer(): CvEntry[] {
  return [
    { value: NAME, index: 0, section_field: 1001 },
    { value: 'morgan@example.com', index: 0, section_field: 1003 },
    { value: SUMMARY, index: 0, section_field: 1008 },
    ...JOBS.flatMap((job, index) => [
      { value: job.title, index, section_field: 1009 },
      { value: job.company, index, section_field: 1010 },
      { value: job.description, index, section_field: 1015 },
    ]),
    { value: 'Systems design', index: 0, section_field: 1022 },
  ];
}

function pdfInfo(path: string): { pages: number; size: string } {
  const info = execFileSync('pdfinfo', [path]).toString();
  return {
    pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]),
    size: /Page size:\s+([\d.]+ x [\d.]+) pts/.exec(info)?.[1] ?? '',
  };
}

/** The CV's values as pdftotext reads them, on one line. */
const pdfText = (path: string) => execFileSync('pdftotext', [path, '-']).toString().replace(/\s+/g, ' ');

async function openDesignPanel(page: Page) {
  const toggle = page.getByRole('button', { name: 'Design', exact: true });
  const panel = page.getByRole('region', { name: 'Design' });
  // A toast sliding over the preview's controls (after a download) can take the click, as it would a person's:
  // they click again, and so does the journey.
  await expect(async () => {
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(panel).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  return panel;
}

test('a person designs a long CV to fit one Letter page, saves it, reopens it and downloads it', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const email = uniqueEmail('designer');
  createUser({ email, fullName: NAME });
  await signInThroughApi(page, email, PASSWORD);
  const cv = await createCvThroughApi(page, { name: 'Long career', template: 1, entries: longCareer() });

  await test.step('in its template’s look the CV needs two pages', async () => {
    await page.goto('/cv-management');
    await page.getByRole('link', { name: 'Long career', exact: true }).click();
    await expect(section(page, 'Work Experience')).toBeVisible();
    await expect(htmlPreview(page).getByText(NAME).first()).toBeVisible();
    const plain = await downloadFrom(page, 'PDF (A4)');
    const info = pdfInfo(plain.path);
    expect(info.pages).toBe(2);
    expect(info.size).toMatch(/^59\d(\.\d+)? x 84\d(\.\d+)?$/);
  });

  await test.step('Letter, their own colour, a serif font and fit to one page', async () => {
    const panel = await openDesignPanel(page);
    await panel.getByRole('radio', { name: 'Letter' }).check({ force: true });
    await expect(panel.getByRole('radio', { name: 'Letter' })).toBeChecked();
    await panel.getByRole('button', { name: 'Teal' }).click();
    await expect(panel.getByRole('button', { name: 'Teal' })).toHaveAttribute('aria-pressed', 'true');
    await panel.getByRole('combobox', { name: 'Font' }).selectOption({ label: 'Noto Serif (serif)' });
    const fit = panel.getByRole('switch', { name: 'Fit to one page' });
    await fit.click();
    await expect(fit).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    // The preview follows through its usual debounce; it fits, so nothing is said.
    await expect(htmlPreview(page).getByText(JOBS[9]!.title)).toBeVisible();
    await expect(panel.getByText('Needs 2 pages even at the smallest size')).toHaveCount(0);
  });

  await test.step('saved; a reload brings the design back', async () => {
    await saveAs(page, 'Long career');
    await page.reload();
    await expect(section(page, 'Work Experience')).toBeVisible();
    const panel = await openDesignPanel(page);
    await expect(panel.getByRole('radio', { name: 'Letter' })).toBeChecked();
    await expect(panel.getByRole('button', { name: 'Teal' })).toHaveAttribute('aria-pressed', 'true');
    await expect(panel.getByRole('combobox', { name: 'Font' })).toHaveValue('noto-serif');
    await expect(panel.getByRole('switch', { name: 'Fit to one page' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  });

  await test.step('reopened from CV management, it downloads as one Letter page holding every value', async () => {
    await page.goto('/cv-management');
    // The list's menu names the paper too.
    await page.getByRole('button', { name: 'Download Long career' }).click();
    await expect(page.getByRole('menuitem', { name: 'Download PDF (Letter)', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Long career', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(cv.uuid));
    await expect(section(page, 'Work Experience')).toBeVisible();
    const pdf = await downloadFrom(page, 'PDF (Letter)');
    expect(pdf.name).toBe('Long career.pdf');
    expect(pdfInfo(pdf.path)).toEqual({ pages: 1, size: '612 x 792' });
    const text = pdfText(pdf.path);
    for (const value of [
      NAME,
      'morgan@example.com',
      'Systems design',
      ...JOBS.flatMap((job) => [job.title, job.company]),
    ])
      expect(text).toContain(value);
    expect(text).toContain('the on-call handbook 10.');
    expect(execFileSync('pdffonts', [pdf.path]).toString()).toMatch(/NotoSerif/);

    const word = await downloadFrom(page, 'Word');
    const xml = execFileSync('unzip', ['-p', word.path, 'word/document.xml']).toString();
    expect(xml).toMatch(/<w:pgSz[^>]*w:w="12240"[^>]*w:h="15840"/);
    // The colour travels too (readable on white as it is).
    expect(xml.toLowerCase()).toContain('00796b');
  });
});
