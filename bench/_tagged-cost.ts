/**
 * Experiment: what a tagged PDF costs over an untagged one, for variants of the same documents.
 * `npx tsx bench/_tagged-cost.ts` prints CPU per PDF (the whole process tree) for each variant untagged and tagged,
 * interleaved in blocks so the machine's load falls on all alike. TAGGED_PDFS sets PDFs per cell, TAGGED_VARIANTS
 * picks variants.
 */
import { readFileSync } from 'node:fs';
import { renderHtml } from '../server/src/render/html.js';
import { buildRenderModelFromFormData } from '../server/src/cv-input/values.js';
import { DEFAULT_CHROMIUM_PATH, PdfRenderer } from '../server/src/render/pdf.js';
import { getTemplateRegistry } from '../server/src/templates/registry.js';
import { CpuWatch } from './_processes.js';
import { variant } from './_cv-variant.js';

const PDFS = Number(process.env.TAGGED_PDFS ?? 100);
const BLOCK = 20;

/** Markup variants of the same CV: does a smaller accessibility tree make the structure tree cheaper? */
const EDITS: Record<string, (html: string) => string> = {
  as_is: (h) => h,
  no_wbr: (h) => h.replaceAll('<wbr>', ''),
  no_dir_auto: (h) => h.replaceAll(' dir="auto"', ''),
  body_aria_hidden: (h) => h.replace('<body ', '<body aria-hidden="true" '),
};

async function main(): Promise<void> {
  const template = getTemplateRegistry().bySlug(process.env.TAGGED_TEMPLATE ?? 'executive-classic')!;
  const names = process.env.TAGGED_VARIANTS?.split(',') ?? Object.keys(EDITS);
  const pdf = new PdfRenderer({
    executablePath: process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH,
    poolSize: 2,
    cacheEntries: 1,
  });
  const cells = names.flatMap((name) =>
    [false, true].map((tagged) => ({
      name,
      tagged,
      cpu: 0,
      n: 0,
      bytes: 0,
      byKind: new Map<string, number>(),
    })),
  );
  let serial = 0;
  const html = (edit: string) =>
    EDITS[edit]!(
      renderHtml(
        template,
        buildRenderModelFromFormData(template.definition, variant(template.sample, `v${serial++}`)),
      ),
    );
  try {
    await pdf.warmUp();
    for (const cell of cells)
      for (let i = 0; i < 5; i++) await pdf.render(html(cell.name), { tagged: cell.tagged });
    for (let done = 0; done < PDFS; done += BLOCK) {
      for (const cell of cells) {
        const docs = Array.from({ length: BLOCK }, () => html(cell.name));
        const watch = new CpuWatch();
        let next = 0;
        await Promise.all(
          [0, 1].map(async () => {
            while (next < docs.length) {
              const out = await pdf.render(docs[next++]!, { tagged: cell.tagged });
              cell.bytes += out.length;
            }
          }),
        );
        const seen = watch.stop();
        cell.cpu += seen.total;
        for (const [kind, ms] of seen.byKind) cell.byKind.set(kind, (cell.byKind.get(kind) ?? 0) + ms);
        cell.n += BLOCK;
      }
    }
  } finally {
    await pdf.close();
  }
  for (const name of names) {
    const [u, t] = cells.filter((c) => c.name === name);
    console.log(
      `${name.padEnd(16)} untagged ${(u!.cpu / u!.n).toFixed(1)} ms  tagged ${(t!.cpu / t!.n).toFixed(1)} ms  ${(t!.cpu / t!.n / (u!.cpu / u!.n)).toFixed(3)}×  (${Math.round(u!.bytes / u!.n / 1024)} / ${Math.round(t!.bytes / t!.n / 1024)} KB)`,
    );
    for (const c of [u!, t!])
      console.log(
        `   ${c.tagged ? 'tagged  ' : 'untagged'} ${[...c.byKind]
          .filter(([, ms]) => ms / c.n >= 0.3)
          .sort((a, b) => b[1] - a[1])
          .map(([k, ms]) => `${k} ${(ms / c.n).toFixed(1)}`)
          .join(' · ')}`,
      );
  }
  console.log(`load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
}

main().catch((error: Error) => {
  console.error(error);
  process.exitCode = 1;
});
