import { msg } from '../../../rules/languages.js';
import { requestLanguage } from '../i18n/request.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { now } from '../auth/clock.js';
import { HttpError, badRequest } from '../http/errors.js';
import { hit } from '../http/rate-limit.js';
import { requireUser } from '../http/session.js';
import { SEND_EMAIL_LIMIT, acceptedVersions, nextVersionTime } from '../cvs/routes.js';
import { attachmentDisposition } from '../cvs/file-name.js';
import { latestVersion, recordDelivery } from '../versions/repository.js';
import { ensureFirstVersion } from '../versions/keep.js';
import { versionFile } from '../rendered-files/files.js';
import { cvEtag } from '../../../rules/cv.js';
import {
  letterBodySchema,
  parseLetterId,
  previewLetterBodySchema,
  readLetterInput,
  type LetterBody,
  type LetterInput,
} from './input.js';
import {
  binLetter,
  findLetter,
  insertLetter,
  listLetters,
  replaceLetter,
  type CoverLetterRow,
} from './repository.js';
import { letterJson } from './serialise.js';
import { letterContentOf } from '../render/letter.js';
import {
  letterFile,
  letterHtml,
  letterModel,
  LETTER_TEMPLATE_NOT_FOUND,
  letterNotFound,
  letterPdf,
  letterSource,
  linkedCv,
  type LetterSource,
} from './render.js';
import { LETTER_SENT, emailLetter } from './delivery.js';

/*
 * [extension] Cover letters (docs/decisions/0050-cover-letters.md): a person's letters, each printed in a CV
 * template's design with its linked CV's header. Every route needs a session and sees only the caller's letters:
 * another person's is 404 whatever the verb. The CV's download with ?cover_letter= (the letter then the CV in one
 * PDF) is cvs/routes.ts's, which calls ./combined.ts.
 */

export const LETTER_CHANGED_ELSEWHERE = msg('This cover letter was changed elsewhere.');
export const NO_LINKED_CV = msg('This cover letter is not linked to a CV, so there is no CV to attach.');

const MAX_ID = 2_147_483_647;
const DAY_MS = 24 * 60 * 60 * 1000;

const letterParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 64 } },
} as const;

const listQuery = {
  type: 'object',
  properties: {
    cv: { type: 'integer', minimum: 1, maximum: MAX_ID, description: 'Only the letters linked to this CV.' },
  },
} as const;

const sendEmailBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    with_cv: {
      type: 'boolean',
      description: 'Attach the linked CV’s PDF too (400 when the letter has no CV).',
    },
  },
} as const;

interface LetterParams {
  id: string;
}

function sourceOf(input: LetterInput | CoverLetterRow): LetterSource {
  return 'owner_id' in input
    ? letterSource(input)
    : { templateId: input.templateId, cvId: input.cvId, ...letterContentOf(input) };
}

function sendPdf(reply: FastifyReply, pdf: Buffer, disposition: string) {
  return (
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', disposition)
      // A letter is personal data: no shared cache may keep a copy.
      .header('cache-control', 'private, no-store')
      .send(pdf)
  );
}

export async function coverLetterRoutes(app: FastifyInstance): Promise<void> {
  // onRequest, so a caller without a session hears 401 before any body is parsed or judged.
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  async function ownedLetter(ownerId: number, raw: string): Promise<CoverLetterRow> {
    const id = parseLetterId(raw);
    const letter = id === undefined ? undefined : await findLetter(app.db, ownerId, id);
    if (!letter) throw letterNotFound();
    return letter;
  }

  /** The body read and checked: its CV the caller's live one, its template one that exists. */
  async function checkedInput(ownerId: number, body: LetterBody, requireName = true) {
    const input = readLetterInput(body, requireName);
    const cv = await linkedCv(app, ownerId, input.cvId);
    if (input.templateId !== null && !app.cvTemplates.byId(input.templateId))
      throw badRequest(LETTER_TEMPLATE_NOT_FOUND);
    return { input, cv };
  }

  async function renderedLetter(ownerId: number, letter: CoverLetterRow) {
    const cv = await linkedCv(app, ownerId, letter.live_cv_id);
    return letterModel(app, ownerId, sourceOf(letter), cv);
  }

  const changed = (current: CoverLetterRow) =>
    new HttpError(412, LETTER_CHANGED_ELSEWHERE, { etag: cvEtag(current.last_updated) });

  app.get<{ Querystring: { cv?: number } }>(
    '/v1/CoverLetter/',
    { schema: { querystring: listQuery } },
    async (request) => {
      const letters = await listLetters(app.db, requireUser(request), request.query.cv);
      return letters.map(letterJson);
    },
  );

  app.post<{ Body: LetterBody }>(
    '/v1/CoverLetter/',
    { schema: { body: letterBodySchema } },
    async (request, reply) => {
      const ownerId = requireUser(request);
      const { input } = await checkedInput(ownerId, request.body);
      const id = await insertLetter(app.db, ownerId, input);
      const saved = letterJson((await findLetter(app.db, ownerId, id))!);
      return reply
        .code(201)
        .header('location', `/v1/CoverLetter/${id}/`)
        .header('etag', cvEtag(saved.last_updated))
        .send(saved);
    },
  );

  app.get<{ Params: LetterParams }>(
    '/v1/CoverLetter/:id/',
    { schema: { params: letterParams } },
    async (request, reply) => {
      const letter = await ownedLetter(requireUser(request), request.params.id);
      return reply.header('etag', cvEtag(letter.last_updated)).send(letterJson(letter));
    },
  );

  // With `If-Match` (the CV's entity-tag form) a save over a newer copy is refused with 412; without, it saves.
  app.put<{ Params: LetterParams; Body: LetterBody }>(
    '/v1/CoverLetter/:id/',
    { schema: { params: letterParams, body: letterBodySchema } },
    async (request, reply) => {
      const ownerId = requireUser(request);
      const existing = await ownedLetter(ownerId, request.params.id);
      const { input } = await checkedInput(ownerId, request.body);
      const versions = acceptedVersions(request.headers['if-match']);
      if (Array.isArray(versions) && !versions.includes(existing.last_updated)) throw changed(existing);
      const replaced = await replaceLetter(app.db, ownerId, existing.id, input, {
        at: nextVersionTime(existing.last_updated),
        ...(Array.isArray(versions) ? { ifLastUpdated: existing.last_updated } : {}),
      });
      const current = await findLetter(app.db, ownerId, existing.id);
      if (!current) throw letterNotFound();
      // Saved by someone else between the look-up and the write: nothing written, a conflict.
      if (!replaced) throw changed(current);
      return reply.header('etag', cvEtag(current.last_updated)).send(letterJson(current));
    },
  );

  // Into the bin, as a CV (bin-routes.ts): removed for good once BIN_RETENTION_DAYS have passed, unless restored.
  app.delete<{ Params: LetterParams }>(
    '/v1/CoverLetter/:id/',
    { schema: { params: letterParams } },
    async (request, reply) => {
      const ownerId = requireUser(request);
      const letter = await ownedLetter(ownerId, request.params.id);
      const at = now();
      const purgeAt = new Date(at.getTime() + app.config.binRetentionDays * DAY_MS);
      // Deleted by another tab between the look-up and here: already in the bin, so not found.
      if (!(await binLetter(app.db, ownerId, letter.id, at, purgeAt))) throw letterNotFound();
      return reply.code(204).send();
    },
  );

  // The live preview: the letter as typed, with its CV's header as saved.
  app.post<{ Body: LetterBody }>(
    '/v1/preview-cover-letter/',
    { schema: { body: previewLetterBodySchema } },
    async (request, reply) => {
      const ownerId = requireUser(request);
      const { input, cv } = await checkedInput(ownerId, request.body, false);
      const { template, model } = await letterModel(app, ownerId, sourceOf(input), cv);
      return reply.header('cache-control', 'private, no-store').send({ html: letterHtml(template, model) });
    },
  );

  app.post<{ Body: LetterBody }>(
    '/v1/preview-cover-letter-pdf/',
    { schema: { body: previewLetterBodySchema } },
    async (request, reply) => {
      const ownerId = requireUser(request);
      const { input, cv } = await checkedInput(ownerId, request.body, false);
      const { template, model } = await letterModel(app, ownerId, sourceOf(input), cv);
      // As the CV's live PDF preview: no structure tree on every pause in typing.
      const pdf = await letterPdf(app, template, model, { tagged: false });
      return sendPdf(reply, pdf, 'inline; filename="cover-letter-preview.pdf"');
    },
  );

  for (const format of ['pdf', 'word'] as const) {
    app.get<{ Params: LetterParams }>(
      `/v1/download/cover-letter/${format}/:id/`,
      { schema: { params: letterParams } },
      async (request, reply) => {
        const ownerId = requireUser(request);
        const letter = await ownedLetter(ownerId, request.params.id);
        const { template, model } = await renderedLetter(ownerId, letter);
        const file = await letterFile(app, template, model, format);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', attachmentDisposition(letter.name, file.extension))
          .header('cache-control', 'private, no-store')
          .send(file.body);
      },
    );
  }

  app.post<{ Params: LetterParams; Body: { with_cv?: boolean } | undefined }>(
    '/v1/CoverLetter/:id/send-email/',
    { schema: { params: letterParams, body: sendEmailBody } },
    async (request) => {
      const ownerId = requireUser(request);
      const letter = await ownedLetter(ownerId, request.params.id);
      const withCv = request.body?.with_cv === true;
      const cv = await linkedCv(app, ownerId, letter.live_cv_id);
      if (withCv && !cv) throw badRequest(NO_LINKED_CV);
      // The CV's email budget: a letter's email is one more mail to the same address.
      await hit(app.db, `cv-send-email:user:${ownerId}`, SEND_EMAIL_LIMIT);
      const { template, model } = await letterModel(app, ownerId, sourceOf(letter), cv);
      const pdf = await letterFile(app, template, model, 'pdf');
      const language = await requestLanguage(request);
      if (withCv && cv) {
        const version =
          (await latestVersion(app.db, cv.id)) ??
          (await app.db.transaction().execute((trx) => ensureFirstVersion(trx, cv)));
        const cvPdf = await versionFile(app, cv, version, 'pdf');
        await emailLetter(app, ownerId, letter.name, pdf, { name: cv.name, pdf: cvPdf }, language);
        await recordDelivery(app.db, version.id, 'email');
      } else {
        await emailLetter(app, ownerId, letter.name, pdf, undefined, language);
      }
      return { detail: LETTER_SENT };
    },
  );
}
