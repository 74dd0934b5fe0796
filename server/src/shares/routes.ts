import type { FastifyInstance } from 'fastify';
import { ownedLiveCv } from '../cvs/owned.js';
import { now } from '../auth/clock.js';
import { hashPassword } from '../auth/passwords.js';
import { badRequest, notFound } from '../http/errors.js';
import { msg } from '../../../rules/languages.js';
import { requireUser } from '../http/session.js';
import { ensureFirstVersion } from '../versions/keep.js';
import { findVersion } from '../versions/repository.js';
import {
  MAX_LABEL_LENGTH,
  MAX_LIVE_SHARES_PER_CV,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
} from './limits.js';
import { countLiveShares, countsOf, findShare, insertShare, listShares, revokeShare } from './repository.js';
import { firstDailyDay, shareJson } from './serialise.js';
import { countBufferOf } from './count-buffer.js';
import { forgetSharePages } from './page-cache.js';

/*
 * [extension] A saved CV's share links (docs/decisions/0045-share-links.md): make one per recipient, list them with
 * their counts, revoke one. Every route needs a session and sees only the caller's live CVs: another person's CV,
 * or a link of another CV, is 404. The public pages the links open are ./public-routes.ts.
 */

const SHARE_NOT_FOUND = 'Share link not found.';

const cvParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 64 } },
} as const;

const shareParams = {
  type: 'object',
  required: ['id', 'shareId'],
  properties: {
    id: { type: 'string', maxLength: 64 },
    shareId: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
  },
} as const;

// Bounds here are generous: the code checks the exact ones with a sentence in the person's words.
export const createShareBody = {
  type: 'object',
  required: ['label'],
  additionalProperties: false,
  properties: {
    label: {
      type: 'string',
      maxLength: 1000,
      description: `Who the link is for ("Acme Corp"): ${MAX_LABEL_LENGTH} characters at most once trimmed.`,
    },
    password: {
      type: ['string', 'null'],
      maxLength: 1000,
      description: `${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters; absent or null: no password.`,
    },
    expires_at: {
      type: ['string', 'null'],
      maxLength: 64,
      description:
        'In the future: a date (YYYY-MM-DD, the end of that day UTC) or a date-time with its zone; null: never.',
    },
    version: {
      type: ['integer', 'null'],
      minimum: 1,
      maximum: 2_147_483_647,
      description: 'A version number of this CV (GET …/versions/) to pin; absent or null: the latest saved.',
    },
  },
} as const;

export interface CreateShareBody {
  label: string;
  password?: string | null;
  expires_at?: string | null;
  version?: number | null;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
// A date-time with a zone (Z or ±hh:mm): a time without one would mean a different instant on every server.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** `expires_at` as an instant: a date is the end of that day (UTC). Undefined: not a date the API reads. */
export function readExpiry(raw: string): Date | undefined {
  const text = raw.trim();
  const date = DATE_ONLY.exec(text);
  if (date) {
    const at = new Date(`${text}T23:59:59.999Z`);
    // 2026-02-30 parses as 2 March: refused.
    return Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== text ? undefined : at;
  }
  if (!DATE_TIME.test(text)) return undefined;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/**
 * A refusal of one field of a new link: its detail starts with the field's name, as the API has always said it,
 * and the answer names the field (`field`), so the web app shows it there in any language.
 */
function shareRefusal(field: string, id: string, values: Record<string, string | number> = {}) {
  return badRequest({ id, values: { field, ...values } }, { field });
}

/** The label trimmed, control characters and runs of spaces made one space. */
function readLabel(raw: string): string {
  const label = raw
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (label === '') throw shareRefusal('label', msg('{field}: give the link a label, such as the company you send it to.'));
  if (Array.from(label).length > MAX_LABEL_LENGTH)
    throw shareRefusal('label', msg('{field}: must be at most {max} characters.'), { max: MAX_LABEL_LENGTH });
  return label;
}

function readPassword(raw: string | null | undefined): string | null {
  if (raw === undefined || raw === null) return null;
  const length = Array.from(raw).length;
  if (length < MIN_PASSWORD_LENGTH)
    throw shareRefusal('password', msg('{field}: must be at least {min} characters.'), { min: MIN_PASSWORD_LENGTH });
  if (length > MAX_PASSWORD_LENGTH)
    throw shareRefusal('password', msg('{field}: must be at most {max} characters.'), { max: MAX_PASSWORD_LENGTH });
  return raw;
}

export async function sharesRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  const ownedCv = (ownerId: number, raw: string | number) => ownedLiveCv(app.db, ownerId, raw);

  const warnNotWritten = (error: unknown) =>
    app.log.warn({ err: error }, 'share link counts not written: kept for the next try');

  async function sharesJson(shares: Awaited<ReturnType<typeof listShares>>) {
    const today = now();
    const counts = await countsOf(
      app.db,
      shares.map((share) => share.id),
      firstDailyDay(today),
    );
    return shares.map((share) => shareJson(share, counts, app.config.publicUrl, today));
  }

  app.get<{ Params: { id: string } }>(
    '/v1/GeneratedCV/:id/shares/',
    { schema: { params: cvParams } },
    async (request) => {
      const cv = await ownedCv(requireUser(request), request.params.id);
      // This process's counts not yet written go in first: the owner sees every view this process answered.
      await countBufferOf(app.db, warnNotWritten).flush().catch(warnNotWritten);
      return sharesJson(await listShares(app.db, cv.id));
    },
  );

  app.post<{ Params: { id: string }; Body: CreateShareBody }>(
    '/v1/GeneratedCV/:id/shares/',
    { schema: { params: cvParams, body: createShareBody } },
    async (request, reply) => {
      const ownerId = requireUser(request);
      const cv = await ownedCv(ownerId, request.params.id);
      const body = request.body;
      const label = readLabel(body.label);
      const password = readPassword(body.password);
      const at = now();
      let expiresAt: Date | null = null;
      if (body.expires_at !== undefined && body.expires_at !== null) {
        const expiry = readExpiry(body.expires_at);
        if (!expiry)
          throw shareRefusal(
            'expires_at',
            msg('{field}: must be a date (YYYY-MM-DD) or a date and time with its time zone.'),
          );
        if (expiry.getTime() <= at.getTime()) throw shareRefusal('expires_at', msg('{field}: must be in the future.'));
        expiresAt = expiry;
      }
      const versionNumber = body.version ?? null;
      if (versionNumber !== null && !(await findVersion(app.db, cv.id, versionNumber)))
        throw shareRefusal('version', msg('{field}: this CV has no version {version}.'), { version: versionNumber });
      // Hashed before the transaction: Argon2 takes a while, and a transaction should not wait on it.
      const passwordHash = password === null ? null : await hashPassword(password);
      const share = await app.db.transaction().execute(async (trx) => {
        if ((await countLiveShares(trx, cv.id, at)) >= MAX_LIVE_SHARES_PER_CV)
          throw badRequest({
            id: msg('This CV already has {count} links that work: revoke one before making another.'),
            values: { count: MAX_LIVE_SHARES_PER_CV },
          });
        // A CV saved before versions were kept gets its first one: the page always shows a version.
        await ensureFirstVersion(trx, cv);
        return insertShare(trx, {
          cvId: cv.id,
          ownerId,
          label,
          passwordHash,
          expiresAt,
          versionNumber,
          at,
        });
      });
      const [json] = await sharesJson([share]);
      return reply.code(201).header('location', json!.url).send(json);
    },
  );

  app.delete<{ Params: { id: string; shareId: number } }>(
    '/v1/GeneratedCV/:id/shares/:shareId/',
    { schema: { params: shareParams } },
    async (request, reply) => {
      const cv = await ownedCv(requireUser(request), request.params.id);
      const share = await findShare(app.db, cv.id, request.params.shareId);
      if (!share) throw notFound(SHARE_NOT_FOUND);
      await revokeShare(app.db, share.id, now());
      forgetSharePages(app.config.databaseUrl, share.id);
      return reply.code(204).send();
    },
  );
}
