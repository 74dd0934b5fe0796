import { msg } from '../../../rules/languages.js';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath } from '../http/api-paths.js';
import { newNonce, pageSecurityPolicy } from '../http/security-headers.js';

const NOT_BUILT = 'The web app is not built: run npm run build';
/** What the build writes where each page's nonce goes (vite.config.ts). */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Serves the built SPA from STATIC_DIR: files as they are, and index.html for app routes (history fallback). */
export async function registerSpa(app: FastifyInstance): Promise<void> {
  const root = app.config.staticDir;
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: true,
    index: false,
    // dist/ may be built after the server starts; the fallback explains when it is missing.
    logLevel: 'warn',
    cacheControl: false,
    // The build writes a Brotli (.br) and a gzip (.gz) copy beside each text file (scripts/vite-precompress.ts): a
    // browser that accepts one gets it as it is, with Vary: Accept-Encoding (the file itself when none is
    // accepted or there is no copy, a file under 1 KB). index.html is never a file here: sendIndex answers it.
    preCompressed: true,
    setHeaders(reply, filePath) {
      // Vite fingerprints everything under assets/: those names never change content (their .br and .gz copies
      // neither).
      reply.header('cache-control', filePath.startsWith(join(root, 'assets')) ? IMMUTABLE : 'no-cache');
    },
  });

  // The static plugin refuses a directory (index: false keeps it from serving index.html uncached).
  app.get('/', async (_request, reply) => sendIndex(reply, root));

  app.setNotFoundHandler(async (request, reply) => {
    if (wantsAppPage(request)) return sendIndex(reply, root);
    return reply.code(404).send({ detail: msg('Not found.') });
  });
}

/**
 * A client route (/signin, /dashboard/7…): any GET outside the API that is not a missing file (a name with an
 * extension stays a 404) and that accepts HTML — browsers say text/html, curl says *\/*.
 */
function wantsAppPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0]!;
  if (isApiPath(path) || /\.[A-Za-z0-9]+$/.test(path)) return false;
  const accept = request.headers.accept ?? '*/*';
  return accept.includes('text/html') || accept.includes('*/*');
}

async function sendIndex(reply: FastifyReply, root: string): Promise<FastifyReply> {
  let html: string;
  try {
    html = await readFile(join(root, 'index.html'), 'utf8');
  } catch {
    return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
  }
  // A fresh nonce per page: the build marks where it goes (vite.config.ts, html.cspNonce); the page's styling engine
  // reads it from the csp-nonce meta element.
  const nonce = newNonce();
  return (
    reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      // Compressed as it is answered when the browser accepts it (http/compression.ts); the identity answer varies
      // by Accept-Encoding too, so that no cache hands it to a browser that takes the compressed one.
      .header('vary', 'accept-encoding')
      .header('content-security-policy', pageSecurityPolicy(reply.server.config, nonce))
      .send(html.replaceAll(CSP_NONCE_PLACEHOLDER, nonce))
  );
}
