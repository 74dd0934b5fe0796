import { loadConfig } from '../config.js';
import { createDatabase } from '../db/database.js';
import { prepareDatabase } from '../db/prepare.js';
import { SEEDERS } from '../seeders.js';

/*
 * A one-off child of the cluster's primary (WEB_CONCURRENCY > 1): migrates, makes the secret key when SECRET_KEY is
 * unset, and seeds — once, before any worker exists — then exits 0, or prints why not and exits 1. In a child of its
 * own so that the primary, which lives as long as the server, never loads the database drivers, the migrations and
 * the compiled templates (~20 MB it would keep for nothing).
 */
const config = loadConfig();
const database = createDatabase(config.databaseUrl);
try {
  await prepareDatabase(database.db, config, SEEDERS);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.destroy();
}
