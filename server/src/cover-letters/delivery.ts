import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/errors.js';
import { findUserById } from '../users/repository.js';
import { letterFileName, type LetterFile } from './render.js';

export const LETTER_SENT = 'Cover letter has been sent to your email address.';

function greetingName(fullName: string): string {
  const first = fullName.trim().split(/\s+/)[0];
  return first ? ` ${first}` : '';
}

/**
 * Sends the letter's PDF, and the CV's when asked, to the owner's own address: the only address it ever goes to,
 * as a CV's email (cvs/delivery.ts).
 */
export async function emailLetter(
  app: FastifyInstance,
  ownerId: number,
  letterName: string,
  letterPdf: LetterFile,
  cv?: { name: string; pdf: LetterFile },
): Promise<void> {
  const owner = await findUserById(app.db, ownerId);
  const letterFile = letterFileName(letterName, 'pdf');
  // A CV named as the letter is still told apart in the mail program's list.
  const cvFile = cv && letterFileName(cv.name, 'pdf') === letterFile ? letterFileName(`${cv.name} CV`, 'pdf') : cv && letterFileName(cv.name, 'pdf');
  if (!owner) throw notFound();
  await app.mailer.send({
    to: owner.email,
    subject: cv ? `Your cover letter and CV: ${letterName}` : `Your cover letter: ${letterName}`,
    text: [
      `Hello${greetingName(owner.full_name)},`,
      '',
      cv
        ? `Your cover letter "${letterName}" and your CV "${cv.name}" are attached as PDFs, ready to send with your application.`
        : `Your cover letter "${letterName}" is attached as a PDF, ready to send with your application.`,
      '',
      'Good luck!',
      'CV Builder',
    ].join('\n'),
    attachments: [
      { filename: letterFile, content: letterPdf.body, contentType: letterPdf.contentType },
      ...(cv ? [{ filename: cvFile!, content: cv.pdf.body, contentType: cv.pdf.contentType }] : []),
    ],
  });
}
