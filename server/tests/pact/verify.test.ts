import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadStates } from './provider-state.js';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { PROVIDER_STATES_PATH } from './provider-state-routes.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
// PACT_FILE verifies another copy of the contract (e.g. one a consumer branch wrote) against this server.
const PACT_FILE = process.env.PACT_FILE
  ? path.resolve(process.env.PACT_FILE)
  : path.resolve(root, 'pacts/cv-builder-web-cv-builder-api.json');

/** Runs a command to its end (without blocking this process, which serves the requests), with its output. */
function run(command: string, args: string[]): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, PACT_DO_NOT_TRACK: 'true' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => resolve({ status: status ?? 1, output }));
  });
}

interface Pact {
  interactions: Array<{ description: string; providerStates?: Array<{ name: string }> }>;
}

const readPact = () => JSON.parse(readFileSync(PACT_FILE, 'utf8')) as Pact;

/**
 * `npm run pact:verify` of `pactFile` against the test app, listening on a free port, with its state-setup URL: as
 * a backend team verifies their server. `summary` is the verifier's closing summary.
 */
async function verify(testApp: TestApp, pactFile: string) {
  const baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const { status, output } = await run('npm', [
    'run',
    '--silent',
    'pact:verify',
    '--',
    '--provider-base-url',
    baseUrl,
    '--provider-states-setup-url',
    `${baseUrl}${PROVIDER_STATES_PATH}`,
    '--pact-file',
    pactFile,
  ]);
  return { status, output, summary: output.slice(output.lastIndexOf('=== Pact verification summary')) };
}

it('every provider state the pact names has a handler in server/tests/pact/states/', async () => {
  const states = await loadStates();
  const pact = readPact();
  const unhandled = pact.interactions.flatMap((i) =>
    (i.providerStates?.length ? i.providerStates : [{ name: '(none)' }])
      .filter((s) => !states[s.name])
      .map((s) => `"${s.name}" in "${i.description}"`),
  );
  // Pact only warns about a state without a handler; an unseeded interaction would then pass or fail by luck.
  expect(unhandled).toEqual([]);
});

it("every provider state the pact names is listed in the README's table for backend teams", () => {
  const readme = readFileSync(path.join(root, 'docs', 'backend-teams.md'), 'utf8');
  const section = readme.slice(
    readme.indexOf('## For backend teams'),
    readme.indexOf('### What the contract adds'),
  );
  const pact = readPact();
  const names = new Set(pact.interactions.flatMap((i) => (i.providerStates ?? []).map((s) => s.name)));
  expect([...names].filter((name) => !section.includes(`\`${name}\``))).toEqual([]);
});

// SQLite always; PostgreSQL too when TEST_POSTGRES_URL is set (CI sets it): the pact holds on both. The reference
// server is verified exactly as a backend team verifies theirs: `npm run pact:verify` against a running server
// started in test mode (PACT_PROVIDER_STATES=1), its state-setup URL seeding each state.
describe.each(testDatabases())(
  'Pact provider verification: the reference server honours pacts/ ($name)',
  (database) => {
    it('npm run pact:verify passes against it', async () => {
      const testApp = await createTestApp({ pactProviderStates: true }, database);
      try {
        const { status, output, summary } = await verify(testApp, PACT_FILE);
        expect(status, summary || output.slice(-4000)).toBe(0);
        expect(summary).toMatch(/\d+ interactions: \d+ passed, 0 failed/);
      } finally {
        await testApp.close();
      }
    });
  },
);

describe('npm run pact:verify against a server that does not honour the contract', () => {
  it('fails and says which states were not set up and which calls answered what', async () => {
    // Two interactions of the real contract, against a server started without the state-setup URL.
    const pact = readPact();
    const wanted = ['a request for the list of saved CVs', 'a request for the CSRF cookie'];
    pact.interactions = pact.interactions.filter((i) => wanted.includes(i.description));
    expect(pact.interactions).toHaveLength(2);
    const dir = mkdtempSync(path.join(tmpdir(), 'cvb-pact-'));
    const file = path.join(dir, 'pact.json');
    writeFileSync(file, JSON.stringify(pact));
    const testApp = await createTestApp({}, undefined, { seed: false });
    try {
      const { status, output, summary } = await verify(testApp, file);
      expect(status, output.slice(-4000)).toBe(1);
      expect(summary).toContain('2 interactions: 1 passed, 1 failed');
      expect(summary).toContain('"a signed-in user with a saved CV": 404');
      expect(summary).toContain('1. GET /v1/GeneratedCV/ — a request for the list of saved CVs');
      expect(summary).toMatch(/StatusMismatch: expected 200 but was 401/);
      expect(summary).toContain('FAILED: the server does not honour the contract yet.');
    } finally {
      await testApp.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('explains its options when one is missing', async () => {
    const { status, output } = await run('npm', ['run', '--silent', 'pact:verify']);
    expect(status).toBe(2);
    expect(output).toContain('--provider-base-url is required');
    expect(output).toContain('Usage: npm run pact:verify');
  });
});
