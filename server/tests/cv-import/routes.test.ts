import { readFileSync } from 'node:fs';
import { client, testDatabases } from '../helpers/app.js';
import { aliceSignedIn } from '../cvs/support.js';
import { IMPORT_MESSAGES, MAX_IMPORT_BYTES } from '../../src/cv-import/routes.js';
import { BROKEN_PDF, PROTECTED_PDF, SCANNED_PDF } from '../../src/cv-import/pdf-text.js';
import { BROKEN_DOCX } from '../../src/cv-import/docx-text.js';

// [extension] POST /v1/import/file/: a PDF or Word file in, a JSON Resume and a confidence per field out; every
// file it cannot read is a 400, 413 or 415 with a sentence.

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url));
const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A one-page PDF that draws a filled square and no text: what a scan looks like to a reader of text. */
export function pictureOnlyPdf(): Buffer {
  const content = '0 0 1 rg 72 72 200 200 re f';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

describe.each(testDatabases())('importing a PDF or Word file on $name', (database) => {
  const world = aliceSignedIn(database);
  const post = (body: Buffer, type: string, options = {}) =>
    world.alice.post('/v1/import/file/', body, { headers: { 'content-type': type }, ...options });

  it('reads a PDF made by LibreOffice: the person, each job and school, with a confidence per field', async () => {
    const response = await post(fixture('libreoffice-plain.pdf'), PDF);
    expect(response.statusCode, response.body).toBe(200);
    const { resume, confidence } = response.json();
    expect(resume.basics).toMatchObject({
      name: 'Jonas Weber',
      email: 'jonas.weber@example.de',
      phone: '+49 30 1234567',
    });
    expect(resume.work[0]).toMatchObject({
      position: 'Projektleiter',
      name: 'Hochbau Schmidt GmbH',
      startDate: '2021-04',
    });
    expect(resume.education).toHaveLength(2);
    expect(confidence['basics.email']).toBeGreaterThan(0.9);
    expect(
      Object.values(confidence).every((value) => typeof value === 'number' && value >= 0 && value <= 1),
    ).toBe(true);
  });

  it('reads the Word file too', async () => {
    const response = await post(fixture('libreoffice-plain.docx'), DOCX);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().resume.languages).toEqual([
      { language: 'Deutsch', fluency: 'Muttersprache' },
      { language: 'Englisch', fluency: 'verhandlungssicher' },
    ]);
  });

  it('a scanned PDF (pictures, no text) is a 400 that says so', async () => {
    const response = await post(pictureOnlyPdf(), PDF);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: SCANNED_PDF });
    expect(SCANNED_PDF).toMatch(/^This PDF holds pictures of text, not text: /);
  });

  it('a password-protected PDF, a broken one, and bytes that are not what the type says are 400s', async () => {
    expect((await post(fixture('password-protected.pdf'), PDF)).json()).toEqual({ detail: PROTECTED_PDF });
    const cut = fixture('libreoffice-plain.pdf').subarray(0, 2000);
    const broken = await post(cut, PDF);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().detail).toMatch(/PDF/);
    expect((await post(Buffer.from('%PDF-1.7 nothing else'), PDF)).json()).toEqual({ detail: BROKEN_PDF });
    expect((await post(fixture('libreoffice-plain.pdf'), DOCX)).json()).toEqual({ detail: BROKEN_DOCX });
    const zipNotWord = Buffer.from('PK\u0003\u0004 not a word document', 'latin1');
    expect((await post(zipNotWord, DOCX)).json()).toEqual({ detail: BROKEN_DOCX });
    expect((await post(Buffer.alloc(0), PDF)).json()).toEqual({ detail: IMPORT_MESSAGES.empty });
  });

  it('a file over 10 MB is a 413 with a sentence; another type is a 415', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(MAX_IMPORT_BYTES)]);
    const tooLarge = await post(big, PDF);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ detail: IMPORT_MESSAGES.tooLarge });
    const json = await post(Buffer.from('{}'), 'application/json');
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ detail: IMPORT_MESSAGES.wrongType });
  });

  it('needs a session and the CSRF token', async () => {
    const stranger = await client(world.app);
    expect(
      (
        await stranger.post('/v1/import/file/', fixture('libreoffice-plain.pdf'), {
          headers: { 'content-type': PDF },
        })
      ).statusCode,
    ).toBe(401);
    const noToken = await post(fixture('libreoffice-plain.pdf'), PDF, { csrf: false });
    expect(noToken.statusCode).toBe(403);
  });
});
