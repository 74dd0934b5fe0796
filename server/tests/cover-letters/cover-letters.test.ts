import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { client, testDatabases, type TestClient } from '../helpers/app.js';
import { readOutbox } from '../helpers/outbox.js';
import { aliceSignedIn, cvBody, insertUser } from '../cvs/support.js';
import { purgeCv } from '../../src/cvs/repository.js';
import { cvEtag } from '../../../rules/cv.js';
import { HAS_CHROMIUM } from '../render/support.js';

/*
 * Cover letters (server/src/cover-letters/, docs/decisions/0050-cover-letters.md): CRUD with the CV's rules (401
 * without a session, 403 without the CSRF token, another person's letter 404, If-Match 412), every bad input a 400
 * with a sentence, the link to a CV that goes when the CV does, the previews, the downloads, the combined PDF and the
 * email.
 */

const LETTER = {
  name: 'Letter to Acme',
  template: null,
  recipient_name: 'Jane Roe',
  company: 'Acme Ltd',
  address: '1 Main Street\nSpringfield',
  date: '2024-05-03',
  subject: 'Application for Analyst Programmer',
  salutation: 'Dear Ms Roe,',
  body: '<p>I am writing to apply.</p><ul><li>Engines</li></ul>',
  closing: 'Yours sincerely,',
  signature_name: 'Ada Lovelace',
};

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

function pdfText(pdf: Buffer, page?: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'cvb-letter-'));
  try {
    const file = join(dir, 'letter.pdf');
    writeFileSync(file, pdf);
    const pages = page ? ['-f', String(page), '-l', String(page)] : [];
    return execFileSync('pdftotext', ['-enc', 'UTF-8', ...pages, file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const pageCount = async (pdf: Buffer) => (await PDFDocument.load(pdf)).getPageCount();

describe.each(testDatabases())('cover letters on $name', (database) => {
  const world = aliceSignedIn(database);
  let alice: TestClient;
  beforeAll(() => {
    alice = world.alice;
  });

  async function saveCv(name = 'Analyst CV', extra: object = {}): Promise<number> {
    const response = await alice.post('/v1/GeneratedCV/', { ...cvBody(name), ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id;
  }
  async function createLetter(body: object = {}, as: TestClient = alice) {
    const response = await as.post('/v1/CoverLetter/', { ...LETTER, ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  describe('saving', () => {
    it('creates a letter linked to a CV (201) and answers it with every field', async () => {
      const cv = await saveCv();
      const response = await alice.post('/v1/CoverLetter/', { ...LETTER, cv });
      expect(response.statusCode, response.body).toBe(201);
      const letter = response.json();
      expect(letter).toEqual({
        id: expect.any(Number),
        uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        ...LETTER,
        cv,
        created: expect.any(String),
        last_updated: letter.created,
      });
      expect(response.headers.location).toBe(`/v1/CoverLetter/${letter.id}/`);
      expect(response.headers.etag).toBe(cvEtag(letter.last_updated));
      const read = await alice.get(`/v1/CoverLetter/${letter.id}/`);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(letter);
    });

    it('needs only a name: every other field is empty or null', async () => {
      const letter = await createLetter({}, alice).then(() => alice.post('/v1/CoverLetter/', { name: '  Just a name ' }));
      expect(letter.statusCode, letter.body).toBe(201);
      expect(letter.json()).toMatchObject({
        name: 'Just a name',
        template: null,
        cv: null,
        recipient_name: '',
        company: '',
        address: '',
        date: '',
        subject: '',
        salutation: '',
        body: '',
        closing: '',
        signature_name: '',
      });
    });

    it('sanitises the body as a CV’s rich text and keeps the address’s lines', async () => {
      const letter = await createLetter({
        body: '<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:alert(1)">me</a> <em>there</em></p><img src=x>',
        address: 'Line 1  \r\nLine 2',
        subject: 'Two\nlines',
      });
      expect(letter.body).toBe('<p>Hi <a>me</a> <em>there</em></p>');
      expect(letter.address).toBe('Line 1\nLine 2');
      expect(letter.subject).toBe('Two lines');
    });

    it.each([
      ['a blank name', { name: '   ' }, 'Please enter a name for your cover letter.'],
      ['a long name', { name: 'x'.repeat(101) }, 'The cover letter’s name is too long: 100 characters at most.'],
      ['a long letter', { body: 'x'.repeat(20_001) }, 'The letter is too long: 20,000 characters at most.'],
      ['a long company', { company: 'x'.repeat(501) }, 'The company is too long: 500 characters at most.'],
      ['30 February', { date: '2024-02-30' }, 'The date must be a real date written as YYYY-MM-DD, or empty.'],
      ['a date in another form', { date: '03/05/2024' }, 'The date must be a real date written as YYYY-MM-DD, or empty.'],
      ['an unknown template', { template: 999 }, 'The template you chose for this letter does not exist.'],
      ['an unknown CV', { cv: 999_999 }, 'The CV this letter is linked to was not found among your CVs.'],
    ])('refuses %s with 400 and a sentence', async (_label, change, detail) => {
      const response = await alice.post('/v1/CoverLetter/', { ...LETTER, ...change });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().detail).toBe(detail);
    });

    it.each([
      ['an empty body', {}],
      ['no name', { ...LETTER, name: undefined }],
      ['a CV named by words', { ...LETTER, cv: 'seven' }],
      ['a date that is a number', { ...LETTER, date: 20240503 }],
    ])(
      'refuses a body its schema does not allow (%s) with 400',
      async (_label, body) => {
        const response = await alice.post('/v1/CoverLetter/', body);
        expect(response.statusCode, response.body).toBe(400);
        expect(typeof response.json().detail).toBe('string');
      },
    );

    it('refuses a link to another person’s CV (400), and never shows it', async () => {
      const bob = await client(world.app);
      await bob.signInAs(await insertUser(world.app.db, `bob-${Date.now()}@example.com`, 'Bob Other'));
      const bobsCv = (await bob.post('/v1/GeneratedCV/', cvBody('Bob’s CV'))).json().id;
      const response = await alice.post('/v1/CoverLetter/', { ...LETTER, cv: bobsCv });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe('The CV this letter is linked to was not found among your CVs.');
      const preview = await alice.post('/v1/preview-cover-letter/', { ...LETTER, cv: bobsCv });
      expect(preview.statusCode).toBe(400);
    });

    it('updates with PUT; If-Match with an older version is 412 and changes nothing', async () => {
      const letter = await createLetter();
      const first = await alice.put(`/v1/CoverLetter/${letter.id}/`, { ...LETTER, subject: 'New subject' }, {
        headers: { 'if-match': cvEtag(letter.last_updated) },
      });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().subject).toBe('New subject');
      expect(first.json().last_updated > letter.last_updated).toBe(true);
      expect(first.headers.etag).toBe(cvEtag(first.json().last_updated));

      const stale = await alice.put(`/v1/CoverLetter/${letter.id}/`, { ...LETTER, subject: 'Lost?' }, {
        headers: { 'if-match': cvEtag(letter.last_updated) },
      });
      expect(stale.statusCode).toBe(412);
      expect(stale.json().detail).toBe('This cover letter was changed elsewhere.');
      expect((await alice.get(`/v1/CoverLetter/${letter.id}/`)).json().subject).toBe('New subject');

      // Without If-Match the save is unconditional, as a CV's.
      const plain = await alice.put(`/v1/CoverLetter/${letter.id}/`, { ...LETTER, subject: 'Plain' });
      expect(plain.statusCode).toBe(200);
    });

    it('deletes a letter for good (204); it is then 404', async () => {
      const letter = await createLetter();
      expect((await alice.delete(`/v1/CoverLetter/${letter.id}/`)).statusCode).toBe(204);
      expect((await alice.get(`/v1/CoverLetter/${letter.id}/`)).statusCode).toBe(404);
      expect((await alice.delete(`/v1/CoverLetter/${letter.id}/`)).statusCode).toBe(404);
    });
  });

  describe('listing', () => {
    it('lists the person’s letters, the latest changed first, and those of one CV with ?cv=', async () => {
      const lister = await client(world.app);
      await lister.signInAs(await insertUser(world.app.db, `lister-${Date.now()}@example.com`, 'Lister'));
      const cv = (await lister.post('/v1/GeneratedCV/', cvBody('Lister CV'))).json().id;
      const a = await createLetter({ name: 'A', cv }, lister);
      const b = await createLetter({ name: 'B' }, lister);
      await lister.put(`/v1/CoverLetter/${a.id}/`, { ...LETTER, name: 'A again', cv });
      const all = (await lister.get('/v1/CoverLetter/')).json();
      expect(all.map((letter: { id: number }) => letter.id)).toEqual([a.id, b.id]);
      const ofCv = await lister.get(`/v1/CoverLetter/?cv=${cv}`);
      expect(ofCv.statusCode).toBe(200);
      expect(ofCv.json().map((letter: { name: string }) => letter.name)).toEqual(['A again']);
      expect((await lister.get('/v1/CoverLetter/?cv=abc')).statusCode).toBe(400);
    });
  });

  describe('who may', () => {
    it('needs a session: 401', async () => {
      const stranger = await client(world.app);
      expect((await stranger.get('/v1/CoverLetter/')).statusCode).toBe(401);
      expect((await stranger.post('/v1/CoverLetter/', LETTER)).statusCode).toBe(401);
      expect((await stranger.post('/v1/preview-cover-letter/', LETTER)).statusCode).toBe(401);
      expect((await stranger.get('/v1/download/cover-letter/pdf/1/')).statusCode).toBe(401);
    });

    it('unsafe routes without the CSRF token are 403 and change nothing', async () => {
      const letter = await createLetter();
      const forged = [
        () => alice.post('/v1/CoverLetter/', LETTER, { csrf: false }),
        () => alice.put(`/v1/CoverLetter/${letter.id}/`, { ...LETTER, name: 'Forged' }, { csrf: false }),
        () => alice.delete(`/v1/CoverLetter/${letter.id}/`, undefined, { csrf: false }),
        () => alice.post(`/v1/CoverLetter/${letter.id}/send-email/`, {}, { csrf: false }),
      ];
      for (const send of forged) expect((await send()).statusCode).toBe(403);
      expect((await alice.get(`/v1/CoverLetter/${letter.id}/`)).json().name).toBe(LETTER.name);
    });

    it('another person’s letter is 404 whatever the verb, and not in the list', async () => {
      const carol = await client(world.app);
      await carol.signInAs(await insertUser(world.app.db, `carol-${Date.now()}@example.com`, 'Carol Other'));
      const hers = await createLetter({ name: 'Carol’s letter' }, carol);
      const cv = await saveCv();
      for (const response of [
        await alice.get(`/v1/CoverLetter/${hers.id}/`),
        await alice.put(`/v1/CoverLetter/${hers.id}/`, LETTER),
        await alice.delete(`/v1/CoverLetter/${hers.id}/`),
        await alice.get(`/v1/download/cover-letter/pdf/${hers.id}/`),
        await alice.get(`/v1/download/cover-letter/word/${hers.id}/`),
        await alice.post(`/v1/CoverLetter/${hers.id}/send-email/`, {}),
        await alice.get(`/v1/download/pdf/${cv}/?cover_letter=${hers.id}`),
      ]) {
        expect(response.statusCode, response.body).toBe(404);
      }
      expect((await alice.get('/v1/CoverLetter/')).json().map((l: { id: number }) => l.id)).not.toContain(hers.id);
      expect((await carol.get(`/v1/CoverLetter/${hers.id}/`)).json().name).toBe('Carol’s letter');
      expect((await alice.get('/v1/CoverLetter/abc/')).statusCode).toBe(404);
    });
  });

  describe('the link to a CV', () => {
    it('answers cv: null while the CV is in the bin, the link again once restored, null for good once purged', async () => {
      const cv = await saveCv('Binned CV');
      const letter = await createLetter({ cv });
      expect((await alice.delete(`/v1/GeneratedCV/${cv}/`)).statusCode).toBe(204);
      expect((await alice.get(`/v1/CoverLetter/${letter.id}/`)).json().cv).toBeNull();
      const uuid = (await alice.get('/v1/bin/')).json().find((item: { name: string }) => item.name === 'Binned CV').uuid;
      expect((await alice.post(`/v1/bin/${uuid}/restore/`)).statusCode).toBe(200);
      expect((await alice.get(`/v1/CoverLetter/${letter.id}/`)).json().cv).toBe(cv);

      await alice.delete(`/v1/GeneratedCV/${cv}/`);
      await world.app.db.transaction().execute((trx) => purgeCv(trx, cv));
      const after = (await alice.get(`/v1/CoverLetter/${letter.id}/`)).json();
      expect(after.cv).toBeNull();
      expect(after.name).toBe(LETTER.name);
      // It still prints, standalone: the first template, the name it is signed with.
      const preview = await alice.post('/v1/preview-cover-letter/', { ...after });
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json().html).toContain('Ada Lovelace');
    });
  });

  describe('printing', () => {
    it('the HTML preview has the CV’s header and design, and follows the CV’s accent colour', async () => {
      const cv = await saveCv('Designed CV', {
        entries: [{ value: 'Hypatia Alexandria', index: 0, section_field: 1001 }],
        design: { accent_color: '#1565c0' },
      });
      const preview = async () => {
        const response = await alice.post('/v1/preview-cover-letter/', { ...LETTER, cv });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers['cache-control']).toBe('private, no-store');
        return response.json().html as string;
      };
      const html = await preview();
      expect(html).toMatch(/^<!doctype html>/);
      expect(html).toContain('>Hypatia Alexandria</h1>');
      expect(html).toContain('--accent:#1565c0');
      expect(html).toContain('cv-executive-classic cover-letter');
      expect(html).toContain('3 May 2024');
      const saved = (await alice.get(`/v1/GeneratedCV/${cv}/`)).json();
      await alice.put(`/v1/GeneratedCV/${cv}/`, { name: saved.name, template: saved.template, entries: saved.entries, design: { accent_color: '#2e7d32' } });
      expect(await preview()).toContain('--accent:#2e7d32');
      // Its own template wins over the CV's: the CV's person in another design.
      const own = await alice.post('/v1/preview-cover-letter/', { ...LETTER, cv, template: 2 });
      expect(own.json().html).toContain('cv-corporate-sidebar cover-letter');
      expect(own.json().html).toContain('Hypatia Alexandria');
    });

    it('a standalone letter prints the account’s name and address in the header', async () => {
      const response = await alice.post('/v1/preview-cover-letter/', { ...LETTER, signature_name: '' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().html).toContain('>Alice Example</h1>');
      expect(response.json().html).toContain('alice@<wbr>example.<wbr>com');
    });

    it('the Word download has the letter (and is named after it)', async () => {
      const cv = await saveCv();
      const letter = await createLetter({ cv });
      const response = await alice.get(`/v1/download/cover-letter/word/${letter.id}/`);
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(response.headers['content-type']).toBe(DOCX_TYPE);
      expect(response.headers['content-disposition']).toContain('filename="Letter to Acme.docx"');
      const xml = strFromU8(unzipSync(new Uint8Array(response.rawPayload))['word/document.xml']!);
      for (const part of ['Ada Lovelace', 'Jane Roe', 'Application for Analyst Programmer', 'I am writing to apply.', 'Yours sincerely,'])
        expect(xml).toContain(part);
    });

    describe.skipIf(!HAS_CHROMIUM)('as PDF', () => {
      it('the PDF preview and the download print the letter', async () => {
        const cv = await saveCv();
        const preview = await alice.post('/v1/preview-cover-letter-pdf/', { ...LETTER, cv });
        expect(preview.statusCode, preview.body.slice(0, 200)).toBe(200);
        expect(preview.headers['content-type']).toBe('application/pdf');
        expect(pdfText(preview.rawPayload)).toContain('Dear Ms Roe,');

        const letter = await createLetter({ cv });
        const response = await alice.get(`/v1/download/cover-letter/pdf/${letter.id}/`);
        expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
        expect(response.headers['content-disposition']).toContain('filename="Letter to Acme.pdf"');
        expect(response.headers['cache-control']).toBe('private, no-store');
        const text = pdfText(response.rawPayload);
        expect(text.indexOf('Ada Lovelace')).toBeLessThan(text.indexOf('Jane Roe'));
        expect(text).toContain('I am writing to apply.');
      });

      it('the CV’s download with ?cover_letter= is one PDF: the letter’s pages, then the CV’s', async () => {
        const cv = await saveCv('Combined CV');
        const letter = await createLetter({ cv });
        const alone = (await alice.get(`/v1/download/pdf/${cv}/`)).rawPayload;
        const letterPdf = (await alice.get(`/v1/download/cover-letter/pdf/${letter.id}/`)).rawPayload;
        const response = await alice.get(`/v1/download/pdf/${cv}/?cover_letter=${letter.id}`);
        expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
        expect(response.headers['content-type']).toBe('application/pdf');
        const combined = response.rawPayload;
        const letterPages = await pageCount(letterPdf);
        expect(await pageCount(combined)).toBe(letterPages + (await pageCount(alone)));
        expect(pdfText(combined, 1)).toContain('Dear Ms Roe,');
        expect(pdfText(combined, letterPages + 1)).toContain('Engine programmer');
        expect(pdfText(combined, letterPages + 1)).not.toContain('Dear Ms Roe,');
        expect(execFileSync('pdfinfo', ['-'], { input: combined, encoding: 'utf8' })).toMatch(/Author:\s+Ada Lovelace/);

        expect((await alice.get(`/v1/download/pdf/${cv}/?cover_letter=999999`)).statusCode).toBe(404);
        expect((await alice.get(`/v1/download/pdf/${cv}/?cover_letter=x`)).statusCode).toBe(400);
      });

      it('emails the letter, and the CV too with with_cv; with_cv without a CV is 400', async () => {
        const cv = await saveCv('Mailed CV');
        const linked = await createLetter({ cv, name: 'Mailed letter' });
        const before = (await readOutbox(world.app.config.mailOutboxDir)).length;

        const one = await alice.post(`/v1/CoverLetter/${linked.id}/send-email/`, {});
        expect(one.statusCode, one.body).toBe(200);
        expect(one.json()).toEqual({ detail: 'Cover letter has been sent to your email address.' });
        const both = await alice.post(`/v1/CoverLetter/${linked.id}/send-email/`, { with_cv: true });
        expect(both.statusCode, both.body).toBe(200);

        const mails = (await readOutbox(world.app.config.mailOutboxDir)).slice(before);
        expect(mails).toHaveLength(2);
        const [letterOnly, withCv] = mails.sort((a, b) => a.attachments.length - b.attachments.length);
        expect(letterOnly!.to).toContain('alice@example.com');
        expect(letterOnly!.attachments.map((a) => a.filename)).toEqual(['Mailed letter.pdf']);
        expect(withCv!.attachments.map((a) => a.filename)).toEqual(['Mailed letter.pdf', 'Mailed CV.pdf']);
        expect(pdfText(withCv!.attachments[0]!.content)).toContain('Dear Ms Roe,');
        expect(pdfText(withCv!.attachments[1]!.content)).toContain('Engine programmer');

        const standalone = await createLetter();
        const refused = await alice.post(`/v1/CoverLetter/${standalone.id}/send-email/`, { with_cv: true });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().detail).toBe('This cover letter is not linked to a CV, so there is no CV to attach.');
      });
    });
  });
});
