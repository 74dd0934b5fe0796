import { mkdirSync } from 'node:fs';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';

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
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
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
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
