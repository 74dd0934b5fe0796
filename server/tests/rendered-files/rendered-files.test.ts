import type { FastifyInstance } from 'fastify';
import { client, createTestApp, testDatabases, type TestApp, type TestClient } from '../helpers/app.js';
import { readOutbox } from '../helpers/outbox.js';
import { cvBody, EXECUTIVE_CLASSIC, insertUser } from '../cvs/support.js';
import * as docx from '../../src/render/docx.js';
import { renderKey } from '../../src/rendered-files/key.js';
import { findRenderedFile, listRenderedFiles } from '../../src/rendered-files/repository.js';
import { findVersion } from '../../src/versions/repository.js';
import type { CvTemplate } from '../../src/templates/compile.js';

// The renderer version as a test can change it (a release that changes what CVs print to bumps the constant).
const renderer = vi.hoisted(() => ({ version: 1 }));
vi.mock('../../src/render/output-version.js', () => ({
  get RENDER_OUTPUT_VERSION() {
    return renderer.version;
  },
}));
// The Word writer, counted.
vi.mock('../../src/render/docx.js', async (original) => {
  const actual = await original<typeof docx>();
  return { ...actual, renderDocx: vi.fn(actual.renderDocx) };
});

function withName(value: string, name = 'Stored once') {
  const body = cvBody(name);
  return {
    ...body,
    entries: body.entries.map((entry) =>
      (entry as { section_field: number }).section_field === EXECUTIVE_CLASSIC.fullName
        ? { ...entry, value }
        : entry,
    ),
  };
}

describe.each(testDatabases())('each saved version rendered once, on $name', (database) => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let alice: TestClient;
  let renders: ReturnType<typeof vi.spyOn>;
  const docxRenders = () => vi.mocked(docx.renderDocx).mock.calls.length;

  beforeAll(async () => {
    testApp = await createTestApp({ renderOnSave: true }, database);
    app = testApp.app;
    alice = await client(app);
    await alice.signInAs(await insertUser(app.db, 'alice@example.com', 'Alice Example'));
  });
  afterAll(async () => {
    await testApp?.close();
  });
  beforeEach(() => {
    renders = vi.spyOn(app.pdf, 'render');
    vi.mocked(docx.renderDocx).mockClear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    renderer.version = 1;
  });

  async function create(body: object = withName('Ada One')): Promise<{ id: number; uuid: string }> {
    const response = await alice.post('/v1/GeneratedCV/', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  async function update(id: number, body: object): Promise<void> {
    const response = await alice.put(`/v1/GeneratedCV/${id}/`, body);
    expect(response.statusCode, response.body).toBe(200);
  }
  async function storedBytes(cvId: number, number: number, kind: 'pdf' | 'docx') {
    const version = (await findVersion(app.db, cvId, number))!;
    return findRenderedFile(app.db, version.id, kind, renderKey(app.cvTemplates.byId(version.template_id)!));
  }

  it('a save stores the PDF and Word file in the background; downloads send exactly those bytes', async () => {
    const cv = await create();
    // The answer went out before anything was rendered.
    expect(renders).not.toHaveBeenCalled();
    await app.renderQueue.idle();
    expect(renders).toHaveBeenCalledTimes(1);
    expect(docxRenders()).toBe(1);
    const files = await listRenderedFiles(app.db, cv.id);
    expect(files.map((file) => [file.number, file.kind])).toEqual([
      [1, 'docx'],
      [1, 'pdf'],
    ]);
    const pdf = (await storedBytes(cv.id, 1, 'pdf'))!;
    const word = (await storedBytes(cv.id, 1, 'docx'))!;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(word.subarray(0, 2).toString()).toBe('PK');
    renders.mockClear();
    vi.mocked(docx.renderDocx).mockClear();

    for (let i = 0; i < 2; i++) {
      const download = await alice.get(`/v1/download/pdf/${cv.uuid}/`);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.rawPayload.equals(pdf)).toBe(true);
      const asWord = await alice.get(`/v1/download/word/${cv.id}/`);
      expect(asWord.statusCode).toBe(200);
      expect(asWord.rawPayload.equals(word)).toBe(true);
    }
    expect(renders).not.toHaveBeenCalled();
    expect(docxRenders()).toBe(0);
    // Still recorded as deliveries of version 1.
    const [version] = (await alice.get(`/v1/GeneratedCV/${cv.id}/versions/`)).json();
    expect(version.deliveries.map((d: { kind: string }) => d.kind)).toEqual(['pdf', 'docx', 'pdf', 'docx']);
  });

  it('the email attaches the stored PDF', async () => {
    const cv = await create(withName('Ada Mail', 'Mailed once'));
    await app.renderQueue.idle();
    renders.mockClear();
    expect((await alice.post('/cv/send-email/', { cv_id: cv.id })).statusCode).toBe(200);
    const mail = (await readOutbox(testApp.outboxDir)).find((m) => m.subject === 'Your CV: Mailed once');
    expect(mail!.attachments[0]!.content.equals((await storedBytes(cv.id, 1, 'pdf'))!)).toBe(true);
    expect(renders).not.toHaveBeenCalled();
  });

  it('a burst of saves renders the newest version; older undelivered files are dropped', async () => {
    const cv = await create(withName('Burst 0'));
    await app.renderQueue.idle();
    for (let i = 1; i <= 4; i++) await update(cv.id, withName(`Burst ${i}`));
    await app.renderQueue.idle();
    // Version 1 rendered, then the burst at most once more than the newest (a save can land while a job runs).
    expect(renders.mock.calls.length).toBeLessThanOrEqual(3);
    const files = await listRenderedFiles(app.db, cv.id);
    expect(files.map((file) => [file.number, file.kind])).toEqual([
      [5, 'docx'],
      [5, 'pdf'],
    ]);
    // A named version keeps its files when a newer one comes.
    expect(
      (await alice.patch(`/v1/GeneratedCV/${cv.id}/versions/5/`, { name: 'Sent to Acme' })).statusCode,
    ).toBe(200);
    await update(cv.id, withName('Burst 6'));
    await app.renderQueue.idle();
    expect((await listRenderedFiles(app.db, cv.id)).map((file) => file.number)).toEqual([5, 5, 6, 6]);
  });

  it('?version=N serves that version’s own file, kept once delivered', async () => {
    const cv = await create(withName('Ada First'));
    await app.renderQueue.idle();
    const first = await alice.get(`/v1/download/pdf/${cv.id}/`);
    await update(cv.id, withName('Ada Second'));
    await app.renderQueue.idle();
    renders.mockClear();
    const old = await alice.get(`/v1/download/pdf/${cv.id}/?version=1`);
    expect(old.statusCode).toBe(200);
    expect(old.rawPayload.equals(first.rawPayload)).toBe(true);
    const newest = await alice.get(`/v1/download/pdf/${cv.id}/?version=2`);
    expect(newest.rawPayload.equals((await storedBytes(cv.id, 2, 'pdf'))!)).toBe(true);
    expect(newest.rawPayload.equals(first.rawPayload)).toBe(false);
    expect(renders).not.toHaveBeenCalled();
    // Version 1 was delivered, so its files stay.
    expect((await listRenderedFiles(app.db, cv.id)).map((file) => [file.number, file.kind])).toEqual([
      [1, 'docx'],
      [1, 'pdf'],
      [2, 'docx'],
      [2, 'pdf'],
    ]);
    expect((await alice.get(`/v1/download/pdf/${cv.id}/?version=3`)).statusCode).toBe(404);
  });

  it('a template revised since makes the file again, once', async () => {
    const cv = await create(withName('Ada Template'));
    await app.renderQueue.idle();
    const before = (await listRenderedFiles(app.db, cv.id)).find((file) => file.kind === 'pdf')!;
    const registry = app.cvTemplates;
    const original = registry.byId.bind(registry);
    const revised: CvTemplate = {
      ...original(EXECUTIVE_CLASSIC.id)!,
      documentHead: `${original(EXECUTIVE_CLASSIC.id)!.documentHead}<style>h1{letter-spacing:.1em}</style>`,
    };
    vi.spyOn(registry, 'byId').mockImplementation((id) =>
      id === EXECUTIVE_CLASSIC.id ? revised : original(id),
    );
    renders.mockClear();
    const first = await alice.get(`/v1/download/pdf/${cv.id}/`);
    const second = await alice.get(`/v1/download/pdf/${cv.id}/`);
    expect(renders).toHaveBeenCalledTimes(1);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const after = (await listRenderedFiles(app.db, cv.id)).filter((file) => file.kind === 'pdf');
    expect(after).toHaveLength(1);
    expect(after[0]!.render_key).not.toBe(before.render_key);
    expect(after[0]!.render_key).toBe(renderKey(revised));
  });

  it('a new renderer version makes the file again, once', async () => {
    const cv = await create(withName('Ada Renderer'));
    await app.renderQueue.idle();
    renders.mockClear();
    vi.mocked(docx.renderDocx).mockClear();
    renderer.version = 2;
    await alice.get(`/v1/download/word/${cv.id}/`);
    await alice.get(`/v1/download/word/${cv.id}/`);
    await alice.get(`/v1/download/pdf/${cv.id}/`);
    await alice.get(`/v1/download/pdf/${cv.id}/`);
    expect(docxRenders()).toBe(1);
    expect(renders).toHaveBeenCalledTimes(1);
    expect((await listRenderedFiles(app.db, cv.id)).map((file) => file.render_key.split('.')[0])).toEqual([
      'r2',
      'r2',
    ]);
  });

  it('a restore renders the restored version in the background', async () => {
    const cv = await create(withName('Ada Before'));
    await update(cv.id, withName('Ada After'));
    await app.renderQueue.idle();
    const restored = await alice.post(`/v1/GeneratedCV/${cv.id}/versions/1/restore/`);
    expect(restored.statusCode, restored.body).toBe(200);
    await app.renderQueue.idle();
    expect((await listRenderedFiles(app.db, cv.id)).map((file) => file.number)).toEqual([3, 3]);
  });

  it('another person’s CV is 404, its stored files too', async () => {
    const cv = await create(withName('Ada Private'));
    await app.renderQueue.idle();
    const bob = await client(app);
    await bob.signInAs(await insertUser(app.db, `bob-${database.name}@example.com`, 'Bob'));
    for (const url of [
      `/v1/download/pdf/${cv.id}/`,
      `/v1/download/word/${cv.uuid}/`,
      `/v1/download/pdf/${cv.id}/?version=1`,
    ]) {
      const response = await bob.get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'CV not found.' });
    }
  });

  it('a CV removed for good takes its stored files with it', async () => {
    const cv = await create(withName('Ada Gone'));
    await app.renderQueue.idle();
    expect(await listRenderedFiles(app.db, cv.id)).toHaveLength(2);
    await app.db.deleteFrom('cv_field_entries').where('generated_cv_id', '=', cv.id).execute();
    await app.db.deleteFrom('generated_cvs').where('id', '=', cv.id).execute();
    expect(await listRenderedFiles(app.db, cv.id)).toHaveLength(0);
    expect(
      await app.db
        .selectFrom('cv_rendered_files')
        .select('id')
        .where('cv_version_id', 'not in', app.db.selectFrom('cv_versions').select('id'))
        .execute(),
    ).toEqual([]);
  });
});
