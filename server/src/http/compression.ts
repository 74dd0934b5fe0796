import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this an answer goes as it is: compressing it saves less than it costs (docs/operations.md). */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * What is worth compressing: text (HTML, the HTML preview, Markdown and text downloads, CSS, scripts), JSON and XML,
 * SVG. An event stream is left alone so that every event reaches the browser when it is written. PDFs, Word files,
 * zips, fonts and images are compressed formats already; @fastify/compress also asks its MIME database about a
 * type this does not name, which calls none of those compressible (application/octet-stream neither).
 */
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)[\w.+-]+|application\/(?:[\w.-]+\+)?(?:json|xml)|(?:application|text)\/javascript|image\/svg\+xml)(?:;|$)/i;

export function isCompressible(contentType: string): boolean {
  return COMPRESSIBLE.test(contentType);
}

/**
 * Answers compressed on the wire (Brotli, else gzip) for a browser that says it accepts them (`Accept-Encoding`),
 * with `Vary: Accept-Encoding`. Registered before the routes: the plugin adds its hook to each route as it is
 * declared. The built web app's files are compressed once at build time instead (scripts/vite-precompress.ts): the
 * static files' route sends those copies, and this hook leaves an answer alone once it has a Content-Encoding.
 * Brotli at quality 4 here (the plugin's default): at answer time speed matters more than the last few bytes.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: isCompressible,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
