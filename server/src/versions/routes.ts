import { msg } from '../../../rules/languages.js';
import { noVersion } from '../cvs/owned.js';
import type { FastifyInstance } from 'fastify';
import { CV_NOT_FOUND, ownedLiveCv } from '../cvs/owned.js';
import { badRequest, notFound } from '../http/errors.js';
import { requireUser } from '../http/session.js';
import { readCvInput, type CvBody } from '../cv-input/cv-body.js';
import { designJson, parseStoredDesign } from '../cv-input/design.js';
import { layoutJson, parseStoredLayout } from '../cv-input/layout.js';
import { findLiveCv, listEntries, replaceCv } from '../cvs/repository.js';
import { nextVersionTime } from '../cvs/routes.js';
import { cvJson } from '../cvs/serialise.js';
import { cvEtag } from '../../../rules/cv.js';
import { MAX_VERSION_NAME_LENGTH } from '../../../rules/versions.js';
import type { VersionState } from './content.js';
import { ensureFirstVersion, keepSavedVersion } from './keep.js';
import {
  findVersion,
  listVersions,
  readVersionState,
  renameVersion,
  type VersionListItem,
  type VersionSummaryRow,
} from './repository.js';

/*
 * [extension] A saved CV's versions (docs/features/versions.md): the list, one version, its name, and restoring it.
 * Every route needs a session and sees only the caller's live CVs: another person's CV is 404 at each of them.
 * A version's PDF and Word file are the download routes' `?version=` (server/src/cvs/routes.ts).
 */

const versionParams = {
  type: 'object',
  required: ['id', 'number'],
  properties: {
    id: { type: 'string', maxLength: 64 },
    number: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
  },
} as const;

const listParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 64 } },
} as const;

const renameBody = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: { name: { type: ['string', 'null'], maxLength: MAX_VERSION_NAME_LENGTH } },
} as const;

interface VersionParams {
  id: string;
  number: number;
}

export interface VersionSummaryJson {
  number: number;
  created: string;
  name: string | null;
  reason: string;
  template: number;
  deliveries: Array<{ kind: string; at: string }>;
}

function summaryJson(
  version: VersionSummaryRow,
  deliveries: VersionListItem['deliveries'],
): VersionSummaryJson {
  return {
    number: version.number,
    created: version.created,
    name: version.name,
    reason: version.reason,
    template: version.template_id,
    deliveries,
  };
}

/** A version's content as the API speaks of a CV's: entries, layout and design (null: the template's). */
function contentJson(state: VersionState) {
  const layout = parseStoredLayout(state.layout);
  const design = parseStoredDesign(state.design);
  return {
    entries: state.cells.map(([section_field, index, value]) => ({ value, index, section_field })),
    layout: layout ? layoutJson(layout) : null,
    design: design ? designJson(design) : null,
  };
}

/** Control characters out, spaces collapsed; '' (or null) removes the name. */
function readName(raw: string | null): string | null {
  if (raw === null) return null;
  const name = raw
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return name === '' ? null : name;
}

export async function versionsRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  const ownedCv = (ownerId: number, raw: string | number) => ownedLiveCv(app.db, ownerId, raw);

  async function deliveriesOf(cvId: number, number: number) {
    return (await listVersions(app.db, cvId)).find((version) => version.number === number)?.deliveries ?? [];
  }

  app.get<{ Params: { id: string } }>(
    '/v1/GeneratedCV/:id/versions/',
    { schema: { params: listParams } },
    async (request) => {
      const cv = await ownedCv(requireUser(request), request.params.id);
      return (await listVersions(app.db, cv.id)).map((version) => summaryJson(version, version.deliveries));
    },
  );

  app.get<{ Params: VersionParams }>(
    '/v1/GeneratedCV/:id/versions/:number/',
    { schema: { params: versionParams } },
    async (request) => {
      const cv = await ownedCv(requireUser(request), request.params.id);
      const version = await findVersion(app.db, cv.id, request.params.number);
      const state = version && (await readVersionState(app.db, cv.id, version.number));
      if (!version || !state) throw notFound(noVersion(request.params.number));
      return { ...summaryJson(version, await deliveriesOf(cv.id, version.number)), ...contentJson(state) };
    },
  );

  app.patch<{ Params: VersionParams; Body: { name: string | null } }>(
    '/v1/GeneratedCV/:id/versions/:number/',
    { schema: { params: versionParams, body: renameBody } },
    async (request) => {
      const cv = await ownedCv(requireUser(request), request.params.id);
      const number = request.params.number;
      if (!(await renameVersion(app.db, cv.id, number, readName(request.body.name))))
        throw notFound(noVersion(number));
      const version = (await findVersion(app.db, cv.id, number))!;
      return summaryJson(version, await deliveriesOf(cv.id, number));
    },
  );

  // Restoring adds a version (reason 'restore') holding the old one's content: nothing is overwritten.
  app.post<{ Params: VersionParams }>(
    '/v1/GeneratedCV/:id/versions/:number/restore/',
    { schema: { params: versionParams } },
    async (request, reply) => {
      const ownerId = requireUser(request);
      const cv = await ownedCv(ownerId, request.params.id);
      const number = request.params.number;
      const state =
        (await findVersion(app.db, cv.id, number)) && (await readVersionState(app.db, cv.id, number));
      if (!state) throw notFound(noVersion(number));
      const template = app.cvTemplates.byId(state.template)?.definition;
      if (!template)
        throw badRequest({
          id: msg('Version {number} was made with a template that is no longer available.'),
          values: { number },
        });
      const content = contentJson(state);
      // Checked as a save is: a field the template has since lost is a 400 naming it, not a broken CV.
      const input = readCvInput({ name: cv.name, template: state.template, ...content } as CvBody, template);
      const saved = await app.db.transaction().execute(async (trx) => {
        await ensureFirstVersion(trx, cv);
        if (
          !(await replaceCv(
            trx,
            cv.id,
            { ...input, layout: input.layout ?? null, design: input.design ?? null },
            { at: nextVersionTime(cv.last_updated) },
          ))
        )
          throw notFound(CV_NOT_FOUND);
        const restored = (await findLiveCv(trx, ownerId, { id: cv.id }))!;
        await keepSavedVersion(trx, restored, 'restore', { keepAllDays: app.config.versionsKeepAllDays });
        return cvJson(restored, await listEntries(trx, cv.id), app.config.publicUrl);
      });
      app.renderSaved(cv.id);
      return reply.header('etag', cvEtag(saved.last_updated)).send(saved);
    },
  );
}
