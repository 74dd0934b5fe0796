import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_CHROMIUM_PATH } from '../../src/render/pdf.js';
import { freePort, halfSentRequest, startServer as start } from '../helpers/server-process.js';

// One process (WEB_CONCURRENCY=1, as startServer sets unless told otherwise); cluster.test.ts starts several workers.
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

  it('on SIGTERM stops taking connections, answers the request in flight, closes Chromium and exits 0 within 10 s', async () => {
    const port = await freePort();
    const server = start({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(dir, 'shutdown.sqlite')}`,
      MAIL_OUTBOX_DIR: join(dir, 'shutdown-outbox'),
      STATIC_DIR: join(dir, 'dist'),
      // Production warms the renderer up at start: there is a Chromium to close.
      NODE_ENV: 'production',
      ...(existsSync(DEFAULT_CHROMIUM_PATH) ? {} : { CHROMIUM_PATH: '/nonexistent/chromium' }),
    });
    const pid = server.child.pid!;
    const childrenOf = (parent: number) => {
      try {
        return execFileSync('pgrep', ['-P', String(parent)])
          .toString()
          .trim()
          .split('\n')
          .filter(Boolean)
          .map(Number);
      } catch {
        return [];
      }
    };
    try {
      await server.output(/mail:/);
      if (existsSync(DEFAULT_CHROMIUM_PATH)) {
        await expect
          .poll(
            async () =>
              ((await (await fetch(`http://127.0.0.1:${port}/readyz`)).json()) as { renderer: string })
                .renderer,
            {
              timeout: 30_000,
            },
          )
          .toBe('running');
      }
      const chromium = childrenOf(pid);
      if (existsSync(DEFAULT_CHROMIUM_PATH)) expect(chromium.length).toBeGreaterThan(0);

      // A request in flight: its headers are in, half its body is still to come when SIGTERM arrives.
      const inFlight = await halfSentRequest(port);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      // New connections are refused once the server stops listening.
      await expect
        .poll(
          async () =>
            fetch(`http://127.0.0.1:${port}/healthz`).then(
              () => 'answered',
              () => 'refused',
            ),
          { timeout: 5000 },
        )
        .toBe('refused');
      const answer = await inFlight.finish();
      expect(answer).toMatch(/^HTTP\/1\.1 (4\d\d|200) /);
      expect(answer).toContain('"detail"');
      expect(await server.exited).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(10_000);
      for (const child of chromium)
        expect(existsSync(`/proc/${child}`), `Chromium ${child} still running`).toBe(false);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  }, 60_000);
});
