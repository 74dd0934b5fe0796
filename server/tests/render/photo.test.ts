import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderHtml } from '../../src/render/html.js';
import { renderDocx } from '../../src/render/docx.js';
import { buildRenderModelFromFormData } from '../../src/cv-input/values.js';
import { getTemplateRegistry } from '../../src/templates/registry.js';
import { TEMPLATE_DESIGN, type CvDesign } from '../../src/render/design.js';
import { withPreviewPhoto } from '../../src/photos/render.js';
import { PHOTO_SIZE_MM } from '../../../rules/design.js';
import { readZip } from '../helpers/zip.js';
import { HAS_CHROMIUM, pdfPagePixels, testPdfRenderer } from './support.js';

// The photo in every template but ATS Plain: in the HTML, on page 1 of the PDF inside the page and clear of every
// word, in Word as a real image; hidden, in none of them.

const registry = getTemplateRegistry();
const pdf = testPdfRenderer();
const DPI = 72; // one pixel a point: the raster and pdftotext's boxes share units
const MM_PER_PT = 25.4 / 72;

/** A flat magenta photo: no template prints that colour, so its pixels are the photo's. */
const MAGENTA = sharp({ create: { width: 400, height: 400, channels: 3, background: '#ff00ff' } }).jpeg().toBuffer();
const dataUrl = async () => `data:image/jpeg;base64,${(await MAGENTA).toString('base64')}`;

const design = (photo: Partial<CvDesign['photo']> = {}): CvDesign => ({
  ...TEMPLATE_DESIGN,
  photo: { ...TEMPLATE_DESIGN.photo, shape: 'square', ...photo },
});

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The box of the magenta pixels of page 1, in points; undefined when there are none. */
function photoBox(document: Buffer): (Box & { width: number; height: number }) | undefined {
  const { width, height, rgb } = pdfPagePixels(document, 1, DPI);
  let box: Box | undefined;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      if (rgb[i]! > 220 && rgb[i + 1]! < 60 && rgb[i + 2]! > 220) {
        box = box
          ? { x0: Math.min(box.x0, x), y0: Math.min(box.y0, y), x1: Math.max(box.x1, x + 1), y1: Math.max(box.y1, y + 1) }
          : { x0: x, y0: y, x1: x + 1, y1: y + 1 };
      }
    }
  }
  return box && { ...box, width, height };
}

/** Every word of page 1 with its box in points (pdftotext -bbox). */
function wordBoxes(document: Buffer): Array<Box & { word: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'cv-photo-test-'));
  try {
    const file = path.join(dir, 'cv.pdf');
    writeFileSync(file, document);
    const html = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' });
    return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map(
      (m) => ({ x0: Number(m[1]), y0: Number(m[2]), x1: Number(m[3]), y1: Number(m[4]), word: m[5]! }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

describe.runIf(HAS_CHROMIUM).each(registry.templates.map((t) => [t.slug, t] as const))('%s with a photo', (slug, template) => {
  const prints = slug !== 'ats-plain';
  const modelWith = async (photo: Partial<CvDesign['photo']> = {}, output: 'html' | 'word' = 'html') =>
    withPreviewPhoto(
      buildRenderModelFromFormData(template.definition, template.sample, null, design(photo)),
      template.definition,
      await dataUrl(),
      output,
    );

  it(prints ? 'prints it on page 1, inside the page, at its size, clear of every word' : 'prints no photo (parsers ignore them)', async () => {
    const html = renderHtml(template, await modelWith());
    expect(html.includes('class="cv-photo')).toBe(prints);
    const document = await pdf.render(html);
    const box = photoBox(document);
    if (!prints) {
      expect(box).toBeUndefined();
      return;
    }
    expect(box, 'the photo is on page 1').toBeDefined();
    const { width, height } = box!;
    // Inside the page, off its edges.
    expect(box!.x0).toBeGreaterThan(2);
    expect(box!.y0).toBeGreaterThan(2);
    expect(box!.x1).toBeLessThan(width - 2);
    expect(box!.y1).toBeLessThan(height - 2);
    // Square, at the design's size (a sidebar narrower than the photo sets it to the column's width).
    const sideMm = (box!.x1 - box!.x0) * MM_PER_PT;
    expect(Math.abs(box!.x1 - box!.x0 - (box!.y1 - box!.y0))).toBeLessThanOrEqual(2);
    expect(sideMm).toBeGreaterThan(PHOTO_SIZE_MM.medium * 0.7);
    expect(sideMm).toBeLessThan(PHOTO_SIZE_MM.medium + 1);
    const words = wordBoxes(document);
    expect(words.length).toBeGreaterThan(10);
    const covered = words.filter((word) => overlaps(word, box!));
    expect(covered.map((word) => word.word), 'no word under the photo').toEqual([]);
  });

  it.runIf(prints)('prints the large size larger, and the text still clear of it', async () => {
    const document = await pdf.render(renderHtml(template, await modelWith({ size: 'large', shape: 'circle', border: true })));
    const box = photoBox(document)!;
    expect((box.x1 - box.x0) * MM_PER_PT).toBeGreaterThan(PHOTO_SIZE_MM.medium * 0.7);
    expect(wordBoxes(document).filter((word) => overlaps(word, box)).map((w) => w.word)).toEqual([]);
  });

  it('hidden, it is in neither the HTML, the PDF nor the Word file', async () => {
    const model = await modelWith({ hidden: true }, 'word');
    expect(model.photo).toBeUndefined();
    const html = renderHtml(template, model);
    expect(html).not.toContain('class="cv-photo');
    expect(photoBox(await pdf.render(html))).toBeUndefined();
    const files = await readZip(await renderDocx(template, model));
    expect([...files.keys()].filter((name) => name.startsWith('word/media/'))).toEqual([]);
  });

  it.runIf(prints)('Word carries it as a real image, shaped (a circle: a PNG with transparent corners)', async () => {
    const files = await readZip(await renderDocx(template, await modelWith({ shape: 'circle', grayscale: true }, 'word')));
    const media = [...files.keys()].filter((name) => name.startsWith('word/media/'));
    expect(media).toHaveLength(1);
    const image = files.get(media[0]!)!;
    const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(data[3], 'a corner is transparent').toBe(0);
    const centre = ((info.height >> 1) * info.width + (info.width >> 1)) * 4;
    expect(data[centre + 3]).toBe(255);
    // Grey: the channels are equal.
    expect(Math.abs(data[centre]! - data[centre + 2]!)).toBeLessThan(4);
    expect(files.get('word/document.xml')!.toString()).toContain('<wp:anchor');
  });
});

describe('the print copy: what a document is given (a photo costs a PDF next to nothing)', () => {
  const template = registry.templates.find((t) => t.slug === 'executive-classic')!;
  /** A 600×450 photo, as an upload of a 4:3 picture is stored: the page would have to crop it. */
  const wide = sharp({ create: { width: 600, height: 450, channels: 3, background: '#3366cc' } }).jpeg().toBuffer();
  const modelOf = async (photo: Partial<CvDesign['photo']>, output: 'html' | 'word' = 'html') =>
    withPreviewPhoto(
      buildRenderModelFromFormData(template.definition, template.sample, null, design(photo)),
      template.definition,
      `data:image/jpeg;base64,${(await wide).toString('base64')}`,
      output,
    );
  const imageOf = (src: string) => Buffer.from(src.slice(src.indexOf(',') + 1), 'base64');

  it('is a square JPEG at 300 dpi for the printed size (never enlarged), cut from the middle', async () => {
    for (const size of ['small', 'medium', 'large'] as const) {
      const model = await modelOf({ size });
      const meta = await sharp(imageOf(model.photo!.src)).metadata();
      const side = Math.min(450, Math.round((PHOTO_SIZE_MM[size] / 25.4) * 300));
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', side, side]);
    }
  });

  it('grey already when the design says so: the page applies no CSS filter (a PDF would re-encode it)', async () => {
    const model = await modelOf({ grayscale: true });
    const { data } = await sharp(imageOf(model.photo!.src)).raw().toBuffer({ resolveWithObject: true });
    expect(Math.abs(data[0]! - data[2]!)).toBeLessThan(4);
    const html = renderHtml(template, model);
    expect(html).toContain('class="cv-photo');
    expect(html).not.toMatch(/class="[^"]*cv-photo-grayscale/);
  });

  it.runIf(HAS_CHROMIUM)('goes into the PDF as the same JPEG, not re-encoded', async () => {
    const model = await modelOf({ shape: 'circle', border: true, grayscale: true });
    const dir = mkdtempSync(path.join(tmpdir(), 'cv-photo-test-'));
    try {
      const file = path.join(dir, 'cv.pdf');
      writeFileSync(file, await pdf.render(renderHtml(template, model)));
      const list = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
      expect(list).toHaveLength(1);
      const side = Math.round((PHOTO_SIZE_MM.medium / 25.4) * 300);
      expect(list[0]).toMatch(new RegExp(`image\\s+${side}\\s+${side}\\s+\\S+\\s+\\d+\\s+\\d+\\s+jpeg`));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('Word gets the square copy too (a 4:3 photo is no longer stretched into its square)', async () => {
    const files = await readZip(await renderDocx(template, await modelOf({ shape: 'square' }, 'word')));
    const media = [...files.keys()].filter((name) => name.startsWith('word/media/'));
    const meta = await sharp(files.get(media[0]!)!).metadata();
    expect(meta.width).toBe(meta.height);
  });
});
