/**
 * Renderer soak benchmark: `npx tsx bench/soak.ts` (or `npm run bench -- soak`; not matched by
 * `-- render`, it takes ~30 min). Not a test: it measures and prints a table and a verdict. A low-traffic server
 * renders in bursts with quiet pauses of 1–10 minutes between them; each burst ends with a slow document (a long
 * multi-page CV) followed at once by an ordinary one. The first PDF after a pause, or right after a slow one, used to
 * wait 15 s and fail.
 * Goals: 0 timeouts, 0 failures; first render after a quiet pause p95 ≤ 300 ms; render right after a slow one p95 ≤ 300 ms.
 * SOAK_GAPS_S overrides the pauses (seconds, comma separated; default 60,90,180,300,420,600 ≈ 30 min);
 * SOAK_BURST the PDFs per burst (default 20). A shortened run: SOAK_GAPS_S=60,75,90 SOAK_BURST=10.
 */
import { readFileSync } from 'node:fs';
import { renderHtml } from '../server/src/render/html.js';
import { buildRenderModelFromFormData } from '../server/src/cv-input/values.js';
import { loadConfig } from '../server/src/config.js';
import { PdfRenderer } from '../server/src/render/pdf.js';
import { getTemplateRegistry } from '../server/src/templates/registry.js';
import { variant } from './_cv-variant.js';

const GAPS_S = (process.env.SOAK_GAPS_S ?? '60,90,180,300,420,600').split(',').map(Number);
const BURST = Number(process.env.SOAK_BURST ?? 20);
const FIRST_AFTER_QUIET_P95_MS = 300;

const percentile = (samples: number[], p: number) =>
  [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const template = getTemplateRegistry().bySlug('executive-classic')!;
  const html = (token: string) =>
    renderHtml(template, buildRenderModelFromFormData(template.definition, variant(template.sample, token)));
  const pdf = new PdfRenderer({ executablePath: loadConfig().chromiumPath ?? '' });
  let failures = 0;
  const firstAfterQuiet: Array<{ quietS: number; ms: number }> = [];
  const inBurst: number[] = [];
  const afterSlow: number[] = [];
  const slow: number[] = [];
  // A long CV: the sample's work history many times over (tens of pages).
  const slowHtml = (token: string) => {
    const full = html(token);
    const body = full.slice(full.indexOf('<body'), full.lastIndexOf('</body>'));
    return full.replace('</body>', `${body.replace(/^<body[^>]*>/, '').repeat(12)}</body>`);
  };
  const renderTimed = async (token: string, document = html(token)) => {
    const start = performance.now();
    try {
      const out = await pdf.render(document);
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
    slow.push(await renderTimed(`slow-${round}`, slowHtml(`slow-${round}`)));
    afterSlow.push(await renderTimed(`after-slow-${round}`));
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
      console.log(
        `  first PDF after ${last.quietS} s of quiet: ${last.ms.toFixed(0)} ms; stats ${JSON.stringify(pdf.stats)}`,
      );
    }
  } finally {
    await pdf.close();
  }
  const stats = pdf.stats;
  const quietMs = firstAfterQuiet.map((f) => f.ms);
  const p95 = percentile(quietMs, 95);
  const rows: Array<[string, string, string, string]> = [
    [
      'Bursts / PDFs per burst / quiet pauses (s)',
      `${GAPS_S.length + 1} / ${BURST} / ${GAPS_S.join(', ')}`,
      '',
      '',
    ],
    ['Failures', String(failures), '0', failures === 0 ? 'ok' : 'MISSED'],
    ['Render timeouts', String(stats.timeouts), '0', stats.timeouts === 0 ? 'ok' : 'MISSED'],
    ['Retries', String(stats.retries), '', ''],
    ['Deaf browser or page found by the probe (replaced)', String(stats.probeFailures), '', ''],
    ['Browser launches', String(stats.launches), '', ''],
    [
      'First PDF after quiet, each pause',
      firstAfterQuiet.map((f) => `${f.quietS} s → ${f.ms.toFixed(0)} ms`).join(', '),
      '',
      '',
    ],
    [
      'First PDF after quiet p95',
      `${p95.toFixed(0)} ms`,
      `≤ ${FIRST_AFTER_QUIET_P95_MS} ms`,
      p95 <= FIRST_AFTER_QUIET_P95_MS ? 'ok' : 'MISSED',
    ],
    ['Slow document (long CV) p50', `${percentile(slow, 50).toFixed(0)} ms`, '', ''],
    [
      'PDF right after a slow one p95',
      `${percentile(afterSlow, 95).toFixed(0)} ms`,
      `≤ ${FIRST_AFTER_QUIET_P95_MS} ms`,
      percentile(afterSlow, 95) <= FIRST_AFTER_QUIET_P95_MS ? 'ok' : 'MISSED',
    ],
    ['PDF within a burst p50', `${percentile(inBurst, 50).toFixed(1)} ms`, '', ''],
    ['Wall time', `${((Date.now() - started) / 60_000).toFixed(1)} min`, '', ''],
  ];
  const widths = [0, 1, 2, 3].map((c) =>
    Math.max(...[['what', 'measured', 'goal', ''], ...rows].map((r) => r[c].length)),
  );
  const line = (r: string[]) =>
    r
      .map((cell, c) => cell.padEnd(widths[c]))
      .join('  ')
      .trimEnd();
  console.log(
    `\nRenderer soak — ${new Date().toISOString()} — load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
  );
  console.log(line(['what', 'measured', 'goal', '']));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  const missed = rows.some((r) => r[3] === 'MISSED');
  console.log(`\nVerdict: ${missed ? 'FAIL' : 'PASS'}${GAPS_S.length < 6 ? ' (shortened run)' : ''}`);
  if (missed) process.exitCode = 1;
}

main().catch((error: Error) => {
  console.error(error);
  process.exitCode = 1;
});
