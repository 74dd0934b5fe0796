import { GENERIC_ERROR_MESSAGE } from '../config/constants';

/**
 * The one error every API call throws (docs/behaviour.md#messages). `message` is what a flow shows when it has no
 * text of its own; `serverMessage` is only the server's text, for flows whose rule is
 * "the server's message, else <flow default>"; `data` is the raw response body for flows that
 * read a particular field (LinkedIn: error, else message, else the raw body).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly detail?: string;
  readonly status?: number;
  readonly serverMessage?: string;
  readonly data?: unknown;

  constructor(
    message: string,
    options: {
      detail?: string;
      status?: number;
      serverMessage?: string;
      data?: unknown;
      cause?: unknown;
    } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.detail = options.detail;
    this.status = options.status;
    this.serverMessage = options.serverMessage;
    this.data = options.data;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The request field a refusal is about, when the server names one (`{ "detail": "…", "field": "email" }`, an
 * extension of the reference server): the form shows the message next to that field.
 */
export function refusedFieldOf(error: unknown): string | undefined {
  if (
    !(error instanceof ApiError) ||
    error.status === undefined ||
    error.status < 400 ||
    error.status >= 500
  ) {
    return undefined;
  }
  return field(error.data, 'field');
}

/** A machine-readable reason the server gives beside its words (`code`, e.g. `link_expired`). */
export function refusalCodeOf(error: unknown): string | undefined {
  return error instanceof ApiError ? field(error.data, 'code') : undefined;
}

function nonBlankString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function field(body: unknown, key: string): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  return nonBlankString((body as Record<string, unknown>)[key]);
}

interface ResponseLike {
  status?: unknown;
  data?: unknown;
}

function responseOf(error: unknown): ResponseLike | undefined {
  if (error === null || typeof error !== 'object' || !('response' in error)) return undefined;
  const response = (error as { response?: unknown }).response;
  return response !== null && typeof response === 'object' ? (response as ResponseLike) : undefined;
}

/**
 * The server's text in a response body, in the order docs/behaviour.md#messages gives: string body, message,
 * detail, error.
 */
export function serverMessageOf(body: unknown): string | undefined {
  return nonBlankString(body) ?? field(body, 'message') ?? field(body, 'detail') ?? field(body, 'error');
}

/** Normalises anything thrown by a request (axios error, ApiError, Error, string) into an ApiError. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;

  const response = responseOf(error);
  const body = response?.data;
  const status = typeof response?.status === 'number' ? response.status : undefined;
  const serverMessage = serverMessageOf(body);
  const ownMessage = error instanceof Error ? nonBlankString(error.message) : nonBlankString(error);
  const message = serverMessage ?? ownMessage ?? GENERIC_ERROR_MESSAGE;

  // The detail is the server's own explanation, kept only when it adds something to the message.
  const serverTexts = [
    nonBlankString(body),
    field(body, 'detail'),
    field(body, 'error'),
    field(body, 'message'),
  ];
  const detail = serverTexts.find((text) => text !== undefined && text !== message);

  return new ApiError(message, { detail, status, serverMessage, data: body, cause: error });
}
