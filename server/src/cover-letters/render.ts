import { msg } from '../../../rules/languages.js';
import type { FastifyInstance } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { findLiveCv, listEntries, type GeneratedCvRow } from '../cvs/repository.js';
import { safeFileName } from '../cvs/file-name.js';
import { parseStoredDesign } from '../cv-input/design.js';
import { parseStoredLayout } from '../cv-input/layout.js';
import { buildRenderModelFromEntries } from '../cv-input/values.js';
import { badRequest, notFound, printFailuresAsHttp } from '../http/errors.js';
import { renderDocx } from '../render/docx.js';
import {
  buildLetterModel,
  letterContentOf,
  printLetter,
  renderLetterHtml,
  standalonePerson,
  type LetterContent,
} from '../render/letter.js';
import { PDF_CREATOR } from '../render/print.js';
import type { RenderModel } from '../render/model.js';
import type { CvTemplate } from '../templates/compile.js';
import { findUserById } from '../users/repository.js';
import type { CoverLetterRow } from './repository.js';

/*
 * A cover letter made ready to print: which template and design, whose header (the linked CV's person, else the
 * account's name and contacts), and the three outputs: HTML (the preview), PDF (the preview, the download, the
 * email) and Word. The combined PDF (letter, then CV) is joined here with pdf-lib.
 */

export const CV_NOT_YOURS = msg('The CV this letter is linked to was not found among your CVs.');
export const LETTER_TEMPLATE_NOT_FOUND = msg('The template you chose for this letter does not exist.');

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** What a letter prints from: its values, its template choice and the linked CV (when live). */
export interface LetterSource extends LetterContent {
  templateId: number | null;
  cvId: number | null;
}

/** What a stored letter prints from: its template, its live CV link and what it says. */
export function letterSource(letter: CoverLetterRow): LetterSource {
  return { templateId: letter.template_id, cvId: letter.live_cv_id, ...letterContentOf(letter) };
}

export interface LetterFile {
  body: Buffer;
  contentType: string;
  extension: string;
}

/** The caller's live CV a letter names; a CV that is not theirs (or not live) is refused with a sentence. */
export async function linkedCv(
  app: FastifyInstance,
  ownerId: number,
  cvId: number | null,
): Promise<GeneratedCvRow | undefined> {
  if (cvId === null) return undefined;
  const cv = await findLiveCv(app.db, ownerId, { id: cvId });
  if (!cv) throw badRequest(CV_NOT_YOURS);
  return cv;
}

/** The template a letter prints with: its own, else its CV's, else the first one. */
function letterTemplate(
  app: FastifyInstance,
  templateId: number | null,
  cv: GeneratedCvRow | undefined,
): CvTemplate {
  if (templateId !== null) {
    const own = app.cvTemplates.byId(templateId);
    if (!own) throw badRequest(LETTER_TEMPLATE_NOT_FOUND);
    return own;
  }
  const ofCv = cv ? app.cvTemplates.byId(cv.template_id) : undefined;
  return ofCv ?? app.cvTemplates.templates[0]!;
}

/** The letter's template and render model (`cv`: its linked, live CV, already checked to be the owner's). */
export async function letterModel(
  app: FastifyInstance,
  ownerId: number,
  source: LetterSource,
  cv: GeneratedCvRow | undefined,
): Promise<{ template: CvTemplate; model: RenderModel }> {
  const template = letterTemplate(app, source.templateId, cv);
  if (cv) {
    const cvTemplate = app.cvTemplates.byId(cv.template_id);
    if (cvTemplate) {
      const design = parseStoredDesign(cv.design);
      const entries = (await listEntries(app.db, cv.id)).map((entry) => ({
        value: entry.value,
        index: entry.index,
        section_field: entry.section_field_id,
      }));
      // The CV's person as its own template reads it (its fields), printed in the letter's template.
      const { person } = buildRenderModelFromEntries(
        cvTemplate.definition,
        entries,
        parseStoredLayout(cv.layout),
        design,
      );
      return { template, model: buildLetterModel(template, person, design, source) };
    }
  }
  const owner = await findUserById(app.db, ownerId);
  const name = source.signature_name || owner?.full_name || '';
  const person = standalonePerson(name, owner?.email ?? '', owner?.phone_number ?? '');
  return { template, model: buildLetterModel(template, person, null, source) };
}

export function letterHtml(template: CvTemplate, model: RenderModel): string {
  return renderLetterHtml(template, model);
}

export async function letterPdf(
  app: FastifyInstance,
  template: CvTemplate,
  model: RenderModel,
  options: { tagged?: boolean } = {},
): Promise<Buffer> {
  return printFailuresAsHttp(() => printLetter(app.pdf, template, model, options));
}

export async function letterFile(
  app: FastifyInstance,
  template: CvTemplate,
  model: RenderModel,
  format: 'pdf' | 'word',
): Promise<LetterFile> {
  if (format === 'word')
    return { body: await renderDocx(template, model), contentType: DOCX_TYPE, extension: 'docx' };
  return { body: await letterPdf(app, template, model), contentType: 'application/pdf', extension: 'pdf' };
}

/** One PDF: every page of the letter, then every page of the CV, with the letter's document properties. */
export async function joinPdfs(letter: Buffer, cv: Buffer, author: string | undefined): Promise<Buffer> {
  const joined = await PDFDocument.create();
  for (const part of [letter, cv]) {
    const source = await PDFDocument.load(part);
    const pages = await joined.copyPages(source, source.getPageIndices());
    for (const page of pages) joined.addPage(page);
  }
  // The properties a reader's File › Properties shows: the letter's title, whose it is and what made it.
  const title = (await PDFDocument.load(letter, { updateMetadata: false })).getTitle();
  if (title) joined.setTitle(title);
  if (author) joined.setAuthor(author);
  joined.setCreator(PDF_CREATOR);
  joined.setProducer(PDF_CREATOR);
  return Buffer.from(await joined.save());
}

/** A letter's attachment name: its own name, as a CV's file is named. */
export function letterFileName(name: string, extension: string): string {
  return `${safeFileName(name)}.${extension}`;
}

export function letterNotFound() {
  return notFound(msg('Cover letter not found.'));
}
