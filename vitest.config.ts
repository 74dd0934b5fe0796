import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Four projects, run as separate commands by scripts/test.mjs:
// web (happy-dom), server (node, real SQLite and PostgreSQL when TEST_POSTGRES_URL is set),
// pact (consumer tests writing pacts/), pact-verify (provider verification against the server).
export default defineConfig({
  plugins: [react()],
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
          exclude: ['server/tests/pact/**'],
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
        },
      },
      {
        extends: true,
        test: {
          name: 'pact-verify',
          environment: 'node',
          include: ['server/tests/pact/**/*.test.ts'],
          pool: 'forks',
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
