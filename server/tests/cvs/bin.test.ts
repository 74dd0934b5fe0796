import type { FastifyInstance } from 'fastify';
import { setClock } from '../../src/auth/clock.js';
import { BIN_PURGE_JOB, runBinPurge } from '../../src/cvs/purge-job.js';
import { jobState } from '../../src/db/scheduled-jobs.js';
import { client, createTestApp, testDatabases, type TestApp, type TestClient } from '../helpers/app.js';
import { cvBody, insertUser } from './support.js';

describe.each(testDatabases())('the bin (recently deleted CVs) on $name', (database) => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let alice: TestClient;
  let bob: TestClient;
  let aliceId: number;
  // Fake time, years after any real clock: every test sets its own moment, later than the last test's.
  let clock = new Date('2031-03-01T09:00:00.000Z');

  beforeAll(async () => {
    testApp = await createTestApp({ publicUrl: 'http://cv.test', binRetentionDays: 30 }, database);
    app = testApp.app;
    aliceId = await insertUser(app.db, 'alice@example.com', 'Alice Example');
    alice = await client(app);
    await alice.signInAs(aliceId);
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

  async function savedCv(who: TestClient, name: string, extra: object = {}) {
    const response = await who.post('/v1/GeneratedCV/', { ...cvBody(name), ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; uuid: string; name: string; entries: unknown[] };
  }
  async function deleted(who: TestClient, name: string, extra: object = {}) {
    const cv = await savedCv(who, name, extra);
    expect((await who.delete(`/v1/GeneratedCV/${cv.id}/`)).statusCode).toBe(204);
    return cv;
  }
  const rowsOf = async (cvId: number) => ({
    cv: await app.db.selectFrom('generated_cvs').selectAll().where('id', '=', cvId).executeTakeFirst(),
    entries: await app.db
      .selectFrom('cv_field_entries')
      .selectAll()
      .where('generated_cv_id', '=', cvId)
      .execute(),
  });
  const binOf = async (who: TestClient) => {
    const response = await who.get('/v1/bin/');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Array<Record<string, unknown>>;
  };

  it('lists a deleted CV with its name, template, when it was deleted and when it will be removed', async () => {
    clock = new Date('2031-03-01T09:00:00.000Z');
    const cv = await deleted(alice, 'Bin listing');
    const item = (await binOf(alice)).find((entry) => entry.uuid === cv.uuid);
    expect(item).toEqual({
      uuid: cv.uuid,
      name: 'Bin listing',
      template: 1,
      template_name: 'Executive Classic',
      deleted_at: '2031-03-01T09:00:00.000Z',
      purge_at: '2031-03-31T09:00:00.000Z',
    });
    // It is gone from the CV list and from every CV route.
    expect((await alice.get('/v1/GeneratedCV/')).json().map((c: { uuid: string }) => c.uuid)).not.toContain(
      cv.uuid,
    );
    expect((await alice.get(`/v1/GeneratedCV/${cv.uuid}/`)).statusCode).toBe(404);
  });

  it('lists the latest deleted first, and never a live CV or anyone else’s', async () => {
    clock = new Date('2031-03-02T09:00:00.000Z');
    const first = await deleted(alice, 'Deleted first');
    clock = new Date('2031-03-02T10:00:00.000Z');
    const second = await deleted(alice, 'Deleted second');
    const live = await savedCv(alice, 'Still live');
    const bobs = await deleted(bob, 'Bob’s deleted CV');
    const uuids = (await binOf(alice)).map((entry) => entry.uuid);
    expect(uuids.indexOf(second.uuid)).toBeLessThan(uuids.indexOf(first.uuid));
    expect(uuids).not.toContain(live.uuid);
    expect(uuids).not.toContain(bobs.uuid);
    expect((await binOf(bob)).map((entry) => entry.uuid)).toEqual([bobs.uuid]);
  });

  it('restores a CV with everything it had, answering it as the list shows it', async () => {
    const layout = { hidden_sections: [], section_titles: {}, section_order: [], custom_sections: [] };
    const cv = await deleted(alice, 'Restore me', { design: { page_size: 'Letter' }, layout });
    const before = await rowsOf(cv.id);
    const response = await alice.post(`/v1/bin/${cv.uuid}/restore/`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      id: cv.id,
      uuid: cv.uuid,
      url: `http://cv.test/v1/GeneratedCV/${cv.id}/`,
      name: 'Restore me',
      template: 1,
      created: before.cv!.created,
      last_updated: before.cv!.last_updated,
      page_size: 'Letter',
    });
    const after = await rowsOf(cv.id);
    expect(after.cv).toEqual({ ...before.cv, archived_at: null, purge_at: null });
    expect(after.entries).toEqual(before.entries);
    expect((await binOf(alice)).map((entry) => entry.uuid)).not.toContain(cv.uuid);
    const opened = await alice.get(`/v1/GeneratedCV/${cv.uuid}/`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().entries).toEqual(cv.entries);
    // Restoring twice: it is no longer in the bin.
    expect((await alice.post(`/v1/bin/${cv.uuid}/restore/`)).statusCode).toBe(404);
  });

  it('deletes a CV forever: the row and all its rows, in one go', async () => {
    const cv = await deleted(alice, 'Delete me forever');
    expect((await rowsOf(cv.id)).entries.length).toBeGreaterThan(0);
    const response = await alice.delete(`/v1/bin/${cv.uuid}/`);
    expect(response.statusCode, response.body).toBe(204);
    expect(await rowsOf(cv.id)).toEqual({ cv: undefined, entries: [] });
    expect((await binOf(alice)).map((entry) => entry.uuid)).not.toContain(cv.uuid);
    expect((await alice.delete(`/v1/bin/${cv.uuid}/`)).statusCode).toBe(404);
    expect((await alice.post(`/v1/bin/${cv.uuid}/restore/`)).statusCode).toBe(404);
  });

  it('answers 404 for another person’s deleted CV and for a live CV, changing nothing', async () => {
    const bobs = await deleted(bob, 'Bob’s private CV');
    const live = await savedCv(alice, 'Alice live');
    for (const uuid of [bobs.uuid, live.uuid, '00000000-0000-4000-8000-000000000000']) {
      const restore = await alice.post(`/v1/bin/${uuid}/restore/`);
      expect(restore.statusCode).toBe(404);
      expect(restore.json()).toEqual({ detail: 'This CV is not in your recently deleted CVs.' });
      expect((await alice.delete(`/v1/bin/${uuid}/`)).statusCode).toBe(404);
    }
    expect((await rowsOf(bobs.id)).cv?.archived_at).not.toBeNull();
    expect((await rowsOf(live.id)).cv?.archived_at).toBeNull();
    expect((await binOf(bob)).map((entry) => entry.uuid)).toContain(bobs.uuid);
  });

  it('refuses a malformed uuid with 400 in words', async () => {
    for (const bad of ['not-a-uuid', '7', '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6']) {
      const response = await alice.post(`/v1/bin/${bad}/restore/`);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(/uuid/);
      expect((await alice.delete(`/v1/bin/${bad}/`)).statusCode).toBe(400);
    }
    expect((await alice.delete(`/v1/bin/${'a'.repeat(65)}/`)).statusCode).toBe(400);
  });

  it('needs a session (401) and, to change anything, the CSRF token (403)', async () => {
    const cv = await deleted(alice, 'Guarded');
    const anonymous = await client(app);
    expect((await anonymous.get('/v1/bin/')).statusCode).toBe(401);
    expect((await anonymous.post(`/v1/bin/${cv.uuid}/restore/`)).statusCode).toBe(401);
    expect((await alice.post(`/v1/bin/${cv.uuid}/restore/`, undefined, { csrf: false })).statusCode).toBe(
      403,
    );
    expect((await alice.delete(`/v1/bin/${cv.uuid}/`, undefined, { csrf: false })).statusCode).toBe(403);
    expect((await rowsOf(cv.id)).cv?.archived_at).not.toBeNull();
  });

  describe('the purge job (fake time)', () => {
    it('removes CVs deleted more than 30 days ago, with all their rows, and nothing else', async () => {
      clock = new Date('2031-04-01T09:00:00.000Z');
      const old = await deleted(alice, 'Deleted 31 days before');
      clock = new Date('2031-04-20T09:00:00.000Z');
      const recent = await deleted(alice, 'Deleted 12 days before');
      const live = await savedCv(alice, 'Live and old');
      const restored = await deleted(alice, 'Restored in time');
      expect((await alice.post(`/v1/bin/${restored.uuid}/restore/`)).statusCode).toBe(200);

      // Just before its 30 days are over: it stays.
      const run1 = await runBinPurge(app.db, new Date(Date.parse('2031-05-01T09:00:00.000Z') - 1));
      expect(run1.ran).toBe(true);
      expect((await rowsOf(old.id)).cv).toBeDefined();

      // 31 days after: gone for good; the job is not due again within the hour, then it is.
      const at = new Date('2031-05-02T09:00:00.000Z');
      const run2 = await runBinPurge(app.db, at);
      expect(run2.ran).toBe(true);
      expect(run2.removed).toBeGreaterThanOrEqual(1);
      expect(await rowsOf(old.id)).toEqual({ cv: undefined, entries: [] });
      for (const kept of [recent, live, restored]) expect((await rowsOf(kept.id)).cv).toBeDefined();
      expect((await binOf(alice)).map((entry) => entry.uuid)).toContain(recent.uuid);
      expect((await binOf(alice)).map((entry) => entry.uuid)).not.toContain(old.uuid);
      expect(await runBinPurge(app.db, new Date(at.getTime() + 30 * 60 * 1000))).toEqual({
        ran: false,
        removed: 0,
      });
      expect((await jobState(app.db, BIN_PURGE_JOB))?.last_result).toMatch(/removed/);

      // After its own 30 days the recent one goes too.
      const later = await runBinPurge(app.db, new Date(Date.parse('2031-05-20T09:00:00.001Z')));
      expect(later.ran).toBe(true);
      expect((await rowsOf(recent.id)).cv).toBeUndefined();
      expect((await rowsOf(live.id)).cv).toBeDefined();
    });

    it('does the work once when every instance runs it at the same moment', async () => {
      clock = new Date('2031-06-01T09:00:00.000Z');
      const cvs = [
        await deleted(alice, 'Once A'),
        await deleted(alice, 'Once B'),
        await deleted(alice, 'Once C'),
      ];
      const second = await createTestApp({}, testApp.databaseUrl, { seed: false });
      try {
        const at = new Date('2031-07-15T09:00:00.000Z');
        const runs = await Promise.all([
          runBinPurge(app.db, at),
          runBinPurge(second.app.db, at),
          runBinPurge(app.db, at),
          runBinPurge(second.app.db, at),
        ]);
        expect(runs.filter((run) => run.ran)).toHaveLength(1);
        expect(runs.reduce((sum, run) => sum + run.removed, 0)).toBeGreaterThanOrEqual(cvs.length);
        for (const cv of cvs) expect((await rowsOf(cv.id)).cv).toBeUndefined();
      } finally {
        // Only the app: the database is the first app's.
        await second.app.close();
      }
    });

    it('takes over from an instance that died holding the job once its lease runs out', async () => {
      clock = new Date('2031-08-01T09:00:00.000Z');
      const cv = await deleted(alice, 'Left by a dead instance');
      const at = new Date('2031-09-15T09:00:00.000Z');
      await app.db
        .updateTable('scheduled_jobs')
        .set({
          claim: 'dead',
          claimed_until: new Date(at.getTime() + 60_000).toISOString(),
          next_run_at: at.toISOString(),
        })
        .where('name', '=', BIN_PURGE_JOB)
        .execute();
      expect(await runBinPurge(app.db, at)).toEqual({ ran: false, removed: 0 });
      expect((await rowsOf(cv.id)).cv).toBeDefined();
      const afterLease = await runBinPurge(app.db, new Date(at.getTime() + 61_000));
      expect(afterLease.ran).toBe(true);
      expect((await rowsOf(cv.id)).cv).toBeUndefined();
    });

    it('keeps the CVs an account deletion archived: they are in no bin', async () => {
      clock = new Date('2031-10-01T09:00:00.000Z');
      const carol = await client(app);
      const carolId = await insertUser(app.db, 'carol@example.com', 'Carol Example');
      await carol.signInAs(carolId);
      const cv = await savedCv(carol, 'Carol’s CV');
      await app.db
        .updateTable('generated_cvs')
        .set({ archived_at: clock.toISOString() })
        .where('id', '=', cv.id)
        .execute();
      await runBinPurge(app.db, new Date('2032-10-01T09:00:00.000Z'));
      expect((await rowsOf(cv.id)).cv).toBeDefined();
      expect(await binOf(carol)).toEqual([]);
    });
  });
});

describe('the bin’s retention is configurable', () => {
  it('BIN_RETENTION_DAYS sets when a deleted CV will be removed', async () => {
    const testApp = await createTestApp({ binRetentionDays: 7 });
    setClock(() => new Date('2031-03-01T00:00:00.000Z'));
    try {
      const alice = await client(testApp.app);
      await alice.signInAs(await insertUser(testApp.app.db, 'alice@example.com'));
      const { id } = (await alice.post('/v1/GeneratedCV/', cvBody('Seven days'))).json();
      await alice.delete(`/v1/GeneratedCV/${id}/`);
      expect((await alice.get('/v1/bin/')).json()[0].purge_at).toBe('2031-03-08T00:00:00.000Z');
    } finally {
      setClock(undefined);
      await testApp.close();
    }
  });
});
