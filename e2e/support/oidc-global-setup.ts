import { rmSync } from 'node:fs';
import { startIdentityProvider } from './oidc-provider';

/**
 * Playwright global setup: the local identity provider that plays Google and LinkedIn, on the port
 * playwright.config.ts chose (E2E_OIDC_PORT) and handed to the server. It runs in the runner
 * process for the whole run; the returned function stops it and removes the run's temporary folder
 * (database, outbox, downloads) unless E2E_KEEP_TMP=1 asks to keep it for a look after a failure.
 */
export default async function startOidcProvider(): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_OIDC_PORT);
  if (!Number.isInteger(port) || port <= 0)
    throw new Error('E2E_OIDC_PORT is not set: run the journeys with `npx playwright test`');
  const provider = await startIdentityProvider({ port });
  return async () => {
    await provider.stop();
    const tmp = process.env.E2E_TMP;
    if (tmp && process.env.E2E_KEEP_TMP !== '1') rmSync(tmp, { recursive: true, force: true });
  };
}
