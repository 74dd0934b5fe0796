// Fit to one page: its PDF p50 stays within 3× a plain PDF's, both printed as the live preview prints
// (untagged, distinct documents so the cache never answers). `npm run bench -- design` runs this alone.
import { readDesign } from '../server/src/cv-input/design.js';
import { renderHtml } from '../server/src/render/html.js';
import { buildRenderModelFromFormData } from '../server/src/cv-input/values.js';
import { DEFAULT_CHROMIUM_PATH, PdfRenderer } from '../server/src/render/pdf.js';
import { printCv } from '../server/src/render/print.js';
import { getTemplateRegistry } from '../server/src/templates/registry.js';
import { variant } from './_cv-variant.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH;
const RUNS = Number(process.env.BENCH_FIT_RUNS ?? 60);
const BUDGET = 3;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function time(runs: number, work: (i: number) => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work(i);
    samples.push(performance.now() - start);
  }
  return samples;
}

async function main(): Promise<void> {
  const template = getTemplateRegistry().bySlug('executive-classic')!;
  const fit = readDesign({ fit_one_page: true })!;
  const pdf = new PdfRenderer({ executablePath: CHROMIUM, poolSize: 2 });
  try {
    await pdf.warmUp();
    const model = (token: string, design = null as typeof fit | null) =>
      buildRenderModelFromFormData(template.definition, variant(template.sample, token), null, design);
    // Warm both paths first.
    await time(10, (i) => printCv(pdf, template, model(`w${i}`), { tagged: false }));
    await time(10, (i) => printCv(pdf, template, model(`wf${i}`, fit), { tagged: false }));

    const plain = await time(RUNS, (i) => pdf.render(renderHtml(template, model(`p${i}`)), { tagged: false }));
    let fitted = 0;
    const fitting = await time(RUNS, async (i) => {
      const printed = await printCv(pdf, template, model(`f${i}`, fit), { tagged: false });
      if (printed.fitsOnePage) fitted += 1;
    });
    const plainP50 = percentile(plain, 50);
    const fitP50 = percentile(fitting, 50);
    const ratio = fitP50 / plainP50;
    const ok = ratio <= BUDGET;
    console.log(`PDF 2-page, plain p50 (preview)           ${plainP50.toFixed(1)} ms`);
    console.log(`PDF fit to one page p50 (preview)         ${fitP50.toFixed(1)} ms (p95 ${percentile(fitting, 95).toFixed(1)} ms)`);
    console.log(`fit / plain                               ${ratio.toFixed(2)}×   budget ≤ ${BUDGET}×   ${ok ? 'PASS' : 'FAIL'}`);
    console.log(`fitted to one page                        ${fitted}/${RUNS}`);
    if (!ok) process.exitCode = 1;
  } finally {
    await pdf.close();
  }
}

await main();
