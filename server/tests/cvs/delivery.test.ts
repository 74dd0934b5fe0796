import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import { client, createTestApp, testDatabases, type TestApp, type TestClient } from '../helpers/app.js';
import { readOutbox } from '../helpers/outbox.js';
import { EXECUTIVE_CLASSIC, insertUser } from './support.js';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'cvb-pdf-'));
  try {
    const file = join(dir, 'cv.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function docxText(docx: Buffer): string {
  const xml = strFromU8(unzipSync(new Uint8Array(docx))['word/document.xml']);
  return xml
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"');
}

// Distinctive values in several scripts, one per widget kind that prints.
const VALUES = {
  fullName: 'Zofia Wiśniewska-Łukasik',
  jobTitle: 'Ingénieure 王小明',
  email: 'zofia@example.com',
  summary: 'Builds calm, reliable systems.',
  experienceTitle: 'Principal Engineer',
  company: 'Quokka & Sons',
  description:
    '<p>Cut render time by <strong>73 percent</strong></p><ul><li>Mentored nine engineers</li></ul>',
};

function fullCv(name: string) {
  return {
    name,
    template: EXECUTIVE_CLASSIC.id,
    entries: [
      { value: VALUES.fullName, index: 0, section_field: EXECUTIVE_CLASSIC.fullName },
      { value: VALUES.jobTitle, index: 0, section_field: EXECUTIVE_CLASSIC.jobTitle },
      { value: VALUES.email, index: 0, section_field: EXECUTIVE_CLASSIC.email },
      { value: VALUES.summary, index: 0, section_field: EXECUTIVE_CLASSIC.summary },
      { value: VALUES.experienceTitle, index: 0, section_field: EXECUTIVE_CLASSIC.experienceTitle },
      { value: VALUES.company, index: 0, section_field: EXECUTIVE_CLASSIC.company },
      { value: VALUES.description, index: 0, section_field: EXECUTIVE_CLASSIC.description },
    ],
  };
}

const PRINTED = [
  VALUES.fullName,
  'Ingénieure',
  '王小明',
  VALUES.email,
  VALUES.summary,
  VALUES.experienceTitle,
  VALUES.company,
  '73 percent',
  'Mentored nine engineers',
];

describe.each(testDatabases())(
  'delivering a saved CV (downloads and the email) on $name',
  (database) => {
    let testApp: TestApp;
    let app: FastifyInstance;
    let alice: TestClient;

    beforeAll(async () => {
      testApp = await createTestApp({}, database);
      app = testApp.app;
      const aliceId = await insertUser(app.db, 'zofia@example.com', 'Zofia Wiśniewska');
      alice = await client(app);
      await alice.signInAs(aliceId);
    });

    afterAll(async () => {
      await testApp?.close();
    });

    async function save(name: string) {
      const response = await alice.post('/v1/GeneratedCV/', fullCv(name));
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { id: number; uuid: string; name: string };
    }

    it('GET /v1/download/pdf/{id}/ is a PDF of the saved entries', async () => {
      const cv = await save('Platform Engineer 2024');
      for (const ref of [cv.id, cv.uuid]) {
        const response = await alice.get(`/v1/download/pdf/${ref}/`);
        expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
        expect(response.headers['content-type']).toBe('application/pdf');
        expect(response.headers['cache-control']).toBe('private, no-store');
        expect(response.headers['content-disposition']).toBe(
          `attachment; filename="Platform Engineer 2024.pdf"; filename*=UTF-8''Platform%20Engineer%202024.pdf`,
        );
        expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
        const text = pdfText(response.rawPayload);
        for (const value of PRINTED) expect(text).toContain(value);
        expect(text).not.toContain('<strong>');
      }
    });

    it('GET /v1/download/word/{id}/ is a .docx holding the saved values', async () => {
      const cv = await save('Word version');
      for (const ref of [cv.id, cv.uuid]) {
        const response = await alice.get(`/v1/download/word/${ref}/`);
        expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
        expect(response.headers['content-type']).toBe(DOCX_TYPE);
        expect(response.headers['content-disposition']).toBe(
          `attachment; filename="Word version.docx"; filename*=UTF-8''Word%20version.docx`,
        );
        expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
        const text = docxText(response.rawPayload);
        for (const value of PRINTED) expect(text).toContain(value);
      }
    });

    it.each([
      ['"Quoted" CV', `attachment; filename="Quoted CV.docx"; filename*=UTF-8''Quoted%20CV.docx`],
      ['../../etc/passwd', `attachment; filename="etc passwd.docx"; filename*=UTF-8''etc%20passwd.docx`],
      ['a/b\\c', `attachment; filename="a b c.docx"; filename*=UTF-8''a%20b%20c.docx`],
      [
        'Lebenslauf Müller',
        `attachment; filename="Lebenslauf Muller.docx"; filename*=UTF-8''Lebenslauf%20M%C3%BCller.docx`,
      ],
      ['简历', `attachment; filename="cv.docx"; filename*=UTF-8''%E7%AE%80%E5%8E%86.docx`],
      ['///', `attachment; filename="cv.docx"; filename*=UTF-8''cv.docx`],
    ])('the download of %j is named safely', async (name, disposition) => {
      const cv = await save(name);
      const response = await alice.get(`/v1/download/word/${cv.uuid}/`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toBe(disposition);
    });

    it('POST /cv/send-email/ mails the PDF to the owner’s own address', async () => {
      const cv = await save('Emailed CV');
      const response = await alice.post('/cv/send-email/', { cv_id: cv.uuid });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ detail: 'CV has been sent to your email address.' });

      const mail = (await readOutbox(testApp.outboxDir)).find(
        (message) => message.subject === 'Your CV: Emailed CV',
      );
      expect(mail).toBeDefined();
      expect(mail!.to).toContain('zofia@example.com');
      expect(mail!.text).toContain('Hello Zofia');
      expect(mail!.text).toContain('"Emailed CV"');
      expect(mail!.attachments).toHaveLength(1);
      const [attachment] = mail!.attachments;
      expect(attachment).toMatchObject({ filename: 'Emailed CV.pdf', contentType: 'application/pdf' });
      for (const value of PRINTED) expect(pdfText(attachment.content)).toContain(value);
    });

    it('send-email takes a numeric id too, and says what is wrong with a bad body', async () => {
      const cv = await save('By id');
      expect((await alice.post('/cv/send-email/', { cv_id: cv.id })).statusCode).toBe(200);
      const missing = await alice.post('/cv/send-email/', {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ detail: 'cv_id is required' });
      const unknown = await alice.post('/cv/send-email/', { cv_id: 'not-a-cv' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ detail: 'CV not found.' });
    });

    it('send-email is rate-limited per user: the 11th in an hour is 429 and sends nothing', async () => {
      const cv = await save('Often sent');
      const bob = await client(app);
      await bob.signInAs(await insertUser(app.db, 'bob-rate@example.com', 'Bob'));
      const bobCv = (await bob.post('/v1/GeneratedCV/', fullCv('Bob’s CV'))).json();
      // Earlier tests in this file already sent two for this user.
      const sent = async () => (await readOutbox(testApp.outboxDir)).length;
      for (let i = 0; i < 8; i++)
        expect((await alice.post('/cv/send-email/', { cv_id: cv.id })).statusCode).toBe(200);
      const before = await sent();
      const refused = await alice.post('/cv/send-email/', { cv_id: cv.id });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().detail).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
      expect(await sent()).toBe(before);
      // Another user has a counter of their own.
      expect((await bob.post('/cv/send-email/', { cv_id: bobCv.id })).statusCode).toBe(200);
    });
  },
);

describe('delivery without Chromium', () => {
  let testApp: TestApp;
  let alice: TestClient;

  beforeAll(async () => {
    testApp = await createTestApp({ chromiumPath: '/nonexistent/chromium' });
    alice = await client(testApp.app);
    await alice.signInAs(await insertUser(testApp.app.db, 'nochrome@example.com'));
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('PDF download and send-email answer 503 with a clear detail; Word still works', async () => {
    const cv = (await alice.post('/v1/GeneratedCV/', fullCv('No PDF here'))).json();
    const pdf = await alice.get(`/v1/download/pdf/${cv.id}/`);
    expect(pdf.statusCode).toBe(503);
    expect(pdf.json().detail).toMatch(/^PDF rendering is unavailable/);
    const email = await alice.post('/cv/send-email/', { cv_id: cv.id });
    expect(email.statusCode).toBe(503);
    expect(email.json().detail).toMatch(/^PDF rendering is unavailable/);
    expect(await readOutbox(testApp.outboxDir)).toEqual([]);
    expect((await alice.get(`/v1/download/word/${cv.id}/`)).statusCode).toBe(200);
  });
});
