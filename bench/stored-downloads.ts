/**
 * Stored files benchmark: `npm run bench -- stored` (with TEST_POSTGRES_URL for PostgreSQL too). Not a test.
 * A full CV (Executive Classic, every section filled) is saved through the API; the background queue renders its PDF
 * and Word file and stores them with the version (server/src/rendered-files/). Then, in process (app.inject, so the
 * figure is the server's own work: session, ownership, the stored bytes, the delivery record):
 * - the second and later download of the unchanged CV, PDF and Word: p50 ≤ 5 ms;
 * - for reference: a download without a stored file (the renderer's in-memory LRU warm), the save's answer with the
 *   background render on, and the stored sizes.
 */
import { client, createTestApp, type TestDatabase } from '../server/tests/helpers/app.js';
import { insertUser } from '../server/tests/cvs/support.js';
import { listRenderedFiles } from '../server/src/rendered-files/repository.js';
import { fullCv } from './_full-cv.js';
import { measureOnEveryDatabase, percentile, resultTable } from './_results.js';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);

const results = resultTable();
const record = results.record;
const ms = (value: number) => `${value.toFixed(2)} ms`;

async function run(database: TestDatabase): Promise<void> {
  const test = await createTestApp({ renderOnSave: true }, database);
  const name = database.name;
  try {
    const alice = await client(test.app);
    await alice.signInAs(await insertUser(test.app.db, 'bench@example.com'));
    const template = (await alice.get('/v1/CvTemplate/1/')).json();
    const body = fullCv(template);
    const created = await alice.post('/v1/GeneratedCV/', body);
    if (created.statusCode !== 201) throw new Error(created.body);
    const { id } = created.json() as { id: number };
    await test.app.renderQueue.idle();
    const renders = { count: 0 };
    const render = test.app.pdf.render.bind(test.app.pdf);
    test.app.pdf.render = (...args) => {
      renders.count += 1;
      return render(...args);
    };

    for (const [format, label] of [
      ['pdf', 'PDF'],
      ['word', 'Word'],
    ] as const) {
      const url = `/v1/download/${format}/${id}/`;
      const first = await alice.get(url);
      if (first.statusCode !== 200) throw new Error(first.body);
      const times: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const started = performance.now();
        const response = await alice.get(url);
        times.push(performance.now() - started);
        if (response.statusCode !== 200 || !response.rawPayload.equals(first.rawPayload))
          throw new Error(`download ${i} differs`);
      }
      const p50 = percentile(times, 50);
      record(`${name}: second download of an unchanged CV, ${label}, p50`, ms(p50), '≤ 5 ms', p50 <= 5);
      record(`${name}: the same, p95 (${SAMPLES} downloads)`, ms(percentile(times, 95)), '', undefined);
    }
    record(`${name}: PDFs rendered by those downloads`, String(renders.count), '0', renders.count === 0);

    // For reference: a download whose stored file is gone (as after a new key). The renderer's own in-memory LRU of
    // identical documents (render/pdf-cache.ts) still holds this PDF, so this is the model, HTML and cache path, not
    // Chromium.
    const rendering: number[] = [];
    for (let i = 0; i < 10; i++) {
      await test.app.db.deleteFrom('cv_rendered_files').execute();
      const started = performance.now();
      await alice.get(`/v1/download/pdf/${id}/`);
      rendering.push(performance.now() - started);
    }
    record(
      `${name}: a download without a stored file, renderer's LRU warm, p50`,
      ms(percentile(rendering, 50)),
      '',
      undefined,
    );

    const saves: number[] = [];
    for (let i = 0; i < 20; i++) {
      const changed = body.entries.map((entry, at) => (at === 0 ? { ...entry, value: `Ada ${i}` } : entry));
      const started = performance.now();
      const saved = await alice.put(`/v1/GeneratedCV/${id}/`, { ...body, entries: changed });
      saves.push(performance.now() - started);
      if (saved.statusCode !== 200) throw new Error(saved.body);
      if (i % 5 === 4) await test.app.renderQueue.idle();
    }
    await test.app.renderQueue.idle();
    record(
      `${name}: a save's answer with the background render on, p50`,
      ms(percentile(saves, 50)),
      '',
      undefined,
    );
    const files = await listRenderedFiles(test.app.db, id);
    record(
      `${name}: stored after 20 saves (newest and delivered versions)`,
      files.map((file) => `v${file.number} ${file.kind} ${(file.size / 1024).toFixed(0)} KB`).join(', '),
      '',
      undefined,
    );
  } finally {
    await test.close();
  }
}

measureOnEveryDatabase('Stored files benchmark', results, run);
