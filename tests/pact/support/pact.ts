import path from 'node:path';
import { MatchersV3, PactV3, SpecificationVersion } from '@pact-foundation/pact';
import { ApiError } from '../../../src/api/api-error';
import type { GeneratedCvPayload } from '../../../src/api/cvs';
import { createApiClient, type ApiClient } from '../../../src/api/http';

export const { like, eachLike, string, integer, boolean, regex, atLeastOneLike } = MatchersV3;

export const CONSUMER = 'cv-builder-web';
export const PROVIDER = 'cv-builder-api';
export const PACT_DIR = path.resolve(__dirname, '../../../pacts');

/**
 * The token the consumer sends in X-CSRFToken. Node has no cookie jar, so the client gets it through its
 * `getCsrfToken` seam; on the provider side the verifier's request filter swaps in a token the reference
 * server accepts.
 */
export const PACT_CSRF_TOKEN = 'pact-csrf-token-0123456789abcdef';

/**
 * The pact is written in the current Pact specification, V4 (pact-js's own default). The V3 builder stays: it
 * writes V4 interactions when told to, so every consumer test keeps its `given().uponReceiving().withRequest()`.
 */
export function createPact(): PactV3 {
  return new PactV3({
    consumer: CONSUMER,
    provider: PROVIDER,
    dir: PACT_DIR,
    logLevel: 'warn',
    spec: SpecificationVersion.SPECIFICATION_VERSION_V4,
  });
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

/**
 * Every unsafe call first asks for the CSRF cookie (docs/behaviour.md#api-calls); add that interaction before
 * the call's own.
 */
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

// ── What every consumer test builds its interactions from ───────────────────

/** A JSON answer's Content-Type, with or without a charset. */
export const jsonBody = {
  'Content-Type': regex('application/json(;.*)?', 'application/json; charset=utf-8'),
};

/** A request with a JSON body, as the real client sends it. */
export const jsonRequest = { 'Content-Type': 'application/json' };

/** The headers of an unsafe request with a JSON body: the CSRF token and the body's type. */
export const unsafeJsonHeaders = { ...csrfHeaders, ...jsonRequest };

/** An error answer `{ detail }`: any words (a backend says it its own way), with the reference server's as example. */
export const detail = (example: string) => ({ detail: string(example) });

/** An ISO 8601 date and time, as the server writes `created` and `last_updated`. */
export const isoTimestamp = (example: string) =>
  regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/, example);

/** A uuid in its 8-4-4-4-12 hex form. */
export const uuid = (example: string) =>
  regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, example);

export const PDF_TYPE = 'application/pdf';
export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** The example documents the download and preview interactions answer with. */
export const FIXTURES = path.resolve(__dirname, '../fixtures');

/**
 * A link mailed about an account (`uid`, `token`): the server signs it when the provider state is set up, and the
 * state hands the values over; `uid` is the example for the account the state makes.
 */
export function injectedLink(uid: string) {
  return {
    uid: MatchersV3.fromProviderState('${uid}', uid),
    token: MatchersV3.fromProviderState('${token}', 'c2lnbmVkLXRva2VuLWV4YW1wbGU'),
  };
}

/** An unsafe call after its CSRF cookie, in a provider state; with a JSON body when it has one. */
export function unsafeCall(
  state: string,
  description: string,
  method: 'PUT' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): PactV3 {
  return withCsrf(createPact())
    .given(state)
    .uponReceiving(description)
    .withRequest({
      method,
      path,
      headers: body === undefined ? csrfHeaders : unsafeJsonHeaders,
      ...(body === undefined ? {} : { body }),
    });
}

/**
 * The error a call failed with: the real client's ApiError, of `status` when given, and with the given message
 * (what a screen shows) or server message.
 */
export async function expectApiError(
  promise: Promise<unknown>,
  status?: number,
  expected: { message?: string; serverMessage?: string } = {},
): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  const apiError = error as ApiError;
  if (status !== undefined) expect(apiError.status).toBe(status);
  if (expected.message !== undefined) expect(apiError.message).toBe(expected.message);
  if (expected.serverMessage !== undefined) expect(apiError.serverMessage).toBe(expected.serverMessage);
  return apiError;
}

// ── [extension] What a saved CV's own layout and design are pinned with ────────────────────

/** A new CV on template 1 with two entries, and what an extension adds to it (its `layout` or its `design`). */
export function twoEntryCv(name: string, extension: Partial<GeneratedCvPayload>): GeneratedCvPayload {
  return {
    name,
    template: 1,
    entries: [
      { value: 'Ada Lovelace', index: 0, section_field: 1001 },
      { value: 'Analyst Programmer', index: 0, section_field: 1009 },
    ],
    ...extension,
  };
}

/** The same two entries as the builder's form data, which the previews take. */
export const twoEntryCvData = {
  'Personal Details': { 'full_name-1001-0': 'Ada Lovelace' },
  'Work Experience': { 'job_title-1009-0': 'Analyst Programmer' },
};

/** The new CV saved in `state`: 201, the CV as saved, with the extension's field (`saved`) as it was sent. */
export function savesNewCv(
  state: string,
  description: string,
  payload: GeneratedCvPayload,
  saved: Record<string, unknown>,
): PactV3 {
  return unsafeCall(state, description, 'POST', '/v1/GeneratedCV/', payload).willRespondWith({
    status: 201,
    headers: jsonBody,
    body: {
      id: integer(1),
      uuid: string('3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f'),
      name: payload.name,
      template: payload.template,
      entries: payload.entries.map((entry) => ({ ...entry, id: integer(1) })),
      ...saved,
    },
  });
}

/** The new CV refused in `state`: 400, its detail naming the field (`detailPattern`, with `example`). */
export function refusesNewCv(
  state: string,
  description: string,
  payload: GeneratedCvPayload,
  detailPattern: string,
  example: string,
): PactV3 {
  return unsafeCall(state, description, 'POST', '/v1/GeneratedCV/', payload).willRespondWith({
    status: 400,
    headers: jsonBody,
    body: { detail: regex(detailPattern, example) },
  });
}

/** A saved CV (one of server/tests/pact/states/cvs.ts) read by its uuid in `state`, with the extension's field. */
export function answersSavedCv(
  state: string,
  description: string,
  cv: { id: number; uuid: string; name: string },
  saved: Record<string, unknown>,
): PactV3 {
  return createPact()
    .given(state)
    .uponReceiving(description)
    .withRequest({ method: 'GET', path: `/v1/GeneratedCV/${cv.uuid}/` })
    .willRespondWith({
      status: 200,
      headers: jsonBody,
      body: { id: cv.id, uuid: cv.uuid, name: cv.name, template: 1, ...saved },
    });
}
