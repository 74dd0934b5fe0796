import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { readOutbox } from '../server/tests/helpers/outbox';
import { PASSWORD, createUser, expectToast, uniqueEmail } from './support/accounts';
import { outboxDir } from './support/outbox';
import { createCvThroughApi, cvRow, signInThroughApi, type SavedCv } from './support/saved-cvs';

// A person with saved CVs finds them on their template's card, downloads them as PDF and Word, emails one to
// themselves and deletes one (docs/behaviour.md#template-card, #validation-rules, #messages).

const email = uniqueEmail('saved-cvs');
const fullName = 'Ada Lovelace';

// Template 1 (Executive Classic): 1001 full name, 1003 email, 1009 job title (repeatable), 1015 description.
// Template 2 (Corporate Sidebar): 2001 full name, 2008 skill.
const engineerEntries = [
  { value: fullName, index: 0, section_field: 1001 },
  { value: 'ada@example.com', index: 0, section_field: 1003 },
  { value: 'Analyst Programmer', index: 0, section_field: 1009 },
  { value: '<p>Wrote the <strong>first</strong> program.</p>', index: 0, section_field: 1015 },
];

let engineer: SavedCv;
let analyst: SavedCv;
let designer: SavedCv;

function templateCard(page: Page, templateName: string): Locator {
  return page.getByRole('article', { name: templateName });
}

async function download(page: Page, card: Locator, cvName: string, choice: 'Download PDF' | 'Download Word') {
  const arrival = page.waitForEvent('download');
  await card.getByRole('button', { name: `Download ${cvName}` }).click();
  await page.getByRole('menuitem', { name: choice }).click();
  const file = await arrival;
  const path = join(process.env.E2E_TMP!, `${Date.now()}-${file.suggestedFilename()}`);
  await file.saveAs(path);
  return { name: file.suggestedFilename(), path };
}

test.beforeAll(() => {
  createUser({ email, password: PASSWORD, fullName });
});

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, email, PASSWORD);
  if (!engineer) {
    engineer = await createCvThroughApi(page, {
      name: 'Software Engineer 2024',
      template: 1,
      entries: engineerEntries,
    });
    analyst = await createCvThroughApi(page, {
      name: 'Data Analyst',
      template: 1,
      entries: [
        { value: fullName, index: 0, section_field: 1001 },
        { value: 'Statistician', index: 0, section_field: 1009 },
      ],
    });
    designer = await createCvThroughApi(page, {
      name: 'Engine Designer',
      template: 2,
      entries: [
        { value: fullName, index: 0, section_field: 2001 },
        { value: 'Mechanics', index: 0, section_field: 2008 },
      ],
    });
  }
});

test('saved CVs appear on their template cards, the first shown and the rest behind Show More', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Available CV Templates' })).toBeVisible();
  const classic = templateCard(page, 'Executive Classic');
  await expect(classic.getByTestId('generated-cv')).toHaveCount(1);
  await classic.getByRole('button', { name: 'Show More (1 more)' }).click();
  await expect(classic.getByRole('link', { name: 'Software Engineer 2024' })).toBeVisible();
  await expect(classic.getByRole('link', { name: 'Data Analyst' })).toBeVisible();
  await expect(classic.getByRole('button', { name: 'Show Less' })).toBeVisible();
  await expect(
    templateCard(page, 'Corporate Sidebar').getByRole('link', { name: 'Engine Designer' }),
  ).toBeVisible();

  // 'Create New CV' is reachable with the keyboard and opens the builder on that template.
  const create = classic.getByRole('link', { name: 'Create New CV' });
  await create.focus();
  await expect(create).toBeVisible();
  await expect(create).toHaveAttribute('href', '/dashboard/1?new=true');

  await page.goto('/cv-management');
  const managed = page.getByRole('article', { name: 'Executive Classic' });
  await expect(managed.getByText('Software Engineer 2024')).toBeVisible();
  await expect(managed.getByText('Data Analyst')).toBeVisible();
});

test('downloads a CV as PDF and as Word under its name, with its content', async ({ page }) => {
  await page.goto('/');
  const classic = templateCard(page, 'Executive Classic');
  await classic.getByRole('button', { name: 'Show More (1 more)' }).click();
  const cvName = engineer.name;

  const pdf = await download(page, classic, cvName, 'Download PDF');
  expect(pdf.name).toBe('Software Engineer 2024.pdf');
  expect(readFileSync(pdf.path).subarray(0, 5).toString()).toBe('%PDF-');
  const pdfText = execFileSync('pdftotext', [pdf.path, '-']).toString();
  expect(pdfText).toContain(fullName);
  expect(pdfText).toContain('Analyst Programmer');
  await expectToast(page, 'Download Successful', 'Software Engineer 2024 has been downloaded as PDF.');

  const word = await download(page, classic, cvName, 'Download Word');
  expect(word.name).toBe('Software Engineer 2024.docx');
  const documentXml = execFileSync('unzip', ['-p', word.path, 'word/document.xml']).toString();
  expect(documentXml).toContain(fullName);
  expect(documentXml).toContain('Analyst Programmer');
  await expectToast(
    page,
    'Download Successful',
    'Software Engineer 2024 has been downloaded as Word document.',
  );
});

test('emails a CV: a message with the PDF attached lands in the outbox', async ({ page }) => {
  const before = (await readOutbox(outboxDir())).length;
  await page.goto('/');
  const sidebar = templateCard(page, 'Corporate Sidebar');
  await sidebar.getByRole('button', { name: `Email ${designer.name}` }).click();
  // A listed CV's Email asks first and names the address (docs/decisions/0044-cv-list-pages-and-phone-reasons.md).
  const question = page.getByRole('alertdialog', { name: 'Email this CV?' });
  await question.getByRole('button', { name: `Send to ${email}` }).click();
  await expectToast(page, 'Email Sent!', 'CV has been sent to your email address.');

  await expect.poll(async () => (await readOutbox(outboxDir())).length).toBeGreaterThan(before);
  const message = (await readOutbox(outboxDir())).find(
    (m) => m.to.includes(email) && m.subject.includes(designer.name),
  );
  expect(message, 'an email to the owner about the CV').toBeDefined();
  const attachment = message!.attachments.find((a) => a.contentType.startsWith('application/pdf'));
  expect(attachment?.filename).toBe('Engine Designer.pdf');
  expect(attachment!.content.subarray(0, 5).toString()).toBe('%PDF-');
});

test('deletes a CV after confirmation: it leaves the card and stays archived in the database', async ({
  page,
}) => {
  await page.goto('/');
  const classic = templateCard(page, 'Executive Classic');
  await classic.getByRole('button', { name: 'Show More (1 more)' }).click();

  // Cancel keeps it.
  await classic.getByRole('button', { name: `Delete ${analyst.name}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete CV?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('You can restore it from Recently deleted in CV Management.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(classic.getByRole('link', { name: analyst.name, exact: true })).toBeVisible();

  await classic.getByRole('button', { name: `Delete ${analyst.name}` }).click();
  await page.getByRole('alertdialog', { name: 'Delete CV?' }).getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'CV deleted', 'The CV was archived successfully.');
  await expect(classic.getByRole('link', { name: analyst.name, exact: true })).toHaveCount(0);
  await expect(classic.getByRole('link', { name: engineer.name, exact: true })).toBeVisible();

  const row = cvRow(analyst.id);
  expect(row?.name).toBe('Data Analyst');
  expect(row?.archived_at).toBeTruthy();

  // Gone from every list after a reload too.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Available CV Templates' })).toBeVisible();
  await expect(
    templateCard(page, 'Executive Classic').getByRole('link', { name: engineer.name, exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: analyst.name, exact: true })).toHaveCount(0);
});
