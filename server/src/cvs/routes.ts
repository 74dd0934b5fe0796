import { msg } from '../../../rules/languages.js';
import { requestLanguage } from '../i18n/request.js';
import type { FastifyInstance } from 'fastify';
import { CV_NOT_FOUND, noVersion, ownedLiveCv } from './owned.js';
import { HttpError, badRequest, notFound } from '../http/errors.js';
import { hit } from '../http/rate-limit.js';
import { requireUser } from '../http/session.js';
import { cvBodySchema, readCvInput, type CvBody } from '../cv-input/cv-body.js';
import { emailCv, type CvFileFormat } from './delivery.js';
import { letterThenCv } from '../cover-letters/combined.js';
import {
  archiveCv,
  findLiveCv,
  insertCv,
  listEntries,
  listLiveCvs,
  replaceCv,
  type GeneratedCvRow,
} from './repository.js';
import { cvJson, cvSummaryJson, entryJson } from './serialise.js';
import { TEMPLATE_DESIGN } from '../render/design.js';
import { parseStoredDesign } from '../cv-input/design.js';
import { attachmentDisposition } from './file-name.js';
import {
  CV_CHANGED_ELSEWHERE,
  CV_REFUSAL_CODES,
  TEMPLATE_NO_LONGER_OFFERED,
  cvEtag,
} from '../../../rules/cv.js';
import { templateSwitchedOff } from '../templates/repository.js';
import { now } from '../auth/clock.js';

const DAY_MS = 24 * 60 * 60 * 1000;
import { ensureFirstVersion, keepSavedVersion } from '../versions/keep.js';
import { latestVersion, recordDelivery } from '../versions/repository.js';
import { versionWithFile } from '../rendered-files/repository.js';
import { KIND_OF_FORMAT, versionFile } from '../rendered-files/files.js';
import type { CvVersionReason } from '../db/schema.js';

/** A new CV on a template staff switched off in the admin panel. */
export const TEMPLATE_SWITCHED_OFF = TEMPLATE_NO_LONGER_OFFERED;

/**
 * The versions an `If-Match` header accepts: `*` (any), or a list of entity tags (weak ones compared as strong,
 * since a CV has no other representation). Undefined when the header is absent: the save is unconditional,
 * as the spec's PUT is.
 */
export function acceptedVersions(header: string | string[] | undefined): 'any' | string[] | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return 'any';
  return value
    .split(',')
    .map((tag) =>
      tag
        .trim()
        .replace(/^W\//, '')
        .replace(/^"(.*)"$/, '$1'),
    )
    .filter((tag) => tag !== '');
}

/** A later version than `previous`, even when two saves land in the same millisecond. */
export function nextVersionTime(previous: string): Date {
  const at = new Date();
  const before = Date.parse(previous);
  return Number.isFinite(before) && at.getTime() <= before ? new Date(before + 1) : at;
}
/** How many emails of CVs (and cover letters: cover-letters/routes.ts) a person may send an hour. */
export const SEND_EMAIL_LIMIT = { limit: 10, windowMs: 60 * 60 * 1000 };

const cvParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 64 } },
} as const;

const entryListQuery = {
  type: 'object',
  required: ['generated_cv'],
  properties: { generated_cv: { type: 'string', maxLength: 64 } },
} as const;

const sendEmailBody = {
  type: 'object',
  required: ['cv_id'],
  additionalProperties: false,
  properties: { cv_id: { anyOf: [{ type: 'integer' }, { type: 'string', maxLength: 64 }] } },
} as const;

interface CvParams {
  id: string;
}

// [extension] Which version to download (server/src/versions/); without it, the CV as it stands.
const downloadQuery = {
  type: 'object',
  properties: {
    version: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
    // [extension] The PDF only: one of the person's cover letters first, then the CV (cover-letters/combined.ts).
    cover_letter: {
      type: 'integer',
      minimum: 1,
      maximum: 2_147_483_647,
      description:
        'PDF only: one PDF of this cover letter, then the CV (extension). Another person’s letter: 404.',
    },
  },
} as const;

/** What a save's version is kept as: what the body says, else a create, an update or a template switch. */
function saveReason(body: CvBody, existing?: GeneratedCvRow, templateId?: number): CvVersionReason {
  const said = body.version_reason;
  if (!existing) return said === 'import' ? 'import' : 'create';
  if (said && said !== 'create') return said;
  return templateId !== undefined && templateId !== existing.template_id ? 'template_switch' : 'update';
}

/**
 * Saved CVs (docs/behaviour.md#data, #api-calls): every route needs a session and sees only
 * the caller's CVs that are not archived, so another user's CV is 404 whatever the verb.
 */
export async function cvsRoutes(app: FastifyInstance): Promise<void> {
  // onRequest, so a caller without a session hears 401 before any body is parsed or judged.
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  const cvChanged = (current: GeneratedCvRow) =>
    new HttpError(412, CV_CHANGED_ELSEWHERE, { etag: cvEtag(current.last_updated) });

  const ownedCv = (ownerId: number, raw: string | number) => ownedLiveCv(app.db, ownerId, raw);

  const templateDefinition = (id: number) => app.cvTemplates.byId(id)?.definition;
  const retention = () => ({ keepAllDays: app.config.versionsKeepAllDays });

  app.get('/v1/GeneratedCV/', async (request) => {
    const cvs = await listLiveCvs(app.db, requireUser(request));
    // [extension] Each CV's paper, so a list's download menu can say 'PDF (Letter)' without the detail.
    return cvs.map((cv) => ({
      ...cvSummaryJson(cv, app.config.publicUrl),
      page_size: parseStoredDesign(cv.design)?.pageSize ?? TEMPLATE_DESIGN.pageSize,
    }));
  });

  app.get<{ Params: CvParams }>(
    '/v1/GeneratedCV/:id/',
    { schema: { params: cvParams } },
    async (request, reply) => {
      const cv = await ownedCv(requireUser(request), request.params.id);
      reply.header('etag', cvEtag(cv.last_updated));
      return cvJson(cv, await listEntries(app.db, cv.id), app.config.publicUrl);
    },
  );

  app.post<{ Body: CvBody }>(
    '/v1/GeneratedCV/',
    { schema: { body: cvBodySchema } },
    async (request, reply) => {
      const ownerId = requireUser(request);
      const input = readCvInput(request.body, templateDefinition(request.body.template));
      // A template staff switched off makes no new CVs; the CVs made with it still save, open and download.
      if (await templateSwitchedOff(app.db, input.templateId)) throw badRequest(TEMPLATE_SWITCHED_OFF, { code: CV_REFUSAL_CODES.templateNotOffered });
      const saved = await app.db.transaction().execute(async (trx) => {
        const id = await insertCv(trx, ownerId, input);
        const cv = (await findLiveCv(trx, ownerId, { id }))!;
        await keepSavedVersion(trx, cv, saveReason(request.body), retention());
        return cvJson(cv, await listEntries(trx, id), app.config.publicUrl);
      });
      // Its PDF and Word file are made after the answer, in the background, and kept with the version.
      app.renderSaved(saved.id);
      return reply.code(201).header('location', saved.url).send(saved);
    },
  );

  // Saving an existing CV updates it (users expect that; the spec shows only POST). With `If-Match` (an
  // extension: a client that sends none saves as before) a save over a newer copy is refused with 412.
  app.put<{ Params: CvParams; Body: CvBody }>(
    '/v1/GeneratedCV/:id/',
    { schema: { params: cvParams, body: cvBodySchema } },
    async (request, reply) => {
      const ownerId = requireUser(request);
      const existing = await ownedCv(ownerId, request.params.id);
      const input = readCvInput(request.body, templateDefinition(request.body.template));
      const versions = acceptedVersions(request.headers['if-match']);
      if (Array.isArray(versions) && !versions.includes(existing.last_updated)) throw cvChanged(existing);
      const saved = await app.db.transaction().execute(async (trx) => {
        // A CV saved before versions were kept: what it held becomes version 1 before the save changes it.
        await ensureFirstVersion(trx, existing);
        const replaced = await replaceCv(trx, existing.id, input, {
          at: nextVersionTime(existing.last_updated),
          // Checked again in the write itself: a save that lands between the look-up and here is not lost.
          ...(Array.isArray(versions) ? { ifLastUpdated: existing.last_updated } : {}),
        });
        if (!replaced) {
          const current = await findLiveCv(trx, ownerId, { id: existing.id });
          // Archived meanwhile: still not found, nothing written. Saved meanwhile: a conflict.
          throw current ? cvChanged(current) : notFound(CV_NOT_FOUND);
        }
        const cv = (await findLiveCv(trx, ownerId, { id: existing.id }))!;
        await keepSavedVersion(trx, cv, saveReason(request.body, existing, input.templateId), retention());
        return cvJson(cv, await listEntries(trx, cv.id), app.config.publicUrl);
      });
      app.renderSaved(existing.id);
      return reply.header('etag', cvEtag(saved.last_updated)).send(saved);
    },
  );

  app.delete<{ Params: CvParams }>(
    '/v1/GeneratedCV/:id/',
    { schema: { params: cvParams } },
    async (request, reply) => {
      const cv = await ownedCv(requireUser(request), request.params.id);
      // Into the bin (bin-routes.ts): removed for good once BIN_RETENTION_DAYS have passed, unless restored.
      const at = now();
      await archiveCv(app.db, cv.id, at, new Date(at.getTime() + app.config.binRetentionDays * DAY_MS));
      return reply.code(204).send();
    },
  );

  app.get<{ Querystring: { generated_cv: string } }>(
    '/v1/CVFieldEntry/',
    { schema: { querystring: entryListQuery } },
    async (request) => {
      const cv = await ownedCv(requireUser(request), request.query.generated_cv);
      const entries = await listEntries(app.db, cv.id);
      return { results: entries.map((entry) => ({ ...entryJson(entry), generated_cv: cv.id })) };
    },
  );

  const downloads: Array<[string, CvFileFormat]> = [
    ['/v1/download/pdf/:id/', 'pdf'],
    ['/v1/download/word/:id/', 'word'],
  ];
  for (const [path, format] of downloads) {
    app.get<{ Params: CvParams; Querystring: { version?: number; cover_letter?: number } }>(
      path,
      { schema: { params: cvParams, querystring: downloadQuery } },
      async (request, reply) => {
        const cv = await ownedCv(requireUser(request), request.params.id);
        const asked = request.query.version;
        const kind = KIND_OF_FORMAT[format];
        // The version and its stored file in one read.
        const version =
          (await versionWithFile(app.db, cv.id, kind, asked)) ??
          (asked === undefined
            ? await app.db.transaction().execute((trx) => ensureFirstVersion(trx, cv))
            : undefined);
        if (!version) throw notFound(noVersion(String(asked)));
        // The version's stored file (made once, after the save); rendered now only when there is none yet.
        const file = await versionFile(app, cv, version, format);
        const letterId = format === 'pdf' ? request.query.cover_letter : undefined;
        const body =
          letterId === undefined
            ? file.body
            : await letterThenCv(app, requireUser(request), letterId, cv, file.body);
        // Every download records the version it delivered: "what did I send on 3 March?" has an answer.
        await recordDelivery(app.db, version.id, kind);
        return (
          reply
            .header('content-type', file.contentType)
            .header('content-disposition', attachmentDisposition(cv.name, file.extension))
            // A CV is personal data: no shared cache may keep a copy.
            .header('cache-control', 'private, no-store')
            .send(body)
        );
      },
    );
  }

  app.post<{ Body: { cv_id: string | number } }>(
    '/cv/send-email/',
    { schema: { body: sendEmailBody } },
    async (request) => {
      const ownerId = requireUser(request);
      const cv = await ownedCv(ownerId, request.body.cv_id);
      await hit(app.db, `cv-send-email:user:${ownerId}`, SEND_EMAIL_LIMIT);
      const version =
        (await latestVersion(app.db, cv.id)) ??
        (await app.db.transaction().execute((trx) => ensureFirstVersion(trx, cv)));
      await emailCv(app, cv, await versionFile(app, cv, version, 'pdf'), await requestLanguage(request));
      await recordDelivery(app.db, version.id, 'email');
      return { detail: msg('CV has been sent to your email address.') };
    },
  );
}
