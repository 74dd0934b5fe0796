import type { FastifyInstance } from 'fastify';
import { csrfRoutes } from './http/csrf.js';
import { healthRoutes } from './http/health.js';

/** Every domain's fastify plugin, one line each. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(csrfRoutes);
}
