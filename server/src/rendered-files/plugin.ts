import type { FastifyInstance } from 'fastify';
import type { CvFileFormat } from '../cvs/delivery.js';
import { findCvById } from '../cvs/repository.js';
import { latestVersion } from '../versions/repository.js';
import { versionFile } from './files.js';
import { RenderQueue } from './queue.js';
import { pruneRenderedFiles } from './repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Renders a saved CV's files in the background (rendered-files/queue.ts); `renderSaved` is what saves call. */
    renderQueue: RenderQueue;
    /** After a save's transaction: the CV's newest version gets its PDF and Word file, without delaying the answer. */
    renderSaved(cvId: number): void;
  }
}

/**
 * Makes and stores the newest version's PDF (when a Chromium is there) and Word file, then drops the files the CV no
 * longer needs (repository.ts's pruneRenderedFiles). A CV deleted meanwhile is skipped.
 */
async function renderNewest(app: FastifyInstance, cvId: number): Promise<void> {
  const cv = await findCvById(app.db, cvId);
  if (!cv || cv.archived_at !== null) return;
  const version = await latestVersion(app.db, cvId);
  if (!version) return;
  const formats: CvFileFormat[] = app.pdf.available ? ['pdf', 'word'] : ['word'];
  let failure: unknown;
  for (const format of formats) {
    // One file failing (no renderer, a timeout) does not keep the other from being made.
    await versionFile(app, cv, version, format).catch((error: unknown) => {
      failure ??= error;
    });
  }
  await pruneRenderedFiles(app.db, cvId);
  if (failure) throw failure;
}

export async function renderedFiles(app: FastifyInstance): Promise<void> {
  const queue = new RenderQueue({ work: (cvId) => renderNewest(app, cvId), log: app.log });
  app.decorate('renderQueue', queue);
  app.decorate('renderSaved', (cvId: number) => {
    if (app.config.renderOnSave) queue.enqueue(cvId);
  });
  app.addHook('onClose', async () => {
    await queue.close();
  });
}

(renderedFiles as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
