import type { FastifyInstance } from 'fastify';
import { pingDatabase } from '../db/database.js';

/** Longest the readiness probe waits for the database before it calls the instance not ready. */
export const READINESS_DATABASE_TIMEOUT_MS = 2000;

async function databaseReachable(app: FastifyInstance): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      pingDatabase(app.db).then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), READINESS_DATABASE_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    app.log.error({ err: error }, 'readiness check: database unreachable');
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Probes for load balancers and orchestrators (docs/operations.md). /healthz: the process answers (restart it when
 * it does not). /readyz: it can serve — the database answers; the renderer's state is reported but a missing
 * Chromium does not take the instance out, since everything but PDF still works. While the server shuts down
 * Fastify answers both with 503, so a balancer drains the instance before it goes.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (request, reply) => {
    // In a cluster worker the renderer is the primary's: its state comes over IPC, asked beside the database.
    const [reachable, { state: renderer }] = await Promise.all([
      databaseReachable(app),
      request.server.pdf.snapshot(),
    ]);
    const database = reachable ? 'ok' : 'unreachable';
    const ready = database === 'ok';
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', database, renderer });
  });
}
