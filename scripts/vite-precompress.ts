/**
 * The build's compressed copies: after `vite build` writes dist/, every compressible file of at least
 * PRECOMPRESS_MIN_BYTES gets a Brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside it, which the
 * server sends as they are to a browser that accepts them (server/src/static/spa.ts, @fastify/static's
 * preCompressed). Compressing once at the highest levels costs seconds at build time and nothing per request.
 * index.html is left out: the server writes a fresh nonce into it for every answer and compresses it then.
 * Node's own zlib does the compressing: no Vite plugin for it is installed, and this is all one needs.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** Below this a compressed answer saves less than its headers and the work cost (the server's threshold too). */
export const PRECOMPRESS_MIN_BYTES = 1024;
/**
 * Text formats: scripts, styles, SVG, JSON, plain text. Fonts (woff2) and images already are compressed. Source maps
 * are left out: Brotli at quality 11 on them took most of a minute, and only the developer tools fetch them (the
 * server compresses them as it answers).
 */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest|ico)$/;
/** Built per request (a nonce per page): compressed by the server as it answers. */
const LEFT_TO_THE_SERVER = new Set(['index.html']);

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

export interface PrecompressResult {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/** Writes `<file>.br` and `<file>.gz` beside every compressible file under `dir`; a copy not smaller is not kept. */
export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const files = (await filesUnder(dir)).filter(
    (file) => COMPRESSIBLE.test(file) && !LEFT_TO_THE_SERVER.has(relative(dir, file)),
  );
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < PRECOMPRESS_MIN_BYTES) return;
      const raw = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      // A copy that saves nothing is not written: the server then sends the file itself.
      if (br.length < raw.length) await writeFile(`${file}.br`, br);
      if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
      result.files += 1;
      result.bytes += raw.length;
      result.brotliBytes += Math.min(br.length, raw.length);
      result.gzipBytes += Math.min(gz.length, raw.length);
    }),
  );
  return result;
}

/** The Vite plugin: runs once the build has written everything (the public folder's files included). */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'cv-builder:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const started = performance.now();
        const { files, bytes, brotliBytes, gzipBytes } = await precompressDir(outDir);
        const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
        this.info(
          `precompressed ${files} files (${kb(bytes)}): brotli ${kb(brotliBytes)}, gzip ${kb(gzipBytes)} ` +
            `in ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
      },
    },
  };
}
