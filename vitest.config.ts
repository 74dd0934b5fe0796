import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { i18nCatalogues } from './scripts/vite-i18n';

// Five projects, run as separate commands by scripts/test.mjs:
// web (happy-dom), server (node, real SQLite and PostgreSQL when TEST_POSTGRES_URL is set),
// pact (consumer tests writing pacts/), pact-verify (provider verification against the server),
// slow (real minutes of quiet; a job of its own beside the others).
export default defineConfig({
  plugins: [react(), i18nCatalogues()],
  test: {
    globals: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/pact/**'],
          setupFiles: ['tests/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/tests/**/*.test.ts'],
          exclude: ['server/tests/pact/**', 'server/tests/slow/**'],
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'pact',
          environment: 'node',
          include: ['tests/pact/**/*.pact.test.ts'],
          pool: 'forks',
          fileParallelism: false,
          testTimeout: 30_000,
          // Now and then (about one run in four on 2 cores) Pact's mock server answers a request but reports it
          // 'expected but not received' (the client had its answer): a race inside the mock server, not in our
          // code. A retry re-runs that one interaction against a fresh mock server.
          retry: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'pact-verify',
          environment: 'node',
          include: ['server/tests/pact/**/*.test.ts'],
          pool: 'forks',
          // One test verifies the whole pact (226 interactions, a provider state each): ~60 s alone, several minutes
          // at a lower priority beside the journeys on a busy machine.
          testTimeout: 900_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // Tests that wait for real time to pass (the renderer after minutes of quiet); run as their own job.
          name: 'slow',
          environment: 'node',
          include: ['server/tests/slow/**/*.test.ts'],
          pool: 'forks',
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
