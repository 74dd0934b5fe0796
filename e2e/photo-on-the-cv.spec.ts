import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect as baseExpect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { PASSWORD, createUser, uniqueEmail } from './support/accounts';
import { downloadFrom, htmlPreview, saveAs, section } from './support/builder';
import { createCvThroughApi, signInThroughApi } from './support/saved-cvs';
import { test } from './support/test';
import { readZip } from '../server/tests/helpers/zip';

// A person adds the photo from their phone (it carries where it was taken) to their CV: they crop it to a circle,
// see it in the preview, save, come back later and find it, download the PDF and the Word file — the photo is in
// both, where it was taken is in neither — then hide it on this CV and switch templates.

const expect = baseExpect.configure({ timeout: 30_000 });
const NAME = 'Noor Photographer';

/** A phone photo: 1200×900, EXIF with the camera, GPS and a comment, orientation 6. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .composite([{ input: { create: { width: 300, height: 900, channels: 3, background: '#ffdd00' } }, left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Pocket 12', ImageDescription: 'taken at home' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 2640/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 3960/100' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

async function openDesignPanel(page: Page) {
  const toggle = page.getByRole('button', { name: 'Design', exact: true });
  const panel = page.getByRole('region', { name: 'Design' });
  await expect(async () => {
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(panel).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  return panel;
}

/** The Design panel is a drawer over the page: it is closed before the Save and Download controls are used. */
async function closeDesignPanel(page: Page) {
  const close = page.getByRole('button', { name: 'Close design panel' });
  if (await close.isVisible()) await close.click();
  await expect(page.getByRole('region', { name: 'Design' })).toBeHidden();
}

const pdfImages = (path: string) =>
  execFileSync('pdfimages', ['-list', path]).toString().split('\n').slice(2).filter((line) => line.trim());

async function wordMedia(path: string): Promise<Buffer[]> {
  const files = await readZip(readFileSync(path));
  return [...files].filter(([name]) => name.startsWith('word/media/')).map(([, bytes]) => bytes);
}

test('a phone photo, cropped to a circle, saved, printed without its metadata, hidden, across templates', async ({ page }) => {
  test.setTimeout(300_000);
  const email = uniqueEmail('photo');
  createUser({ email, fullName: NAME });
  await signInThroughApi(page, email, PASSWORD);
  await createCvThroughApi(page, {
    name: 'With my photo',
    template: 1,
    entries: [
      { value: NAME, index: 0, section_field: 1001 },
      { value: 'noor@example.com', index: 0, section_field: 1003 },
      { value: 'Photo editor', index: 0, section_field: 1009 },
    ],
  });
  const original = await phonePhoto();

  await test.step('the photo from the phone, cropped to a circle, is in the preview', async () => {
    await page.goto('/cv-management');
    await page.getByRole('link', { name: 'With my photo' }).click();
    await expect(section(page, 'Work Experience')).toBeVisible();
    const panel = await openDesignPanel(page);
    await panel.getByLabel('Choose a photo for the CV').setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: original });
    const cropper = page.getByRole('dialog', { name: 'Crop your photo' });
    await expect(cropper).toBeVisible();
    // The Zoom slider is there to see and to touch (it once measured 0x0 with no recipe): a track across the
    // dialog, 44 px high; a click on the track zooms, and so do the arrow keys.
    const zoom = cropper.getByRole('slider', { name: 'Zoom' });
    const track = cropper.locator('[data-part="control"]');
    const box = (await track.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThan(200);
    expect((await zoom.boundingBox())!.width).toBeGreaterThan(8);
    await page.mouse.click(box.x + box.width * 0.5, box.y + box.height / 2);
    await expect(zoom).not.toHaveAttribute('aria-valuenow', '1');
    await page.screenshot({ path: test.info().outputPath('crop-dialog-light.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.screenshot({ path: test.info().outputPath('crop-dialog-dark.png') });
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await zoom.press('ArrowRight');
    await cropper.getByRole('button', { name: 'Use photo' }).click();
    await expect(cropper).toBeHidden();
    await expect(panel.getByTestId('photo-thumbnail')).toBeVisible();
    await expect(panel.getByRole('radio', { name: 'Circle' })).toBeChecked();
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await expect(htmlPreview(page).locator('img.cv-photo.cv-photo-circle')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('photo-in-preview.png') });
  });

  await test.step('saved, and there after a reload', async () => {
    await saveAs(page, 'With my photo');
    await expect(page.getByText('Unsaved changes')).toHaveCount(0);
    await page.reload();
    await expect(section(page, 'Work Experience')).toBeVisible();
    const panel = await openDesignPanel(page);
    await expect(panel.getByTestId('photo-thumbnail')).toBeVisible();
    await expect(htmlPreview(page).locator('img.cv-photo')).toBeVisible();
    await expect(page.getByText('Unsaved changes')).toHaveCount(0);
    await closeDesignPanel(page);
  });

  await test.step('the PDF and the Word file carry the photo, and not where it was taken', async () => {
    const pdf = await downloadFrom(page, 'PDF (A4)');
    expect(pdfImages(pdf.path).length).toBeGreaterThanOrEqual(1);
    const pdfBytes = readFileSync(pdf.path);
    expect(pdfBytes.includes(Buffer.from('PhoneMaker'))).toBe(false);
    expect(pdfBytes.includes(Buffer.from('Exif'))).toBe(false);
    const word = await downloadFrom(page, 'Word');
    const media = await wordMedia(word.path);
    expect(media).toHaveLength(1);
    const meta = await sharp(media[0]!).metadata();
    expect(meta.exif).toBeUndefined();
    expect(media[0]!.includes(Buffer.from('PhoneMaker'))).toBe(false);
  });

  await test.step('hidden on this CV: in neither the preview nor the PDF, and kept', async () => {
    const panel = await openDesignPanel(page);
    await panel.getByText('Hide the photo on this CV').click();
    await expect(htmlPreview(page).locator('img.cv-photo')).toHaveCount(0);
    await closeDesignPanel(page);
    await saveAs(page, 'With my photo');
    const pdf = await downloadFrom(page, 'PDF (A4)');
    expect(pdfImages(pdf.path)).toEqual([]);
    await expect((await openDesignPanel(page)).getByTestId('photo-thumbnail')).toBeVisible();
  });

  await test.step('shown again and switched to a sidebar template: the photo heads the sidebar', async () => {
    const panel = await openDesignPanel(page);
    await panel.getByText('Hide the photo on this CV').click();
    await page.getByLabel('Template', { exact: true }).selectOption({ label: 'Corporate Sidebar' });
    await expect(htmlPreview(page).locator('.sidebar img.cv-photo, .identity img.cv-photo')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('photo-in-sidebar.png') });
  });
});
