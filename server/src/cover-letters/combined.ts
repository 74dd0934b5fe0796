import type { FastifyInstance } from 'fastify';
import type { GeneratedCvRow } from '../cvs/repository.js';
import { findLetter } from './repository.js';
import { parseLetterId } from './input.js';
import { joinPdfs, letterModel, letterNotFound, letterPdf, linkedCv } from './render.js';

/**
 * The CV's download with ?cover_letter= (GET /v1/download/pdf/{cvId}/): the letter's pages, then the CV's, in one
 * PDF. The letter must be the caller's (another person's, or none, is 404); it prints with its own link's CV header,
 * which is usually this CV.
 */
export async function letterThenCv(
  app: FastifyInstance,
  ownerId: number,
  rawLetterId: string | number,
  cv: GeneratedCvRow,
  cvPdf: Buffer,
): Promise<Buffer> {
  const id = parseLetterId(rawLetterId);
  const letter = id === undefined ? undefined : await findLetter(app.db, ownerId, id);
  if (!letter) throw letterNotFound();
  // Linked to this CV, or to none: this CV's header. Linked to another live CV: that one's, as the letter prints.
  const linked = letter.live_cv_id === null || letter.live_cv_id === cv.id ? cv : undefined;
  const source = {
    templateId: letter.template_id,
    cvId: letter.live_cv_id,
    recipient_name: letter.recipient_name,
    company: letter.company,
    address: letter.address,
    date: letter.date,
    subject: letter.subject,
    salutation: letter.salutation,
    body: letter.body,
    closing: letter.closing,
    signature_name: letter.signature_name,
  };
  const { template, model } = await letterModel(
    app,
    ownerId,
    source,
    linked ?? (await linkedCv(app, ownerId, letter.live_cv_id)),
  );
  return joinPdfs(await letterPdf(app, template, model), cvPdf, model.person.name);
}
