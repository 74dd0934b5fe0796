import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuditEntry } from './audit.js';
import type { PageFrame, Section } from './views.js';

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
  frame(request: FastifyRequest, reply: FastifyReply, section: Section, title: string): PageFrame;
  /** Runs the change and its audit entry in one transaction. */
  audited<T>(request: FastifyRequest, entry: AuditEntry, work: (trx: FastifyInstance['db']) => Promise<T>): Promise<T>;
  send(reply: FastifyReply, html: string): FastifyReply;
  notFound(request: FastifyRequest, reply: FastifyReply, message: string, back: string): FastifyReply;
  /** Registers a POST action: CSRF checked from the form field (the guard), the body a flat form. */
  action(path: string, handler: (request: FastifyRequest<{ Body: Form; Params: Record<string, string> }>, reply: FastifyReply) => Promise<unknown>): void;
}

export function notice(code: string): string {
  return `done=${encodeURIComponent(code)}`;
}

export function day(stamp: string): string {
  return `${stamp.slice(0, 10)} ${stamp.slice(11, 16)} UTC`;
}

export function searchText(raw: string | undefined): string {
  return (raw ?? '').trim().slice(0, MAX_SEARCH_LENGTH);
}

export function pageNumber(raw: string | undefined): number {
  return raw && /^[1-9][0-9]{0,6}$/.test(raw) ? Number(raw) : 1;
}

export function pager(total: number, page: number, href: (page: number) => string) {
  const count = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return {
    many: count > 1,
    number: page,
    count,
    previous: page > 1 ? href(Math.min(page - 1, count)) : undefined,
    next: page < count ? href(page + 1) : undefined,
  };
}
