import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../../src/config.js';

const MAIN = join(REPO_ROOT, 'server/src/main.ts');

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const output = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const check = () => (pattern.test(stdout) ? resolve(stdout) : undefined);
      child.stdout.on('data', check);
      void exited.then(() => reject(new Error(`exited before printing ${pattern}: ${stdout}${stderr}`)));
      check();
    });
  return { child, exited, output, logs: () => ({ stdout, stderr }) };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('npm start (server/src/main.ts)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cvb-main-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('refuses a bad setting, naming it, with exit code 1', async () => {
    const server = start({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.logs().stderr).toContain('PORT');
  });

  it('creates and migrates the database, serves, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const database = join(dir, 'var', 'cv-builder.sqlite');
    const outbox = join(dir, 'var', 'outbox');
    const server = start({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${database}`,
      MAIL_OUTBOX_DIR: outbox,
      STATIC_DIR: join(dir, 'dist'),
    });
    try {
      const printed = await server.output(/mail:/);
      expect(printed).toContain(`http://localhost:${port}`);
      expect(printed).toContain(database);
      expect(printed).toContain(outbox);
      expect(existsSync(database)).toBe(true);
      expect(existsSync(outbox)).toBe(true);
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(await health.json()).toEqual({ status: 'ok' });
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
  });
});
