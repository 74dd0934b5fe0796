import { providerUnavailable, type ProviderName } from './errors.js';

/** How long a provider gets to answer before the sign-in fails with 502 instead of hanging the request. */
export const PROVIDER_TIMEOUT_MS = 10_000;

export interface ProviderAnswer {
  status: number;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  json: unknown;
}

/**
 * One call to an identity provider. Unreachable, slow, 5xx and non-JSON success answers become
 * 502 errors naming the provider; 4xx answers are returned, since each call knows what a refusal means.
 */
export async function callProvider(
  provider: ProviderName,
  url: string | URL,
  init: RequestInit = {},
): Promise<ProviderAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: { Accept: 'application/json', ...init.headers },
      redirect: 'error',
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw providerUnavailable(provider, timedOut ? 'timedOut' : 'unreachable');
  }
  const text = await response.text().catch(() => '');
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (response.status >= 500) throw providerUnavailable(provider, 'status', response.status);
  if (response.status < 400 && (json === null || typeof json !== 'object')) {
    throw providerUnavailable(provider, 'notJson');
  }
  return { status: response.status, json };
}

/** An OAuth error answer's own explanation: error_description, else error (RFC 6749 §5.2). */
export function oauthErrorReason(body: unknown): string | undefined {
  const record = asRecord(body);
  const text = (value: unknown) =>
    typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  return text(record.error_description) ?? text(record.error) ?? text(record.message);
}

export function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
