import { msg, type LanguageCode } from '../../../rules/languages.js';
import { mailLanguage } from '../i18n/request.js';
import { translate, translator } from '../i18n/translate.js';
import type { FastifyInstance } from 'fastify';
import { findUserById } from '../users/repository.js';
import { notFound, printFailuresAsHttp } from '../http/errors.js';
import { renderDocx } from '../render/docx.js';
import { printCv } from '../render/print.js';
import { parseStoredDesign } from '../cv-input/design.js';
import { parseStoredLayout } from '../cv-input/layout.js';
import { buildRenderModelFromEntries } from '../cv-input/values.js';
import { safeFileName } from './file-name.js';
import { listEntries, type GeneratedCvRow } from './repository.js';
import type { VersionState } from '../versions/content.js';
import { withSavedPhoto } from '../photos/render.js';

export type CvFileFormat = 'pdf' | 'word';

export const TEMPLATE_GONE = msg('The template of this CV is no longer available.');

export interface CvFile {
  body: Buffer;
  contentType: string;
  extension: string;
}

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * A saved CV rendered to the file people download, from the stored entries, or from one of its versions
 * (server/src/versions/) when `version` is given. Routes serve a version's stored file instead
 * (server/src/rendered-files/files.ts), which calls this only when there is none yet.
 */
export async function renderCvFile(
  app: FastifyInstance,
  cv: GeneratedCvRow,
  format: CvFileFormat,
  version?: VersionState,
): Promise<CvFile> {
  const template = app.cvTemplates.byId(version?.template ?? cv.template_id);
  if (!template) throw notFound(TEMPLATE_GONE);
  const entries = version
    ? version.cells.map(([section_field, index, value]) => ({ value, index, section_field }))
    : (await listEntries(app.db, cv.id)).map((entry) => ({
        value: entry.value,
        index: entry.index,
        section_field: entry.section_field_id,
      }));
  // The photo is the CV's as it is now (a photo is not kept with each version).
  const model = await withSavedPhoto(
    app.db,
    cv.id,
    buildRenderModelFromEntries(
      template.definition,
      entries,
      parseStoredLayout(version ? version.layout : cv.layout),
      parseStoredDesign(version ? version.design : cv.design),
    ),
    template.definition,
    format === 'word' ? 'word' : 'html',
  );
  if (format === 'word') {
    return { body: await renderDocx(template, model), contentType: DOCX_TYPE, extension: 'docx' };
  }
  return {
    body: (await printFailuresAsHttp(() => printCv(app.pdf, template, model))).pdf,
    contentType: 'application/pdf',
    extension: 'pdf',
  };
}

/** "Hello Alice," with the first name, "Hello," without one, in `language` (the cover letter's mail too). */
export function mailGreeting(fullName: string, language: LanguageCode): string {
  const first = fullName.trim().split(/\s+/)[0];
  return first
    ? translate(language, { id: msg('Hello {name},'), values: { name: first } })
    : translate(language, msg('Hello,'));
}

/**
 * Sends the CV's PDF (`pdf`: its newest version's) to its owner's own address, the only address it ever goes to:
 * in the owner's saved language, else `language` (the request's).
 */
export async function emailCv(
  app: FastifyInstance,
  cv: GeneratedCvRow,
  pdf: CvFile,
  language?: LanguageCode,
): Promise<void> {
  const owner = await findUserById(app.db, cv.owner_id);
  if (!owner) throw notFound();
  const t = translator(mailLanguage(owner, language));
  await app.mailer.send({
    to: owner.email,
    subject: t({ id: msg('Your CV: {name}'), values: { name: cv.name } }),
    text: [
      mailGreeting(owner.full_name, mailLanguage(owner, language)),
      '',
      t({
        id: msg('Your CV "{name}" is attached as a PDF, ready to send with your next application.'),
        values: { name: cv.name },
      }),
      '',
      t(msg('Good luck!')),
      'CV Builder',
    ].join('\n'),
    attachments: [
      { filename: `${safeFileName(cv.name)}.pdf`, content: pdf.body, contentType: pdf.contentType },
    ],
  });
}
