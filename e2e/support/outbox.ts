import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

// Reads the messages the server wrote as .eml files (MAIL_OUTBOX_DIR of playwright.config.ts): the e2e
// journeys follow the links in them as a person would follow the links in their mailbox.

export function outboxDir(): string {
  const tmp = process.env.E2E_TMP;
  if (!tmp) throw new Error('E2E_TMP is not set: run the journeys with `npx playwright test`');
  return join(tmp, 'outbox');
}

export interface OutboxMessage {
  file: string;
  to: string;
  subject: string;
  /** The plain-text body, transfer encoding undone. */
  text: string;
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace (RFC 5322 §2.2.3).
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The text/plain part of a message (the first one, however deeply the multiparts nest). */
function plainText(headers: Map<string, string>, body: string): string | undefined {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      const parsed = splitHeaders(part.replace(/^\n/, ''));
      const text = plainText(parsed.headers, parsed.body);
      if (text !== undefined) return text;
    }
    return undefined;
  }
  return type.toLowerCase().startsWith('text/plain') ? decodeBody(headers, body) : undefined;
}

export function readMessage(file: string): OutboxMessage {
  const { headers, body } = splitHeaders(readFileSync(join(outboxDir(), file), 'utf8'));
  return {
    file,
    to: headers.get('to') ?? '',
    subject: decodeEncodedWords(headers.get('subject') ?? ''),
    text: plainText(headers, body) ?? '',
  };
}

export function messagesTo(address: string): OutboxMessage[] {
  return readdirSync(outboxDir())
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .map(readMessage)
    .filter((message) => message.to.toLowerCase().includes(address.toLowerCase()));
}

/**
 * A header as a person reads it: RFC 2047 encoded words (`=?UTF-8?Q?Best=C3=A4tigen?=`, or `?B?` base64), which a
 * subject in another language than English is sent as, decoded; the space between two encoded words goes.
 */
export function decodeEncodedWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, charset: string, encoding: string, text: string) => {
      const bytes =
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : Buffer.from(
              text
                .replace(/_/g, ' ')
                .replace(/=([0-9A-Fa-f]{2})/g, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
              'latin1',
            );
      return new TextDecoder(charset).decode(bytes);
    });
}

/** Waits for message number `count` (1-based) to `address` whose subject matches, and returns it. */
export async function waitForMessage(address: string, subject: RegExp, count = 1): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      () => {
        const matching = messagesTo(address).filter((message) => subject.test(message.subject));
        found = matching[count - 1];
        return matching.length;
      },
      { message: `message ${count} to ${address} with subject ${subject}`, timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return found!;
}

/** The first link in the message that opens `pathname` (e.g. '/confirm-email'). */
export function linkIn(message: OutboxMessage, pathname: string): URL {
  for (const match of message.text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const url = new URL(match[0]);
    if (url.pathname === pathname) return url;
  }
  throw new Error(`no ${pathname} link in "${message.subject}" to ${message.to}:\n${message.text}`);
}

/** Waits for a message to `address` holding a link to `pathname` (the newest such link), as a person opens their inbox. */
export async function waitForLink(address: string, pathname: string): Promise<URL> {
  let found: URL | undefined;
  await expect
    .poll(
      () => {
        found = undefined;
        for (const message of messagesTo(address)) {
          try {
            found = linkIn(message, pathname);
          } catch {
            // Not this message.
          }
        }
        return found !== undefined;
      },
      { message: `a ${pathname} link in a message to ${address}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}
