#!/usr/bin/env node
// npm test: every check, in order; stops at the first failing step and exits non-zero.
// Pact provider verification is a separate vitest run after the consumer tests (they race in one run); it starts the
// reference server in test mode and runs `npm run pact:verify` against it, the command backend teams run.
// Slow jobs (tests that wait for real minutes to pass, mostly idle) start first and run beside the steps;
// their result joins the summary at the end.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, PACT_DO_NOT_TRACK: 'true', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' };

const steps = [
  ['typecheck', 'npm run typecheck'],
  ['lint', 'npm run lint'],
  ['unit, machine and server tests', 'npx vitest run --project web --project server'],
  ['pact consumer tests', 'npx vitest run --project pact', () => rmSync(join(root, 'pacts', 'cv-builder-web-cv-builder-api.json'), { force: true })],
  ['pact provider verification', 'npx vitest run --project pact-verify'],
  ['end-to-end journeys', 'npx playwright test'],
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
function runStep(command) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, cwd: root, env, stdio: ['inherit', 'pipe', 'pipe'] });
    let tail = '';
    const keep = (stream) => (chunk) => {
      stream.write(chunk);
      tail = (tail + chunk).slice(-12_000);
    };
    child.stdout.on('data', keep(process.stdout));
    child.stderr.on('data', keep(process.stderr));
    child.on('close', (status) => resolve({ status, tail }));
  });
}

const slow = slowJobs.filter(([name]) => wanted(name)).map(([name, command]) => startSlow(name, command));

const results = [];
for (const [name, command, before] of steps) {
  if (!wanted(name)) continue;
  console.log(`\n=== ${name}: ${command}`);
  before?.();
  const started = Date.now();
  const { status, tail } = await runStep(command);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push({ name, ok: status === 0, seconds, tail });
  if (status !== 0) break;
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
