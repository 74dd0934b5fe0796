import { msg } from '../../../rules/languages.js';
import type { FastifyInstance } from 'fastify';
import { now } from '../auth/clock.js';
import { badRequest, notFound } from '../http/errors.js';
import { requireUser } from '../http/session.js';
import { parseStoredDesign } from '../cv-input/design.js';
import { TEMPLATE_DESIGN } from '../render/design.js';
import { binPurgeTimer } from './purge-job.js';
import {
  findBinnedCv,
  listBinnedCvs,
  parseCvReference,
  purgeCv,
  restoreBinnedCv,
  type GeneratedCvRow,
} from './repository.js';
import { cvSummaryJson } from './serialise.js';

/*
 * [extension] The bin (docs/features/bin.md): deleting a CV archives it with a removal date; these routes list the
 * caller's deleted CVs, bring one back as it was, or remove one for good before its date. Another person's CV, and
 * a CV that is not in the bin, is 404. The purge job that removes CVs whose date has come runs here too, on every
 * instance (purge-job.ts).
 */

const NOT_IN_BIN = msg('This CV is not in your recently deleted CVs.');
const BAD_UUID = msg('A CV in the bin is named by its uuid (8-4-4-4-12 hexadecimal digits).');

/** A bin item's path: its uuid (CVs' and cover letters' bins alike). */
export const binParams = {
  type: 'object',
  required: ['uuid'],
  properties: { uuid: { type: 'string', maxLength: 64 } },
} as const;

export interface BinParams {
  uuid: string;
}

export interface BinnedCvJson {
  uuid: string;
  name: string;
  template: number;
  template_name: string | null;
  deleted_at: string;
  purge_at: string;
}

export async function binRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  const templateName = (id: number) => app.cvTemplates.byId(id)?.definition.name ?? null;
  const binnedJson = (cv: GeneratedCvRow): BinnedCvJson => ({
    uuid: cv.uuid,
    name: cv.name,
    template: cv.template_id,
    template_name: templateName(cv.template_id),
    deleted_at: cv.archived_at!,
    purge_at: cv.purge_at!,
  });

  async function binnedCv(ownerId: number, raw: string): Promise<GeneratedCvRow> {
    const reference = parseCvReference(raw);
    if (!reference || !('uuid' in reference)) throw badRequest(BAD_UUID);
    const cv = await findBinnedCv(app.db, ownerId, reference.uuid);
    if (!cv) throw notFound(NOT_IN_BIN);
    return cv;
  }

  app.get('/v1/bin/', async (request) => {
    const cvs = await listBinnedCvs(app.db, requireUser(request));
    return cvs.map(binnedJson);
  });

  // Brings the CV back with everything it had (its entries, layout, design, and anything else kept with it) and
  // answers it as the CV list shows it.
  app.post<{ Params: BinParams }>(
    '/v1/bin/:uuid/restore/',
    { schema: { params: binParams } },
    async (request) => {
      const ownerId = requireUser(request);
      const cv = await binnedCv(ownerId, request.params.uuid);
      if (!(await restoreBinnedCv(app.db, cv.id))) throw notFound(NOT_IN_BIN);
      const restored = { ...cv, archived_at: null, purge_at: null };
      return {
        ...cvSummaryJson(restored, app.config.publicUrl),
        page_size: parseStoredDesign(cv.design)?.pageSize ?? TEMPLATE_DESIGN.pageSize,
      };
    },
  );

  app.delete<{ Params: BinParams }>(
    '/v1/bin/:uuid/',
    { schema: { params: binParams } },
    async (request, reply) => {
      const ownerId = requireUser(request);
      const cv = await binnedCv(ownerId, request.params.uuid);
      const removed = await app.db.transaction().execute((trx) => purgeCv(trx, cv.id));
      // Restored (or removed) between the look-up and here: it is not in the bin any more.
      if (!removed) throw notFound(NOT_IN_BIN);
      return reply.code(204).send();
    },
  );

  const purge = binPurgeTimer({ db: app.db, log: app.log, clock: now });
  app.addHook('onReady', async () => purge.start());
  app.addHook('onClose', async () => purge.close());
}
