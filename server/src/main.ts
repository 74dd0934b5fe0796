import cluster from 'node:cluster';
import { mkdirSync } from 'node:fs';
import { WORKER_ENV } from './cluster/messages.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { SHUTDOWN_GRACE_MS, startUpLines } from './start-up.js';

/** WEB_CONCURRENCY=1: one process serves every request and owns the PDF renderer (tests and e2e run this way). */
async function runSingle(config: Config): Promise<void> {
  if (!config.smtpUrl) mkdirSync(config.mailOutboxDir, { recursive: true });

  const { buildApp } = await import('./app.js');
  const app = await buildApp(config);
  let closing = false;
  // Stop accepting, let requests in flight finish, close Chromium and the database; a request that will not finish
  // does not keep the process past SHUTDOWN_GRACE_MS (an orchestrator's kill follows soon after anyway).
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    setTimeout(() => {
      console.error(`Shutdown took longer than ${SHUTDOWN_GRACE_MS} ms: exiting with requests unfinished`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  for (const line of startUpLines(config)) console.log(line);
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  // WEB_CONCURRENCY > 1 (server/src/cluster/): the primary migrates, owns the one Chromium and forks the HTTP
  // workers, which share the port and print through it. Each side loads only its own modules. A cluster worker that
  // is not ours (PM2's cluster mode) is a whole server of its own, as with WEB_CONCURRENCY=1.
  if (cluster.isWorker && process.env[WORKER_ENV] === '1') {
    const { runWorker } = await import('./cluster/worker.js');
    await runWorker(config);
  } else if (cluster.isPrimary && config.webConcurrency > 1) {
    const { runPrimary } = await import('./cluster/primary.js');
    await runPrimary(config);
  } else {
    await runSingle(config);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
