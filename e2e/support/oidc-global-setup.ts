import { startIdentityProvider } from './oidc-provider';

/**
 * Playwright global setup: the local identity provider that plays Google and LinkedIn, on the port
 * playwright.config.ts chose (E2E_OIDC_PORT) and handed to the server. It runs in the runner
 * process for the whole run; the returned function stops it.
 */
export default async function startOidcProvider(): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_OIDC_PORT);
  if (!Number.isInteger(port) || port <= 0)
    throw new Error('E2E_OIDC_PORT is not set: run the journeys with `npx playwright test`');
  const provider = await startIdentityProvider({ port });
  return () => provider.stop();
}
