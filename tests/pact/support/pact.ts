import path from 'node:path';
import { MatchersV3, PactV3 } from '@pact-foundation/pact';
import { createApiClient, type ApiClient } from '../../../src/api/http';

export const CONSUMER = 'cv-builder-web';
export const PROVIDER = 'cv-builder-api';
export const PACT_DIR = path.resolve(__dirname, '../../../pacts');

/**
 * The token the consumer sends in X-CSRFToken. Node has no cookie jar, so the client gets it through its
 * `getCsrfToken` seam; on the provider side the verifier's request filter swaps in a token the reference
 * server accepts.
 */
export const PACT_CSRF_TOKEN = 'pact-csrf-token-0123456789abcdef';

export function createPact(): PactV3 {
  return new PactV3({ consumer: CONSUMER, provider: PROVIDER, dir: PACT_DIR, logLevel: 'warn' });
}

/** The real API client (codecs and all) pointed at the Pact mock server, never raw HTTP. */
export function clientFor(mockServer: { url: string }): ApiClient {
  return createApiClient({
    baseURL: mockServer.url,
    getCsrfToken: () => PACT_CSRF_TOKEN,
    retries: 0,
    sleep: async () => undefined,
  });
}

/** Every unsafe call first asks for the CSRF cookie (spec §7); add that interaction before the call's own. */
export function withCsrf(pact: PactV3): PactV3 {
  return pact
    .given('any visitor')
    .uponReceiving('a request for the CSRF cookie')
    .withRequest({ method: 'GET', path: '/auth/csrf/' })
    .willRespondWith({
      status: 200,
      headers: {
        'Set-Cookie': MatchersV3.regex(
          /csrftoken=[^;]+;.*/,
          `csrftoken=${PACT_CSRF_TOKEN}; Path=/; SameSite=Lax`,
        ),
      },
    });
}

/** Headers of an unsafe request as the real client sends them. */
export const csrfHeaders = { 'X-CSRFToken': MatchersV3.string(PACT_CSRF_TOKEN) };

export const { like, eachLike, string, integer, boolean, regex, atLeastOneLike } = MatchersV3;
