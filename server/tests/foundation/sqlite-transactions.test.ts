import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { createDatabase } from '../../src/db/database.js';

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
