import { socialSignInStatus } from './auth/social/start-up.js';
import type { Config } from './config.js';

/** Longest a SIGTERM waits for requests in flight before the process exits anyway. */
export const SHUTDOWN_GRACE_MS = 9_000;

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

/** What the server prints once it listens (once per server, however many workers serve). */
export function startUpLines(config: Config, workers?: string): string[] {
  return [
    `CV Builder listening on ${config.publicUrl} (Node.js ${process.versions.node})`,
    ...(workers ? [`  workers:  ${workers}`] : []),
    `  database: ${describeDatabase(config.databaseUrl)}`,
    `  mail:     ${describeMail(config)}`,
    ...socialSignInStatus(config),
  ];
}
