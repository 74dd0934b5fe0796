import type { FastifyInstance } from 'fastify';
import { adminRoutes } from './admin/routes.js';
import { authRoutes } from './auth/routes.js';
import { socialRoutes } from './auth/social/routes.js';
import { cvsRoutes } from './cvs/routes.js';
import { csrfRoutes } from './http/csrf.js';
import { healthRoutes } from './http/health.js';
import { accountLinkRoutes } from './profile/link-routes.js';
import { profileRoutes } from './profile/routes.js';
import { sessionsRoutes } from './profile/sessions.js';
import { renderEngine } from './render/plugin.js';
import { previewRoutes } from './render/routes.js';
import { supportRoutes } from './support/routes.js';
import { templateRoutes } from './templates/routes.js';

/** Every domain's fastify plugin, in the order they register (the render engine before those that print). */
const PLUGINS = [
  healthRoutes,
  csrfRoutes,
  authRoutes,
  socialRoutes,
  profileRoutes,
  sessionsRoutes,
  accountLinkRoutes,
  supportRoutes,
  adminRoutes,
  renderEngine,
  templateRoutes,
  previewRoutes,
  cvsRoutes,
];

export async function registerRoutes(app: FastifyInstance): Promise<void> {
  for (const plugin of PLUGINS) await app.register(plugin);
}
