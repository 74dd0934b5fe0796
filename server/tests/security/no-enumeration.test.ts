import { performance } from 'node:perf_hooks';
import type { LightMyRequestResponse } from 'fastify';
import { createAccount, mailsTo, PASSWORD, registration, resetAccounts } from '../auth/support.js';
import { client, createTestApp, testDatabases, type TestApp, type TestClient } from '../helpers/app.js';

/*
 * Sign-up and the email change answer an address that has an account exactly as a free one: the same status, the
 * same body (but for the address itself, which the caller typed), and the same time — compared as medians of
 * interleaved tries, with a generous tolerance (the machine is shared). The owner of the taken address is mailed.
 */

const TAKEN = 'owner@example.com';
const TRIES = 15;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Within a factor of 2 of each other, or 20 ms apart at most. Generous, as the machine is shared; what it catches
 * is a branch that skips the password hashing (argon2 is most of either answer's time: skipping it is many times
 * faster).
 */
function expectAlike(a: number, b: number): void {
  const [low, high] = a < b ? [a, b] : [b, a];
  expect(high - low < 20 || high / low < 2, `medians ${a.toFixed(1)} ms and ${b.toFixed(1)} ms`).toBe(true);
}

/** The answer with the address the caller typed put back as a placeholder. */
const shape = (response: LightMyRequestResponse, address: string) =>
  `${response.statusCode} ${response.body.split(address).join('<address>')}`;

describe.each(testDatabases())('a taken address answers as a free one ($name)', (database) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ rateLimitScale: 1000 }, database, { seed: false });
  });

  beforeEach(async () => {
    await resetAccounts(testApp);
    await createAccount(testApp.app, { email: TAKEN, fullName: 'Olive Owner' });
  });

  afterAll(async () => {
    await testApp?.close();
  });

  /** Times `TRIES` interleaved calls for a taken and for a free address, each going first in turn. */
  async function compare(call: (taken: boolean, i: number) => Promise<{ response: LightMyRequestResponse; address: string }>) {
    const timings = { taken: [] as number[], free: [] as number[] };
    const answers = { taken: new Set<string>(), free: new Set<string>() };
    // A warm-up of each, not timed.
    await call(true, -1);
    await call(false, -1);
    for (let i = 0; i < TRIES; i++) {
      for (const taken of i % 2 ? [true, false] : [false, true]) {
        const started = performance.now();
        const { response, address } = await call(taken, i);
        const took = performance.now() - started;
        timings[taken ? 'taken' : 'free'].push(took);
        answers[taken ? 'taken' : 'free'].add(shape(response, address));
        // The mail goes out after the answer; it is not part of what the caller can time.
        await testApp.app.mailQueue.drain();
      }
    }
    return { timings, answers };
  }

  it('POST /auth/register/: the same status, body and time; the owner is told', { retry: 2 }, async () => {
    const c = await client(testApp.app);
    const { timings, answers } = await compare(async (taken, i) => {
      const address = taken ? TAKEN : `new${i + 1}-${Math.random().toString(36).slice(2)}@example.com`;
      return { response: await c.post('/auth/register/', registration({ email: address })), address };
    });
    expect([...answers.taken]).toEqual([...answers.free]);
    expect([...answers.taken]).toEqual(['201 {"detail":"Check your email to finish signing up."}']);
    const taken = median(timings.taken);
    const free = median(timings.free);
    console.info(`register (${database.name}): median ${taken.toFixed(2)} ms taken, ${free.toFixed(2)} ms free`);
    expectAlike(taken, free);
    const toOwner = await mailsTo(testApp, TAKEN);
    expect(toOwner).toHaveLength(TRIES + 1);
    expect(new Set(toOwner.map((mail) => mail.subject))).toEqual(
      new Set(['Someone tried to sign up to CV Builder with your address']),
    );
  });

  it('PUT /auth/profile/update/: the same status, body and time; the owner is told', { retry: 2 }, async () => {
    const asker = await createAccount(testApp.app, { email: 'asker@example.com', fullName: 'Asa Asker' });
    const c: TestClient = await client(testApp.app);
    await c.signInAs(asker.id);
    const { timings, answers } = await compare(async (taken, i) => {
      const address = taken ? TAKEN : `free${i + 1}@example.com`;
      const response = await c.put('/auth/profile/update/', {
        full_name: 'Asa Asker',
        email: address,
        phone_number: '+12025550123',
        current_password: PASSWORD,
      });
      return { response, address };
    });
    expect([...answers.taken]).toEqual([...answers.free]);
    expect([...answers.taken][0]).toMatch(/^200 .*"pending_email":"<address>".*We sent a confirmation link to <address>\./);
    const taken = median(timings.taken);
    const free = median(timings.free);
    console.info(`email change (${database.name}): median ${taken.toFixed(2)} ms taken, ${free.toFixed(2)} ms free`);
    expectAlike(taken, free);
    const toOwner = await mailsTo(testApp, TAKEN);
    expect(toOwner).toHaveLength(TRIES + 1);
    expect(toOwner[0]!.subject).toBe('Someone tried to use your address for another CV Builder account');
  });

  it('PUT /auth/profile/update/ with a wrong password: refused alike, before the address is looked at', async () => {
    const asker = await createAccount(testApp.app, { email: 'asker@example.com' });
    const c = await client(testApp.app);
    await c.signInAs(asker.id);
    const answers = new Set<string>();
    for (const address of [TAKEN, 'free@example.com']) {
      const response = await c.put('/auth/profile/update/', {
        full_name: 'Asa Asker',
        email: address,
        phone_number: '+12025550123',
        current_password: 'Wr0ng-password',
      });
      answers.add(shape(response, address));
    }
    expect([...answers]).toEqual([
      '400 {"detail":"Your current password is incorrect.","field":"current_password"}',
    ]);
    expect(await mailsTo(testApp, '@')).toEqual([]);
  });
});
