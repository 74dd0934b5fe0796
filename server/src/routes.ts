import type { FastifyInstance } from 'fastify';
import { adminRoutes } from './admin/routes.js';
import { authRoutes } from './auth/routes.js';
import { socialRoutes } from './auth/social/routes.js';
import { binRoutes } from './cvs/bin-routes.js';
import { cvsRoutes } from './cvs/routes.js';
import { coverLetterRoutes } from './cover-letters/routes.js';
import { dataExportRoutes } from './data-export/routes.js';
import { csrfRoutes } from './http/csrf.js';
import { healthRoutes } from './http/health.js';
import { previewRoutes } from './previews/routes.js';
import { passkeyRoutes } from './passkeys/routes.js';
import { photoRoutes } from './photos/routes.js';
import { accountLinkRoutes } from './profile/link-routes.js';
import { profileRoutes } from './profile/routes.js';
import { sessionsRoutes } from './profile/sessions.js';
import { securityRoutes } from './security/routes.js';
import { sharePublicRoutes } from './shares/public-routes.js';
import { sharesRoutes } from './shares/routes.js';
import { renderEngine, type RenderEngineOptions } from './render/plugin.js';
import { renderedFiles } from './rendered-files/plugin.js';
import { supportRoutes } from './support/routes.js';
import { templateRegistry } from './templates/registry.js';
import { templateRoutes } from './templates/routes.js';
import { twoStepRoutes } from './two-step/routes.js';
import { versionsRoutes } from './versions/routes.js';

/**
 * Every domain's fastify plugin, in the order they register (the render engine and the compiled templates before
 * those that print).
 */
const PLUGINS = [
  healthRoutes,
  csrfRoutes,
  authRoutes,
  socialRoutes,
  profileRoutes,
  sessionsRoutes,
  twoStepRoutes,
  securityRoutes,
  passkeyRoutes,
  accountLinkRoutes,
  supportRoutes,
  adminRoutes,
  renderEngine,
  templateRegistry,
  renderedFiles,
  templateRoutes,
  previewRoutes,
  cvsRoutes,
  photoRoutes,
  dataExportRoutes,
  binRoutes,
  versionsRoutes,
  sharesRoutes,
  sharePublicRoutes,
  coverLetterRoutes,
];

/** `engine` reaches the render engine (a cluster worker hands it the proxy to the primary's renderer). */
export async function registerRoutes(app: FastifyInstance, engine: RenderEngineOptions = {}): Promise<void> {
  for (const plugin of PLUGINS) {
    if (plugin === renderEngine) await app.register(renderEngine, engine);
    else await app.register(plugin);
  }
}
