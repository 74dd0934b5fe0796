import type { FastifyInstance } from 'fastify';
import { setClock } from '../../src/auth/clock.js';
import { BIN_PURGE_JOB, runBinPurge } from '../../src/cvs/purge-job.js';
import { jobState } from '../../src/db/scheduled-jobs.js';
import { client, createTestApp, testDatabases, type TestApp, type TestClient } from '../helpers/app.js';
import { cvBody, insertUser } from '../cvs/support.js';

/*
 * Cover letters in the bin (cover-letters/bin-routes.ts, docs/features/bin.md): DELETE /v1/CoverLetter/{id}/ moves a
 * letter there with a removal date; every letter route then ignores it; the bin's routes list, restore and remove it
 * for good; the purge job removes it once its date has come.
 */

interface Letter {
  id: number;
  uuid: string;
  name: string;
  cv: number | null;
  last_updated: string;
}

describe.each(testDatabases())('cover letters in the bin on $name', (database) => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let alice: TestClient;
  let bob: TestClient;
  // Fake time, years after any real clock: every test sets its own moment, later than the last test's.
  let clock = new Date('2031-03-01T09:00:00.000Z');

  beforeAll(async () => {
    testApp = await createTestApp({ publicUrl: 'http://cv.test', binRetentionDays: 30 }, database);
    app = testApp.app;
    alice = await client(app);
    await alice.signInAs(await insertUser(app.db, 'alice@example.com', 'Alice Example'));
    bob = await client(app);
    await bob.signInAs(await insertUser(app.db, 'bob@example.com', 'Bob Example'));
    // The app's own purge timer looks once as it starts (real time): let that pass before fake time begins.
    await app.ready();
    await vi.waitFor(async () => expect((await jobState(app.db, BIN_PURGE_JOB))?.last_run_at).toBeTruthy());
  });
  beforeEach(() => {
    setClock(() => clock);
  });
  afterEach(() => {
    setClock(undefined);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  async function letter(who: TestClient, name: string, extra: object = {}): Promise<Letter> {
    const response = await who.post('/v1/CoverLetter/', { name, company: 'Acme Ltd', ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  async function deleted(who: TestClient, name: string, extra: object = {}): Promise<Letter> {
    const made = await letter(who, name, extra);
    expect((await who.delete(`/v1/CoverLetter/${made.id}/`)).statusCode).toBe(204);
    return made;
  }
  const binOf = async (who: TestClient) => {
    const response = await who.get('/v1/bin/cover-letters/');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Array<Record<string, unknown>>;
  };
  const rowOf = (id: number) =>
    app.db.selectFrom('cover_letters').selectAll().where('id', '=', id).executeTakeFirst();

  it('lists a deleted letter with its name, CV, when it was deleted and when it will be removed', async () => {
    clock = new Date('2031-03-01T09:00:00.000Z');
    const cv = (await alice.post('/v1/GeneratedCV/', cvBody('Linked CV'))).json().id as number;
    const made = await deleted(alice, 'Binned letter', { cv });
    expect((await binOf(alice)).find((item) => item.uuid === made.uuid)).toEqual({
      uuid: made.uuid,
      name: 'Binned letter',
      cv,
      deleted_at: '2031-03-01T09:00:00.000Z',
      purge_at: '2031-03-31T09:00:00.000Z',
    });
    // Gone from every letter route: the list, the CV's list, get, put, downloads, email, the combined PDF.
    const ids = async (path: string) => (await alice.get(path)).json().map((l: { id: number }) => l.id);
    expect(await ids('/v1/CoverLetter/')).not.toContain(made.id);
    expect(await ids(`/v1/CoverLetter/?cv=${cv}`)).not.toContain(made.id);
    expect((await alice.get(`/v1/CoverLetter/${made.id}/`)).statusCode).toBe(404);
    const put = await alice.put(`/v1/CoverLetter/${made.id}/`, { name: 'Edited while binned' });
    expect(put.statusCode).toBe(404);
    expect((await alice.get(`/v1/download/cover-letter/word/${made.id}/`)).statusCode).toBe(404);
    expect((await alice.get(`/v1/download/cover-letter/pdf/${made.id}/`)).statusCode).toBe(404);
    expect((await alice.post(`/v1/CoverLetter/${made.id}/send-email/`, {})).statusCode).toBe(404);
    expect((await alice.get(`/v1/download/pdf/${cv}/?cover_letter=${made.id}`)).statusCode).toBe(404);
    expect((await rowOf(made.id))?.name).toBe('Binned letter');
  });

  it('lists the latest deleted first, and never a live letter or anyone else’s', async () => {
    clock = new Date('2031-03-02T09:00:00.000Z');
    const first = await deleted(alice, 'Deleted first');
    clock = new Date('2031-03-02T10:00:00.000Z');
    const second = await deleted(alice, 'Deleted second');
    const live = await letter(alice, 'Still live');
    const bobs = await deleted(bob, 'Bob’s letter');
    const uuids = (await binOf(alice)).map((item) => item.uuid);
    expect(uuids.indexOf(second.uuid)).toBeLessThan(uuids.indexOf(first.uuid));
    expect(uuids).not.toContain(live.uuid);
    expect(uuids).not.toContain(bobs.uuid);
    // The CVs' bin lists CVs only.
    expect((await alice.get('/v1/bin/')).json().map((cv: { uuid: string }) => cv.uuid)).not.toContain(
      first.uuid,
    );
  });

  it('restores a letter as it was, answering it as GET /v1/CoverLetter/{id}/ does', async () => {
    clock = new Date('2031-03-03T09:00:00.000Z');
    const made = await deleted(alice, 'Coming back', { subject: 'Analyst', body: '<p>Hello</p>' });
    const restored = await alice.post(`/v1/bin/cover-letters/${made.uuid}/restore/`);
    expect(restored.statusCode, restored.body).toBe(200);
    const got = await alice.get(`/v1/CoverLetter/${made.id}/`);
    expect(got.statusCode).toBe(200);
    expect(restored.json()).toEqual(got.json());
    expect(got.json()).toMatchObject({ name: 'Coming back', subject: 'Analyst', body: '<p>Hello</p>' });
    expect((await binOf(alice)).map((item) => item.uuid)).not.toContain(made.uuid);
    // Live again: a second restore is 404, and it can be deleted again.
    expect((await alice.post(`/v1/bin/cover-letters/${made.uuid}/restore/`)).statusCode).toBe(404);
    expect((await alice.delete(`/v1/CoverLetter/${made.id}/`)).statusCode).toBe(204);
  });

  it('removes a letter forever before its date', async () => {
    clock = new Date('2031-03-04T09:00:00.000Z');
    const made = await deleted(alice, 'Gone for good');
    expect((await alice.delete(`/v1/bin/cover-letters/${made.uuid}/`)).statusCode).toBe(204);
    expect(await rowOf(made.id)).toBeUndefined();
    expect((await alice.delete(`/v1/bin/cover-letters/${made.uuid}/`)).statusCode).toBe(404);
    expect((await alice.post(`/v1/bin/cover-letters/${made.uuid}/restore/`)).statusCode).toBe(404);
  });

  it('answers 404 for another person’s deleted letter, a live letter and a CV’s uuid, changing nothing', async () => {
    clock = new Date('2031-03-05T09:00:00.000Z');
    const bobs = await deleted(bob, 'Not Alice’s');
    const live = await letter(alice, 'Live one');
    const cvUuid = (await alice.post('/v1/GeneratedCV/', cvBody('A CV'))).json().uuid as string;
    await alice.delete(`/v1/GeneratedCV/${cvUuid}/`);
    for (const uuid of [bobs.uuid, live.uuid, cvUuid]) {
      const restore = await alice.post(`/v1/bin/cover-letters/${uuid}/restore/`);
      expect(restore.statusCode).toBe(404);
      expect(restore.json().detail).toBe('This cover letter is not in your recently deleted cover letters.');
      expect((await alice.delete(`/v1/bin/cover-letters/${uuid}/`)).statusCode).toBe(404);
    }
    expect((await rowOf(bobs.id))?.deleted_at).not.toBeNull();
    expect((await rowOf(live.id))?.deleted_at).toBeNull();
    expect((await alice.get('/v1/bin/')).json().map((cv: { uuid: string }) => cv.uuid)).toContain(cvUuid);
  });

  it('refuses a malformed uuid with 400 in words', async () => {
    for (const bad of ['not-a-uuid', '12', '9a1c2e3f-4b5d-4c6e-8f70']) {
      const response = await alice.post(`/v1/bin/cover-letters/${bad}/restore/`);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(/uuid/);
      expect((await alice.delete(`/v1/bin/cover-letters/${bad}/`)).statusCode).toBe(400);
    }
    expect((await alice.delete(`/v1/bin/cover-letters/${'a'.repeat(65)}/`)).statusCode).toBe(400);
  });

  it('needs a session (401) and, to change anything, the CSRF token (403)', async () => {
    clock = new Date('2031-03-06T09:00:00.000Z');
    const made = await deleted(alice, 'Guarded');
    const anonymous = await client(app);
    expect((await anonymous.get('/v1/bin/cover-letters/')).statusCode).toBe(401);
    expect((await anonymous.post(`/v1/bin/cover-letters/${made.uuid}/restore/`)).statusCode).toBe(401);
    expect((await anonymous.delete(`/v1/bin/cover-letters/${made.uuid}/`)).statusCode).toBe(401);
    const noCsrf = { csrf: false };
    expect(
      (await alice.post(`/v1/bin/cover-letters/${made.uuid}/restore/`, undefined, noCsrf)).statusCode,
    ).toBe(403);
    expect((await alice.delete(`/v1/bin/cover-letters/${made.uuid}/`, undefined, noCsrf)).statusCode).toBe(
      403,
    );
    expect((await rowOf(made.id))?.deleted_at).not.toBeNull();
  });

  it('the purge job removes letters deleted more than 30 days ago, and nothing else', async () => {
    clock = new Date('2031-04-01T09:00:00.000Z');
    const old = await deleted(alice, 'Deleted 31 days before');
    clock = new Date('2031-04-20T09:00:00.000Z');
    const recent = await deleted(alice, 'Deleted 12 days before');
    const live = await letter(alice, 'Live and old');
    const restored = await deleted(alice, 'Restored in time');
    expect((await alice.post(`/v1/bin/cover-letters/${restored.uuid}/restore/`)).statusCode).toBe(200);

    // Just before its 30 days are over: it stays.
    await runBinPurge(app.db, new Date(Date.parse('2031-05-01T09:00:00.000Z') - 1));
    expect(await rowOf(old.id)).toBeDefined();

    const run = await runBinPurge(app.db, new Date('2031-05-02T09:00:00.000Z'));
    expect(run.ran).toBe(true);
    expect(run.removed).toBeGreaterThanOrEqual(1);
    expect(await rowOf(old.id)).toBeUndefined();
    for (const kept of [recent, live, restored]) expect(await rowOf(kept.id)).toBeDefined();
    expect((await binOf(alice)).map((item) => item.uuid)).toEqual(expect.arrayContaining([recent.uuid]));
  });
});
