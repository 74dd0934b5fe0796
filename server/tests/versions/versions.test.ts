import { client, testDatabases, type TestClient } from '../helpers/app.js';
import { aliceSignedIn, cvBody, CORPORATE_SIDEBAR_FULL_NAME, EXECUTIVE_CLASSIC, insertUser } from '../cvs/support.js';
import { insertCv } from '../../src/cvs/repository.js';
import { storedSizeOf } from '../../src/versions/repository.js';

interface VersionJson {
  number: number;
  created: string;
  name: string | null;
  reason: string;
  template: number;
  deliveries: Array<{ kind: string; at: string }>;
}
interface VersionDetailJson extends VersionJson {
  entries: Array<{ value: string; index: number; section_field: number }>;
  layout: unknown;
  design: unknown;
}

const DAY = 24 * 60 * 60 * 1000;

function withName(value: string) {
  const body = cvBody('Versioned');
  return {
    ...body,
    entries: body.entries.map((entry) =>
      (entry as { section_field: number }).section_field === EXECUTIVE_CLASSIC.fullName ? { ...entry, value } : entry,
    ),
  };
}

const fullNameOf = (version: VersionDetailJson) =>
  version.entries.find((entry) => entry.section_field === EXECUTIVE_CLASSIC.fullName)?.value;

describe.each(testDatabases())('versions of a saved CV on $name', (database) => {
  const world = aliceSignedIn(database);
  let alice: TestClient;
  beforeAll(() => {
    alice = world.alice;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function create(body: object = withName('Ada One')): Promise<{ id: number; uuid: string }> {
    const response = await alice.post('/v1/GeneratedCV/', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  async function update(id: number, body: object) {
    const response = await alice.put(`/v1/GeneratedCV/${id}/`, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { last_updated: string };
  }
  async function versions(id: number | string): Promise<VersionJson[]> {
    const response = await alice.get(`/v1/GeneratedCV/${id}/versions/`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  async function version(id: number, number: number): Promise<VersionDetailJson> {
    const response = await alice.get(`/v1/GeneratedCV/${id}/versions/${number}/`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  it('keeps a version at every save, newest first, with what caused it', async () => {
    const cv = await create();
    await update(cv.id, withName('Ada Two'));
    await update(cv.id, { ...withName('Ada Three'), version_reason: 'import' });
    await update(cv.id, {
      name: 'Versioned',
      template: 2,
      entries: [{ value: 'Ada Four', index: 0, section_field: CORPORATE_SIDEBAR_FULL_NAME }],
    });
    const list = await versions(cv.uuid);
    expect(list.map((v) => [v.number, v.reason, v.template])).toEqual([
      [4, 'template_switch', 2],
      [3, 'import', 1],
      [2, 'update', 1],
      [1, 'create', 1],
    ]);
    expect(list.every((v) => v.name === null && v.deliveries.length === 0)).toBe(true);
    expect(Date.parse(list[0].created)).toBeGreaterThan(Date.parse(list[3].created));
    const first = await version(cv.id, 1);
    expect(fullNameOf(first)).toBe('Ada One');
    expect(first.entries).toHaveLength(6);
    expect(first).toMatchObject({ layout: null, design: null, template: 1 });
    expect((await version(cv.id, 4)).entries).toEqual([
      { value: 'Ada Four', index: 0, section_field: CORPORATE_SIDEBAR_FULL_NAME },
    ]);
  });

  it('a version holds the layout and design it was saved with', async () => {
    const cv = await create({
      ...withName('Shaped'),
      layout: { hidden_sections: [108], section_titles: { '102': 'About me' } },
      design: { page_size: 'Letter' },
    });
    await update(cv.id, { ...withName('Shaped'), layout: null, design: null });
    const first = await version(cv.id, 1);
    expect(first.design).toMatchObject({ page_size: 'Letter' });
    expect(first.layout).not.toBeNull();
    expect(await version(cv.id, 2)).toMatchObject({ layout: null, design: null });
  });

  it('names a version, and unnames it with an empty name', async () => {
    const cv = await create();
    const named = await alice.patch(`/v1/GeneratedCV/${cv.id}/versions/1/`, { name: '  Sent to\tAcme ' });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json()).toMatchObject({ number: 1, name: 'Sent to Acme', reason: 'create' });
    expect((await versions(cv.id))[0].name).toBe('Sent to Acme');
    const unnamed = await alice.patch(`/v1/GeneratedCV/${cv.id}/versions/1/`, { name: '' });
    expect(unnamed.json()).toMatchObject({ name: null });
  });

  it('refuses bad input with 400 in words', async () => {
    const cv = await create();
    const cases: Array<[() => Promise<{ statusCode: number; json(): unknown }>, RegExp]> = [
      [() => alice.patch(`/v1/GeneratedCV/${cv.id}/versions/1/`, { name: 'x'.repeat(101) }), /name/],
      [() => alice.patch(`/v1/GeneratedCV/${cv.id}/versions/1/`, { name: 7 }), /name/],
      [() => alice.patch(`/v1/GeneratedCV/${cv.id}/versions/1/`, {}), /name is required/],
      [() => alice.get(`/v1/GeneratedCV/${cv.id}/versions/first/`), /number/],
      [() => alice.post(`/v1/GeneratedCV/${cv.id}/versions/0/restore/`), /number/],
      [() => alice.get(`/v1/download/pdf/${cv.id}/?version=latest`), /version/],
      [() => alice.put(`/v1/GeneratedCV/${cv.id}/`, { ...withName('x'), version_reason: 'restore' }), /version_reason/],
    ];
    for (const [call, detail] of cases) {
      const response = await call();
      expect(response.statusCode).toBe(400);
      expect((response.json() as { detail: string }).detail).toMatch(detail);
    }
  });

  it('a version the CV does not have is 404', async () => {
    const cv = await create();
    for (const response of [
      await alice.get(`/v1/GeneratedCV/${cv.id}/versions/9/`),
      await alice.patch(`/v1/GeneratedCV/${cv.id}/versions/9/`, { name: 'x' }),
      await alice.post(`/v1/GeneratedCV/${cv.id}/versions/9/restore/`),
      await alice.get(`/v1/download/word/${cv.id}/?version=9`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'This CV has no version 9.' });
    }
  });

  it('restore adds a version holding the old content and makes it the CV', async () => {
    const cv = await create();
    await update(cv.id, withName('Ada Two'));
    const restored = await alice.post(`/v1/GeneratedCV/${cv.uuid}/versions/1/restore/`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.headers.etag).toBe(`"${restored.json().last_updated}"`);
    const now = (await alice.get(`/v1/GeneratedCV/${cv.id}/`)).json();
    expect(now.entries.find((e: { section_field: number }) => e.section_field === EXECUTIVE_CLASSIC.fullName).value).toBe(
      'Ada One',
    );
    expect(restored.json().entries).toEqual(now.entries);
    expect((await versions(cv.id)).map((v) => [v.number, v.reason])).toEqual([
      [3, 'restore'],
      [2, 'update'],
      [1, 'create'],
    ]);
    expect(fullNameOf(await version(cv.id, 2))).toBe('Ada Two');
  });

  it('downloads record the version they delivered; a version downloads as it was', async () => {
    const cv = await create();
    await update(cv.id, withName('Ada Two'));
    const old = await alice.get(`/v1/download/word/${cv.id}/?version=1`);
    expect(old.statusCode).toBe(200);
    expect(old.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await alice.get(`/v1/download/word/${cv.id}/`)).statusCode).toBe(200);
    const list = await versions(cv.id);
    expect(list[0].deliveries.map((d) => d.kind)).toEqual(['docx']);
    expect(list[1].deliveries.map((d) => d.kind)).toEqual(['docx']);
  });

  it('a CV saved before versions were kept gets its old state as version 1 at its next save', async () => {
    const ownerId = (await world.app.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
    const id = await world.app.db.transaction().execute((trx) =>
      insertCv(trx, ownerId, {
        name: 'Old',
        templateId: 1,
        entries: [{ value: 'Before', index: 0, section_field: EXECUTIVE_CLASSIC.fullName }],
      }),
    );
    expect(await versions(id)).toEqual([]);
    await update(id, withName('After'));
    const list = await versions(id);
    expect(list.map((v) => v.number)).toEqual([2, 1]);
    expect(fullNameOf(await version(id, 1))).toBe('Before');
    expect(fullNameOf(await version(id, 2))).toBe('After');
  });

  it("another person's CV is 404 at every versions route", async () => {
    const cv = await create();
    const bob = await client(world.app);
    await bob.signInAs(await insertUser(world.app.db, `bob-${cv.id}@example.com`));
    for (const response of [
      await bob.get(`/v1/GeneratedCV/${cv.id}/versions/`),
      await bob.get(`/v1/GeneratedCV/${cv.uuid}/versions/1/`),
      await bob.patch(`/v1/GeneratedCV/${cv.id}/versions/1/`, { name: 'Mine' }),
      await bob.post(`/v1/GeneratedCV/${cv.id}/versions/1/restore/`),
      await bob.get(`/v1/download/pdf/${cv.id}/?version=1`),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    expect((await versions(cv.id))[0].name).toBeNull();
  });

  it('needs a session (401) and the CSRF token on PATCH and POST (403)', async () => {
    const cv = await create();
    const stranger = await client(world.app);
    expect((await stranger.get(`/v1/GeneratedCV/${cv.id}/versions/`)).statusCode).toBe(401);
    expect((await alice.patch(`/v1/GeneratedCV/${cv.id}/versions/1/`, { name: 'x' }, { csrf: false })).statusCode).toBe(
      403,
    );
    expect((await alice.post(`/v1/GeneratedCV/${cv.id}/versions/1/restore/`, undefined, { csrf: false })).statusCode).toBe(
      403,
    );
    expect((await versions(cv.id)).length).toBe(1);
  });

  it('a one-field change stores far less than the CV itself', async () => {
    const long = 'Designed and ran the analytical engine programme, '.repeat(40);
    const body = cvBody('Sized');
    const big = { ...body, entries: [...body.entries, { value: long, index: 0, section_field: EXECUTIVE_CLASSIC.summary }] };
    const cv = await create(big);
    await update(cv.id, { ...big, entries: big.entries.map((e, i) => (i === 0 ? { ...e, value: 'Ada L.' } : e)) });
    const sizes = await storedSizeOf(world.app.db, cv.id);
    const cvSize = Buffer.byteLength(JSON.stringify((await alice.get(`/v1/GeneratedCV/${cv.id}/`)).json()));
    expect(sizes[1].bytes / cvSize).toBeLessThanOrEqual(0.2);
  });

  it('a purged CV takes its versions and their deliveries with it', async () => {
    const cv = await create();
    await alice.get(`/v1/download/word/${cv.id}/`);
    await world.app.db.deleteFrom('generated_cvs').where('id', '=', cv.id).execute();
    const left = await world.app.db
      .selectFrom('cv_versions')
      .select('id')
      .where('generated_cv_id', '=', cv.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('retention: every version of the last 30 days, then the last of each day; named and delivered for ever', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2026-01-01T09:00:00.000Z');
    vi.setSystemTime(start);
    const cv = await create(withName('v1'));
    // Three saves a day for 40 days: versions 1..120 (the create is the first of day 0).
    let n = 1;
    for (let day = 0; day < 40; day++) {
      for (let hour = 0; hour < 3; hour++) {
        if (day === 0 && hour === 0) continue;
        n++;
        vi.setSystemTime(start + day * DAY + hour * 60 * 60 * 1000);
        await update(cv.id, withName(`v${n}`));
        if (n === 2) await alice.patch(`/v1/GeneratedCV/${cv.id}/versions/2/`, { name: 'Sent to Acme' });
        if (n === 4) await alice.get(`/v1/download/word/${cv.id}/?version=4`);
      }
    }
    // Day 40: the save thins what is older than 30 days.
    vi.setSystemTime(start + 40 * DAY);
    await update(cv.id, withName('latest'));
    const kept = (await versions(cv.id)).map((v) => v.number);
    const cutoff = start + 10 * DAY;
    const expected: number[] = [];
    for (let number = 1; number <= 121; number++) {
      const day = Math.floor((number - 1) / 3);
      const at = start + day * DAY + ((number - 1) % 3) * 60 * 60 * 1000;
      const lastOfDay = (number - 1) % 3 === 2;
      if (at >= cutoff || lastOfDay || number === 2 || number === 4 || number === 121) expected.push(number);
    }
    expect(kept).toEqual(expected.reverse());
    // Every kept version still reads back as it was saved (deltas rewritten over the gaps).
    for (const number of kept) {
      expect(fullNameOf(await version(cv.id, number))).toBe(number === 121 ? 'latest' : `v${number}`);
    }
  });

  it('retention follows VERSIONS_KEEP_ALL_DAYS', async () => {
    world.app.config.versionsKeepAllDays = 2;
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      const start = Date.parse('2026-03-01T08:00:00.000Z');
      vi.setSystemTime(start);
      const cv = await create(withName('a'));
      vi.setSystemTime(start + 60_000);
      await update(cv.id, withName('b'));
      vi.setSystemTime(start + 3 * DAY);
      await update(cv.id, withName('c'));
      expect((await versions(cv.id)).map((v) => v.number)).toEqual([3, 2]);
    } finally {
      world.app.config.versionsKeepAllDays = 30;
    }
  });
});
