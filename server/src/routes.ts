import type { FastifyInstance } from 'fastify';
import { adminRoutes } from './admin/routes.js';
import { authRoutes } from './auth/routes.js';
import { socialRoutes } from './auth/social/routes.js';
import { cvsRoutes } from './cvs/routes.js';
import { csrfRoutes } from './http/csrf.js';
import { healthRoutes } from './http/health.js';
import { accountLinkRoutes } from './profile/link-routes.js';
import { profileRoutes } from './profile/routes.js';
import { renderEngine } from './render/plugin.js';
import { previewRoutes } from './render/routes.js';
import { supportRoutes } from './support/routes.js';
import { templateRoutes } from './templates/routes.js';

/** Every domain's fastify plugin, one line each. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(csrfRoutes);
  await app.register(authRoutes);
  await app.register(socialRoutes);
  await app.register(profileRoutes);
  await app.register(accountLinkRoutes);
  await app.register(supportRoutes);
  await app.register(adminRoutes);
  await app.register(renderEngine);
  await app.register(templateRoutes);
  await app.register(previewRoutes);
  await app.register(cvsRoutes);
}
