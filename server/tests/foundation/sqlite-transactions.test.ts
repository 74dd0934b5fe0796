import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { createDatabase, withStatementCache } from '../../src/db/database.js';

// Several processes on one SQLite file (WEB_CONCURRENCY > 1, or the user:create CLI beside the server): a transaction
// holds the write lock from its first statement, so a write of another process between its read and its write cannot
// make it fail with SQLITE_BUSY (which a deferred BEGIN would, without waiting the busy timeout).
describe('SQLite transactions across processes', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cvb-sqlite-tx-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('take the write lock at BEGIN: another connection waits (here: is refused at once) and the transaction commits', async () => {
    const file = join(dir, 'tx.sqlite');
    const handle = createDatabase(`sqlite:${file}`);
    // Another process's connection, which does not wait for the lock (busy_timeout 0) so the test need not either.
    const other = new SQLite(file);
    other.pragma('busy_timeout = 0');
    try {
      await sql`create table counter (n integer not null)`.execute(handle.db);
      await sql`insert into counter (n) values (0)`.execute(handle.db);

      let otherWrite: unknown;
      await handle.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ n: number }>`select n from counter`.execute(trx);
        try {
          other.prepare('update counter set n = 100').run();
        } catch (error) {
          otherWrite = error;
        }
        await sql`update counter set n = ${rows[0]!.n + 1}`.execute(trx);
      });

      expect((otherWrite as { code?: string } | undefined)?.code).toMatch(/^SQLITE_BUSY/);
      expect(other.prepare('select n from counter').get()).toEqual({ n: 1 });
      // Once it committed, the other connection writes as usual.
      other.prepare('update counter set n = n + 1').run();
      expect(other.prepare('select n from counter').get()).toEqual({ n: 2 });
    } finally {
      other.close();
      await handle.destroy();
    }
  });
});

// Kysely prepares every query it runs; the connection keeps the prepared statements (a pure cache, db/database.ts).
describe('SQLite prepared statements', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cvb-sqlite-statements-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('are kept by their text, the least recently used dropped past the bound', () => {
    const sqlite = new SQLite(':memory:');
    try {
      const cached = withStatementCache(sqlite, 2);
      const a = cached.prepare('select 1 as n');
      expect(cached.prepare('select 1 as n')).toBe(a);
      const b = cached.prepare('select 2 as n');
      cached.prepare('select 1 as n'); // a used again: b is now the oldest
      cached.prepare('select 3 as n'); // over the bound: b goes
      expect(cached.prepare('select 1 as n')).toBe(a);
      expect(cached.prepare('select 2 as n')).not.toBe(b);
      // A kept statement runs with each call's own parameters.
      const echo = cached.prepare('select ? as n');
      expect(echo.all([5])).toEqual([{ n: 5 }]);
      expect(cached.prepare('select ? as n').all([6])).toEqual([{ n: 6 }]);
    } finally {
      sqlite.close();
    }
  });

  it('a kept statement still reads the table after its schema changed', async () => {
    const handle = createDatabase(`sqlite:${join(dir, 'schema.sqlite')}`);
    try {
      await sql`create table t (a integer)`.execute(handle.db);
      await sql`insert into t (a) values (1)`.execute(handle.db);
      expect((await sql`select * from t`.execute(handle.db)).rows).toEqual([{ a: 1 }]);
      await sql`alter table t add column b text default 'x'`.execute(handle.db);
      expect((await sql`select * from t`.execute(handle.db)).rows).toEqual([{ a: 1, b: 'x' }]);
    } finally {
      await handle.destroy();
    }
  });
});
