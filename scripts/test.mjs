#!/usr/bin/env node
// npm test: every check; exits non-zero when one fails.
// Everything starts at once. The journeys run at the normal priority: they time real interactions in a browser and
// stall when starved of CPU. Every other step runs beside them at a lower priority (nice 10): the journeys mostly
// wait (debounces, the network, PDFs), so the other steps use the CPU they leave idle and give way whenever a
// journey needs a core. Before, the journeys ran alone after the other steps, and the run took the sum of the two.
// Steps of a chain run one after another: the Pact provider verification after the consumer tests (they race in one
// run). The journeys' output streams; every other step's is printed whole when it ends, so nothing interleaves.
// The slow job (tests that wait for real minutes to pass, mostly idle) is one of the steps beside.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, PACT_DO_NOT_TRACK: 'true', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' };

const removePact = () => rmSync(join(root, 'pacts', 'cv-builder-web-cv-builder-api.json'), { force: true });
/** The step whose output streams, at the normal priority. */
const foreground = [['end-to-end journeys', 'npx playwright test']];
/**
 * Chains run beside it at nice 10, each a step or steps one after another. Vitest runs two test files at once (its
 * default on 2 cores is one): the server tests wait on PostgreSQL, Chromium and password hashing.
 */
const background = [
  [['typecheck', 'npm run typecheck']],
  [['lint', 'npm run lint']],
  [['unit, machine and server tests', 'npx vitest run --project web --project server --maxWorkers=2']],
  [
    ['pact consumer tests', 'npx vitest run --project pact', removePact],
    ['pact provider verification', 'npx vitest run --project pact-verify'],
  ],
  [['renderer after minutes of quiet (slow job)', 'npx vitest run --project slow']],
];
const BACKGROUND_NICENESS = 10;

const only = process.argv.slice(2);
const wanted = (name) => !only.length || only.some((word) => name.includes(word));

/**
 * Runs a step, keeping its last lines: when a step fails they are printed again just above the summary, so whoever
 * reads only the end of a CI log still sees which test failed and why. `stream` passes its output straight on;
 * otherwise it is printed whole when the step ends.
 */
function runStep(name, command, { stream, niceness }) {
  const started = Date.now();
  const line = niceness ? `nice -n ${niceness} ${command}` : command;
  if (stream) console.log(`\n=== ${name}: ${command}`);
  return new Promise((resolve) => {
    const child = spawn(line, { shell: true, cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let tail = '';
    let whole = '';
    const keep = (out) => (chunk) => {
      if (stream) out.write(chunk);
      else whole += chunk;
      tail = (tail + chunk).slice(-12_000);
    };
    child.stdout.on('data', keep(process.stdout));
    child.stderr.on('data', keep(process.stderr));
    child.on('close', (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (!stream) console.log(`\n=== ${name} (ran beside, ${seconds} s): ${command}\n${whole}`);
      resolve({ name, ok: status === 0, seconds, tail });
    });
  });
}

/** Runs a chain's steps one after another; the first failure ends it. */
async function runChain(chain, options) {
  const done = [];
  for (const [name, command, before] of chain) {
    if (!wanted(name)) continue;
    before?.();
    const result = await runStep(name, command, options);
    done.push(result);
    if (!result.ok) break;
  }
  return done;
}

const runs = [
  runChain(foreground, { stream: true }),
  ...background.map((chain) => runChain(chain, { stream: false, niceness: BACKGROUND_NICENESS })),
];
const results = (await Promise.all(runs)).flat();

for (const r of results.filter((result) => !result.ok && result.tail)) {
  const lines = r.tail.split('\n').slice(-60).join('\n');
  console.log(`\n=== the end of what failed: ${r.name}\n${lines}`);
}

console.log('\n=== summary');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
