// Run as a process of its own by sqlite-processes.test.ts: waits for the instant GO_AT (ms since the epoch), so that
// several processes start together, then migrates and seeds DATABASE_URL as a server does at start. Exit 0 or 1.
import { loadConfig } from '../../src/config.js';
import { createDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { seed } from '../../src/db/seed.js';
import { SEEDERS } from '../../src/seeders.js';

const at = Number(process.env.GO_AT);
while (Date.now() < at) await new Promise((resolve) => setTimeout(resolve, 1));
const config = loadConfig();
const handle = createDatabase(config.databaseUrl);
try {
  await migrateToLatest(handle.db);
  await seed(handle.db, config, SEEDERS);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle.destroy();
}
