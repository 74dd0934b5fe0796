import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_UNAVAILABLE_MESSAGE, PdfRenderer, PdfUnavailableError } from '../../src/render/pdf.js';
import { DOCUMENT_CSP_META } from '../../src/render/printer-document.js';
import { CHROMIUM_PATH, HAS_CHROMIUM, pdfInfo, pdfPageCount, pdfPagePixels, pdfText } from './support.js';

const doc = (body: string, head = '') =>
  `<!doctype html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;

function hasFont(family: string): boolean {
  try {
    return execFileSync('fc-list', [':', 'family'], { encoding: 'utf8' }).includes(family);
  } catch {
    return false; // no fontconfig: no fonts for Chromium either
  }
}
const HAS_EMOJI_FONT = hasFont('Noto Color Emoji');

/** Chromium processes this test process started (the browser is a direct child of it). */
function chromiumChildren(): number[] {
  const out = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([pid, command]) => pid && /chrom/i.test(command ?? ''))
    .map(([pid]) => Number(pid));
}

describe('PdfRenderer without Chromium', () => {
  it('fails fast with the install hint', async () => {
    const renderer = new PdfRenderer({ executablePath: '/nonexistent/chromium' });
    expect(renderer.available).toBe(false);
    await expect(renderer.render(doc('<p>Hello</p>'))).rejects.toThrow(PdfUnavailableError);
    await expect(renderer.render(doc('<p>Hello</p>'))).rejects.toThrow(PDF_UNAVAILABLE_MESSAGE);
    await renderer.close();
  });

  it('reports an executable that is not a working Chromium as unavailable, with the reason', async () => {
    const renderer = new PdfRenderer({ executablePath: '/bin/false' });
    expect(renderer.available).toBe(true);
    const error = await renderer.render(doc('<p>Hello</p>')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PdfUnavailableError);
    expect((error as Error).message).toContain('(Chromium at /bin/false did not start');
    await renderer.close();
  });
});

describe.runIf(HAS_CHROMIUM)('PdfRenderer with Chromium', () => {
  const renderer = new PdfRenderer({ executablePath: CHROMIUM_PATH, poolSize: 2 });
  let server: Server;
  let hits = 0;
  let origin = '';

  beforeAll(async () => {
    server = createServer((_request, response) => {
      hits += 1;
      response.end('body { color: red }');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await renderer.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('prints A4 PDFs', async () => {
    const pdf = await renderer.render(doc('<h1>Ada Lovelace</h1><p>Analyst</p>'));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(pdf)).toContain('Ada Lovelace');
  });

  it('runs no JavaScript and fetches nothing, even from documents without a CSP', async () => {
    const pdf = await renderer.render(
      doc(
        `<p id="t">static text</p><script>document.getElementById('t').textContent = 'script ran'</script>` +
          `<img src="${origin}/pixel.png"><iframe src="${origin}/frame"></iframe>`,
        `<link rel="stylesheet" href="${origin}/style.css"><style>@import url("${origin}/import.css");</style>`,
      ),
    );
    const text = pdfText(pdf);
    expect(text).toContain('static text');
    expect(text).not.toContain('script ran');
    expect(hits).toBe(0);
  });

  it("holds every page to the documents' policy, which documents arrive without", async () => {
    // A data: stylesheet is no request (nothing to fail) but the policy refuses it: printed, the probe shows it was
    // refused, on every page of the pool and after other documents.
    const sheet = '<link rel="stylesheet" href="data:text/css,%23probe%7Bdisplay:none%7D">';
    await Promise.all(Array.from({ length: 4 }, (_, i) => renderer.render(doc(`<p>before ${i}</p>`, DOCUMENT_CSP_META))));
    const pdfs = await Promise.all(
      Array.from({ length: 4 }, (_, i) => renderer.render(doc(`<p id="probe">refused sheet ${i}</p>`, sheet))),
    );
    pdfs.forEach((pdf, i) => expect(pdfText(pdf)).toContain(`refused sheet ${i}`));
  });

  it('serves identical documents from the cache and shares renders in flight', async () => {
    const html = doc(`<p>cache me ${Date.now()}</p>`);
    const before = { ...renderer.stats };
    const [a, b] = await Promise.all([renderer.render(html), renderer.render(html)]);
    const c = await renderer.render(html);
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(renderer.stats.renders - before.renders).toBe(1);
    expect(renderer.stats.cacheHits - before.cacheHits).toBe(1);
  });

  it('bounds concurrency by the pool and still answers everyone', async () => {
    const pdfs = await Promise.all(Array.from({ length: 7 }, (_, i) => renderer.render(doc(`<p>Concurrent ${i}</p>`))));
    pdfs.forEach((pdf, i) => expect(pdfText(pdf)).toContain(`Concurrent ${i}`));
  });

  it('relaunches a browser that was killed between two renders, and the render succeeds', async () => {
    await renderer.render(doc('<p>before the crash</p>'));
    const launches = renderer.stats.launches;
    const victims = chromiumChildren();
    expect(victims.length).toBeGreaterThan(0);
    for (const pid of victims) process.kill(pid, 'SIGKILL');
    const pdf = await renderer.render(doc('<p>after the crash</p>'));
    expect(pdfText(pdf)).toContain('after the crash');
    expect(renderer.stats.launches).toBe(launches + 1);
  });

  it('tags PDFs unless asked not to, and caches the two apart', async () => {
    const html = doc(`<h1>Tagging ${Date.now()}</h1>`);
    const tagged = await renderer.render(html);
    const untagged = await renderer.render(html, { tagged: false });
    expect(untagged).not.toBe(tagged);
    expect(pdfInfo(tagged)).toMatch(/^Tagged:\s+yes/m);
    expect(pdfInfo(untagged)).toMatch(/^Tagged:\s+no/m);
  });

  // Like Chromium itself, the font comes from `npm run setup` (fonts-noto-color-emoji).
  it.runIf(HAS_EMOJI_FONT)('prints emoji in colour (Noto Color Emoji from setup), not as empty boxes', async () => {
    const pdf = await renderer.render(doc('<p style="font-size: 96px; margin: 0">🚀📧</p>'));
    expect(pdfText(pdf)).toContain('🚀📧');
    // A glyph-less box is black on white; the emoji are in colour.
    const { rgb } = pdfPagePixels(pdf);
    let coloured = 0;
    for (let i = 0; i + 2 < rgb.length; i += 3) {
      if (Math.max(rgb[i], rgb[i + 1], rgb[i + 2]) - Math.min(rgb[i], rgb[i + 1], rgb[i + 2]) > 60) coloured += 1;
    }
    expect(coloured).toBeGreaterThan(20);
  });

  it('prints multi-page documents', async () => {
    const paragraphs = Array.from({ length: 120 }, (_, i) => `<p>Paragraph ${i}</p>`).join('');
    expect(pdfPageCount(await renderer.render(doc(paragraphs)))).toBeGreaterThanOrEqual(2);
  });

  it('gives up on a render that overruns its timeout with a 503-style error, never a hang', async () => {
    const impatient = new PdfRenderer({ executablePath: CHROMIUM_PATH, poolSize: 1, renderTimeoutMs: 1 });
    try {
      const huge = doc(Array.from({ length: 3000 }, (_, i) => `<p>Line ${i}</p>`).join(''));
      const error = await impatient.render(huge).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PdfUnavailableError);
      expect((error as Error).message).toMatch(/timed out/);
      expect(impatient.stats.timeouts).toBeGreaterThan(0);
      // A browser that overran is not trusted with the next document: that one starts a fresh browser
      // (and, timing out again at 1 ms, its one retry another).
      const launches = impatient.stats.launches;
      await impatient.render(doc('<p>next</p>')).catch(() => undefined);
      expect(impatient.stats.launches).toBeGreaterThan(launches);
    } finally {
      await impatient.close();
    }
  });

  it('retries a render that timed out once, on a fresh browser, within the same request', async () => {
    const patient = new PdfRenderer({ executablePath: CHROMIUM_PATH, poolSize: 1, renderTimeoutMs: 3000 });
    try {
      await patient.render(doc('<p>before the freeze</p>'));
      // A browser that stops answering (what an idle Chromium did in one process): frozen for real.
      process.kill(patient.browserPid!, 'SIGSTOP');
      const pdf = await patient.render(doc('<p>after the freeze</p>'));
      expect(pdfText(pdf)).toContain('after the freeze');
      expect(patient.stats).toMatchObject({ timeouts: 1, retries: 1, launches: 2 });
    } finally {
      await patient.close();
    }
  });

  // A browser found deaf after a quiet period, or after a slow render, is replaced within the
  // probe's timeout, not after the render's. Fake time: the clock jumps ten minutes; the browser is frozen for real.
  it('after a long quiet, probes the browser first and replaces a deaf one well within the render timeout', async () => {
    let clock = 0;
    const quiet = new PdfRenderer({
      executablePath: CHROMIUM_PATH,
      poolSize: 1,
      renderTimeoutMs: 10_000,
      probeTimeoutMs: 500,
      now: () => clock,
    });
    try {
      await quiet.render(doc('<p>before the quiet</p>'));
      clock += 10 * 60_000;
      process.kill(quiet.browserPid!, 'SIGSTOP');
      const started = performance.now();
      const pdf = await quiet.render(doc('<p>after the quiet</p>'));
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(pdfText(pdf)).toContain('after the quiet');
      expect(quiet.stats).toMatchObject({ timeouts: 0, retries: 0, launches: 2, probeFailures: 1 });
      // A quiet browser that still answers is kept: one probe, no relaunch.
      clock += 10 * 60_000;
      expect(pdfText(await quiet.render(doc('<p>quiet but well</p>')))).toContain('quiet but well');
      expect(quiet.stats).toMatchObject({ timeouts: 0, launches: 2, probeFailures: 1 });
    } finally {
      await quiet.close();
    }
  });

  it('after a slow render, probes before the next one and replaces a deaf browser', async () => {
    const afterSlow = new PdfRenderer({
      executablePath: CHROMIUM_PATH,
      poolSize: 1,
      renderTimeoutMs: 10_000,
      probeTimeoutMs: 500,
      slowRenderMs: 0, // every render counts as slow here
    });
    try {
      await afterSlow.render(doc('<p>slow one</p>'));
      process.kill(afterSlow.browserPid!, 'SIGSTOP');
      const started = performance.now();
      expect(pdfText(await afterSlow.render(doc('<p>right after</p>')))).toContain('right after');
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(afterSlow.stats).toMatchObject({ timeouts: 0, retries: 0, launches: 2, probeFailures: 1 });
    } finally {
      await afterSlow.close();
    }
  });

  it('runs Chromium with a throw-away profile and removes it when closed', async () => {
    const closing = new PdfRenderer({ executablePath: CHROMIUM_PATH, poolSize: 1 });
    await closing.render(doc(`<p>profile ${Date.now()}</p>`));
    const cmdline = readFileSync(`/proc/${closing.browserPid}/cmdline`, 'utf8').split('\0');
    const profile = cmdline.find((arg) => arg.startsWith('--user-data-dir='))!.slice('--user-data-dir='.length);
    expect(path.basename(profile)).toMatch(/^cv-builder-chromium-/);
    expect(existsSync(profile)).toBe(true);
    await closing.close();
    expect(existsSync(profile)).toBe(false);
  });

  it('refuses work after close', async () => {
    const closing = new PdfRenderer({ executablePath: CHROMIUM_PATH });
    await closing.close();
    await expect(closing.render(doc('<p>late</p>'))).rejects.toThrow(PdfUnavailableError);
  });
});
