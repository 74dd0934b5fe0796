import { defineConfig } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { identityProviderEnv } from './e2e/support/oidc-env';
import { DEFAULT_CHROMIUM_PATH } from './server/src/render/pdf.js';
import { SERVER_NODE_FLAGS } from './scripts/server-node-flags.mjs';

// The config is evaluated by the runner and again by each worker: the first evaluation picks a temporary
// folder and a free port and leaves them in the environment, which the workers inherit.
process.env.E2E_TMP ??= mkdtempSync(join(tmpdir(), 'cv-builder-e2e-'));
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
])
  .toString()
  .trim();

// The local identity provider (Google and LinkedIn, started by globalSetup) gets a fixed port the same way.
process.env.E2E_OIDC_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
])
  .toString()
  .trim();

const tmp = process.env.E2E_TMP;
const port = process.env.E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;
mkdirSync(join(tmp, 'outbox'), { recursive: true });

export const e2eEnv = {
  PORT: port,
  HOST: '127.0.0.1',
  PUBLIC_URL: baseURL,
  DATABASE_URL: `sqlite:${join(tmp, 'cv-builder.sqlite')}`,
  MAIL_OUTBOX_DIR: join(tmp, 'outbox'),
  LOG_LEVEL: 'warn',
  // One process, the renderer in it (the default is a worker per core): server/tests/foundation/cluster.test.ts
  // covers several workers.
  WEB_CONCURRENCY: '1',
  // Every browser of the run shares 127.0.0.1; the limits themselves are tested in the server tests.
  RATE_LIMIT_SCALE: '100',
  // ...which puts the account's lockout out of reach from one address (the per-address limit stops first): the
  // lockout journey (e2e/unlock-a-locked-account.spec.ts) needs it after a few wrong passwords, unscaled. No other
  // journey types a wrong password that often for one account.
  ACCOUNT_LOCKOUT_LIMIT: '5',
  // The /contact page's address (e2e/confirmation-link-refused.spec.ts).
  SUPPORT_EMAIL: 'help@cv-builder.test',
  // Google and LinkedIn are the local identity provider (e2e/support/oidc-provider.ts).
  ...identityProviderEnv(`http://127.0.0.1:${process.env.E2E_OIDC_PORT}`),
};

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/oidc-global-setup.ts',
  // Two browsers at once: the journeys mostly wait (debounces, network, PDFs), so two of them share the 2 cores well
  // (the whole run ~40% shorter; 90 of 90 passed with two workers on a machine under a load of 14). Every journey
  // signs up its own people, so none sees another's data. E2E_WORKERS overrides.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // In CI a journey that fails runs once more, from the start, in a fresh browser: the CI machine is shared and a
  // journey walks minutes of real UI, so one stalled second must not sink the whole submission. A pass on the second
  // try is still reported ('flaky', with the first try's error and screenshot) and is a bug to fix; two failures fail.
  retries: process.env.CI ? 1 : 0,
  // In CI two journeys keep both cores full (measured: 99% busy), and a page's first load of the builder or CV
  // management then took over 10 s now and again (it takes 4-5 s on a loaded machine, ~1 s quiet): CI gives each
  // wait 20 s and each journey 90 s. Locally the budgets stay tight, so slowness is noticed.
  timeout: process.env.CI ? 90_000 : 60_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // A trace films every step (a screenshot per frame, a DOM snapshot per action): over nine journeys it was a third
    // of all the CPU they used (70 s → 47 s). CI keeps the trace of a failed journey's second try (the one that
    // fails the run); locally every failure keeps its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // As a person who asked their system for less motion: no dialog, menu or toast animates, no spinner spins
    // (src/ui/theme.ts), so the browsers draw less; journeys about motion emulate it themselves.
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      // The server's own default: Chromium's headless shell when installed (setup installs it), else Chromium itself.
      // The same engine without the desktop browser drew a quarter of the journeys' CPU (decision 0052).
      executablePath: process.env.E2E_CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  // The journey that needs CV ids to meet template ids (1–8) runs first, on the fresh database, so its ids are small.
  projects: [
    { name: 'first', testMatch: /create-new-cv-never-opens-a-saved-cv\.spec\.ts/ },
    {
      name: 'journeys',
      testIgnore: /create-new-cv-never-opens-a-saved-cv\.spec\.ts/,
      dependencies: ['first'],
    },
  ],
  webServer: {
    command: `npx tsx ${SERVER_NODE_FLAGS.join(' ')} server/src/main.ts`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { ...process.env, ...e2eEnv } as Record<string, string>,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
