import { execFileSync } from 'node:child_process';
import { PASSWORD, createUser, uniqueEmail } from './support/accounts';
import { downloadFrom, htmlPreview, openSection, saveAs } from './support/builder';
import { signInThroughApi } from './support/saved-cvs';
import { expect, test } from './support/test';

// A date is a month and a year (docs/decisions/0043-month-and-year-dates.md): a person picks them from two lists,
// ticks 'Present' for a course not finished, sees an end before the start refused, undoes a pick, saves, comes back
// after a reload and finds it all, and the PDF they download says 'Present'.

test('dates are picked as month and year, with Present, and come back in the builder and the PDF', async ({ page }) => {
  // A whole journey with a PDF at its end: minutes on a loaded machine.
  test.setTimeout(180_000);
  const email = uniqueEmail('month-year-dates');
  createUser({ email });
  await signInThroughApi(page, email, PASSWORD);
  await page.goto('/');
  const card = page.getByRole('article', { name: 'Executive Classic' });
  await card.hover();
  await card.getByRole('link', { name: 'Create New CV' }).click();
  // The builder on a loaded machine may take longer than an assertion's usual wait.
  await expect(page.getByTestId('cv-name')).toHaveText('Untitled CV', { timeout: 30_000 });

  const personal = await openSection(page, 'Personal Details');
  await personal.getByRole('textbox', { name: 'Full Name' }).fill('Ada Lovelace');

  const education = await openSection(page, 'Education');
  await education.getByRole('textbox', { name: 'Degree' }).fill('MSc Mathematics');
  const startMonth = education.getByRole('combobox', { name: 'Start Date Month' });
  const startYear = education.getByRole('combobox', { name: 'Start Date Year' });
  const endMonth = education.getByRole('combobox', { name: 'End Date Month' });
  const endYear = education.getByRole('combobox', { name: 'End Date Year' });
  // Touch-sized lists.
  expect((await startMonth.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await startMonth.selectOption('September');
  await startYear.selectOption('2019');
  await expect(htmlPreview(page).getByText('Sep 2019')).toBeVisible();

  // An end before the start is said under the field.
  await endMonth.selectOption('June');
  await endYear.selectOption('2018');
  await expect(education.getByText('The end date is before the start date. Please check it.')).toBeVisible();

  // 'Present' sets the end date aside; it prints in the preview.
  await education.getByText('Present', { exact: true }).click();
  const present = education.getByRole('checkbox', { name: 'Present' });
  await expect(present).toBeChecked();
  await expect(endMonth).toBeDisabled();
  await expect(education.getByText(/before the start date/)).toHaveCount(0);
  await expect(htmlPreview(page).getByText('Sep 2019 – Present')).toBeVisible();

  // A pick is undone like any other change.
  await startMonth.selectOption('October');
  await expect(htmlPreview(page).getByText('Oct 2019 – Present')).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(startMonth).toHaveValue('9');
  await expect(htmlPreview(page).getByText('Sep 2019 – Present')).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  await education.getByRole('button', { name: 'Complete Section' }).click();
  await saveAs(page, 'Dates');
  await expect(page.getByText('Unsaved changes')).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('cv-name')).toHaveText('Dates', { timeout: 30_000 });

  const again = await openSection(page, 'Education');
  await expect(again.getByRole('combobox', { name: 'Start Date Month' })).toHaveValue('9');
  await expect(again.getByRole('combobox', { name: 'Start Date Year' })).toHaveValue('2019');
  await expect(again.getByRole('checkbox', { name: 'Present' })).toBeChecked();

  const pdf = await downloadFrom(page, 'PDF (Letter)');
  const text = execFileSync('pdftotext', [pdf.path, '-']).toString().replace(/\s+/g, ' ');
  expect(text).toContain('MSc Mathematics');
  expect(text).toContain('Sep 2019 – Present');
});
