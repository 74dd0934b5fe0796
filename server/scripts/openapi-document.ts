import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig, REPO_ROOT } from '../src/config.js';

/** The committed OpenAPI document (`npm run openapi` writes it). */
export const OPENAPI_FILE = join(REPO_ROOT, 'docs', 'api', 'openapi.json');

/**
 * The OpenAPI document as the server generates it, as the committed file holds it (2-space JSON, a final newline):
 * built from an app on a throwaway database with the default settings, so no environment leaks into it.
 */
export async function openApiDocument(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'cvb-openapi-'));
  const app = await buildApp(
    {
      ...loadConfig({ LOG_LEVEL: 'silent', SECRET_KEY: 'openapi-document-only' }),
      databaseUrl: `sqlite:${join(dir, 'openapi.sqlite')}`,
      mailOutboxDir: join(dir, 'outbox'),
      chromiumPath: null,
    },
    { seed: false, logger: false },
  );
  try {
    await app.ready();
    return `${JSON.stringify(app.swagger(), null, 2)}\n`;
  } finally {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  }
}
