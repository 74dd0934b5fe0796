import { fork } from 'node:child_process';
import cluster, { type Worker } from 'node:cluster';
import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Config, LogLevel } from '../config.js';
import { PdfRenderer } from '../render/pdf.js';
import { startUpLines } from '../start-up.js';
import { PRIMARY_SHUTDOWN_DEADLINE_MS, SHUTDOWN_MESSAGE, WORKER_ENV } from './messages.js';
import { answerRendererRequest, isRendererRequest } from './renderer-ipc.js';

/*
 * WEB_CONCURRENCY > 1: the primary process. It has the database migrated and seeded once, owns the one Chromium (a PdfRenderer that
 * every worker prints through, cluster/renderer-ipc.ts), forks the HTTP workers — node:cluster shares the port and
 * hands each new connection to the next worker in turn — and replaces a worker that dies. It serves no HTTP itself.
 */

/** The one-off child that migrates and seeds (this folder's prepare-database.ts, run as the primary is: with tsx). */
const PREPARE_DATABASE = fileURLToPath(new URL('./prepare-database.ts', import.meta.url));

/** A worker that dies is replaced after 1 s, then 2, 4 … at most 30 s while they keep dying (a minute apart resets). */
const RESTART_BASE_MS = 1_000;
const RESTART_MAX_MS = 30_000;
const DEATHS_WINDOW_MS = 60_000;

export function restartDelayMs(recentDeaths: number): number {
  return Math.min(RESTART_MAX_MS, RESTART_BASE_MS * 2 ** Math.max(0, recentDeaths - 1));
}

const LEVELS: Record<Exclude<LogLevel, 'silent'>, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
};

type Log = (level: keyof typeof LEVELS, fields: Record<string, unknown>, msg: string) => void;

/** JSON lines on stdout as the workers' logger (pino) writes them, so one log reader reads both. */
function primaryLog(threshold: LogLevel): Log {
  const min = threshold === 'silent' ? Infinity : LEVELS[threshold];
  return (level, fields, msg) => {
    if (LEVELS[level] < min) return;
    process.stdout.write(
      `${JSON.stringify({ level: LEVELS[level], time: Date.now(), pid: process.pid, role: 'primary', ...fields, msg })}\n`,
    );
  };
}

function describeExit(code: number | null, signal: string | null): string {
  return signal ? `signal ${signal}` : `exit code ${code}`;
}

export async function runPrimary(config: Config): Promise<void> {
  const log = primaryLog(config.logLevel);
  if (!config.smtpUrl) mkdirSync(config.mailOutboxDir, { recursive: true });

  // Once, before any worker exists: no two processes ever migrate or seed at once. The secret key is made then too
  // (when SECRET_KEY is unset) and every worker reads the same one from the database. A child process does it, which
  // has printed why when it fails.
  const preparing = fork(PREPARE_DATABASE, [], { execArgv: process.execArgv, stdio: 'inherit' });
  const [code] = (await once(preparing, 'exit')) as [number | null];
  if (code !== 0) process.exit(1);

  const renderer = new PdfRenderer({
    // config.chromiumPath is null when none was found: every PDF then answers 503 with the reason.
    executablePath: config.chromiumPath ?? '',
    poolSize: config.pdfPoolSize,
    renderTimeoutMs: config.pdfTimeoutMs,
    maxMemoryMb: config.pdfMaxMemoryMb,
    processModel: config.pdfProcessModel,
  });
  if (config.nodeEnv === 'production' && renderer.available) {
    // A warm browser makes the first preview as fast as the rest; a failure here is only logged.
    renderer
      .warmUp()
      .catch((error: Error) => log('warn', { err: error.message }, 'PDF renderer warm-up failed'));
  }

  // Advanced serialization: a PDF crosses the channel as bytes (structured clone), not as JSON-encoded base64.
  cluster.setupPrimary({ serialization: 'advanced' });
  cluster.on('message', (worker: Worker, message: unknown) => {
    if (!isRendererRequest(message)) return;
    void answerRendererRequest(renderer, message).then((reply) => {
      // A worker that died meanwhile gets nothing; its request died with it.
      if (worker.isConnected()) worker.send(reply, undefined, () => undefined);
    });
  });

  const live = new Set<Worker>();
  const restarts = new Set<NodeJS.Timeout>();
  let deaths: number[] = [];
  let started = false;
  let closing = false;
  let finishing = false;
  let exitCode = 0;

  const forkWorker = () => live.add(cluster.fork({ [WORKER_ENV]: '1' }));

  const finish = () => {
    if (!closing || finishing || live.size > 0) return;
    finishing = true;
    renderer.close().then(
      () => process.exit(exitCode),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };

  const shutdown = (reason: string, code = 0) => {
    if (closing) return;
    closing = true;
    exitCode = code;
    log('info', {}, reason);
    for (const timer of restarts) clearTimeout(timer);
    restarts.clear();
    setTimeout(() => {
      console.error(
        `Shutdown took longer than ${PRIMARY_SHUTDOWN_DEADLINE_MS} ms: exiting with requests unfinished`,
      );
      for (const worker of live) worker.process.kill('SIGKILL');
      process.exit(1);
    }, PRIMARY_SHUTDOWN_DEADLINE_MS).unref();
    // Each worker stops accepting and finishes its requests in flight (still printing through the renderer, which
    // closes only once every worker has gone); the listening socket closes when the last worker lets go of it.
    for (const worker of live)
      if (worker.isConnected()) worker.send({ type: SHUTDOWN_MESSAGE }, undefined, () => undefined);
    finish();
  };
  process.on('SIGINT', () => shutdown('SIGINT received, shutting down'));
  process.on('SIGTERM', () => shutdown('SIGTERM received, shutting down'));

  cluster.on('exit', (worker: Worker, code: number | null, signal: string | null) => {
    live.delete(worker);
    const pid = worker.process.pid;
    if (closing) {
      if (code !== 0) exitCode = 1;
      finish();
      return;
    }
    if (!started) {
      // A worker that cannot start (the port is taken, the database refuses…) would fail again: the server stops.
      console.error(`HTTP worker ${pid} exited while starting (${describeExit(code, signal)}): stopping`);
      shutdown('a worker failed to start, shutting down', 1);
      return;
    }
    const at = Date.now();
    deaths = [...deaths.filter((t) => at - t < DEATHS_WINDOW_MS), at];
    const delay = restartDelayMs(deaths.length);
    log(
      'error',
      { worker: pid, code, signal, restartInMs: delay },
      `HTTP worker ${pid} exited unexpectedly (${describeExit(code, signal)}); starting another in ${delay} ms`,
    );
    const timer = setTimeout(() => {
      restarts.delete(timer);
      if (!closing) forkWorker();
    }, delay);
    restarts.add(timer);
  });

  const listening = new Set<number>();
  await new Promise<void>((resolve) => {
    cluster.on('listening', (worker: Worker) => {
      if (started) {
        log('info', { worker: worker.process.pid }, `HTTP worker ${worker.process.pid} listening`);
        return;
      }
      listening.add(worker.id);
      if (listening.size === config.webConcurrency) resolve();
    });
    for (let i = 0; i < config.webConcurrency; i++) forkWorker();
  });
  if (closing) return;
  started = true;
  const pids = [...live].map((worker) => worker.process.pid).join(', ');
  const workers = `${config.webConcurrency} HTTP workers (pids ${pids}); PDFs rendered by one Chromium in the primary (pid ${process.pid})`;
  for (const line of startUpLines(config, workers)) console.log(line);
}
