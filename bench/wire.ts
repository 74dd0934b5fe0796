/**
 * Wire bench: `npx tsx bench/wire.ts` (or `npm run bench -- wire`). Not a test: it measures and prints a table.
 * What /signin costs on the wire, against what the same files weigh as they are:
 *   1. measureWireSizes(baseUrl): the document, the JS and CSS it names, the fonts its stylesheets use for Latin
 *      text, the icon, and two public JSON answers, each fetched as it is (no Accept-Encoding), as gzip only and as
 *      a browser takes it (`Accept-Encoding: br, gzip`); the first load is their sum. Plain HTTP, no browser.
 *   2. A signed-in answer: a full CV (every field of Executive Classic filled) as GET answers it.
 *   3. The first load as Chromium makes it (when CHROMIUM_PATH or Debian's Chromium is there): every request /signin
 *      makes until the network is quiet, lazy chunks and API calls included, bodies as received.
 * Goal: /signin's first load ≤ 230 KB on the wire (bodies, `Accept-Encoding: br, gzip`).
 * A production build goes to a temporary folder first; BENCH_SKIP_BUILD=1 serves dist/ as it is.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {
  Browser,
  PASSWORD,
  ROOT,
  Report,
  createUsers,
  drillTemplate,
  sqliteDatabase,
  startServer,
  tempDir,
} from './_drill.js';
import { fullCv } from './_full-cv.js';
import { DEFAULT_CHROMIUM_PATH } from '../server/src/render/pdf.js';

/** The brief's budget for /signin's first load on the wire (document, JS, CSS, fonts). */
export const SIGNIN_FIRST_LOAD_BUDGET_KB = 230;
/** What a browser says it accepts (Chromium also names deflate and zstd, which the server does not use). */
export const BROWSER_ACCEPT_ENCODING = 'br, gzip';

export type WireKind = 'document' | 'js' | 'css' | 'font' | 'other' | 'json';

export interface WireSize {
  kind: WireKind;
  url: string;
  /** The body as it is (no Accept-Encoding). */
  raw: number;
  /** The body with `Accept-Encoding: gzip` only. */
  gzip: number;
  /** The body with `Accept-Encoding: br, gzip`, and the encoding the server chose. */
  wire: number;
  encoding: string | null;
  /** The answer's header bytes (status line and headers) with `Accept-Encoding: br, gzip`. */
  headerBytes: number;
}

export interface WireSizes {
  /** Every file of /signin's first load, then the JSON answers (kind 'json'). */
  files: WireSize[];
  /** The sum of the first load (every file that is not JSON). */
  firstLoad: { raw: number; gzip: number; wire: number; headerBytes: number };
}

interface Fetched {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  headerBytes: number;
}

/** GET as sent: node's http client undoes no encoding, so the body's length is what crossed the wire. */
function fetchRaw(url: string, headers: Record<string, string>): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const lines = [`HTTP/1.1 ${response.statusCode} ${response.statusMessage}`];
        for (let i = 0; i < response.rawHeaders.length; i += 2)
          lines.push(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}`);
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
          headerBytes: Buffer.byteLength(lines.join('\r\n') + '\r\n\r\n'),
        });
      });
    });
    request.setTimeout(30_000, () => request.destroy(new Error(`GET ${url}: no answer in 30 s`)));
    request.on('error', reject);
  });
}

async function measure(
  base: string,
  url: string,
  kind: WireKind,
  headers: Record<string, string> = {},
): Promise<WireSize & { text: string }> {
  const target = new URL(url, base).toString();
  const plain = await fetchRaw(target, headers);
  if (plain.status !== 200) throw new Error(`GET ${url} answered ${plain.status}`);
  const gzip = await fetchRaw(target, { ...headers, 'accept-encoding': 'gzip' });
  const wire = await fetchRaw(target, { ...headers, 'accept-encoding': BROWSER_ACCEPT_ENCODING });
  return {
    kind,
    url,
    raw: plain.body.length,
    gzip: gzip.body.length,
    wire: wire.body.length,
    encoding: (wire.headers['content-encoding'] as string | undefined) ?? null,
    headerBytes: wire.headerBytes,
    text: plain.body.toString('utf8'),
  };
}

const attribute = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];

/** Does a @font-face's unicode-range (absent: everything) cover Basic Latin letters, as every page's text uses? */
function coversLatin(unicodeRange: string | undefined): boolean {
  if (!unicodeRange) return true;
  const A = 0x41;
  return unicodeRange.split(',').some((part) => {
    const range = part.trim().replace(/^U\+/i, '');
    if (range.includes('?')) {
      return A >= parseInt(range.replace(/\?/g, '0'), 16) && A <= parseInt(range.replace(/\?/g, 'F'), 16);
    }
    const [from, to = from] = range.split('-');
    return A >= parseInt(from!, 16) && A <= parseInt(to!, 16);
  });
}

/** The font files a stylesheet makes the browser fetch for a page in Latin script (the first src of each face). */
function latinFonts(css: string): string[] {
  const fonts: string[] = [];
  for (const [face] of css.matchAll(/@font-face\s*{[^}]*}/g)) {
    const src = /url\(\s*["']?([^"')]+)["']?\s*\)/.exec(face)?.[1];
    const range = /unicode-range\s*:\s*([^;}]+)/.exec(face)?.[1];
    if (src && !src.startsWith('data:') && coversLatin(range)) fonts.push(src);
  }
  return fonts;
}

/**
 * /signin's first load and typical JSON answers, each as it is and as it crosses the wire. `jsonPaths`: the JSON
 * answers to weigh (default: the public template list and a template); `headers` go with every request (a session
 * cookie for a signed-in answer).
 */
export async function measureWireSizes(
  baseUrl: string,
  options: { jsonPaths?: string[]; headers?: Record<string, string> } = {},
): Promise<WireSizes> {
  const page = await measure(baseUrl, '/signin', 'document', { accept: 'text/html', ...options.headers });
  const files: Array<WireSize & { text: string }> = [page];
  const seen = new Set<string>(['/signin']);
  const add = async (url: string | undefined, kind: WireKind) => {
    if (!url || seen.has(url)) return undefined;
    seen.add(url);
    const size = await measure(baseUrl, url, kind, options.headers);
    files.push(size);
    return size;
  };
  for (const [tag] of page.text.matchAll(/<script\b[^>]*>/g)) await add(attribute(tag, 'src'), 'js');
  for (const [tag] of page.text.matchAll(/<link\b[^>]*>/g)) {
    const rel = attribute(tag, 'rel');
    if (rel === 'modulepreload') await add(attribute(tag, 'href'), 'js');
  }
  for (const [tag] of page.text.matchAll(/<link\b[^>]*>/g)) {
    if (attribute(tag, 'rel') !== 'stylesheet') continue;
    const css = await add(attribute(tag, 'href'), 'css');
    if (css)
      for (const font of latinFonts(css.text)) await add(new URL(font, baseUrl + css.url).pathname, 'font');
  }
  for (const [tag] of page.text.matchAll(/<link\b[^>]*>/g)) {
    if (/\bicon\b/.test(attribute(tag, 'rel') ?? '')) await add(attribute(tag, 'href'), 'other');
  }
  const load = files.filter((file) => file.kind !== 'json');
  const sum = (pick: (file: WireSize) => number) => load.reduce((total, file) => total + pick(file), 0);
  const firstLoad = {
    raw: sum((f) => f.raw),
    gzip: sum((f) => f.gzip),
    wire: sum((f) => f.wire),
    headerBytes: sum((f) => f.headerBytes),
  };
  for (const url of options.jsonPaths ?? ['/v1/CvTemplate/', '/v1/CvTemplate/1/'])
    files.push(await measure(baseUrl, url, 'json', options.headers));
  return { files: files.map(({ text: _text, ...size }) => size), firstLoad };
}

// ---------------------------------------------------------------------------------------------------------------
// The bench

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const trio = (size: { raw: number; gzip: number; wire: number }) =>
  `${kb(size.wire)} (gzip ${kb(size.gzip)}, as is ${kb(size.raw)})`;


export interface BrowserLoad {
  url: string;
  /** Chromium's resource type: document, script, stylesheet, font, xhr, fetch, other… */
  type: string;
  /** The body as received (encoded), in bytes. */
  bytes: number;
  /** Requested before the page's load event (what the document names), or after (lazy chunks, API calls). */
  beforeLoad: boolean;
}

/**
 * Chromium's own first load of /signin: every answer until the sign-in form is drawn and the network has been quiet
 * for `quietMs`, each body's size as received. The lazy chunks the sign-in screen fetches once painted (the sign-in options, axios with its
 * first API call) come after the load event.
 */
export async function measureFirstLoadInBrowser(
  base: string,
  quietMs = 2_000,
): Promise<BrowserLoad[] | null> {
  const executablePath = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH;
  if (!existsSync(executablePath)) return null;
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    const loads: BrowserLoad[] = [];
    const pending: Array<Promise<void>> = [];
    const startedBeforeLoad = new Map<unknown, boolean>();
    let inFlight = 0;
    let lastActivity = Date.now();
    let loaded = false;
    page.on('load', () => (loaded = true));
    page.on('request', (request) => {
      inFlight += 1;
      lastActivity = Date.now();
      startedBeforeLoad.set(request, !loaded);
    });
    page.on('requestfailed', () => {
      inFlight -= 1;
      lastActivity = Date.now();
    });
    page.on('requestfinished', (request) => {
      const beforeLoad = startedBeforeLoad.get(request) ?? false;
      pending.push(
        request.sizes().then((sizes) => {
          loads.push({
            url: new URL(request.url()).pathname,
            type: request.resourceType(),
            bytes: sizes.responseBodySize,
            beforeLoad,
          });
          inFlight -= 1;
          lastActivity = Date.now();
        }),
      );
    });
    await page.goto(`${base}/signin`, { waitUntil: 'load' });
    // The sign-in form drawn: on a busy machine running the scripts can take longer than any quiet time.
    await page.locator('form input[type=password]').first().waitFor({ timeout: 30_000 });
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastActivity < quietMs))
      await new Promise((resolve) => setTimeout(resolve, 100));
    await Promise.all(pending);
    return loads;
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const report = new Report();
  const work = tempDir('cv-builder-wire-');
  let staticDir = path.join(ROOT, 'dist');
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    staticDir = path.join(work.dir, 'dist');
    execFileSync('npx', ['vite', 'build', '--outDir', staticDir, '--emptyOutDir'], {
      cwd: ROOT,
      stdio: 'pipe',
    });
  }
  const database = sqliteDatabase(work.dir);
  const [email] = await createUsers(database.url, 1, 'wire');
  const server = await startServer({
    databaseUrl: database.url,
    outboxDir: path.join(work.dir, 'outbox'),
    env: { STATIC_DIR: staticDir },
  });
  try {
    const sizes = await measureWireSizes(server.base);
    for (const kind of ['document', 'js', 'css', 'font', 'other'] as const) {
      const files = sizes.files.filter((file) => file.kind === kind);
      if (!files.length) continue;
      const total = {
        raw: files.reduce((t, f) => t + f.raw, 0),
        gzip: files.reduce((t, f) => t + f.gzip, 0),
        wire: files.reduce((t, f) => t + f.wire, 0),
      };
      const encodings = [...new Set(files.map((f) => f.encoding ?? 'none'))].join('/');
      report.row(
        `/signin ${kind} (${files.length} file${files.length > 1 ? 's' : ''}, ${encodings})`,
        trio(total),
      );
    }
    const first = sizes.firstLoad;
    report.row(
      '/signin first load on the wire (bodies, br)',
      trio(first),
      `≤ ${SIGNIN_FIRST_LOAD_BUDGET_KB} KB`,
      first.wire <= SIGNIN_FIRST_LOAD_BUDGET_KB * 1024,
    );
    report.row('  its answers’ headers besides', kb(first.headerBytes));
    for (const json of sizes.files.filter((file) => file.kind === 'json'))
      report.row(`JSON ${json.url} (${json.encoding ?? 'none'})`, trio(json));

    // A signed-in answer: a full CV as GET answers it.
    const person = new Browser(server.base);
    try {
      await person.signIn(email!, PASSWORD);
      const { template } = await drillTemplate(person);
      const created = await person.post('/v1/GeneratedCV/', fullCv(template));
      if (created.status !== 201) throw new Error(`saving the CV answered ${created.status}`);
      const { id } = created.json<{ id: number }>();
      const cookie = [...person.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const cv = await measureWireSizes(server.base, {
        jsonPaths: [`/v1/GeneratedCV/${id}/`],
        headers: { cookie },
      });
      const answer = cv.files.find((file) => file.kind === 'json')!;
      report.row(`JSON a full CV, GET (${answer.encoding ?? 'none'})`, trio(answer));
    } finally {
      person.close();
    }

    const seen = await measureFirstLoadInBrowser(server.base);
    if (seen) {
      const total = (loads: BrowserLoad[]) => loads.reduce((sum, load) => sum + load.bytes, 0);
      const byType = (loads: BrowserLoad[]) =>
        [...new Set(loads.map((load) => load.type))]
          .map((type) => {
            const ofType = loads.filter((load) => load.type === type);
            return `${type} ${ofType.length} × ${kb(total(ofType))}`;
          })
          .join(', ');
      const before = seen.filter((load) => load.beforeLoad);
      const after = seen.filter((load) => !load.beforeLoad);
      report.row(
        '/signin in Chromium until its load event (what the document names)',
        kb(total(before)),
        `≤ ${SIGNIN_FIRST_LOAD_BUDGET_KB} KB`,
        total(before) <= SIGNIN_FIRST_LOAD_BUDGET_KB * 1024,
      );
      report.row('  then, once painted (lazy chunks, font, API calls)', kb(total(after)));
      report.row('  all of it, until the network is quiet', kb(total(seen)));
      report.notes.push(`Chromium until the load event: ${byType(before)}`);
      report.notes.push(`Chromium after it: ${byType(after)}`);
    } else report.notes.push('Chromium not found (CHROMIUM_PATH): the browser’s first load not measured');
    report.print('Wire benchmark', `/signin first load ${kb(first.wire)} on the wire`);
  } finally {
    await server.stop();
    await database.drop();
    work.remove();
  }
}

// Run as a bench; imported (the render bench calls measureWireSizes), it only exports.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
