import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../../src/config.js';
import { createDatabase } from '../../src/db/database.js';
import { migrations } from '../../src/db/migrations/index.js';
import { dropTestDatabase, testDatabases } from '../helpers/app.js';

// Several processes starting on one new database at once (instances started together, WEB_CONCURRENCY workers,
// `npm run user:create` beside the server), as every server start migrates and seeds:
// - SQLite: Kysely's SQLite migrator has no lock between processes, and two servers started together on a new file
//   both ran 0001 ('table "sessions" already exists'), about one start in two. The migrations now run in one
//   BEGIN IMMEDIATE transaction (server/src/db/database.ts): the later process waits, then finds them applied.
// - PostgreSQL: the migrations were locked (Kysely locks its table), but both seeders read 'no tags yet' and both
//   inserted them (duplicate key on tags_pkey). The seed now holds an advisory lock for its transaction.
const SCRIPT = join(REPO_ROOT, 'server/tests/helpers/migrate-process.ts');

function migrateIn(databaseUrl: string, goAt: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: databaseUrl,
      GO_AT: String(goAt),
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, output })),
  );
}

describe.each(testDatabases())('several processes starting on one new $name database', (database) => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cvb-start-together-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('four processes migrate and seed it at the same instant: all succeed, each migration applied once', async () => {
    const url = database.name === 'sqlite' ? `sqlite:${join(dir, 'new.sqlite')}` : await database.url();
    // Far enough ahead for every process to have loaded its modules on a busy machine.
    const goAt = Date.now() + 6000;
    const results = await Promise.all([1, 2, 3, 4].map(() => migrateIn(url, goAt)));
    for (const result of results) expect(result.code, result.output).toBe(0);
    const handle = createDatabase(url);
    try {
      const applied = await handle.db
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute();
      expect(applied.map((row) => (row as { name: string }).name).sort()).toEqual(
        Object.keys(migrations).sort(),
      );
      const templates = await handle.db.selectFrom('templates').select('id').execute();
      expect(templates.length).toBeGreaterThan(0);
    } finally {
      await handle.destroy();
      await dropTestDatabase(url);
    }
  }, 60_000);
});
