import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';

export interface MailAttachment {
  filename: string;
  content: Buffer | string;
  contentType?: string;
}

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an RFC 822 `.eml` file into
 * MAIL_OUTBOX_DIR (named `<timestamp>-<random>.eml`, so a directory listing is in sending order).
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailOutboxDir' | 'mailFrom'>): Mailer {
  return config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.mailFrom)
    : outboxMailer(config.mailOutboxDir, config.mailFrom);
}

// nodemailer waits up to 2 minutes for a connection and 10 for a silent socket. A person waiting for a CV
// mail should hear sooner, and a queued send must end well within its claim (mail/queue.ts, CLAIM_LEASE_MS).
// Settings in SMTP_URL's query string still win.
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    async close() {
      transport.close();
    },
  };
}

function outboxMailer(dir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${randomBytes(4).toString('hex')}.eml`;
      // Written aside then renamed: whoever watches the outbox never reads half a message.
      const partial = join(dir, `.${name}.partial`);
      await writeFile(partial, info.message as Buffer);
      await rename(partial, join(dir, name));
    },
    async close() {
      transport.close();
    },
  };
}
