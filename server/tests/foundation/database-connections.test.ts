import pg from 'pg';
import { sql } from 'kysely';
import { client, createTestApp, testDatabases, type TestApp } from '../helpers/app.js';

// PostgreSQL restarted under a running server (`npm run bench -- pg-restart` is the drill): every
// connection the pool holds is cut with 57P01 'terminating connection due to administrator command'. A client nobody
// listened to turned that into an unhandled 'error' event, and the server process died. Here the connections are cut
// one by one with pg_terminate_backend, which is what a restart does to each of them.
const postgres = testDatabases().find((database) => database.name === 'postgres');
if (!postgres)
  console.warn('database-connections.test.ts skipped: TEST_POSTGRES_URL is not set (PostgreSQL only).');

describe.runIf(postgres)('PostgreSQL connections cut under the server', () => {
  let testApp: TestApp;
  const unhandled: unknown[] = [];
  const onUnhandled = (error: unknown) => unhandled.push(error);

  beforeAll(async () => {
    testApp = await createTestApp({}, postgres);
    process.on('uncaughtException', onUnhandled);
  });
  afterAll(async () => {
    process.off('uncaughtException', onUnhandled);
    await testApp.close();
  });

  const terminate = async (pid: number) => {
    const admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ done: boolean }>('select pg_terminate_backend($1) as done', [pid]);
      expect(rows[0]?.done).toBe(true);
    } finally {
      await admin.end();
    }
  };
  const backendPid = async (db = testApp.app.db) =>
    (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;
  // Long enough for the client to read the server's FATAL message and emit its 'error'.
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  it('survives a connection cut while a request holds it between two statements, and the next request works', async () => {
    let pid = 0;
    const held = testApp.app.db.connection().execute(async (connection) => {
      pid = await backendPid(connection);
      await terminate(pid);
      await settle();
      // The cut connection is not queryable: the work that holds it fails, as one request would (500).
      await expect(sql`select 1`.execute(connection)).rejects.toThrow();
    });
    await held;
    expect(unhandled).toEqual([]);
    const http = await client(testApp.app);
    expect((await http.get('/v1/CvTemplate/')).statusCode).toBe(200);
    expect((await http.get('/readyz')).statusCode).toBe(200);
    expect(await backendPid()).not.toBe(pid);
  });

  it('survives an idle pooled connection being cut, and the pool opens a new one', async () => {
    const pid = await backendPid();
    await terminate(pid);
    await settle();
    expect(unhandled).toEqual([]);
    const http = await client(testApp.app);
    for (let i = 0; i < 5; i++) expect((await http.get('/v1/CvTemplate/')).statusCode).toBe(200);
    expect(await backendPid()).not.toBe(pid);
  });
});
