import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { now } from '../../src/auth/clock.js';
import { hashPassword } from '../../src/auth/passwords.js';
import { createUser, type User } from '../../src/users/repository.js';
import type { TestApp } from '../helpers/app.js';
import { findLink, readOutbox, type OutboxMessage } from '../helpers/outbox.js';

export const PASSWORD = 'Passw0rd!';

export interface AccountOptions {
  email?: string;
  password?: string | null;
  fullName?: string;
  phoneNumber?: string;
  confirmed?: boolean;
  isStaff?: boolean;
  isSuperuser?: boolean;
}

/** A user row made directly in the database (no mail, no rate limit). */
export async function createAccount(app: FastifyInstance, options: AccountOptions = {}): Promise<User> {
  const password = options.password === undefined ? PASSWORD : options.password;
  return createUser(
    app.db,
    {
      fullName: options.fullName ?? 'Alice Example',
      email: options.email ?? 'alice@example.com',
      phoneNumber: options.phoneNumber ?? '+12025550123',
      passwordHash: password === null ? null : await hashPassword(password),
      confirmed: options.confirmed ?? true,
      isStaff: options.isStaff ?? false,
      isSuperuser: options.isSuperuser ?? false,
    },
    now(),
  );
}

export function registration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    full_name: 'Jane Doe',
    email: 'jane@example.com',
    phone_number: '+12025550123',
    password1: PASSWORD,
    password2: PASSWORD,
    ...overrides,
  };
}

/** Mails sent to an address, oldest first, once the app's mail queue has sent what is due. */
export async function mailsTo(testApp: TestApp, email: string): Promise<OutboxMessage[]> {
  await testApp.app.mailQueue.drain();
  return (await readOutbox(testApp.outboxDir)).filter((message) =>
    message.to.toLowerCase().includes(email.toLowerCase()),
  );
}

/** The `uid` and `token` of the link with this path in a mail's text, and the link itself. */
export function linkIn(message: OutboxMessage, path: string): { link: URL; uid: string; token: string } {
  const found = findLink(message.text, path);
  if (!found) throw new Error(`No ${path} link in "${message.subject}":\n${message.text}`);
  const link = new URL(found);
  return { link, uid: link.searchParams.get('uid') ?? '', token: link.searchParams.get('token') ?? '' };
}

export function detail(response: { json(): unknown }): string | undefined {
  return (response.json() as { detail?: string }).detail;
}

/** A Date `ms` after the real now: move the accounts clock with setClock(() => later(…)). */
export function later(ms: number, from = new Date()): Date {
  return new Date(from.getTime() + ms);
}

/**
 * Empties what the account tests write (users, sessions, rate-limit counters, the outbox), so one app
 * per database serves a whole file: building an app (migrations, a PG schema) costs more than a test.
 */
export async function resetAccounts(testApp: TestApp): Promise<void> {
  const { db } = testApp.app;
  // Nothing of the previous test may land in the next one's outbox.
  await testApp.app.mailQueue.drain();
  await db.deleteFrom('mail_queue').execute();
  await db.deleteFrom('sessions').execute();
  await db.deleteFrom('rate_limit_attempts').execute();
  await db.deleteFrom('email_changes').execute();
  await db.deleteFrom('security_events').execute();
  await db.deleteFrom('users').execute();
  for (const name of await readdir(testApp.outboxDir)) {
    await rm(join(testApp.outboxDir, name), { force: true, recursive: true });
  }
}
