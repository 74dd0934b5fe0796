import { ZipArchive } from 'archiver';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../http/errors.js';
import { hit, type RateLimit } from '../http/rate-limit.js';
import { requireUser } from '../http/session.js';
import { findUserById } from '../users/repository.js';
import { ExportAbandoned, planDataExport, writeDataExport } from './archive.js';

/**
 * A download makes a PDF of every CV: a few an hour are plenty for a person (a failed one can be tried again), and
 * no one can keep the renderer busy with them.
 */
export const DATA_EXPORT_RATE_LIMIT: RateLimit = { limit: 5, windowMs: 60 * 60 * 1000 };
export const dataExportRateLimitKey = (userId: number) => `data-export:user:${userId}`;

/** `cv-builder-data-2026-11-26.zip`: the day (UTC) it was made. */
export function dataExportFileName(at: Date): string {
  return `cv-builder-data-${at.toISOString().slice(0, 10)}.zip`;
}

/**
 * Your data in one download (an extension): `GET /v1/account/export/` answers a zip of everything the server keeps
 * about the signed-in person (docs/features/data-download.md). The zip is streamed as it is made, one file after
 * the other, never held whole in memory; a person who goes away stops the work.
 */
export async function dataExportRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/account/export/', async (request, reply) => {
    const user = await findUserById(app.db, requireUser(request));
    if (!user || user.is_active !== 1) throw unauthorized();
    await hit(app.db, dataExportRateLimitKey(user.id), DATA_EXPORT_RATE_LIMIT);
    const exportedAt = new Date();
    // Everything but the files themselves is read before the answer starts: a failure here is still a clean error.
    const plan = await planDataExport(app, user, request.sessionId, exportedAt);

    const archive = new ZipArchive({ zlib: { level: 6 } });
    const abandoned = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) abandoned.abort();
    });
    writeDataExport(app, plan, archive, abandoned.signal)
      .then(() => archive.finalize())
      .catch((error: unknown) => {
        if (error instanceof ExportAbandoned || abandoned.signal.aborted) return;
        // The answer has begun: the zip is cut short, and the browser reports the download as failed.
        request.log.error({ err: error }, 'data download failed');
        archive.destroy(error instanceof Error ? error : new Error(String(error)));
      });
    return (
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${dataExportFileName(exportedAt)}"`)
        // Personal data: no shared cache may keep a copy.
        .header('cache-control', 'private, no-store')
        .send(archive)
    );
  });
}
