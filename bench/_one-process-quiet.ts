/**
 * Experiment: does Chromium in one process (`--single-process --no-zygote`) still print after quiet periods, and what
 * keeps it answering? `npx tsx bench/_one-process-quiet.ts <label> <strategy> <quiet seconds,...>` launches one
 * browser through cdp.ts with the renderer's switches, prints, then for each quiet length stays quiet (or runs the
 * strategy) and prints again, logging one JSON line per event to stdout. Run several at once (waiting costs no CPU).
 *
 * Strategies: none · eval:N (Runtime.evaluate on the render page every N s) · print:N (a tiny print every N s) ·
 * version:N (Browser.getVersion every N s) · fresh-page (a new page for each print) · replace:N (a fresh, warmed
 * browser replaces the one that has been quiet for N s) · multi (the multi-process model, for comparison).
 * The first print after a quiet period is sent straight away (no probe first, so a deaf browser shows as deaf); when
 * it has not answered in 3 s the browser, the target list, the page and a script evaluation are asked in turn.
 */
import { readFileSync } from 'node:fs';
import { ChromiumBrowser } from '../server/src/render/cdp.js';
import { DEFAULT_CHROMIUM_PATH, CHROMIUM_ARGS, ONE_PROCESS_ARGS } from '../server/src/render/pdf.js';
import { treeCpuMs } from './_processes.js';

const [label = 'x', strategy = 'none', gapsArg = '60'] = process.argv.slice(2);
const GAPS = gapsArg.split(',').map(Number);
const CHROMIUM = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH;
const multi = strategy === 'multi';
// OLD_ARGS=1: the switches of the time one-process was dropped (before the background-tab switches were added).
const BASE = process.env.OLD_ARGS
  ? CHROMIUM_ARGS.filter(
      (a) =>
        !/renderer-backgrounding|background-timer-throttling|backgrounding-occluded|hang-monitor|ipc-flooding/.test(a),
    ).map((a) => a.replace(',IntensiveWakeUpThrottling', ''))
  : CHROMIUM_ARGS;
// ONE_PROCESS=bare: only --single-process --no-zygote (as before the fix); else the renderer's ONE_PROCESS_ARGS.
const ARGS = multi ? BASE : [...BASE, ...(process.env.ONE_PROCESS === 'bare' ? ['--single-process', '--no-zygote'] : ONE_PROCESS_ARGS)];

const doc = (text: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><style>body{font-family:serif}</style></head><body><h1>${text}</h1>${'<p>Experience and skills, delivered with care over many years.</p>'.repeat(120)}</body></html>`;
const tiny = '<!doctype html><html><body>.</body></html>';

const t0 = Date.now();
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
function log(event: string, data: Record<string, unknown> = {}): void {
  console.log(JSON.stringify({ label, strategy, t: Math.round((Date.now() - t0) / 1000), event, ...data, load: load() }));
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function within<T>(work: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const result = await Promise.race([work, new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), ms)))]);
  clearTimeout(timer);
  return result;
}

interface Page {
  browser: ChromiumBrowser;
  targetId: string;
  sessionId: string;
}

async function launch(): Promise<{ browser: ChromiumBrowser; contextId: string }> {
  const browser = await ChromiumBrowser.launch({ executablePath: CHROMIUM, args: ARGS, timeoutMs: 30_000 });
  browser.onEvent((event) => {
    if (event.method === 'Fetch.requestPaused' && event.sessionId)
      void browser
        .send('Fetch.failRequest', { requestId: String(event.params.requestId), errorReason: 'BlockedByClient' }, event.sessionId)
        .catch(() => undefined);
    else if (event.method === 'Inspector.targetCrashed' || event.method === 'Target.detachedFromTarget')
      log('event', { method: event.method });
  });
  browser.onExit(() => log('browser-exit'));
  const { browserContextId } = await browser.send('Target.createBrowserContext', { disposeOnDetach: true });
  return { browser, contextId: browserContextId };
}

async function openPage(browser: ChromiumBrowser, contextId: string): Promise<Page> {
  const { targetId } = await browser.send('Target.createTarget', { url: 'about:blank', browserContextId: contextId });
  const { sessionId } = await browser.send('Target.attachToTarget', { targetId, flatten: true });
  await Promise.all([
    browser.send('Emulation.setScriptExecutionDisabled', { value: true }, sessionId),
    browser.send('Fetch.enable', { patterns: [{ urlPattern: '*' }] }, sessionId),
  ]);
  return { browser, targetId, sessionId };
}

async function print(page: Page, html: string): Promise<number> {
  const { browser, targetId, sessionId } = page;
  await browser.send('Page.setDocumentContent', { frameId: targetId, html }, sessionId);
  const { data } = await browser.send(
    'Page.printToPDF',
    {
      printBackground: true,
      preferCSSPageSize: true,
      marginTop: 0,
      marginBottom: 0,
      marginLeft: 0,
      marginRight: 0,
      generateTaggedPDF: false,
      transferMode: 'ReturnAsBase64',
    },
    sessionId,
  );
  return data.length;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const anySend = (b: ChromiumBrowser, method: string, params: object, sessionId?: string) => (b.send as any)(method, params, sessionId) as Promise<unknown>;

async function main(): Promise<void> {
  let { browser, contextId } = await launch();
  let page = await openPage(browser, contextId);
  let n = 0;
  for (let i = 0; i < 5; i++) await print(page, doc(`warm ${n++}`));
  log('warm', { pid: browser.pid });
  let failures = 0;
  for (const gap of GAPS) {
    const cpuBefore = treeCpuMs();
    const quietStart = Date.now();
    let keepalives = 0;
    let keepaliveFails = 0;
    const period = Number(strategy.split(':')[1] ?? 0) * 1000;
    if (strategy.startsWith('eval:') || strategy.startsWith('print:') || strategy.startsWith('version:')) {
      while (Date.now() - quietStart + period < gap * 1000) {
        await sleep(period);
        const t = performance.now();
        const work = strategy.startsWith('eval:')
          ? anySend(browser, 'Runtime.evaluate', { expression: '1' }, page.sessionId)
          : strategy.startsWith('print:')
            ? print(page, tiny)
            : browser.send('Browser.getVersion', {});
        const r = await within(work.catch((e: Error) => `error ${e.message}`), 5000);
        keepalives += 1;
        const ms = performance.now() - t;
        if (r === 'timeout' || (typeof r === 'string' && r.startsWith('error')) || ms > 1000) {
          keepaliveFails += 1;
          log('keepalive-slow', { ms: Math.round(ms), r: String(r).slice(0, 80) });
        }
      }
      await sleep(Math.max(0, gap * 1000 - (Date.now() - quietStart)));
    } else if (strategy.startsWith('replace:')) {
      await sleep(period);
      const t = performance.now();
      const old = browser;
      ({ browser, contextId } = await launch());
      page = await openPage(browser, contextId);
      await print(page, doc('warm-up of the replacement'));
      void old.close();
      log('replaced', { ms: Math.round(performance.now() - t) });
      await sleep(Math.max(0, gap * 1000 - (Date.now() - quietStart)));
    } else {
      await sleep(gap * 1000);
    }
    const idleCpu = treeCpuMs() - cpuBefore;
    // The first print after the quiet, sent straight away.
    let target = page;
    if (strategy === 'fresh-page') target = await openPage(browser, contextId);
    const t = performance.now();
    const printing = print(target, doc(`after ${gap} s ${n++}`)).then(
      () => 'ok',
      (e: Error) => `error ${e.message}`,
    );
    let r = await within(printing, 3000);
    const diag: Record<string, unknown> = {};
    if (r === 'timeout') {
      for (const [name, work] of [
        ['Browser.getVersion', () => browser.send('Browser.getVersion', {})],
        ['Target.getTargets', () => anySend(browser, 'Target.getTargets', {})],
        ['Page.getFrameTree', () => browser.send('Page.getFrameTree', {}, target.sessionId)],
        ['Runtime.evaluate', () => anySend(browser, 'Runtime.evaluate', { expression: '1' }, target.sessionId)],
      ] as const) {
        const s = performance.now();
        const a = await within(work().then(() => 'ok', (e: Error) => `error ${e.message}`), 3000);
        diag[name] = `${a} ${Math.round(performance.now() - s)} ms`;
      }
      r = await within(printing, 30_000);
    }
    const ms = Math.round(performance.now() - t);
    if (r !== 'ok') failures += 1;
    log('after-quiet', {
      gap,
      result: r,
      ms,
      idleCpuMsPerMin: Math.round((idleCpu / (Date.now() - quietStart)) * 60_000),
      keepalives,
      keepaliveFails,
      ...diag,
    });
    if (strategy === 'fresh-page') void browser.send('Target.closeTarget', { targetId: target.targetId }).catch(() => undefined);
    if (r !== 'ok') {
      // Note whether the browser answers at all now, then start again so the next quiet period is measured too.
      const a = await within(browser.send('Browser.getVersion', {}).then(() => 'ok', () => 'error'), 3000);
      log('after-failure', { browserAnswers: a });
      browser.kill();
      ({ browser, contextId } = await launch());
      page = await openPage(browser, contextId);
      for (let i = 0; i < 3; i++) await print(page, doc(`warm ${n++}`));
    } else {
      for (let i = 0; i < 3; i++) await print(page, doc(`busy ${n++}`));
    }
  }
  log('done', { failures });
  await browser.close();
}

main().catch((error: Error) => {
  log('crash', { error: error.message });
  process.exitCode = 1;
});
