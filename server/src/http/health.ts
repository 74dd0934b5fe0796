import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { serviceUnavailable } from './errors.js';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  // A load balancer takes an instance out when its database is unreachable.
  app.get('/healthz', async () => {
    try {
      await sql`select 1`.execute(app.db);
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      throw serviceUnavailable('Database unavailable.');
    }
    return { status: 'ok' };
  });
}
