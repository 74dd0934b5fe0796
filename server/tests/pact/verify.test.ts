import { readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Verifier, type VerifierOptions } from '@pact-foundation/pact';
import { sql } from 'kysely';
import type { ProviderStateContext, ProviderStates } from './provider-state.js';
import { createTestApp, testDatabases } from '../helpers/app.js';
import { createSessionToken, SESSION_COOKIE } from '../../src/http/session.js';

const here = path.dirname(fileURLToPath(import.meta.url));
// PACT_FILE verifies another copy of the contract (e.g. one a consumer branch wrote) against this server.
const PACT_FILE = process.env.PACT_FILE
  ? path.resolve(process.env.PACT_FILE)
  : path.resolve(here, '../../../pacts/cv-builder-web-cv-builder-api.json');

/** Tables the seed fills from the repository (templates) and bookkeeping; everything else is per-state data. */
const KEPT_TABLES = new Set([
  'kysely_migration',
  'kysely_migration_lock',
  'settings',
  'tags',
  'templates',
  'template_sections',
  'sections',
  'input_fields',
]);

async function loadStates(): Promise<ProviderStates> {
  const dir = path.join(here, 'states');
  const all: ProviderStates = {};
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort()) {
    const module = (await import(pathToFileURL(path.join(dir, file)).href)) as { states: ProviderStates };
    for (const [sentence, handler] of Object.entries(module.states)) {
      if (all[sentence]) throw new Error(`Provider state "${sentence}" is defined twice (in ${file})`);
      all[sentence] = handler;
    }
  }
  return all;
}

// SQLite always; PostgreSQL too when TEST_POSTGRES_URL is set (CI sets it): the pact holds on both.
describe.each(testDatabases())('Pact provider verification: the reference server honours pacts/ ($name)', (database) => {
  it('verifies every interaction', async () => {
    const testApp = await createTestApp({}, database);
    const { app } = testApp;
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    let sessionId: string | undefined;

    /** Empties every per-state table (the seeded templates stay), in either database. */
    async function resetData() {
      if (database.name === 'sqlite') {
        const tables = await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(app.db);
        await sql`PRAGMA foreign_keys = OFF`.execute(app.db);
        for (const { name } of tables.rows) {
          if (!KEPT_TABLES.has(name)) await sql`delete from ${sql.table(name)}`.execute(app.db);
        }
        await sql`PRAGMA foreign_keys = ON`.execute(app.db);
      } else {
        const tables = await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables
           where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(app.db);
        const emptied = tables.rows.map((row) => row.name).filter((name) => !KEPT_TABLES.has(name));
        if (emptied.length)
          await sql`truncate table ${sql.join(emptied.map((name) => sql.table(name)))} cascade`.execute(app.db);
      }
      sessionId = undefined;
    }

    const states = await loadStates();
    const pact = JSON.parse(readFileSync(PACT_FILE, 'utf8')) as {
      interactions: Array<{ description: string; providerStates?: Array<{ name: string }> }>;
    };
    const unhandled = pact.interactions.flatMap((i) =>
      (i.providerStates?.length ? i.providerStates : [{ name: '(none)' }])
        .filter((s) => !states[s.name])
        .map((s) => `"${s.name}" in "${i.description}"`),
    );
    // Pact only warns about a state without a handler; an unseeded interaction would then pass or fail by luck.
    expect(unhandled, 'every interaction names a provider state that has a handler').toEqual([]);
    // Pact's type joins message and HTTP state handlers; ours are HTTP state handlers (params only).
    const stateHandlers = Object.fromEntries(
      Object.entries(states).map(([sentence, handler]) => [
        sentence,
        async (params?: Record<string, unknown>) => {
          await resetData();
          const context: ProviderStateContext = {
            app,
            db: app.db,
            params: params ?? {},
            signIn: async (userId) => {
              sessionId = await createSessionToken(app.db, userId);
            },
          };
          return (await handler(context)) ?? undefined;
        },
      ]),
    );

    try {
      await new Verifier({
        provider: 'cv-builder-api',
        providerBaseUrl: baseUrl,
        pactUrls: [PACT_FILE],
        stateHandlers: stateHandlers as unknown as VerifierOptions['stateHandlers'],
        logLevel: 'warn',
        // The consumer runs in Node without a cookie jar: give each request the cookies a browser would hold —
        // the CSRF cookie matching the X-CSRFToken header it sent, and the session of a signed-in state.
        requestFilter: (req: IncomingMessage, _res: unknown, next: () => void) => {
          const csrf = req.headers['x-csrftoken'];
          const cookies = [
            typeof csrf === 'string' ? `csrftoken=${csrf}` : undefined,
            sessionId ? `${SESSION_COOKIE}=${sessionId}` : undefined,
          ]
            .filter(Boolean)
            .join('; ');
          if (cookies) req.headers.cookie = cookies;
          next();
        },
      }).verifyProvider();
    } finally {
      await testApp.close();
    }
  });
});
