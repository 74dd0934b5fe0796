import type { FastifyInstance } from 'fastify';
import { ownedLiveCv } from '../cvs/owned.js';
import { HttpError, notFound } from '../http/errors.js';
import { requireUser } from '../http/session.js';
import { forgetRenderedFiles } from '../rendered-files/repository.js';
import { MAX_PHOTO_BYTES, PHOTO_MESSAGES } from '../../../rules/design.js';
import { notAnImage, processPhoto } from './process.js';
import { deletePhoto, findPhoto, storePhoto } from './repository.js';

/*
 * [extension] A CV's photo: PUT the image as the body (any Content-Type: the bytes are judged), GET the processed
 * JPEG back, DELETE it. How it prints (shape, size, border, grayscale, hidden) travels in the CV's design.photo.
 * Only the owner of a live CV reaches it; anyone else's CV is 404 whatever the verb.
 */

const cvParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 64 } },
} as const;

// A little over the limit is read, so a photo just too large hears why; a much larger body is refused unread.
const READ_LIMIT = MAX_PHOTO_BYTES + 2 * 1024 * 1024;

export async function photoRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });
  // The upload's bytes, whatever it says it is: an SVG or an HTML page named .jpg is refused by what it holds.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: READ_LIMIT }, (_request, body, done) => {
    done(null, body);
  });

  const ownedCvId = async (ownerId: number, raw: string) => (await ownedLiveCv(app.db, ownerId, raw)).id;

  /** After a change: the CV's stored PDF and Word files are made again with the photo it has now. */
  async function photoChanged(cvId: number): Promise<void> {
    await forgetRenderedFiles(app.db, cvId);
    app.renderSaved(cvId);
  }

  app.put<{ Params: { id: string }; Body: Buffer | undefined }>(
    '/v1/GeneratedCV/:id/photo/',
    { schema: { params: cvParams }, bodyLimit: READ_LIMIT },
    async (request, reply) => {
      const cvId = await ownedCvId(requireUser(request), request.params.id);
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw notAnImage();
      if (body.length > MAX_PHOTO_BYTES) throw new HttpError(413, PHOTO_MESSAGES.tooLarge);
      const photo = await processPhoto(body);
      await storePhoto(app.db, cvId, photo);
      await photoChanged(cvId);
      return reply.header('etag', `"${photo.digest}"`).send({
        content_type: photo.contentType,
        width: photo.width,
        height: photo.height,
        size: photo.content.length,
        digest: photo.digest,
      });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/v1/GeneratedCV/:id/photo/',
    { schema: { params: cvParams } },
    async (request, reply) => {
      const cvId = await ownedCvId(requireUser(request), request.params.id);
      const photo = await findPhoto(app.db, cvId);
      if (!photo) throw notFound(PHOTO_MESSAGES.noPhoto);
      return (
        reply
          .header('content-type', photo.contentType)
          .header('etag', `"${photo.digest}"`)
          // Personal data: no shared cache keeps a copy.
          .header('cache-control', 'private, no-store')
          .send(photo.content)
      );
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/v1/GeneratedCV/:id/photo/',
    { schema: { params: cvParams } },
    async (request, reply) => {
      const cvId = await ownedCvId(requireUser(request), request.params.id);
      // Idempotent: a CV without a photo answers 204 as well.
      if (await deletePhoto(app.db, cvId)) await photoChanged(cvId);
      return reply.code(204).send();
    },
  );
}
