/**
 * Versions benchmark: `npx tsx bench/versions.ts` (or `npm run bench -- versions`). Not a test.
 * A full CV (Executive Classic, every section filled) saved 200 times through the API, each save changing one field,
 * on a fresh SQLite database — PostgreSQL too when TEST_POSTGRES_URL is set. Then:
 * - GET /v1/GeneratedCV/{id}/versions/ (200 versions): p50 ≤ 50 ms;
 * - the stored size of a version after a one-field change ≤ 20% of the CV's size (its JSON as GET answers it);
 * - reading an old version back (GET …/versions/{n}/, up to 49 deltas applied) and a save, for reference.
 */
import { client, createTestApp, type TestDatabase } from '../server/tests/helpers/app.js';
import { insertUser } from '../server/tests/cvs/support.js';
import { storedSizeOf } from '../server/src/versions/repository.js';
import { fullCv } from './_full-cv.js';
import { measureOnEveryDatabase, percentile, resultTable } from './_results.js';

const SAVES = 200;
const SAMPLES = 40;

const results = resultTable();
const record = results.record;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function run(database: TestDatabase): Promise<void> {
  const test = await createTestApp({}, database);
  try {
    const alice = await client(test.app);
    await alice.signInAs(await insertUser(test.app.db, 'bench@example.com'));
    const template = (await alice.get('/v1/CvTemplate/1/')).json();
    const body = fullCv(template);
    const created = await alice.post('/v1/GeneratedCV/', body);
    if (created.statusCode !== 201) throw new Error(created.body);
    const { id } = created.json() as { id: number };
    const saveTimes: number[] = [];
    for (let i = 1; i < SAVES; i++) {
      const changed = body.entries.map((entry, at) =>
        at === i % 10 ? { ...entry, value: `${entry.value.split(' #')[0]} #${i}` } : entry,
      );
      const started = performance.now();
      const saved = await alice.put(`/v1/GeneratedCV/${id}/`, { ...body, entries: changed });
      saveTimes.push(performance.now() - started);
      if (saved.statusCode !== 200) throw new Error(saved.body);
    }
    const cvBytes = Buffer.byteLength((await alice.get(`/v1/GeneratedCV/${id}/`)).body);
    const listTimes: number[] = [];
    let count = 0;
    for (let i = 0; i < SAMPLES; i++) {
      const started = performance.now();
      const response = await alice.get(`/v1/GeneratedCV/${id}/versions/`);
      listTimes.push(performance.now() - started);
      count = (response.json() as unknown[]).length;
    }
    const readTimes: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      await alice.get(`/v1/GeneratedCV/${id}/versions/${49 + (i % 2) * 100}/`);
      readTimes.push(performance.now() - started);
    }
    const sizes = await storedSizeOf(test.app.db, id);
    const deltas = sizes.filter((size) => size.number % 50 !== 1).map((size) => size.bytes);
    const keyframes = sizes.filter((size) => size.number % 50 === 1).map((size) => size.bytes);
    const average = sizes.reduce((sum, size) => sum + size.bytes, 0) / sizes.length;
    const worstDelta = Math.max(...deltas);
    const name = database.name;
    record(
      `${name}: list ${count} versions p50`,
      ms(percentile(listTimes, 50)),
      '≤ 50 ms',
      percentile(listTimes, 50) <= 50,
    );
    record(`${name}: list ${count} versions p95`, ms(percentile(listTimes, 95)), '', undefined);
    record(
      `${name}: the CV's size (GET's JSON, ${body.entries.length} entries)`,
      `${cvBytes} B`,
      '',
      undefined,
    );
    record(
      `${name}: one-field change stored (largest delta)`,
      `${worstDelta} B = ${((worstDelta / cvBytes) * 100).toFixed(1)}%`,
      '≤ 20%',
      worstDelta / cvBytes <= 0.2,
    );
    record(
      `${name}: every version, keyframes included (mean)`,
      `${average.toFixed(0)} B = ${((average / cvBytes) * 100).toFixed(1)}%`,
      '≤ 20%',
      average / cvBytes <= 0.2,
    );
    record(`${name}: a full version (keyframe, gzip)`, `${Math.max(...keyframes)} B`, '', undefined);
    record(`${name}: read a version 48 deltas deep p50`, ms(percentile(readTimes, 50)), '', undefined);
    record(`${name}: a save with its version p50`, ms(percentile(saveTimes, 50)), '', undefined);
  } finally {
    await test.close();
  }
}

measureOnEveryDatabase('Versions benchmark', results, run);
