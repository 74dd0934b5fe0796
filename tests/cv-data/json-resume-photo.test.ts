import sharp from 'sharp';
import {
  describeImport,
  fromJsonResume,
  photoOfImage,
  toJsonResume,
  type JsonResume,
} from '../../src/cv-data/json-resume';
import { cvExportFile } from '../../src/cv-data/cv-export';
import { t } from '../../src/i18n/i18n';
import { draftOfImport } from '../../src/machines/cv-data/import-machine';
import { EMPTY_LAYOUT } from '../../src/cv/layout';
import { templateNamed } from '../machines/cv-data/support';

// basics.image: a data URL of a JPEG, PNG or WebP becomes the CV's photo (uploaded by the first save); an address is
// kept as written and never fetched; the export writes the photo back as a data URL.

const template = templateNamed('executive-classic');
const NOW = new Date('2026-01-02T03:04:05Z');

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

let jpeg: Buffer;
let png: Buffer;
let webp: Buffer;
beforeAll(async () => {
  const image = sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } });
  [jpeg, png, webp] = await Promise.all([
    image.clone().jpeg().toBuffer(),
    image.clone().png().toBuffer(),
    image.clone().webp().toBuffer(),
  ]);
});

const importImage = (image: unknown) =>
  fromJsonResume({ basics: { name: 'Ada', image } } as JsonResume, template.sections, template.id);

describe('JSON Resume basics.image on import', () => {
  it('a data URL of a JPEG, PNG or WebP becomes the photo, not a "More on …" line', () => {
    for (const [type, bytes] of [
      ['image/jpeg', jpeg],
      ['image/png', png],
      ['image/webp', webp],
    ] as const) {
      const imported = importImage(dataUrl(type, bytes));
      expect(imported.photo).toBe(dataUrl(type, bytes));
      expect(imported.layout.custom_sections).toEqual([]);
      expect(imported.summary.notImported).toEqual([]);
      expect(describeImport(imported.summary, t)).toContain('the photo added');
    }
  });

  it('the type is read from the bytes, not the label; line breaks in the base64 are dropped', () => {
    const labelled = `data:image/png;base64,${jpeg.toString('base64').replace(/(.{60})/g, '$1\n')}`;
    expect(importImage(labelled).photo).toBe(dataUrl('image/jpeg', jpeg));
  });

  it('a data URL of anything else (an SVG, a GIF, HTML, broken base64) is refused and named, never a photo', () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    for (const image of [
      dataUrl('image/svg+xml', svg),
      dataUrl('image/jpeg', svg),
      dataUrl('image/gif', gif),
      'data:text/html,<script>alert(1)</script>',
      'data:image/jpeg;base64,%%%%',
    ]) {
      const imported = importImage(image);
      expect(imported.photo).toBeUndefined();
      expect(imported.summary.notImported).toEqual([
        {
          id: '{place} ({scheme}: addresses are not allowed)',
          values: { place: 'basics.image', scheme: 'data' },
        },
      ]);
      expect(JSON.stringify(imported.layout)).not.toContain('data:');
    }
  });

  it('an address is kept as written where unknown values go, is not fetched, and the person is told', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const imported = importImage('https://ada.example.com/me.png');
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
    expect(imported.photo).toBeUndefined();
    expect(imported.layout.custom_sections[0]!.entries[0]!.description).toBe(
      '<ul><li>Photo: https://ada.example.com/me.png</li></ul>',
    );
    expect(imported.summary.photoNotFetched).toBe('https://ada.example.com/me.png');
    expect(describeImport(imported.summary, t)).toContain(
      'the photo at https://ada.example.com/me.png was not fetched (its address is kept with your details): use Add photo in Design',
    );
  });

  it('an import from the templates screen keeps the photo in the new CV’s draft until the first save', () => {
    const imported = importImage(dataUrl('image/png', png));
    const draft = draftOfImport('u1', template.id, imported, 0);
    expect(draft.design?.photo.image).toBe(dataUrl('image/png', png));
    expect(draftOfImport('u1', template.id, importImage(undefined), 0).design).toBeUndefined();
  });
});

describe('JSON Resume basics.image on export', () => {
  it('writes the photo as a data URL, and reads back as the same photo', () => {
    const photo = dataUrl('image/jpeg', jpeg);
    const resume = toJsonResume(template.sections, {}, EMPTY_LAYOUT, {
      templateId: template.id,
      now: NOW,
      photo,
    });
    expect(resume.basics).toMatchObject({ image: photo });
    expect(fromJsonResume(resume, template.sections, template.id).photo).toBe(photo);
  });

  it('the photo wins over an address a "More on …" line kept; without a photo the address comes back', () => {
    const imported = importImage('https://ada.example.com/me.png');
    const options = { templateId: template.id, now: NOW };
    const photo = dataUrl('image/jpeg', jpeg);
    expect(toJsonResume(template.sections, imported.formData, imported.layout, options).basics).toMatchObject(
      {
        image: 'https://ada.example.com/me.png',
      },
    );
    expect(
      toJsonResume(template.sections, imported.formData, imported.layout, { ...options, photo }).basics,
    ).toMatchObject({ image: photo });
  });

  it('the builder’s export file carries it; something that is not an image is never written', () => {
    const source = {
      name: 'Ada',
      templateId: template.id,
      sections: template.sections,
      formData: {},
      layout: EMPTY_LAYOUT,
    };
    const photo = dataUrl('image/webp', webp);
    expect(JSON.parse(cvExportFile('json', { ...source, photo }, NOW).content).basics.image).toBe(photo);
    expect(JSON.parse(cvExportFile('json', source, NOW).content).basics.image).toBeUndefined();
    expect(photoOfImage('data:text/html;base64,PGgxPg==')).toBeUndefined();
  });
});
