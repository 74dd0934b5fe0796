#!/usr/bin/env node
// npm test: every check; stops at the first failing stage and exits non-zero.
// A stage is steps that need nothing from each other and run at the same time: the first one's output streams,
// the others' is printed whole when they end (so nothing interleaves). Type-check and lint share a stage; the
// Pact consumer tests and then the provider verification (a separate vitest run after the consumer tests: they race
// in one run) run beside the unit and server tests, which they do not wait for; the journeys come last, alone,
// because they time real interactions in a browser and a busy machine makes them stall.
// Slow jobs (tests that wait for real minutes to pass, mostly idle) start first and run beside the stages;
// their result joins the summary at the end.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, PACT_DO_NOT_TRACK: 'true', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' };

const removePact = () => rmSync(join(root, 'pacts', 'cv-builder-web-cv-builder-api.json'), { force: true });
/** Stages in order; in a stage, each entry is a step or a chain of steps run one after another. */
const stages = [
  [[['typecheck', 'npm run typecheck']], [['lint', 'npm run lint']]],
  [
    // Two test files at once (Vitest's default on 2 cores is one): the server tests wait on PostgreSQL, Chromium and
    // password hashing, which left the second core mostly idle (docs/decisions/0051-journeys-beside-the-rest.md).
    [['unit, machine and server tests', 'npx vitest run --project web --project server --maxWorkers=2']],
    [
      ['pact consumer tests', 'npx vitest run --project pact', removePact],
      ['pact provider verification', 'npx vitest run --project pact-verify'],
    ],
  ],
  [[['end-to-end journeys', 'npx playwright test']]],
];
const slowJobs = [['renderer after minutes of quiet (slow job)', 'npx vitest run --project slow']];

const only = process.argv.slice(2);
const wanted = (name) => !only.length || only.some((word) => name.includes(word));

/** Starts a slow job now; its output is printed as a whole when it ends, so it does not interleave. */
function startSlow(name, command) {
  const started = Date.now();
  const child = spawn(command, { shell: true, cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const done = new Promise((resolve) =>
    child.on('close', (status) => {
      console.log(`\n=== ${name} (ran beside the steps): ${command}\n${output}`);
      resolve({ name, ok: status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
    }),
  );
  return { done, stop: () => { try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already ended */ } } };
}

/**
 * Runs a step with its output passed straight through, keeping its last lines: when a step fails they are printed
 * again just above the summary, so whoever reads only the end of a CI log still sees which test failed and why.
 */
function runStep(command, { stream }) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let tail = '';
    let whole = '';
    const keep = (out) => (chunk) => {
      if (stream) out.write(chunk);
      else whole += chunk;
      tail = (tail + chunk).slice(-12_000);
    };
    child.stdout.on('data', keep(process.stdout));
    child.stderr.on('data', keep(process.stderr));
    child.on('close', (status) => resolve({ status, tail, whole }));
  });
}

/** Runs a chain's steps one after another (the first failure ends it); `stream` passes the output straight on. */
async function runChain(chain, stream) {
  const done = [];
  for (const [name, command, before] of chain) {
    if (!wanted(name)) continue;
    if (stream) console.log(`\n=== ${name}: ${command}`);
    before?.();
    const started = Date.now();
    const { status, tail, whole } = await runStep(command, { stream });
    if (!stream) console.log(`\n=== ${name} (ran beside): ${command}\n${whole}`);
    done.push({ name, ok: status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1), tail });
    if (status !== 0) break;
  }
  return done;
}

const slow = slowJobs.filter(([name]) => wanted(name)).map(([name, command]) => startSlow(name, command));

const results = [];
for (const stage of stages) {
  const chains = stage.filter((chain) => chain.some(([name]) => wanted(name)));
  const ended = await Promise.all(chains.map((chain, index) => runChain(chain, index === 0)));
  results.push(...ended.flat());
  if (results.some((r) => !r.ok)) break;
}

if (results.some((r) => !r.ok)) for (const job of slow) job.stop();
results.push(...(await Promise.all(slow.map((job) => job.done))));

for (const r of results.filter((result) => !result.ok && result.tail)) {
  const lines = r.tail.split('\n').slice(-60).join('\n');
  console.log(`\n=== the end of what failed: ${r.name}\n${lines}`);
}

console.log('\n=== summary');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
