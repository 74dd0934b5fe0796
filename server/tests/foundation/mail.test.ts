import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { createMailer } from '../../src/mail/mailer.js';
import { parseEml, readOutbox } from '../helpers/outbox.js';

const FROM = 'CV Builder <no-reply@localhost>';
const letter = {
  to: 'Jöhn Smith <john@example.com>',
  subject: 'Your CV — “Software Engineer 2024”',
  text: 'Hello Jöhn,\nplease open https://localhost:8000/confirm-email?uid=1&token=abc-def_0123456789abcdef0123456789\n',
  html: '<p>Hello Jöhn</p>',
  attachments: [
    {
      filename: 'Software Engineer 2024.pdf',
      content: Buffer.from('%PDF-1.4 fake'),
      contentType: 'application/pdf',
    },
  ],
};

describe('mailer writing to the outbox', () => {
  let dir: string;
  beforeEach(async () => {
    dir = join(await mkdtemp(join(tmpdir(), 'cvb-mail-')), 'outbox');
  });
  afterEach(() => rm(join(dir, '..'), { recursive: true, force: true }));

  it('writes one .eml per message, readable back with everything in it', async () => {
    const mailer = createMailer({ smtpUrl: null, mailOutboxDir: dir, mailFrom: FROM });
    await mailer.send(letter);
    await mailer.send({ to: 'ada@example.com', subject: 'Second', text: 'Plain.' });
    await mailer.close();

    const files = await readdir(dir);
    expect(files.filter((name) => name.endsWith('.eml'))).toHaveLength(2);
    expect(files.every((name) => /^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]{8}\.eml$/.test(name))).toBe(true);

    const [first, second] = await readOutbox(dir);
    expect(first!.from).toBe(FROM);
    expect(first!.to).toBe('Jöhn Smith <john@example.com>');
    expect(first!.subject).toBe(letter.subject);
    expect(first!.text).toBe(letter.text);
    expect(first!.html).toBe(letter.html);
    expect(first!.attachments).toEqual([
      {
        filename: 'Software Engineer 2024.pdf',
        contentType: 'application/pdf',
        content: Buffer.from('%PDF-1.4 fake'),
      },
    ]);
    expect(second!.subject).toBe('Second');
    expect(second!.text).toBe('Plain.');
  });

  it('reads an empty list from a missing outbox', async () => {
    expect(await readOutbox(join(dir, 'nothing'))).toEqual([]);
  });
});

describe('mailer over SMTP', () => {
  let server: SMTPServer;
  let port: number;
  const received: Array<{ from: string; to: string[]; raw: Buffer }> = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('holds a real SMTP conversation', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailOutboxDir: '/nonexistent',
      mailFrom: FROM,
    });
    await mailer.send(letter);
    await mailer.close();

    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe('no-reply@localhost');
    expect(received[0]!.to).toEqual(['john@example.com']);
    const message = parseEml(received[0]!.raw);
    expect(message.subject).toBe(letter.subject);
    expect(message.text.replace(/\r\n/g, '\n')).toBe(letter.text);
    expect(message.attachments.map((attachment) => attachment.filename)).toEqual([
      'Software Engineer 2024.pdf',
    ]);
  });

  it('rejects when the SMTP server cannot be reached', async () => {
    const mailer = createMailer({
      smtpUrl: 'smtp://127.0.0.1:1',
      mailOutboxDir: '/nonexistent',
      mailFrom: FROM,
    });
    await expect(mailer.send(letter)).rejects.toThrow();
    await mailer.close();
  });
});
