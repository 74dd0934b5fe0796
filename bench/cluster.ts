/**
 * Every core: `npx tsx bench/cluster.ts` (or `npm run bench -- cluster`). Not a test: it measures and
 * prints a table. It starts the server as `npm start` does (the same command and V8 flags, NODE_ENV=production, a
 * temporary SQLite database) with WEB_CONCURRENCY=2: a primary that owns the one Chromium and two HTTP workers.
 * Goals on this 2-core machine:
 *   GET /v1/CvTemplate/ ≥ 15,000 req/s (10× the DRF figure)
 *   1,000 PDFs (POST /v1/preview-pdf/) at 8 concurrent: 0 failures, ≥ 25 PDFs/s
 *   PSS of all the product's processes (tsx launcher, primary, workers, Chromium) ≤ 900 MB
 * BENCH_WEB_CONCURRENCY (2), BENCH_SECONDS (10, the req/s run), BENCH_CONNECTIONS (32), BENCH_PDFS (1000),
 * BENCH_CONCURRENCY (8) and BENCH_LOG_LEVEL (info, the product's default: one log line per request) change the run.
 * The load comes from this process, on the same cores: a small keep-alive HTTP/1.1 client on raw sockets, as cheap
 * per request as a load tool can be, one request at a time per connection (no pipelining).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { now } from '../server/src/auth/clock.js';
import { hashPassword } from '../server/src/auth/passwords.js';
import { createUser } from '../server/src/users/repository.js';
import { createDatabase } from '../server/src/db/database.js';
import { getTemplateRegistry } from '../server/src/templates/registry.js';
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs';
import { variant } from './_cv-variant.js';

const WORKERS = Number(process.env.BENCH_WEB_CONCURRENCY ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const LOAD_PDFS = Number(process.env.BENCH_PDFS ?? 1000);
const LOAD_CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const GOAL_RPS = 15_000;
const GOAL_PDFS_PER_S = 25;
const GOAL_PSS_MB = 900;

const rows: Array<[string, string, string, string]> = [];
const record = (what: string, figure: string, goal: string, ok: boolean | undefined) =>
  rows.push([what, figure, goal, ok === undefined ? '' : ok ? 'met' : 'NOT MET']);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (samples: number[], p: number) =>
  [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))] ??
  NaN;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// ── Processes and their memory ───────────────────────────────────────────────────────────────────────────────────

interface Proc {
  pid: number;
  ppid: number;
  args: string;
}

function processTable(): Proc[] {
  const table: Proc[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      table.push({
        pid: Number(entry),
        ppid,
        args: readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' '),
      });
    } catch {
      // ended while we looked
    }
  }
  return table;
}

function tree(root: number, table = processTable()): Proc[] {
  const self = table.find((p) => p.pid === root);
  const found: Proc[] = self ? [self] : [];
  const visit = (pid: number) => {
    for (const child of table.filter((p) => p.ppid === pid)) {
      found.push(child);
      visit(child.pid);
    }
  };
  visit(root);
  return found;
}

function pssMb(pid: number): number {
  try {
    return (
      Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0) / 1024
    );
  } catch {
    return 0; // gone
  }
}

type Role = 'launcher' | 'primary' | 'workers' | 'chromium' | 'compiler';

/** PSS in MB of every process the server runs, by role: npm start's tsx launcher, the primary, the workers, Chromium. */
function pssByRole(launcher: number): Record<Role, number> {
  const table = processTable();
  const all = tree(launcher, table);
  const primary = all.find((p) => p.ppid === launcher && p.args.includes('server/src/main.ts'));
  const sums: Record<Role, number> = { launcher: 0, primary: 0, workers: 0, chromium: 0, compiler: 0 };
  for (const proc of all) {
    const mb = pssMb(proc.pid);
    if (/chrom/i.test(proc.args.split(' ')[0] ?? '')) sums.chromium += mb;
    // tsx's esbuild service: a process starts one when its compile cache is cold (the first start after a change).
    else if (proc.args.includes('esbuild')) sums.compiler += mb;
    else if (proc.pid === launcher) sums.launcher += mb;
    else if (primary && proc.pid === primary.pid) sums.primary += mb;
    else sums.workers += mb;
  }
  return sums;
}

/** CPU time (ms) used so far by `root` and every process under it (utime + stime, and of children reaped). */
function treeCpuMs(root: number): number {
  let ticks = 0;
  for (const proc of tree(root)) {
    try {
      const stat = readFileSync(`/proc/${proc.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // ended meanwhile
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

const total = (sums: Record<Role, number>) =>
  sums.launcher + sums.primary + sums.workers + sums.chromium + sums.compiler;

/** "812 MB (launcher 16, primary 50, …)": the total and each role's part. */
const byRole = (sums: Record<Role, number>) =>
  (WORKERS > 1
    ? `launcher ${sums.launcher.toFixed(0)}, primary ${sums.primary.toFixed(0)}, workers ${sums.workers.toFixed(0)}, `
    : `launcher ${sums.launcher.toFixed(0)}, server ${sums.primary.toFixed(0)}, `) +
  `Chromium ${sums.chromium.toFixed(0)}${sums.compiler ? `, tsx's esbuild ${sums.compiler.toFixed(0)}` : ''}`;

// ── HTTP ────────────────────────────────────────────────────────────────────────────────────────────────────────

interface Answer {
  status: number;
  setCookie: string[];
  body: Buffer;
}

function send(
  port: number,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        headers: {
          ...headers,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            setCookie: res.headers['set-cookie'] ?? [],
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * GET `url` on `connections` keep-alive connections for `seconds`, one request at a time on each: answers per second,
 * non-200 answers and the latency percentiles. Responses are framed by Content-Length (the API always sends it).
 */
async function hammer(port: number, url: string, connections: number, seconds: number) {
  const request = Buffer.from(
    `GET ${url} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: application/json\r\n\r\n`,
  );
  let ok = 0;
  let failed = 0;
  const latencies: number[] = [];
  let stop = false;
  const sockets: Socket[] = [];
  const one = () =>
    new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.setNoDelay(true);
      sockets.push(socket);
      let buffered: Buffer = Buffer.alloc(0);
      let sentAt = 0;
      const next = () => {
        if (stop) {
          socket.end();
          resolve();
          return;
        }
        sentAt = performance.now();
        socket.write(request);
      };
      socket.on('connect', next);
      socket.on('data', (chunk: Buffer) => {
        buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
        for (;;) {
          const headerEnd = buffered.indexOf('\r\n\r\n');
          if (headerEnd === -1) return;
          const head = buffered.subarray(0, headerEnd).toString('latin1');
          const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
          if (buffered.length < headerEnd + 4 + length) return;
          buffered = buffered.subarray(headerEnd + 4 + length);
          if (head.startsWith('HTTP/1.1 200')) ok++;
          else failed++;
          latencies.push(performance.now() - sentAt);
          next();
        }
      });
      socket.on('error', () => {
        failed++;
        resolve();
      });
      socket.on('close', () => resolve());
    });
  const started = performance.now();
  const done = Promise.all(Array.from({ length: connections }, one));
  await sleep(seconds * 1000);
  stop = true;
  const elapsed = (performance.now() - started) / 1000;
  const counted = ok;
  await Promise.race([done, sleep(5000)]);
  for (const socket of sockets) socket.destroy();
  return {
    rps: counted / elapsed,
    ok: counted,
    failed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

// ── The run ─────────────────────────────────────────────────────────────────────────────────────────────────────

async function waitFor(file: string, pattern: RegExp, server: ChildProcess, ms = 60_000): Promise<string> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const text = readFileSync(file, 'utf8');
    if (pattern.test(text)) return text;
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}): ${text}`);
    await sleep(100);
  }
  throw new Error(`the server did not print ${pattern} within ${ms} ms`);
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-cluster-'));
  const databaseUrl = `sqlite:${path.join(dir, 'cv-builder.sqlite')}`;
  const port = await freePort();
  const logFile = path.join(dir, 'server.log');
  const out = openSync(logFile, 'a');
  // npm start's command: `tsx <V8 flags> server/src/main.ts` (the launcher is npm's tsx, run by this Node).
  const server = spawn(
    process.execPath,
    [path.join('node_modules', 'tsx', 'dist', 'cli.mjs'), ...SERVER_NODE_FLAGS, 'server/src/main.ts'],
    {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        WEB_CONCURRENCY: String(WORKERS),
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: databaseUrl,
        MAIL_OUTBOX_DIR: path.join(dir, 'outbox'),
        LOG_LEVEL,
      },
      // The log goes to a file, as to a log collector: reading it here would cost this process CPU under load.
      stdio: ['ignore', out, out],
    },
  );
  const launcher = server.pid!;
  const pss: number[] = [];
  const peaks: Record<Role, number> = { launcher: 0, primary: 0, workers: 0, chromium: 0, compiler: 0 };
  const sample = () => {
    const sums = pssByRole(launcher);
    for (const role of Object.keys(peaks) as Role[]) peaks[role] = Math.max(peaks[role], sums[role]);
    pss.push(total(sums));
    return sums;
  };
  try {
    const startedAt = performance.now();
    const printed = await waitFor(logFile, /mail:/, server);
    record(
      `Start-up to listening (${WORKERS} workers)`,
      `${((performance.now() - startedAt) / 1000).toFixed(1)} s`,
      '',
      undefined,
    );
    record(
      'Start-up lines printed',
      `${printed.match(/CV Builder listening on/g)?.length ?? 0}×`,
      '1×',
      printed.match(/CV Builder listening on/g)?.length === 1,
    );
    await sleep(2000); // the renderer's warm-up (NODE_ENV=production)
    const idle = sample();
    const describe = (sums: Record<Role, number>) => `${total(sums).toFixed(0)} MB (${byRole(sums)})`;
    record('PSS at rest', describe(idle), '', undefined);
    const sampler = setInterval(sample, 1000);

    // ── GET /v1/CvTemplate/ ──
    await hammer(port, '/v1/CvTemplate/', CONNECTIONS, 2); // warm-up: JIT, connections, caches
    const serverCpuBefore = treeCpuMs(launcher);
    const clientCpuBefore = process.cpuUsage();
    const list = await hammer(port, '/v1/CvTemplate/', CONNECTIONS, SECONDS);
    const clientCpu = process.cpuUsage(clientCpuBefore);
    const serverUs = ((treeCpuMs(launcher) - serverCpuBefore) * 1000) / list.ok;
    const clientUs = (clientCpu.user + clientCpu.system) / list.ok;
    record(
      `GET /v1/CvTemplate/ (${CONNECTIONS} connections, ${SECONDS} s, LOG_LEVEL=${LOG_LEVEL})`,
      `${Math.round(list.rps).toLocaleString('en')} req/s (p50 ${list.p50.toFixed(1)} ms, p99 ${list.p99.toFixed(1)} ms)`,
      `≥ ${GOAL_RPS.toLocaleString('en')} req/s`,
      list.rps >= GOAL_RPS,
    );
    record('GET /v1/CvTemplate/ failures', String(list.failed), '0', list.failed === 0);
    // What the machine's load hides: CPU per answer, and the rate two idle cores would give at that cost.
    record(
      'GET /v1/CvTemplate/ CPU per request: server / load client',
      `${serverUs.toFixed(0)} µs / ${clientUs.toFixed(0)} µs ⇒ 2 idle cores ≈ ${Math.round(2e6 / serverUs).toLocaleString('en')} req/s (server alone), ${Math.round(2e6 / (serverUs + clientUs)).toLocaleString('en')} with this client beside it`,
      '',
      undefined,
    );
    const servedBy = new Set(
      readFileSync(logFile, 'utf8')
        .split('\n')
        .filter((line) => line.includes('"path":"/v1/CvTemplate/"'))
        .map((line) => /"pid":(\d+)/.exec(line)?.[1]),
    );
    if (LOG_LEVEL === 'info')
      record('Workers that answered', String(servedBy.size), String(WORKERS), servedBy.size === WORKERS);

    // ── 1,000 PDFs at 8 concurrent (BENCH_PDFS=0 skips them) ──
    if (LOAD_PDFS > 0) {
      const handle = createDatabase(databaseUrl);
      try {
        await createUser(
          handle.db,
          {
            fullName: 'Bench',
            email: 'bench@example.com',
            phoneNumber: '',
            passwordHash: await hashPassword('Passw0rd!'),
            confirmed: true,
          },
          now(),
        );
      } finally {
        await handle.destroy();
      }
      const csrf = /csrftoken=([^;]+)/.exec(
        (await send(port, 'GET', '/auth/csrf/')).setCookie.join('\n'),
      )![1]!;
      const login = await send(
        port,
        'POST',
        '/auth/login/',
        { cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf },
        { email: 'bench@example.com', password: 'Passw0rd!' },
      );
      if (login.status !== 200) throw new Error(`sign-in answered ${login.status}: ${login.body.toString()}`);
      const sessionCookie = login.setCookie.find((line) => !line.startsWith('csrftoken='))!.split(';')[0];
      const headers = { cookie: `${sessionCookie}; csrftoken=${csrf}`, 'x-csrftoken': csrf };
      const template = getTemplateRegistry().bySlug('executive-classic')!;
      const body = (token: string) => ({
        template_id: template.definition.id,
        cv_data: variant(template.sample, token),
      });
      for (let i = 0; i < 8; i++) await send(port, 'POST', '/v1/preview-pdf/', headers, body(`warm${i}`));

      let failures = 0;
      let next = 0;
      const latencies: number[] = [];
      const pdfCpuBefore = treeCpuMs(launcher);
      const start = performance.now();
      const client = async () => {
        while (next < LOAD_PDFS) {
          const i = next++;
          const sent = performance.now();
          try {
            const answer = await send(port, 'POST', '/v1/preview-pdf/', headers, body(`load${i}`));
            if (answer.status !== 200 || answer.body.subarray(0, 5).toString() !== '%PDF-') failures++;
          } catch {
            failures++;
          }
          latencies.push(performance.now() - sent);
        }
      };
      await Promise.all(Array.from({ length: LOAD_CONCURRENCY }, client));
      const seconds = (performance.now() - start) / 1000;
      const rate = LOAD_PDFS / seconds;
      record(
        `${LOAD_PDFS} PDFs (POST /v1/preview-pdf/) at ${LOAD_CONCURRENCY} concurrent, failures`,
        String(failures),
        '0',
        failures === 0,
      );
      record(
        `${LOAD_PDFS} PDFs: throughput`,
        `${rate.toFixed(1)} PDFs/s (${seconds.toFixed(1)} s; p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms)`,
        `≥ ${GOAL_PDFS_PER_S} PDFs/s`,
        rate >= GOAL_PDFS_PER_S,
      );
      const cpuPerPdf = (treeCpuMs(launcher) - pdfCpuBefore) / LOAD_PDFS;
      record(
        `${LOAD_PDFS} PDFs: CPU per PDF, every process`,
        `${cpuPerPdf.toFixed(1)} ms ⇒ 2 idle cores ≈ ${(2000 / cpuPerPdf).toFixed(1)} PDFs/s`,
        '',
        undefined,
      );
    }
    clearInterval(sampler);
    const after = sample();
    const peak = Math.max(...pss);
    record('PSS after the load', describe(after), '', undefined);
    record(
      "PSS peak, all the product's processes",
      `${peak.toFixed(0)} MB (peaks: ${byRole(peaks)})`,
      `≤ ${GOAL_PSS_MB} MB`,
      peak <= GOAL_PSS_MB,
    );
    const chromiumBrowsers = tree(launcher).filter(
      (p) => /chrom/i.test(p.args.split(' ')[0] ?? '') && !p.args.includes('--type='),
    );
    record('Chromium browsers', String(chromiumBrowsers.length), '1', chromiumBrowsers.length === 1);

    // ── Shutdown ──
    const everything = tree(launcher);
    const signalled = performance.now();
    server.kill('SIGTERM');
    await new Promise((resolve) =>
      server.exitCode !== null ? resolve(undefined) : server.once('exit', resolve),
    );
    const stopped = (performance.now() - signalled) / 1000;
    const alive = (pid: number) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
      } catch {
        return false;
      }
    };
    for (let i = 0; i < 20 && everything.some((p) => alive(p.pid)); i++) await sleep(100);
    const leftOver = everything.filter((p) => alive(p.pid));
    if (leftOver.length) console.error('left running:', leftOver);
    const left = leftOver.length;
    record(
      'SIGTERM to exit',
      `${stopped.toFixed(1)} s, exit code ${server.exitCode}, ${left} processes left`,
      '≤ 10 s, 0, none',
      stopped <= 10 && server.exitCode === 0 && left === 0,
    );
  } finally {
    if (server.exitCode === null) server.kill('SIGKILL');
    closeSync(out);
    rmSync(dir, { recursive: true, force: true });
  }

  const widths = [0, 1, 2, 3].map((c) =>
    Math.max(...[['what', 'measured', 'goal', ''], ...rows].map((r) => r[c]!.length)),
  );
  const line = (r: string[]) =>
    r
      .map((cell, c) => cell.padEnd(widths[c]!))
      .join('  ')
      .trimEnd();
  console.log(
    `\nEvery core (WEB_CONCURRENCY=${WORKERS}) — ${new Date().toISOString()} — load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
  );
  console.log(line(['what', 'measured', 'goal', '']));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

main().catch((error: Error) => {
  console.error(error);
  process.exitCode = 1;
});
