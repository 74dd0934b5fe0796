import type { FastifyError, FastifyInstance } from 'fastify';
import type { AccountField, LinkErrorCode } from '../../../rules/account-changes.js';
import { msg, type Message } from '../../../rules/languages.js';
import { english, isMessage } from '../i18n/translate.js';
import { validationCode, validationField, validationMessage } from './validation.js';

/**
 * What an answer may carry beside `detail`: the form field a 400 is about (the web shows the message under
 * it), and a stable `code` for clients that branch on the reason without matching words.
 */
export interface ErrorExtras {
  field?: AccountField | (string & {});
  code?: LinkErrorCode | (string & {});
}

/**
 * An error whose detail is safe to show: the error handler answers `{ detail, ...extras }` with its status, the
 * detail in the request's language (i18n/request.ts). Give it English words marked with `msg`, or a Message when
 * they have values.
 */
export class HttpError extends Error {
  /** The detail in English, as the API answers a request without a language. */
  readonly detail: string;

  constructor(
    readonly statusCode: number,
    /** The detail as a message, to say in a person's language: `translate(language, error.detailMessage)`. */
    readonly detailMessage: Message,
    readonly headers: Record<string, string> = {},
    readonly extras: ErrorExtras = {},
  ) {
    const detail = english(detailMessage);
    super(detail);
    this.name = 'HttpError';
    this.detail = detail;
  }

  /** The answer's body; its detail still a message, which the answer says in the request's language. */
  body(): { detail: Message } & ErrorExtras {
    return { detail: this.detailMessage, ...this.extras };
  }
}

export const badRequest = (detail: Message, extras: ErrorExtras = {}) =>
  new HttpError(400, detail, {}, extras);
/** A 400 about one field of the request body. */
export const fieldError = (field: AccountField, detail: Message) => badRequest(detail, { field });
export const unauthorized = (detail: Message = msg('Authentication credentials were not provided.')) =>
  new HttpError(401, detail);
export const forbidden = (detail: Message = msg('You do not have permission to perform this action.')) =>
  new HttpError(403, detail);
export const notFound = (detail: Message = msg('Not found.')) => new HttpError(404, detail);
export const conflict = (detail: Message) => new HttpError(409, detail);
export const tooManyRequests = (
  detail: Message = msg('Too many attempts. Please try again later.'),
  retryAfterSeconds?: number,
) => new HttpError(429, detail, retryAfterSeconds ? { 'retry-after': String(retryAfterSeconds) } : {});
export const serviceUnavailable = (detail: Message) => new HttpError(503, detail);

/** The statuses a render failure may carry (the render engine's errors), each answered with the error's message. */
const PRINT_FAILURE_STATUSES = new Set([
  // PdfUnavailableError: no Chromium, a render timeout, a busy pool — try again later.
  503,
  // PdfTooLongError: the document would print more pages than a PDF may have — shorten it.
  413,
]);

/**
 * `work`'s result (a print), with a render failure that carries its status (the render engine's errors:
 * render/pdf-errors.ts) answered with that status and its message as detail, the only thing a client can act on.
 * Every route that prints goes through here: left to the error handler, a 413 would read as a too-large request body.
 */
export async function printFailuresAsHttp<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof Error) || error instanceof HttpError) throw error;
    const { statusCode: status, detailMessage } = error as { statusCode?: unknown; detailMessage?: unknown };
    if (typeof status === 'number' && PRINT_FAILURE_STATUSES.has(status))
      throw new HttpError(status, isMessage(detailMessage) ? detailMessage : error.message);
    throw error;
  }
}

const INVALID_JSON = msg('Request body is not valid JSON.');
const TOO_LARGE = msg('Request body is too large.');

// Fastify's own client errors, in words a user of the API can act on.
const FRAMEWORK_DETAILS: Record<string, Message> = {
  FST_ERR_CTP_INVALID_JSON_BODY: INVALID_JSON,
  FST_ERR_CTP_EMPTY_JSON_BODY: INVALID_JSON,
  FST_ERR_CTP_BODY_TOO_LARGE: TOO_LARGE,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: msg('Unsupported media type in request.'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: msg('Request body size did not match Content-Length.'),
  FST_ERR_BAD_URL: msg('Malformed URL.'),
};

/**
 * The one error handler: every failure becomes JSON `{ "detail": "…" }`; 5xx leak nothing. Details are messages,
 * said in the request's language by the answer's hook (i18n/request.ts).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body());
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      // The account forms show a message under its field; other bodies (CVs) keep the plain { detail }.
      const onAccount = request.routeOptions.url?.startsWith('/auth/') ?? false;
      const field = onAccount ? validationField(fastifyError) : undefined;
      const code = onAccount ? undefined : validationCode(fastifyError);
      return reply.code(400).send({
        detail: validationMessage(fastifyError),
        ...(field ? { field } : {}),
        ...(code ? { code } : {}),
      });
    }
    const status = fastifyError.statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      const described = fastifyError.code ? FRAMEWORK_DETAILS[fastifyError.code] : undefined;
      if (status === 413) return reply.code(413).send({ detail: TOO_LARGE });
      if (status === 400 && error instanceof SyntaxError) {
        return reply.code(400).send({ detail: INVALID_JSON });
      }
      return reply.code(status).send({ detail: described ?? error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: msg('Internal server error.') });
  });
}
