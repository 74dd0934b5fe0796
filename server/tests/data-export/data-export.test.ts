import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { PassThrough } from 'node:stream';
import { ZipArchive } from 'archiver';
import { ExportAbandoned, planDataExport, writeDataExport } from '../../src/data-export/archive.js';
import { DATA_EXPORT_RATE_LIMIT } from '../../src/data-export/routes.js';
import { findUserByEmail } from '../../src/users/repository.js';
import { ZipNames } from '../../src/data-export/file-names.js';
import { PASSWORD, createAccount } from '../auth/support.js';
import { client, createTestApp, testDatabases, type TestApp, type TestClient } from '../helpers/app.js';
import { readZip } from '../helpers/zip.js';
import { EXECUTIVE_CLASSIC, cvBody } from '../cvs/support.js';

// Your data in one download: GET /v1/account/export/ streams a zip of the person's account and every CV.

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

/** The JSON Resume schema's own validator, as the web app compiled it (loaded as the server loads the mapping). */
async function jsonResumeValidator(): Promise<((value: unknown) => boolean) & { errors?: unknown }> {
  const url = new URL('../../../src/cv-data/json-resume-validator.generated.js', import.meta.url);
  const module = (await import(url.href)) as {
    default: ((value: unknown) => boolean) & { errors?: unknown };
  };
  return module.default;
}

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'cvb-export-pdf-'));
  try {
    writeFileSync(join(dir, 'cv.pdf'), pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', join(dir, 'cv.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const asJson = <T = Record<string, unknown>>(file: Buffer | undefined): T => {
  expect(file, 'the file is in the zip').toBeDefined();
  return JSON.parse(file!.toString('utf8')) as T;
};

const threeFiles = (base: string) => [`${base}.json`, `${base}.cv-builder.json`, `${base}.pdf`];

describe('ZipNames', () => {
  it('gives every CV names of its own: same names, slashes, dots, case and unicode', () => {
    const names = new ZipNames();
    expect(names.cvBase('cvs', 'Software Engineer')).toBe('cvs/Software Engineer');
    expect(names.cvBase('cvs', 'Software Engineer')).toBe('cvs/Software Engineer (2)');
    expect(names.cvBase('cvs', 'software engineer')).toBe('cvs/software engineer (3)');
    expect(names.cvBase('cvs', '../../etc/passwd')).toBe('cvs/etc passwd');
    expect(names.cvBase('cvs', 'Ingénieure / 王小明')).toBe('cvs/Ingénieure 王小明');
    expect(names.cvBase('cvs', '   ')).toBe('cvs/cv');
    // 'A.cv-builder.json' would be the own JSON of a CV named 'A'.
    expect(names.cvBase('cvs', 'A')).toBe('cvs/A');
    expect(names.cvBase('cvs', 'A.cv-builder')).toBe('cvs/A.cv-builder (2)');
    expect(names.cvBase('cvs/deleted', 'Software Engineer')).toBe('cvs/deleted/Software Engineer');
  });
});

describe.each(testDatabases())('downloading all my data on $name', (database) => {
  let testApp: TestApp;
  let alice: TestClient;
  let bob: TestClient;

  async function signedIn(email: string): Promise<TestClient> {
    const browser = await client(testApp.app);
    const response = await browser.post(
      '/auth/login/',
      { email, password: PASSWORD },
      { headers: { 'user-agent': CHROME_LINUX } },
    );
    expect(response.statusCode, response.body).toBe(200);
    return browser;
  }

  async function save(browser: TestClient, body: object): Promise<{ id: number; uuid: string }> {
    const response = await browser.post('/v1/GeneratedCV/', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  beforeAll(async () => {
    testApp = await createTestApp({}, database);
    await createAccount(testApp.app, { email: 'alice@example.com', fullName: 'Alice Example' });
    await createAccount(testApp.app, { email: 'bob@example.com', fullName: 'Bob Other' });
    alice = await signedIn('alice@example.com');
    bob = await signedIn('bob@example.com');

    await save(alice, {
      ...cvBody('Software Engineer'),
      layout: { section_titles: { '103': 'Where I Worked' } },
      design: { accent_color: '#1565c0' },
    });
    await save(alice, cvBody('Software Engineer'));
    await save(alice, cvBody('Design/Lead ✨ Ünïcode'));
    const old = await save(alice, cvBody('Old CV'));
    expect((await alice.delete(`/v1/GeneratedCV/${old.id}/`)).statusCode).toBe(204);
    await save(
      bob,
      cvBody('Bob Secret CV', {
        entries: [{ value: 'Roberta Hidden', index: 0, section_field: EXECUTIVE_CLASSIC.fullName }],
      }),
    );
  });
  afterAll(() => testApp.close());
  beforeEach(async () => {
    await testApp.app.db.deleteFrom('rate_limit_attempts').execute();
  });

  async function download(browser: TestClient): Promise<LightMyRequestResponse> {
    return browser.get('/v1/account/export/');
  }

  it('streams a zip named for the day, kept by no cache', async () => {
    const response = await download(alice);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="cv-builder-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(response.headers['content-disposition']).toContain(new Date().toISOString().slice(0, 10));
    expect(response.headers['cache-control']).toBe('private, no-store');
    // Streamed: no length known in advance.
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.rawPayload.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  });

  it('holds account.json, README.txt and three files for every CV, deleted ones in their own folder', async () => {
    const files = await readZip((await download(alice)).rawPayload);
    expect([...files.keys()].sort()).toEqual(
      [
        'account.json',
        'README.txt',
        ...threeFiles('cvs/Software Engineer'),
        ...threeFiles('cvs/Software Engineer (2)'),
        ...threeFiles('cvs/Design Lead ✨ Ünïcode'),
        ...threeFiles('cvs/deleted/Old CV'),
      ].sort(),
    );
    const readme = files.get('README.txt')!.toString('utf8');
    expect(readme).toContain('account.json');
    expect(readme).not.toContain('What could not be included');
  });

  it('account.json holds the profile, the sessions, the sign-in history and where each CV is', async () => {
    const files = await readZip((await download(alice)).rawPayload);
    const account = asJson<{
      format: string;
      profile: Record<string, unknown>;
      sessions: Array<Record<string, unknown>>;
      sign_in_history: { last_sign_in_at: string | null; sign_ins_of_open_sessions: unknown[] };
      email_changes: unknown[];
      cvs: Array<{ name: string; deleted_at: string | null; files: string[] }>;
    }>(files.get('account.json'));
    expect(account.format).toBe('cv-builder-account');
    expect(account.profile).toMatchObject({
      full_name: 'Alice Example',
      email: 'alice@example.com',
      phone_number: '+12025550123',
      has_password: true,
      pending_email: null,
    });
    expect(account.sessions).toHaveLength(1);
    expect(account.sessions[0]).toMatchObject({ browser: 'Chrome 130', os: 'Linux', current: true });
    expect(account.sessions[0]!.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(account.sign_in_history.last_sign_in_at).not.toBeNull();
    expect(account.sign_in_history.sign_ins_of_open_sessions).toHaveLength(1);
    expect(account.email_changes).toEqual([]);
    expect(account.cvs.map((cv) => cv.name)).toEqual([
      'Software Engineer',
      'Software Engineer',
      'Design/Lead ✨ Ünïcode',
      'Old CV',
    ]);
    expect(account.cvs[3]!.deleted_at).not.toBeNull();
    for (const cv of account.cvs) for (const file of cv.files) expect(files.has(file), file).toBe(true);

    // Never a secret: no password hash, no session cookie, no stored session id.
    const text = files.get('account.json')!.toString('utf8');
    expect(text).not.toContain('$argon2');
    const stored = await testApp.app.db.selectFrom('sessions').select('id').execute();
    for (const row of stored) expect(text).not.toContain(row.id);
    for (const value of alice.cookies.values()) expect(text).not.toContain(value);
  });

  it('gives each CV as JSON Resume valid against the schema, with its values, layout and headings', async () => {
    const files = await readZip((await download(alice)).rawPayload);
    const validate = await jsonResumeValidator();
    for (const base of ['cvs/Software Engineer', 'cvs/Software Engineer (2)', 'cvs/deleted/Old CV']) {
      const resume = asJson(files.get(`${base}.json`));
      expect(validate(resume), JSON.stringify(validate.errors)).toBe(true);
      expect(resume).toMatchObject({
        basics: { name: 'Ada Lovelace', label: 'Analyst', email: 'ada@example.com' },
        work: [{ name: 'Babbage & Co', position: 'Engine programmer' }, { position: 'Notes author' }],
      });
    }
    const shaped = asJson<{ meta: { cvBuilder: { template: number; layout: { section_titles: object } } } }>(
      files.get('cvs/Software Engineer.json'),
    );
    expect(shaped.meta.cvBuilder.template).toBe(EXECUTIVE_CLASSIC.id);
    expect(shaped.meta.cvBuilder.layout.section_titles).toEqual({ '103': 'Where I Worked' });
  });

  it("gives each CV in the project's own JSON: template, named values, layout, design and versions", async () => {
    const files = await readZip((await download(alice)).rawPayload);
    const own = asJson<{
      format: string;
      name: string;
      uuid: string;
      deleted_at: string | null;
      template: { id: number; name: string };
      entries: Array<Record<string, unknown>>;
      layout: { section_titles: object } | null;
      design: { accent_color: string } | null;
      versions: unknown[];
    }>(files.get('cvs/Software Engineer.cv-builder.json'));
    expect(own).toMatchObject({
      format: 'cv-builder-cv',
      name: 'Software Engineer',
      deleted_at: null,
      template: { id: EXECUTIVE_CLASSIC.id, name: 'Executive Classic' },
      versions: [{ number: 1, reason: 'create', name: null, template: EXECUTIVE_CLASSIC.id, deliveries: [] }],
    });
    // Each version says what it held, as the CV's own entries do.
    expect((own.versions[0] as { entries: unknown[] }).entries).toContainEqual({
      section_field: EXECUTIVE_CLASSIC.company,
      index: 0,
      value: 'Babbage & Co',
    });
    expect((own.versions[0] as { layout: { section_titles: object } }).layout.section_titles).toEqual({
      '103': 'Where I Worked',
    });
    expect(own.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(own.entries).toContainEqual({
      section: 'Work Experience',
      field: 'company',
      label: expect.any(String),
      section_field: EXECUTIVE_CLASSIC.company,
      index: 0,
      value: 'Babbage & Co',
    });
    expect(own.entries).toHaveLength(6);
    expect(own.layout?.section_titles).toEqual({ '103': 'Where I Worked' });
    expect(own.design?.accent_color).toBe('#1565c0');
    const deleted = asJson<{ deleted_at: string | null }>(files.get('cvs/deleted/Old CV.cv-builder.json'));
    expect(deleted.deleted_at).not.toBeNull();
  });

  it('gives each CV as its PDF', async () => {
    const files = await readZip((await download(alice)).rawPayload);
    for (const base of ['cvs/Software Engineer', 'cvs/Design Lead ✨ Ünïcode', 'cvs/deleted/Old CV']) {
      const pdf = files.get(`${base}.pdf`)!;
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = pdfText(pdf);
      expect(text).toContain('Ada Lovelace');
      expect(text).toContain('Babbage & Co');
    }
    expect(pdfText(files.get('cvs/Software Engineer.pdf')!).toUpperCase()).toContain('WHERE I WORKED');
  });

  it('holds the cover letters in cover-letters.json, as the API answers them, when there are any', async () => {
    await createAccount(testApp.app, { email: 'carol@example.com', fullName: 'Carol Writer' });
    const carol = await signedIn('carol@example.com');
    const made = await carol.post('/v1/CoverLetter/', { name: 'Letter to Acme', company: 'Acme Ltd', body: '<p>Hello</p>' });
    expect(made.statusCode, made.body).toBe(201);
    const files = await readZip((await download(carol)).rawPayload);
    expect([...files.keys()].sort()).toEqual(['README.txt', 'account.json', 'cover-letters.json']);
    expect(asJson(files.get('cover-letters.json'))).toEqual([made.json()]);
    expect(files.get('README.txt')!.toString('utf8')).toContain('cover-letters.json');
  });

  it("holds nothing of another person's", async () => {
    const aliceFiles = await readZip((await download(alice)).rawPayload);
    for (const [name, content] of aliceFiles) {
      expect(name).not.toContain('Bob');
      const text = name.endsWith('.pdf') ? pdfText(content) : content.toString('utf8');
      expect(text).not.toContain('Roberta Hidden');
      expect(text).not.toContain('Bob Secret CV');
      expect(text).not.toContain('bob@example.com');
    }
    const bobFiles = await readZip((await download(bob)).rawPayload);
    expect([...bobFiles.keys()].sort()).toEqual(
      ['README.txt', 'account.json', ...threeFiles('cvs/Bob Secret CV')].sort(),
    );
    expect(asJson<{ profile: { email: string } }>(bobFiles.get('account.json')).profile.email).toBe(
      'bob@example.com',
    );
  });

  it('stops making files, PDFs first, once the person has gone away', async () => {
    const user = (await findUserByEmail(testApp.app.db, 'alice@example.com'))!;
    const plan = await planDataExport(testApp.app, user, null, new Date());
    const archive = new ZipArchive();
    archive.pipe(new PassThrough()).resume();
    const gone = new AbortController();
    const render = vi.spyOn(testApp.app.pdf, 'render');
    try {
      gone.abort();
      await expect(writeDataExport(testApp.app, plan, archive, gone.signal)).rejects.toBeInstanceOf(
        ExportAbandoned,
      );
      expect(render).not.toHaveBeenCalled();
    } finally {
      render.mockRestore();
      archive.abort();
    }
  });

  it('answers 401 without a session, before any zip', async () => {
    const visitor = await client(testApp.app);
    const response = await visitor.get('/v1/account/export/');
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it('is rate limited per person, with a message in words', async () => {
    // Counted in the database, so the limit holds across instances; spent here without making the zips.
    const { hit } = await import('../../src/http/rate-limit.js');
    const user = await testApp.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'alice@example.com')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < DATA_EXPORT_RATE_LIMIT.limit; i += 1) {
      await hit(testApp.app.db, `data-export:user:${user.id}`, DATA_EXPORT_RATE_LIMIT);
    }
    const refused = await download(alice);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ detail: string }>().detail).toMatch(
      /^Too many attempts\. Please try again in \d+ minutes?\.$/,
    );
    expect(refused.headers['retry-after']).toBeDefined();
    // Another person's limit is their own.
    expect((await download(bob)).statusCode).toBe(200);
  });
});

describe('downloading all my data without a PDF renderer', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ chromiumPath: null });
  });
  afterAll(() => testApp.close());

  it('still gives the account and every JSON, and README.txt names each PDF it could not make', async () => {
    await createAccount(testApp.app, { email: 'alice@example.com' });
    const alice = await client(testApp.app);
    expect(
      (await alice.post('/auth/login/', { email: 'alice@example.com', password: PASSWORD })).statusCode,
    ).toBe(200);
    expect((await alice.post('/v1/GeneratedCV/', cvBody('Software Engineer'))).statusCode).toBe(201);
    const response = await alice.get('/v1/account/export/');
    expect(response.statusCode).toBe(200);
    const files = await readZip(response.rawPayload);
    expect([...files.keys()].sort()).toEqual(
      [
        'README.txt',
        'account.json',
        'cvs/Software Engineer.cv-builder.json',
        'cvs/Software Engineer.json',
      ].sort(),
    );
    const readme = files.get('README.txt')!.toString('utf8');
    expect(readme).toContain('What could not be included:');
    expect(readme).toMatch(/The PDF of "Software Engineer": .+\. Download it from CV Management later\./);
  });
});
