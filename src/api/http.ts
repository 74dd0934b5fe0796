import type { AxiosAdapter, AxiosInstance, AxiosRequestConfig, AxiosResponse, Method } from 'axios';
import * as t from 'io-ts';
import { PathReporter } from 'io-ts/PathReporter';
import { ApiError, toApiError } from './api-error';
import {
  CSRF_MISSING_MESSAGE,
  QUERY_RETRY,
  RETRY_BASE_DELAY_MS,
  RETRY_MAX_DELAY_MS,
} from '../config/constants';

export const CSRF_PATH = '/auth/csrf/';
export const CSRF_COOKIE_NAME = 'csrftoken';
export const CSRF_HEADER_NAME = 'X-CSRFToken';

/** Anything that decodes an unknown answer into `A`: every io-ts codec qualifies. */
export type Decoder<A> = t.Decoder<unknown, A>;

export interface RequestOptions {
  params?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /**
   * Report a failure of this call to the app-wide handler (the 'Request failed' toast) as well as
   * throwing it. For calls whose caller has no failure message of its own.
   */
  notifyOnError?: boolean;
  /**
   * The one success status of this call (docs/behaviour.md#api-calls: 200 for a sign-in, 201 for a registration
   * or a new CV). Any other 2xx answer becomes an ApiError carrying that status, for flows with a message for
   * an unexpected answer (docs/behaviour.md#messages).
   */
  expectStatus?: number;
  /** Extra request headers of a mutation (e.g. a conditional save's If-Match). */
  headers?: Record<string, string>;
  /** The JSON body of a DELETE (e.g. the password that re-authenticates an account deletion). */
  body?: unknown;
  /** A binary answer's bytes received so far, as they arrive (a long download shows its progress). */
  onDownloadProgress?: (receivedBytes: number) => void;
}

export interface ApiClientOptions {
  baseURL?: string;
  /** Where the CSRF token comes from: the `csrftoken` cookie in the browser; tests in Node pass their own. */
  getCsrfToken?: () => string | null | undefined;
  /** App-wide handler for errors nobody else shows (see `notifyOnError` and `reportUnhandled`). */
  onUnhandledError?: (error: ApiError) => void;
  /** Called when any call is answered 401: the server no longer knows this session. */
  onSessionEnded?: () => void;
  /** Injected so tests of the retry policy do not wait. */
  sleep?: (ms: number) => Promise<void>;
  /** Number of retries of a failed GET (docs/behaviour.md#api-calls: 3). */
  retries?: number;
  /** axios adapter override, e.g. 'http' for tests running in a DOM environment against a local server. */
  adapter?: AxiosRequestConfig['adapter'] | AxiosAdapter;
  /**
   * The interface's language, sent as Accept-Language: the server says its details in it (a signed-in person's saved
   * language comes first there). Without it the browser's own header goes.
   */
  language?: () => string | undefined;
}

export interface ApiClient {
  /** The axios instance, created with the first request (axios is loaded then, not with the page). */
  axios(): Promise<AxiosInstance>;
  /** Replaces the transport of every request from now on (tests answer requests without a network). */
  useAdapter(adapter: AxiosAdapter): void;
  get<A>(path: string, codec: Decoder<A>, options?: RequestOptions): Promise<A>;
  post<A>(path: string, body: unknown, codec: Decoder<A>, options?: RequestOptions): Promise<A>;
  put<A>(path: string, body: unknown, codec: Decoder<A>, options?: RequestOptions): Promise<A>;
  patch<A>(path: string, body: unknown, codec: Decoder<A>, options?: RequestOptions): Promise<A>;
  delete<A = unknown>(path: string, codec?: Decoder<A>, options?: RequestOptions): Promise<A>;
  getBlob(path: string, options?: RequestOptions): Promise<Blob>;
  /** The same, with the answer's headers (lower-case names). */
  getBlobResponse(
    path: string,
    options?: RequestOptions,
  ): Promise<{ blob: Blob; headers: Record<string, string> }>;
  postBlob(path: string, body: unknown, options?: RequestOptions): Promise<Blob>;
  /** The same, with the answer's headers (lower-case names). */
  postBlobResponse(
    path: string,
    body: unknown,
    options?: RequestOptions,
  ): Promise<{ blob: Blob; headers: Record<string, string> }>;
  /** GET /auth/csrf/ so the server sets the `csrftoken` cookie. */
  fetchCsrf(options?: RequestOptions): Promise<void>;
  /** Hands an error nobody handled to `onUnhandledError` (no-op for non-API errors). */
  reportUnhandled(error: unknown): void;
  setUnhandledErrorHandler(handler: ((error: ApiError) => void) | undefined): void;
  /** Who hears that a call was answered 401 (the session machine, through main.tsx). */
  setSessionEndedHandler(handler: (() => void) | undefined): void;
}

export function readCsrfCookie(
  cookie: string = typeof document === 'undefined' ? '' : document.cookie,
): string | undefined {
  for (const part of cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() === CSRF_COOKIE_NAME) {
      const value = decodeURIComponent(part.slice(separator + 1).trim());
      return value === '' ? undefined : value;
    }
  }
  return undefined;
}

/**
 * Delay before retry number `attempt` (0-based): 1 s, 2 s, 4 s, … capped at 30 s
 * (docs/behaviour.md#limits-and-timings).
 */
export function retryDelay(attempt: number): number {
  return Math.min(RETRY_BASE_DELAY_MS * 2 ** attempt, RETRY_MAX_DELAY_MS);
}

// axios is only loaded with the first request, so its errors are recognised by shape (as axios itself does).
type AxiosErrorLike = { isAxiosError: true; code?: string; response?: AxiosResponse };

function isAxiosError(error: unknown): error is AxiosErrorLike {
  return (
    typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true
  );
}

function isCancel(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { __CANCEL__?: unknown }).__CANCEL__ === true
  );
}

/** axios, fetched with the first request: the sign-in page paints without waiting for it. */
function loadAxios() {
  return import('axios').then((module) => module.default);
}

/** Only failures that a second try may cure: no answer at all, or a server-side 5xx. */
export function isRetryable(error: unknown): boolean {
  if (!isAxiosError(error) || isCancel(error)) return false;
  if (error.code === 'ERR_CANCELED') return false;
  const status = error.response?.status;
  return status === undefined || status >= 500;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function describeDecodeFailure(method: string, path: string, report: string[]): string {
  const first = report[0] ?? 'the answer did not match the expected shape';
  return `Unexpected response from ${method} ${path}: ${first}`;
}

function decodeWith<A>(codec: Decoder<A>, response: AxiosResponse, method: string, path: string): A {
  const decoded = codec.decode(response.data);
  if (decoded._tag === 'Right') return decoded.right;
  const report = PathReporter.report(decoded);
  throw new ApiError(describeDecodeFailure(method, path, report), {
    detail: report.join('\n'),
    status: response.status,
    data: response.data,
  });
}

function expectStatusOf(
  response: AxiosResponse,
  requestOptions: RequestOptions | undefined,
  method: string,
  path: string,
) {
  const expected = requestOptions?.expectStatus;
  if (expected === undefined || response.status === expected) return;
  throw new ApiError(
    `Unexpected response from ${method} ${path}: status ${response.status}, expected ${expected}`,
    {
      status: response.status,
      data: response.data,
    },
  );
}

/** Binary answers are fetched as array buffers (same code path in the browser and in Node). */
function headersOf(response: AxiosResponse<ArrayBuffer>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers ?? {})) {
    if (value !== undefined && value !== null) headers[name.toLowerCase()] = String(value);
  }
  return headers;
}

function toBlob(response: AxiosResponse<ArrayBuffer>): Blob {
  const type = String(response.headers['content-type'] ?? 'application/octet-stream');
  return new Blob([response.data], { type });
}

/** An error answer to a binary request arrives as bytes: turn it back into text or JSON for toApiError. */
function decodeBinaryErrorBody(error: unknown): unknown {
  if (!isAxiosError(error) || !error.response) return error;
  const data: unknown = error.response.data;
  if (!(data instanceof ArrayBuffer) && !ArrayBuffer.isView(data)) return error;
  const text = new TextDecoder().decode(data as ArrayBuffer);
  try {
    error.response.data = JSON.parse(text);
  } catch {
    error.response.data = text;
  }
  return error;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const {
    baseURL = '',
    getCsrfToken = () => readCsrfCookie(),
    sleep = defaultSleep,
    retries = QUERY_RETRY,
  } = options;
  let onUnhandledError = options.onUnhandledError;
  let onSessionEnded = options.onSessionEnded;

  let adapter = options.adapter as AxiosRequestConfig['adapter'] | undefined;
  let created: Promise<AxiosInstance> | undefined;
  const axiosInstance = () =>
    (created ??= loadAxios().then((axios) => {
      const made = axios.create({ baseURL, withCredentials: true, headers: { Accept: 'application/json' } });
      if (adapter) made.defaults.adapter = adapter;
      if (options.language) {
        const language = options.language;
        made.interceptors.request.use((config) => {
          const code = language();
          if (code) config.headers.set('Accept-Language', code);
          return config;
        });
      }
      return made;
    }));
  // The few calls the client makes, each awaiting the instance first.
  const instance = {
    get: async (path: string, config?: AxiosRequestConfig) => (await axiosInstance()).get(path, config),
    request: async <T = unknown>(config: AxiosRequestConfig) => (await axiosInstance()).request<T>(config),
  };

  function fail(error: unknown, requestOptions: RequestOptions | undefined): never {
    const apiError = toApiError(error);
    // Told after the caller has shown its own failure, so the session's message is the one left on screen.
    if (apiError.status === 401 && onSessionEnded) setTimeout(onSessionEnded, 0);
    if (requestOptions?.notifyOnError) onUnhandledError?.(apiError);
    throw apiError;
  }

  async function withRetry<T>(run: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await run();
      } catch (error) {
        if (attempt >= retries || !isRetryable(error)) throw error;
        await sleep(retryDelay(attempt));
      }
    }
  }

  async function csrfHeaders(requestOptions?: RequestOptions): Promise<Record<string, string>> {
    await instance.get(CSRF_PATH, { signal: requestOptions?.signal });
    const token = getCsrfToken();
    if (!token) throw new ApiError(CSRF_MISSING_MESSAGE);
    return { [CSRF_HEADER_NAME]: token };
  }

  async function query<A>(path: string, codec: Decoder<A>, requestOptions?: RequestOptions): Promise<A> {
    let response: AxiosResponse;
    try {
      response = await withRetry(() =>
        instance.get(path, { params: requestOptions?.params, signal: requestOptions?.signal }),
      );
    } catch (error) {
      return fail(error, requestOptions);
    }
    try {
      return decodeWith(codec, response, 'GET', path);
    } catch (error) {
      return fail(error, requestOptions);
    }
  }

  // Mutations are never retried (docs/behaviour.md#api-calls): a repeated POST could save a CV twice.
  async function mutate<A>(
    method: Method,
    path: string,
    body: unknown,
    codec: Decoder<A>,
    requestOptions?: RequestOptions,
  ): Promise<A> {
    let response: AxiosResponse;
    try {
      const headers = { ...requestOptions?.headers, ...(await csrfHeaders(requestOptions)) };
      response = await instance.request({
        method,
        url: path,
        data: body,
        headers,
        params: requestOptions?.params,
        signal: requestOptions?.signal,
      });
    } catch (error) {
      return fail(error, requestOptions);
    }
    try {
      expectStatusOf(response, requestOptions, method.toUpperCase(), path);
      return decodeWith(codec, response, method.toUpperCase(), path);
    } catch (error) {
      return fail(error, requestOptions);
    }
  }

  async function blob(method: 'get' | 'post', path: string, body: unknown, requestOptions?: RequestOptions) {
    try {
      const run = async () =>
        instance.request<ArrayBuffer>({
          method,
          url: path,
          data: body,
          params: requestOptions?.params,
          signal: requestOptions?.signal,
          responseType: 'arraybuffer',
          ...(requestOptions?.onDownloadProgress
            ? {
                onDownloadProgress: (event: { loaded: number }) =>
                  requestOptions.onDownloadProgress?.(event.loaded),
              }
            : {}),
          headers: { Accept: '*/*', ...(method === 'post' ? await csrfHeaders(requestOptions) : {}) },
        });
      const response = method === 'get' ? await withRetry(run) : await run();
      return { blob: toBlob(response), headers: headersOf(response) };
    } catch (error) {
      return fail(decodeBinaryErrorBody(error), requestOptions);
    }
  }

  return {
    axios: axiosInstance,
    useAdapter: (next) => {
      adapter = next;
      if (created) void created.then((made) => (made.defaults.adapter = next));
    },
    get: query,
    post: (path, body, codec, requestOptions) => mutate('post', path, body, codec, requestOptions),
    put: (path, body, codec, requestOptions) => mutate('put', path, body, codec, requestOptions),
    patch: (path, body, codec, requestOptions) => mutate('patch', path, body, codec, requestOptions),
    delete: <A = unknown>(path: string, codec?: Decoder<A>, requestOptions?: RequestOptions) =>
      mutate('delete', path, requestOptions?.body, (codec ?? t.unknown) as Decoder<A>, requestOptions),
    getBlob: async (path, requestOptions) => (await blob('get', path, undefined, requestOptions)).blob,
    getBlobResponse: (path, requestOptions) => blob('get', path, undefined, requestOptions),
    postBlob: async (path, body, requestOptions) => (await blob('post', path, body, requestOptions)).blob,
    postBlobResponse: (path, body, requestOptions) => blob('post', path, body, requestOptions),
    fetchCsrf: async (requestOptions) => {
      try {
        await instance.get(CSRF_PATH, { signal: requestOptions?.signal });
      } catch (error) {
        fail(error, requestOptions);
      }
    },
    reportUnhandled: (error) => {
      if (error instanceof ApiError) onUnhandledError?.(error);
    },
    setUnhandledErrorHandler: (handler) => {
      onUnhandledError = handler;
    },
    setSessionEndedHandler: (handler) => {
      onSessionEnded = handler;
    },
  };
}
