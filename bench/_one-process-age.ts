/**
 * Experiment: is a one-process Chromium's print hang tied to quiet or to the browser's age?
 * `npx tsx bench/_one-process-age.ts <label> <every seconds> <until seconds> [first print at seconds] [extra switches]`
 * prints a 2-page document every N s from launch (or from `first`) until `until`, each with a 5 s time-out, and logs
 * the browser's age at each print, which step answered, and what answered once printing stopped.
 */
import { readFileSync } from 'node:fs';
import { ChromiumBrowser } from '../server/src/render/cdp.js';
import { CHROMIUM_ARGS } from '../server/src/render/pdf.js';

const [label = 'x', everyArg = '5', untilArg = '300', firstArg = '0', ...extra] = process.argv.slice(2);
// Extra `+Feature,Feature` entries are added to CHROMIUM_ARGS' --disable-features; other extras are switches.
const more = extra.filter((a) => a.startsWith('+')).map((a) => a.slice(1)).join(',');
const ARGS = [
  ...CHROMIUM_ARGS.map((a) => (more && a.startsWith('--disable-features=') ? `${a},${more}` : a)),
  '--single-process',
  '--no-zygote',
  ...extra.filter((a) => !a.startsWith('+')),
];
const doc = (text: string) =>
  `<!doctype html><html><head><meta charset="utf-8"></head><body><h1>${text}</h1>${'<p>Experience and skills, delivered with care over many years.</p>'.repeat(120)}</body></html>`;
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function within<T>(work: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const r = await Promise.race([work, new Promise<'timeout'>((res) => (timer = setTimeout(() => res('timeout'), ms)))]);
  clearTimeout(timer);
  return r;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const send = (b: ChromiumBrowser, m: string, p: object, s?: string) => (b.send as any)(m, p, s) as Promise<any>;

async function main(): Promise<void> {
  const t0 = Date.now();
  const age = () => Math.round((Date.now() - t0) / 1000);
  const log = (event: string, data: object = {}) => console.log(JSON.stringify({ label, age: age(), event, ...data, load: load() }));
  const browser = await ChromiumBrowser.launch({ executablePath: '/usr/bin/chromium', args: ARGS, timeoutMs: 30_000 });
  browser.onEvent((e) => {
    if (e.method === 'Fetch.requestPaused' && e.sessionId)
      void send(browser, 'Fetch.failRequest', { requestId: e.params.requestId, errorReason: 'BlockedByClient' }, e.sessionId).catch(() => 0);
  });
  const { browserContextId } = await send(browser, 'Target.createBrowserContext', { disposeOnDetach: true });
  const { targetId } = await send(browser, 'Target.createTarget', { url: 'about:blank', browserContextId });
  const { sessionId } = await send(browser, 'Target.attachToTarget', { targetId, flatten: true });
  await send(browser, 'Emulation.setScriptExecutionDisabled', { value: true }, sessionId);
  await send(browser, 'Fetch.enable', { patterns: [{ urlPattern: '*' }] }, sessionId);
  log('ready', { pid: browser.pid });
  const every = Number(everyArg) * 1000;
  const until = Number(untilArg) * 1000;
  const first = Number(firstArg) * 1000;
  if (first) await sleep(first - (Date.now() - t0));
  let n = 0;
  let failed = 0;
  let lastOk = -1;
  while (Date.now() - t0 < until) {
    const t = performance.now();
    const set = await within(send(browser, 'Page.setDocumentContent', { frameId: targetId, html: doc(`n${n++}`) }, sessionId).then(() => 'ok', (e: Error) => e.message), 5000);
    const p = await within(
      send(browser, 'Page.printToPDF', { printBackground: true, preferCSSPageSize: true, generateTaggedPDF: false, transferMode: 'ReturnAsBase64' }, sessionId).then(() => 'ok', (e: Error) => e.message),
      5000,
    );
    if (p === 'ok') {
      lastOk = age();
      if (failed) log('print-ok-again', { ms: Math.round(performance.now() - t) });
    } else {
      failed += 1;
      if (failed <= 3) {
        const v = await within(send(browser, 'Browser.getVersion', {}).then(() => 'ok'), 2000);
        const m = await within(send(browser, 'Page.getLayoutMetrics', {}, sessionId).then(() => 'ok'), 2000);
        log('print-failed', { set, print: p, lastOk, version: v, layout: m, prints: n });
      }
      if (failed >= 3) break;
    }
    await sleep(Math.max(0, every - (performance.now() - t)));
  }
  log('end', { prints: n, failed, lastOk, stderr: (browser as unknown as { stderrTail: string }).stderrTail.slice(-1500) });
  browser.kill();
}
main().catch((e: Error) => {
  console.log(JSON.stringify({ label, event: 'crash', error: e.message }));
  process.exitCode = 1;
});
