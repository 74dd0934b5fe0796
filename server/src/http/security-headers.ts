import { randomBytes } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { isApiPath } from './api-paths.js';

type Directives = Record<string, string[]>;

/** Where the Google Identity Services script and its frames live, only when Google sign-in is configured. */
function googleOrigin(config: Pick<Config, 'googleClientId' | 'googleScriptUrl'>): string | null {
  return config.googleClientId ? new URL(config.googleScriptUrl).origin : null;
}

/**
 * The content security policy of every answer (docs/security.md). Scripts come only from this origin (and
 * Google's script origin when Google sign-in is configured); no inline script anywhere. Styles: the built
 * stylesheets, and the `<style>` elements Chakra's styling engine (Emotion) inserts, which carry the page's nonce
 * (src/ui/provider.tsx); a page served without a nonce allows no inline style at all. The HTML preview is a
 * sandboxed srcdoc frame (it inherits this policy, and the web app gives its one `<style>` the nonce); the PDF
 * preview is a blob: URL in an `<object>`; an uploaded avatar is shown from a blob: URL before it is saved.
 */
export function securityDirectives(
  config: Pick<Config, 'googleClientId' | 'googleScriptUrl' | 'publicUrl'>,
  styleNonce?: string,
): Directives {
  const google = googleOrigin(config);
  const withGoogle = (sources: string[]) => (google ? [...sources, google] : sources);
  const directives: Directives = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': withGoogle(["'self'"]),
    'script-src-attr': ["'none'"],
    'style-src': withGoogle(styleNonce ? ["'self'", `'nonce-${styleNonce}'`] : ["'self'"]),
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    // blob:: the PDF preview's object URL, read back by the page (and by the journeys that check it).
    'connect-src': withGoogle(["'self'", 'blob:']),
    'frame-src': withGoogle(["'self'", 'blob:']),
    'object-src': ["'self'", 'blob:'],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  if (config.publicUrl.startsWith('https:')) directives['upgrade-insecure-requests'] = [];
  return directives;
}

export function serializeDirectives(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/** Browser features the product never uses, switched off for it and anything it embeds. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'browsing-topics=()',
].join(', ');

const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Security headers on every answer (helmet), Permissions-Policy, and `Cache-Control: no-store` on API answers that
 * do not say otherwise: anything a signed-in person's browser receives from the API (their CVs, profile, sessions,
 * downloads) stays out of shared and disk caches. Public catalogue answers set their own caching.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const { config } = app;
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: securityDirectives(config) },
    crossOriginEmbedderPolicy: false,
    // Google's sign-in popup answers its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.publicUrl.startsWith('https:')
      ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true }
      : false,
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!reply.hasHeader('cache-control') && isApiPath(request.url.split('?')[0]!)) {
      reply.header('cache-control', 'no-store');
    }
  });
}

/** The policy of one HTML page whose inline styles carry `nonce`. */
export function pageSecurityPolicy(config: Config, nonce: string): string {
  return serializeDirectives(securityDirectives(config, nonce));
}

/** A fresh nonce for one page's inline styles. */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * For a page the server writes itself (the admin pages): its own `<style>` elements get a fresh nonce, and the answer
 * a policy that allows only those.
 */
export function nonceStyledPage(reply: FastifyReply, html: string): string {
  const nonce = newNonce();
  reply.header('content-security-policy', pageSecurityPolicy(reply.server.config, nonce));
  return html.replace(/<style(?=[\s>])/gi, `<style nonce="${nonce}"`);
}
