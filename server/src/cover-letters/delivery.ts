import { msg, type LanguageCode } from '../../../rules/languages.js';
import { mailGreeting } from '../cvs/delivery.js';
import { mailLanguage } from '../i18n/request.js';
import { translator } from '../i18n/translate.js';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/errors.js';
import { findUserById } from '../users/repository.js';
import { letterFileName, type LetterFile } from './render.js';

export const LETTER_SENT = msg('Cover letter has been sent to your email address.');

/**
 * Sends the letter's PDF, and the CV's when asked, to the owner's own address: the only address it ever goes to,
 * as a CV's email (cvs/delivery.ts); in the owner's saved language, else `language` (the request's).
 */
export async function emailLetter(
  app: FastifyInstance,
  ownerId: number,
  letterName: string,
  letterPdf: LetterFile,
  cv?: { name: string; pdf: LetterFile },
  language?: LanguageCode,
): Promise<void> {
  const owner = await findUserById(app.db, ownerId);
  const letterFile = letterFileName(letterName, 'pdf');
  // A CV named as the letter is still told apart in the mail program's list.
  const cvFile =
    cv && letterFileName(cv.name, 'pdf') === letterFile
      ? letterFileName(`${cv.name} CV`, 'pdf')
      : cv && letterFileName(cv.name, 'pdf');
  if (!owner) throw notFound();
  const said = mailLanguage(owner, language);
  const t = translator(said);
  await app.mailer.send({
    to: owner.email,
    subject: cv
      ? t({ id: msg('Your cover letter and CV: {name}'), values: { name: letterName } })
      : t({ id: msg('Your cover letter: {name}'), values: { name: letterName } }),
    text: [
      mailGreeting(owner.full_name, said),
      '',
      cv
        ? t({
            id: msg(
              'Your cover letter "{name}" and your CV "{cvName}" are attached as PDFs, ready to send with your application.',
            ),
            values: { name: letterName, cvName: cv.name },
          })
        : t({
            id: msg('Your cover letter "{name}" is attached as a PDF, ready to send with your application.'),
            values: { name: letterName },
          }),
      '',
      t(msg('Good luck!')),
      'CV Builder',
    ].join('\n'),
    attachments: [
      { filename: letterFile, content: letterPdf.body, contentType: letterPdf.contentType },
      ...(cv ? [{ filename: cvFile!, content: cv.pdf.body, contentType: cv.pdf.contentType }] : []),
    ],
  });
}
