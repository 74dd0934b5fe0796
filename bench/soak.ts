/**
 * Renderer soak benchmark (issue 28): `npx tsx bench/soak.ts` (or `npm run bench -- soak`; not matched by `-- render`, it takes ~27 min).
 * Not a test: it measures and prints a table. A low-traffic server renders in bursts with quiet pauses
 * between them; the first PDF after a pause used to wait 15 s and fail (one-process Chromium went deaf).
 * Goals: 0 timeouts, 0 retries, 0 failures; first render after a quiet pause p95 ≤ 300 ms.
 * SOAK_GAPS_S overrides the pauses (seconds, comma separated; default 60,180,300,480,600 ≈ 27 min);
 * SOAK_BURST the PDFs per burst (default 20).
 */
import { readFileSync } from 'node:fs';
import { renderHtml } from '../server/src/render/html.js';
import { buildRenderModelFromFormData } from '../server/src/render/model.js';
import { loadConfig } from '../server/src/config.js';
import { PdfRenderer } from '../server/src/render/pdf.js';
import type { CvFormData } from '../server/src/templates/definition.js';
import { getTemplateRegistry } from '../server/src/templates/registry.js';

const GAPS_S = (process.env.SOAK_GAPS_S ?? '60,180,300,480,600').split(',').map(Number);
const BURST = Number(process.env.SOAK_BURST ?? 20);
const FIRST_AFTER_QUIET_P95_MS = 300;

const percentile = (samples: number[], p: number) =>
  [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The template's sample CV with a token in the name, so every render is a new document (no cache). */
function variant(sample: CvFormData, token: string): CvFormData {
  const personal = Object.keys(sample)[0];
  const values = { ...sample[personal] };
  const nameKey = Object.keys(values).find((key) => key.startsWith('full_name-'))!;
  values[nameKey] = `${String(values[nameKey])} ${token}`;
  return { ...sample, [personal]: values };
}

async function main(): Promise<void> {
  const template = getTemplateRegistry().bySlug('executive-classic')!;
  const html = (token: string) =>
    renderHtml(template, buildRenderModelFromFormData(template.definition, variant(template.sample, token)));
  const pdf = new PdfRenderer({ executablePath: loadConfig().chromiumPath ?? '' });
  let failures = 0;
  const firstAfterQuiet: Array<{ quietS: number; ms: number }> = [];
  const inBurst: number[] = [];
  const renderTimed = async (token: string) => {
    const start = performance.now();
    try {
      const out = await pdf.render(html(token));
      if (out.subarray(0, 5).toString() !== '%PDF-') failures++;
    } catch (error) {
      failures++;
      console.log(`  render ${token} failed: ${(error as Error).message}`);
    }
    return performance.now() - start;
  };
  const burst = async (round: number) => {
    for (let i = 0; i < BURST; i++) {
      const ms = await renderTimed(`r${round}-${i}`);
      if (i > 0) inBurst.push(ms);
      else if (round > 0) firstAfterQuiet.push({ quietS: GAPS_S[round - 1], ms });
    }
  };
  const started = Date.now();
  try {
    await pdf.warmUp();
    await burst(0);
    for (let round = 1; round <= GAPS_S.length; round++) {
      console.log(`quiet for ${GAPS_S[round - 1]} s…`);
      await sleep(GAPS_S[round - 1] * 1000);
      await burst(round);
      const last = firstAfterQuiet[firstAfterQuiet.length - 1];
      console.log(`  first PDF after ${last.quietS} s of quiet: ${last.ms.toFixed(0)} ms; stats ${JSON.stringify(pdf.stats)}`);
    }
  } finally {
    await pdf.close();
  }
  const stats = pdf.stats;
  const quietMs = firstAfterQuiet.map((f) => f.ms);
  const p95 = percentile(quietMs, 95);
  const rows: Array<[string, string, string, string]> = [
    ['Bursts / PDFs per burst / quiet pauses (s)', `${GAPS_S.length + 1} / ${BURST} / ${GAPS_S.join(', ')}`, '', ''],
    ['Failures', String(failures), '0', failures === 0 ? 'ok' : 'MISSED'],
    ['Render timeouts', String(stats.timeouts), '0', stats.timeouts === 0 ? 'ok' : 'MISSED'],
    ['Retries', String(stats.retries), '0', stats.retries === 0 ? 'ok' : 'MISSED'],
    ['Browser launches', String(stats.launches), '1', stats.launches === 1 ? 'ok' : 'MISSED'],
    ['First PDF after quiet, each pause', firstAfterQuiet.map((f) => `${f.quietS} s → ${f.ms.toFixed(0)} ms`).join(', '), '', ''],
    ['First PDF after quiet p95', `${p95.toFixed(0)} ms`, `≤ ${FIRST_AFTER_QUIET_P95_MS} ms`, p95 <= FIRST_AFTER_QUIET_P95_MS ? 'ok' : 'MISSED'],
    ['PDF within a burst p50', `${percentile(inBurst, 50).toFixed(1)} ms`, '', ''],
    ['Wall time', `${((Date.now() - started) / 60_000).toFixed(1)} min`, '', ''],
  ];
  const widths = [0, 1, 2, 3].map((c) => Math.max(...[['what', 'measured', 'goal', ''], ...rows].map((r) => r[c].length)));
  const line = (r: string[]) => r.map((cell, c) => cell.padEnd(widths[c])).join('  ').trimEnd();
  console.log(`\nRenderer soak — ${new Date().toISOString()} — load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  console.log(line(['what', 'measured', 'goal', '']));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  if (rows.some((r) => r[3] === 'MISSED')) process.exitCode = 1;
}

main().catch((error: Error) => {
  console.error(error);
  process.exitCode = 1;
});
