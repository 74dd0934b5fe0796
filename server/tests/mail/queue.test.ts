import { rm } from 'node:fs/promises';
import { setClock } from '../../src/auth/clock.js';
import type { Mailer, MailMessage } from '../../src/mail/mailer.js';
import { RETRY_BASE_MS, RETRY_FOR_MS, retryDelayMs } from '../../src/mail/queue.js';
import { createAccount, later, linkIn, registration } from '../auth/support.js';
import { client, createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import type { OutboxMessage } from '../helpers/outbox.js';

/** A mailer that keeps what it sends, and fails like an unreachable mail server while `down`. */
function memoryMailer() {
  const sent: MailMessage[] = [];
  const mailer: Mailer & { down: boolean; sent: MailMessage[] } = {
    down: false,
    sent,
    async send(message) {
      if (mailer.down) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      sent.push(message);
    },
    async close() {},
  };
  return mailer;
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const asOutbox = (message: MailMessage): OutboxMessage => ({
  file: '',
  from: '',
  to: String(message.to),
  subject: message.subject,
  text: message.text,
  attachments: [],
  headers: {},
});

describe.each(testDatabases())('mail queue ($name)', (database) => {
  let testApp: TestApp;
  let mailer: ReturnType<typeof memoryMailer>;

  beforeAll(async () => {
    mailer = memoryMailer();
    testApp = await createTestApp({}, database, { seed: false, mailer });
  });

  beforeEach(async () => {
    await testApp.app.mailQueue.drain();
    mailer.down = false;
    mailer.sent.length = 0;
    const { db } = testApp.app;
    await db.deleteFrom('mail_queue').execute();
    await db.deleteFrom('rate_limit_attempts').execute();
    await db.deleteFrom('users').execute();
  });

  afterEach(() => setClock(undefined));

  afterAll(async () => {
    await testApp?.close();
  });

  const rows = () => testApp.app.db.selectFrom('mail_queue').selectAll().orderBy('id').execute();

  it('sends the mail of an answer right after it, without being asked', async () => {
    const c = await client(testApp.app);
    expect((await c.post('/auth/register/', registration())).statusCode).toBe(201);
    await until(() => mailer.sent.length === 1, 2000);
    expect(mailer.sent[0]).toMatchObject({
      to: 'jane@example.com',
      subject: 'Confirm your email address for CV Builder',
    });
    // The row goes once the send is recorded, just after the mail leaves: a slow database answers after the mailer.
    await testApp.app.mailQueue.drain();
    expect(await rows()).toEqual([]);
  });

  it('answers a sign-up while the mail server is down, and retries with back-off until it is back', async () => {
    mailer.down = true;
    const start = new Date();
    setClock(() => start);
    const c = await client(testApp.app);
    expect((await c.post('/auth/register/', registration())).statusCode).toBe(201);
    await testApp.app.mailQueue.drain();
    expect(mailer.sent).toEqual([]);
    let [row] = await rows();
    expect(row).toMatchObject({ attempts: 1, last_error: 'connect ECONNREFUSED 127.0.0.1:25', claim: null });
    expect(row!.next_attempt_at).toBe(later(RETRY_BASE_MS, start).toISOString());

    // Not due yet: nothing is tried.
    setClock(() => later(RETRY_BASE_MS - 1000, start));
    await testApp.app.mailQueue.drain();
    expect((await rows())[0]!.attempts).toBe(1);

    const second = later(RETRY_BASE_MS, start);
    setClock(() => second);
    await testApp.app.mailQueue.drain();
    [row] = await rows();
    expect(row!.attempts).toBe(2);
    expect(row!.next_attempt_at).toBe(later(2 * RETRY_BASE_MS, second).toISOString());

    mailer.down = false;
    setClock(() => later(2 * RETRY_BASE_MS, second));
    await testApp.app.mailQueue.drain();
    expect(mailer.sent.map((message) => message.to)).toEqual(['jane@example.com']);
    expect(await rows()).toEqual([]);
    // The link was signed when the mail went out, and works.
    const { uid, token } = linkIn(asOutbox(mailer.sent[0]!), '/confirm-email');
    expect((await c.get('/auth/confirm-email/', { query: { uid, token } })).statusCode).toBe(200);
  });

  it('backs off exponentially, at most an hour apart', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
  });

  it('gives a message up after a day of failures', async () => {
    await createAccount(testApp.app, { email: 'jane@example.com' });
    mailer.down = true;
    const start = new Date();
    setClock(() => start);
    await (await client(testApp.app)).post('/auth/password-reset/', { email: 'jane@example.com' });
    await testApp.app.mailQueue.drain();
    expect(await rows()).toHaveLength(1);
    setClock(() => later(RETRY_FOR_MS + 1000, start));
    await testApp.app.mailQueue.drain();
    expect(await rows()).toEqual([]);
    expect(mailer.sent).toEqual([]);
  });

  it('drops a message whose reason is gone, and sends nothing for an unknown address', async () => {
    await createAccount(testApp.app, { email: 'alice@example.com' });
    const c = await client(testApp.app);
    // Alice is confirmed: no new confirmation link; nobody has no account: no reset link.
    await c.post('/auth/resend-confirmation/', { email: 'alice@example.com' });
    await c.post('/auth/password-reset/', { email: 'nobody@example.com' });
    await testApp.app.mailQueue.drain();
    expect(mailer.sent).toEqual([]);
    expect(await rows()).toEqual([]);
  });

  it('keeps a kind it has no handler for, for an instance that has one', async () => {
    await testApp.app.mailQueue.enqueue(testApp.app.db, 'from-a-newer-version', {});
    await testApp.app.mailQueue.drain();
    const [row] = await rows();
    expect(row).toMatchObject({ kind: 'from-a-newer-version', attempts: 1 });
    expect(row!.last_error).toMatch(/no handler/);
  });
});

describe.each(testDatabases())('mail queue across a restart ($name)', (database) => {
  it('sends, from a new server process on the same database, what was queued while the mail server was down', async () => {
    const downMailer = memoryMailer();
    downMailer.down = true;
    const first = await createTestApp({}, database, { seed: false, mailer: downMailer });
    let second: TestApp | undefined;
    try {
      const response = await (await client(first.app)).post('/auth/register/', registration());
      expect(response.statusCode).toBe(201);
      await first.app.mailQueue.drain();
      expect(downMailer.sent).toEqual([]);
      await first.app.close();

      setClock(() => later(RETRY_BASE_MS + 1000));
      const upMailer = memoryMailer();
      second = await createTestApp({}, first.databaseUrl, { seed: false, mailer: upMailer });
      // Start-up sends it: nobody asks.
      await second.app.ready();
      await until(() => upMailer.sent.length === 1);
      const { uid, token } = linkIn(asOutbox(upMailer.sent[0]!), '/confirm-email');
      const c = await client(second.app);
      expect((await c.get('/auth/confirm-email/', { query: { uid, token } })).statusCode).toBe(200);
    } finally {
      setClock(undefined);
      await second?.close();
      await rm(first.outboxDir, { recursive: true, force: true });
    }
  });
});

describe.each(testDatabases())('mail queue of two server processes on one $name database', (database) => {
  it('sends every message once', async () => {
    const mailers = [memoryMailer(), memoryMailer()];
    const first = await createTestApp({}, database, { seed: false, mailer: mailers[0] });
    const second = await createTestApp({}, first.databaseUrl, { seed: false, mailer: mailers[1] });
    try {
      for (const { app } of [first, second]) {
        app.mailQueue.handle('note', async (payload) => ({
          to: 'ops@example.com',
          subject: `note ${(payload as { n: number }).n}`,
          text: '.',
        }));
      }
      for (let n = 0; n < 40; n++) await first.app.mailQueue.enqueue(first.app.db, 'note', { n });
      await Promise.all([
        first.app.mailQueue.drain(),
        second.app.mailQueue.drain(),
        second.app.mailQueue.drain(),
        first.app.mailQueue.drain(),
      ]);
      const subjects = mailers.flatMap((mailer) => mailer.sent.map((message) => message.subject));
      expect(subjects).toHaveLength(40);
      expect(new Set(subjects).size).toBe(40);
    } finally {
      await second.app.close();
      await first.close();
    }
  });
});
