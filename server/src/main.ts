import { mkdirSync } from 'node:fs';
import { buildApp } from './app.js';
import { socialSignInStatus } from './auth/social/start-up.js';
import { ConfigError, loadConfig, type Config } from './config.js';

/** Longest a SIGTERM waits for requests in flight before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 9_000;

function describeDatabase(url: string): string {
  if (url.startsWith('sqlite:')) return url;
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

function describeMail(config: Config): string {
  if (!config.smtpUrl) return `outbox ${config.mailOutboxDir}`;
  const parsed = new URL(config.smtpUrl);
  return `SMTP ${parsed.host}`;
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
  if (!config.smtpUrl) mkdirSync(config.mailOutboxDir, { recursive: true });

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
  console.log(`CV Builder listening on ${config.publicUrl} (Node.js ${process.versions.node})`);
  console.log(`  database: ${describeDatabase(config.databaseUrl)}`);
  console.log(`  mail:     ${describeMail(config)}`);
  for (const line of socialSignInStatus(config)) console.log(line);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
