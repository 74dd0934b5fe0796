/**
 * Experiment: does a print cost more the more documents a page has printed? `npx tsx bench/_tagged-drift.ts` prints
 * DRIFT_PDFS documents (tagged, then untagged in a fresh renderer; DRIFT_ORDER=untagged-first swaps) in blocks of 50
 * at 2 concurrent and prints the CPU per PDF of each block by process kind.
 */
import { renderHtml } from '../server/src/render/html.js';
import { buildRenderModelFromFormData } from '../server/src/cv-input/values.js';
import { DEFAULT_CHROMIUM_PATH, PdfRenderer } from '../server/src/render/pdf.js';
import { getTemplateRegistry } from '../server/src/templates/registry.js';
import { CpuWatch, pssSplitMb } from './_processes.js';
import { variant } from './_cv-variant.js';

const PDFS = Number(process.env.DRIFT_PDFS ?? 600);
const BLOCK = 50;

async function main(): Promise<void> {
  const template = getTemplateRegistry().bySlug('executive-classic')!;
  let serial = 0;
  const html = () =>
    renderHtml(
      template,
      buildRenderModelFromFormData(template.definition, variant(template.sample, `d${serial++}`)),
    );
  const order = process.env.DRIFT_ORDER === 'untagged-first' ? [false, true] : [true, false];
  for (const tagged of order) {
    const pdf = new PdfRenderer({
      executablePath: process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH,
      poolSize: 2,
      cacheEntries: 1,
      ...(process.env.DRIFT_PAGE_USES ? { maxPageUses: Number(process.env.DRIFT_PAGE_USES) } : {}),
    });
    try {
      await pdf.warmUp();
      const rows: string[] = [];
      for (let done = 0; done < PDFS; done += BLOCK) {
        const docs = Array.from({ length: BLOCK }, html);
        const watch = new CpuWatch();
        let next = 0;
        await Promise.all(
          [0, 1].map(async () => {
            while (next < docs.length) await pdf.render(docs[next++]!, { tagged });
          }),
        );
        const { total, byKind } = watch.stop();
        rows.push(
          `${String(done + BLOCK).padStart(5)}: ${(total / BLOCK).toFixed(1)} ms (${[...byKind]
            .filter(([, ms]) => Math.abs(ms) / BLOCK >= 0.3)
            .map(([k, ms]) => `${k} ${(ms / BLOCK).toFixed(1)}`)
            .join(', ')}) chromium PSS ${pssSplitMb().chromium.toFixed(0)} MB`,
        );
      }
      console.log(`tagged=${tagged}\n  ${rows.join('\n  ')}`);
    } finally {
      await pdf.close();
    }
  }
}

main().catch((error: Error) => {
  console.error(error);
  process.exitCode = 1;
});
