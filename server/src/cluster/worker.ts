import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { processChannel, proxyCallTimeoutMs, RendererProxy } from './renderer-ipc.js';
import { SHUTDOWN_MESSAGE, WORKER_SHUTDOWN_GRACE_MS } from './messages.js';

/**
 * A cluster worker (WEB_CONCURRENCY > 1): the whole app on the shared port, printing through the primary's one
 * renderer. The primary has migrated and seeded already; the secret key, sessions, rate limits and the mail queue's
 * claims are in the database, so any worker serves any request. It prints nothing at start (the primary does, once)
 * and shuts down as the single process does — stop accepting, finish what is in flight, close — when the primary says
 * so or a signal reaches it directly (Ctrl+C reaches the whole process group; systemd signals every process).
 */
export async function runWorker(config: Config): Promise<void> {
  const renderer = new RendererProxy({
    channel: processChannel(),
    executablePath: config.chromiumPath ?? '',
    poolSize: config.pdfPoolSize,
    callTimeoutMs: proxyCallTimeoutMs(config.pdfTimeoutMs),
  });
  const app = await buildApp(config, { migrate: false, seed: false, renderer });

  let closing = false;
  let listening = false;
  const shutdown = (reason: string) => {
    if (closing) return;
    closing = true;
    // Told to stop before it serves (another worker could not start): nothing is in flight.
    if (!listening) process.exit(0);
    app.log.info(`${reason}: worker shutting down`);
    setTimeout(() => {
      console.error(
        `Worker ${process.pid}: shutdown took longer than ${WORKER_SHUTDOWN_GRACE_MS} ms: exiting with requests unfinished`,
      );
      process.exit(1);
    }, WORKER_SHUTDOWN_GRACE_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT received'));
  process.on('SIGTERM', () => shutdown('SIGTERM received'));
  process.on('message', (message: unknown) => {
    if ((message as { type?: unknown } | null)?.type === SHUTDOWN_MESSAGE)
      shutdown('the primary is shutting down');
  });

  await app.listen({ port: config.port, host: config.host });
  listening = true;
}
