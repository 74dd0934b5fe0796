import { msg } from '../../../rules/languages.js';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../http/errors.js';
import { requireUser } from '../http/session.js';
import { parseCvReference } from '../cvs/repository.js';
import {
  findBinnedLetter,
  purgeLetter,
  restoreBinnedLetter,
  listBinnedLetters,
  findLetter,
  type CoverLetterRow,
} from './repository.js';
import { letterJson } from './serialise.js';
import { binParams, type BinParams } from '../cvs/bin-routes.js';

/*
 * [extension] Cover letters in the bin (docs/features/bin.md), beside the CVs' routes (cvs/bin-routes.ts) and of
 * the same shapes: deleting a letter moves it here with a removal date; these routes list the caller's deleted
 * letters, bring one back as it was, or remove one for good before its date. Another person's letter, and a letter
 * that is not in the bin, is 404. The CVs' purge job (cvs/purge-job.ts) removes letters whose date has come too.
 */

const NOT_IN_BIN = msg('This cover letter is not in your recently deleted cover letters.');
const BAD_UUID = msg('A cover letter in the bin is named by its uuid (8-4-4-4-12 hexadecimal digits).');

export interface BinnedLetterJson {
  uuid: string;
  name: string;
  /** The linked CV's id while that CV is live, as the letter's own `cv`. */
  cv: number | null;
  deleted_at: string;
  purge_at: string;
}

const binnedJson = (letter: CoverLetterRow): BinnedLetterJson => ({
  uuid: letter.uuid,
  name: letter.name,
  cv: letter.live_cv_id,
  deleted_at: letter.deleted_at!,
  purge_at: letter.purge_at!,
});

export async function coverLetterBinRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  async function binnedLetter(ownerId: number, raw: string): Promise<CoverLetterRow> {
    // The same uuid rule as a CV's (digits alone are an id, which the bin does not take).
    const reference = parseCvReference(raw);
    if (!reference || !('uuid' in reference)) throw badRequest(BAD_UUID);
    const letter = await findBinnedLetter(app.db, ownerId, reference.uuid);
    if (!letter) throw notFound(NOT_IN_BIN);
    return letter;
  }

  app.get('/v1/bin/cover-letters/', async (request) => {
    const letters = await listBinnedLetters(app.db, requireUser(request));
    return letters.map(binnedJson);
  });

  // Brings the letter back as it was (its link to a CV too, shown again once that CV is live) and answers it as
  // GET /v1/CoverLetter/{id}/ does, so the web app can open it at once.
  app.post<{ Params: BinParams }>(
    '/v1/bin/cover-letters/:uuid/restore/',
    { schema: { params: binParams } },
    async (request) => {
      const ownerId = requireUser(request);
      const letter = await binnedLetter(ownerId, request.params.uuid);
      if (!(await restoreBinnedLetter(app.db, ownerId, letter.id))) throw notFound(NOT_IN_BIN);
      const restored = await findLetter(app.db, ownerId, letter.id);
      if (!restored) throw notFound(NOT_IN_BIN);
      return letterJson(restored);
    },
  );

  app.delete<{ Params: BinParams }>(
    '/v1/bin/cover-letters/:uuid/',
    { schema: { params: binParams } },
    async (request, reply) => {
      const ownerId = requireUser(request);
      const letter = await binnedLetter(ownerId, request.params.uuid);
      // Restored (or removed) between the look-up and here: it is not in the bin any more.
      if (!(await purgeLetter(app.db, letter.id, ownerId))) throw notFound(NOT_IN_BIN);
      return reply.code(204).send();
    },
  );
}
