import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SOURCE_LANGUAGE, type LanguageCode, type Message } from '../i18n/index.js';
import type { AuditEntry } from './audit.js';
import type { PageFrame, Section, Words } from './views.js';

/*
 * What the admin's route modules share: the kit routes.ts hands each of them, and the small helpers every page
 * uses. Kept apart from routes.ts, which registers those modules, so that no module imports the one that
 * registers it.
 */

export const PAGE_SIZE = 25;
const MAX_SEARCH_LENGTH = 200;

export type Form = Record<string, string>;

/** What every admin route needs: the signed-in staff member, the page frame, and audited writes. */
export interface AdminKit {
  /** The page's frame, in the language of the request (the staff member's saved one, else their browser's). */
  frame(request: FastifyRequest, reply: FastifyReply, section: Section, title: Words): Promise<PageFrame>;
  /** Runs the change and its audit entry in one transaction. */
  audited<T>(
    request: FastifyRequest,
    entry: AuditEntry,
    work: (trx: FastifyInstance['db']) => Promise<T>,
  ): Promise<T>;
  send(reply: FastifyReply, html: string): FastifyReply;
  notFound(
    request: FastifyRequest,
    reply: FastifyReply,
    message: Message,
    back: string,
  ): Promise<FastifyReply>;
  /** Registers a POST action: CSRF checked from the form field (the guard), the body a flat form. */
  action(
    path: string,
    handler: (
      request: FastifyRequest<{ Body: Form; Params: Record<string, string> }>,
      reply: FastifyReply,
    ) => Promise<unknown>,
  ): void;
}

export function notice(code: string): string {
  return `done=${encodeURIComponent(code)}`;
}

/** A number as `language` writes it (English as it always was: no grouping). */
export function formatNumber(language: LanguageCode, value: number): string {
  if (language === SOURCE_LANGUAGE || !Number.isFinite(value)) return String(value);
  return new Intl.NumberFormat(language).format(value);
}

const WHEN = {
  minutes: { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' },
  seconds: {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  },
  date: { year: 'numeric', month: 'short', day: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * A stored time (ISO 8601, UTC) for people: in English as it always was (`2025-03-01 14:05 UTC`; with seconds;
 * the date alone), in another language as Intl writes it there, in UTC and saying so.
 */
export function when(
  stamp: string,
  language: LanguageCode,
  precision: keyof typeof WHEN = 'minutes',
): string {
  const at = new Date(/(?:z|[+-]\d\d:?\d\d)$/i.test(stamp) ? stamp : `${stamp}Z`);
  if (language === SOURCE_LANGUAGE || Number.isNaN(at.getTime())) {
    if (precision === 'date') return stamp.slice(0, 10);
    return `${stamp.slice(0, 10)} ${stamp.slice(11, precision === 'seconds' ? 19 : 16)} UTC`;
  }
  const zone = precision === 'date' ? {} : { timeZoneName: 'short' as const };
  return new Intl.DateTimeFormat(language, { ...WHEN[precision], ...zone, timeZone: 'UTC' }).format(at);
}

export function searchText(raw: string | undefined): string {
  return (raw ?? '').trim().slice(0, MAX_SEARCH_LENGTH);
}

export function pageNumber(raw: string | undefined): number {
  return raw && /^[1-9][0-9]{0,6}$/.test(raw) ? Number(raw) : 1;
}

export function pager(total: number, page: number, href: (page: number) => string) {
  const last = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return {
    many: last > 1,
    number: page,
    count: last,
    previous: page > 1 ? href(Math.min(page - 1, last)) : undefined,
    next: page < last ? href(page + 1) : undefined,
  };
}
