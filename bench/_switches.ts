/**
 * Experiment: Chromium's command line against CPU per PDF and processes started.
 * `npx tsx bench/_switches.ts` prints one row per variant (SWITCH_VARIANTS=name,name picks some; SWITCH_PDFS sets
 * the PDFs per variant). Each variant adds switches to CHROMIUM_ARGS (or removes some), prints SWITCH_PDFS distinct
 * 2-page CVs (SWITCH_HTML=tiny: a one-paragraph page) at 2 concurrent, and reports CPU per PDF by process kind and how many processes of each kind started.
 */
import { readFileSync } from 'node:fs';
import { renderHtml } from '../server/src/render/html.js';
import { buildRenderModelFromFormData } from '../server/src/cv-input/values.js';
import { DEFAULT_CHROMIUM_PATH, CHROMIUM_ARGS, ONE_PROCESS_ARGS, PdfRenderer } from '../server/src/render/pdf.js';
import { getTemplateRegistry } from '../server/src/templates/registry.js';
import { CpuWatch } from './_processes.js';
import { variant } from './_cv-variant.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH;
const PDFS = Number(process.env.SWITCH_PDFS ?? 200);

const withFeatures = (args: readonly string[], extra: string) =>
  args.map((a) => (a.startsWith('--disable-features=') ? `${a},${extra}` : a));

export const VARIANTS: Record<string, (base: readonly string[]) => readonly string[]> = {
  base: (b) => b,
  'no-site-isolation': (b) => [...b, '--disable-site-isolation-trials'],
  'no-site-per-process': (b) => withFeatures(b, 'IsolateOrigins,site-per-process'),
  'both-isolation': (b) => [...withFeatures(b, 'IsolateOrigins,site-per-process'), '--disable-site-isolation-trials'],
  'dev-shm': (b) => b.filter((a) => a !== '--disable-dev-shm-usage'),
  'in-process-gpu': (b) => [...b, '--in-process-gpu'],
  'no-swrast': (b) => [...b, '--disable-software-rasterizer'],
  'gpu-all': (b) => [...b, '--in-process-gpu', '--disable-software-rasterizer', '--disable-gpu-compositing'],
  sandbox: (b) => b.filter((a) => a !== '--no-sandbox'),
  'net-in-process': (b) => [...b, '--enable-features=NetworkServiceInProcess'],
  'no-zygote': (b) => [...b, '--no-zygote'],
  // The renderer's PDF_RENDERER_PROCESS_MODEL=one (decision 0048); `base` is multi.
  'one-process': (b) => [...b, ...ONE_PROCESS_ARGS],
};

async function main(): Promise<void> {
  const registry = getTemplateRegistry();
  const template = registry.bySlug('executive-classic')!;
  const names = process.env.SWITCH_VARIANTS?.split(',') ?? Object.keys(VARIANTS);
  const concurrency = Number(process.env.SWITCH_CONCURRENCY ?? 2);
  const tagged = process.env.SWITCH_TAGGED !== '0';
  // SWITCH_HTML=tiny prints a one-paragraph page instead: what a print costs whatever the document (tagged or not).
  const tiny = process.env.SWITCH_HTML === 'tiny';
  const htmls = Array.from({ length: PDFS + 10 }, (_, i) =>
    tiny
      ? `<!doctype html><html lang="en"><body><h1>Page ${i}</h1><p>One paragraph.</p></body></html>`
      : renderHtml(template, buildRenderModelFromFormData(template.definition, variant(template.sample, `v${i}`))),
  );
  for (const name of names) {
    const args = VARIANTS[name]!(CHROMIUM_ARGS);
    const pdf = new PdfRenderer({ executablePath: CHROMIUM, poolSize: 2, chromiumArgs: args, cacheEntries: 1 });
    try {
      await pdf.warmUp();
      for (let i = 0; i < 10; i++) await pdf.render(htmls[PDFS + i]!, { tagged });
      await new Promise((r) => setTimeout(r, 500));
      const watch = new CpuWatch();
      const latencies: number[] = [];
      let next = 0;
      const start = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < PDFS) {
            const i = next++;
            const t = performance.now();
            await pdf.render(htmls[i]!, { tagged });
            latencies.push(performance.now() - t);
          }
        }),
      );
      const seconds = (performance.now() - start) / 1000;
      const { total, byKind, started } = watch.stop();
      latencies.sort((a, b) => a - b);
      const parts = [...byKind]
        .filter(([, ms]) => Math.abs(ms) >= 0.5 * PDFS * 0.01)
        .sort((a, b) => b[1] - a[1])
        .map(([kind, ms]) => `${kind} ${(ms / PDFS).toFixed(1)}`)
        .join(' · ');
      const starts = [...started].map(([kind, n]) => `${kind}×${n}`).join(' ');
      console.log(
        `${name.padEnd(22)} tagged=${tagged} cpu/pdf ${(total / PDFS).toFixed(1)} ms  p50 ${latencies[Math.floor(PDFS / 2)]!.toFixed(1)} ms  ${(PDFS / seconds).toFixed(1)}/s (${concurrency} conc)\n   ${parts}\n   started: ${starts || 'none'}  load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
      );
    } finally {
      await pdf.close();
    }
  }
}

main().catch((error: Error) => {
  console.error(error);
  process.exitCode = 1;
});
