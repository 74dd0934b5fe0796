import { msg } from '../../../rules/languages.js';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors.js';
import { requireUser } from '../http/session.js';
import { ImportFileError } from './lines.js';
import { parseCvFile, type ImportKind } from './parse.js';
import { BROKEN_PDF } from './pdf-text.js';
import { BROKEN_DOCX } from './docx-text.js';

/*
 * [extension] POST /v1/import/file/: a CV's PDF or Word file as the body, read into a JSON Resume and a confidence
 * per field, for the import dialog to show before anything is applied. The file is read in memory and never kept.
 * Signed-in people only (reading a PDF costs a moment of CPU).
 */

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const IMPORT_MESSAGES = {
  tooLarge: msg(
    'This file is over 10 MB: a CV is rarely more than 1 MB. Export it again without large pictures, or import the Word file.',
  ),
  wrongType: msg(
    'Only a PDF or a Word file (.docx) can be imported here; a JSON Resume file goes through "JSON Resume".',
  ),
  empty: msg('The file is empty.'),
} as const;

export const IMPORT_TYPES: Record<string, ImportKind> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

// A little over the limit is read, so a file just too large hears why; a much larger body is refused unread.
const READ_LIMIT = MAX_IMPORT_BYTES + 2 * 1024 * 1024;

/** What the bytes are, whatever the Content-Type said: a PDF starts with %PDF, a .docx is a zip. */
function kindOfBytes(body: Buffer): ImportKind | undefined {
  if (body.subarray(0, 1024).includes('%PDF-')) return 'pdf';
  if (body[0] === 0x50 && body[1] === 0x4b) return 'docx';
  return undefined;
}

export async function cvImportRoutes(app: FastifyInstance): Promise<void> {
  // Before the body is read: someone signed out hears 401, not what their file holds.
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: READ_LIMIT }, (_request, body, done) => {
    done(null, body);
  });

  app.post<{ Body: Buffer | undefined }>('/v1/import/file/', { bodyLimit: READ_LIMIT }, async (request) => {
    const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    const declared = IMPORT_TYPES[type];
    if (!declared) throw new HttpError(415, IMPORT_MESSAGES.wrongType);
    const body = request.body;
    if (!Buffer.isBuffer(body) || body.length === 0) throw new HttpError(400, IMPORT_MESSAGES.empty);
    if (body.length > MAX_IMPORT_BYTES) throw new HttpError(413, IMPORT_MESSAGES.tooLarge);
    if (kindOfBytes(body) !== declared)
      throw new HttpError(400, declared === 'pdf' ? BROKEN_PDF : BROKEN_DOCX);
    try {
      return await parseCvFile(declared, body);
    } catch (error) {
      if (error instanceof ImportFileError) throw new HttpError(error.status, error.message);
      throw error;
    }
  });
}
