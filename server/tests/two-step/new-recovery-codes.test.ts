import { ACCOUNT_CHANGE_MESSAGES } from '../../../rules/account-changes.js';
import { TWO_STEP_MESSAGES } from '../../../rules/two-step.js';
import { PASSWORD, createAccount, detail } from '../auth/support.js';
import { client, testDatabases, type TestClient } from '../helpers/app.js';
import { currentCode, twoStepWorld } from './support.js';

// New recovery codes while two-step sign-in stays on: the password and a code from the app, ten new codes in place
// of every old one (docs/decisions/0036-new-recovery-codes.md).

const URL = '/auth/2fa/recovery-codes/';

describe.each(testDatabases())('new recovery codes on $name', (database) => {
  const world = twoStepWorld(database);
  const { signedIn } = world;

  /** Turns two-step on through the API with the code of this step: the secret and the first recovery codes. */
  async function turnOn(browser: TestClient): Promise<{ secret: string; recoveryCodes: string[] }> {
    const { secret } = (await browser.post('/auth/2fa/totp/setup/', {})).json<{ secret: string }>();
    const enabled = await browser.post('/auth/2fa/totp/enable/', { code: currentCode(secret) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    return { secret, recoveryCodes: enabled.json<{ recovery_codes: string[] }>().recovery_codes };
  }

  function wrongCode(secret: string): string {
    const taken = new Set([-1, 0, 1].map((offset) => currentCode(secret, offset)));
    return ['000000', '111111', '222222', '333333'].find((code) => !taken.has(code))!;
  }

  async function secondStep(code: string): Promise<number> {
    const browser = await client(world.testApp.app);
    await browser.post('/auth/login/', { email: 'alice@example.com', password: PASSWORD });
    return (await browser.post('/auth/login/2fa/', { code })).statusCode;
  }

  it('answers ten new codes, stored hashed; the old ones no longer sign in, the new ones do, once', async () => {
    const alice = await createAccount(world.testApp.app);
    const browser = await signedIn();
    const { secret, recoveryCodes: old } = await turnOn(browser);
    const renewed = await browser.post(URL, { password: PASSWORD, code: currentCode(secret, 1) });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const codes = renewed.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(detail(renewed)).toBe(TWO_STEP_MESSAGES.recoveryCodesReplaced);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      expect(old).not.toContain(code);
    }
    const stored = await world.testApp.app.db
      .selectFrom('two_step_recovery_codes')
      .selectAll()
      .where('user_id', '=', alice.id)
      .execute();
    expect(stored).toHaveLength(10);
    expect(stored.every((row) => row.used_at === null)).toBe(true);
    const dump = JSON.stringify(stored);
    for (const code of codes) expect(dump).not.toContain(code.replace('-', ''));
    // Two-step sign-in stays on, with the same app.
    expect((await browser.get('/auth/profile/')).json()).toMatchObject({ two_factor_enabled: true });
    expect(await secondStep(old[0]!)).toBe(400);
    expect(await secondStep(codes[0]!)).toBe(200);
    expect(await secondStep(codes[0]!)).toBe(400);
    // One line in the owner's security activity.
    const kinds = (await browser.get('/auth/security-activity/'))
      .json<Array<{ kind: string }>>()
      .map((e) => e.kind);
    expect(kinds.filter((kind) => kind === 'recovery_codes_replaced')).toHaveLength(1);
  });

  it('refuses bad input with 400 in words, and changes nothing', async () => {
    await createAccount(world.testApp.app);
    const browser = await signedIn();
    const { secret, recoveryCodes } = await turnOn(browser);
    const code = currentCode(secret, 1);
    expect((await browser.post(URL, {})).statusCode).toBe(400);
    expect((await browser.post(URL, { password: PASSWORD })).statusCode).toBe(400);
    expect((await browser.post(URL, { password: PASSWORD, code: 123456 })).statusCode).toBe(400);
    expect((await browser.post(URL, { password: 42, code })).statusCode).toBe(400);
    expect((await browser.post(URL, { password: 'x'.repeat(10_000), code })).statusCode).toBe(400);
    expect((await browser.post(URL, { code })).json()).toEqual({
      detail: TWO_STEP_MESSAGES.passwordRequired,
      field: 'password',
    });
    expect((await browser.post(URL, { password: PASSWORD, code: ' ' })).json()).toEqual({
      detail: TWO_STEP_MESSAGES.codeRequired,
      field: 'code',
    });
    expect(detail(await browser.post(URL, { password: PASSWORD, code: 'abc' }))).toBe(
      TWO_STEP_MESSAGES.codeMalformed,
    );
    // A recovery code is no way to make new ones, and is not spent by trying.
    expect((await browser.post(URL, { password: PASSWORD, code: recoveryCodes[0]! })).json()).toEqual({
      detail: TWO_STEP_MESSAGES.appCodeOnly,
      field: 'code',
    });
    expect(await secondStep(recoveryCodes[0]!)).toBe(200);
  });

  it('refuses a wrong password or a wrong or used code, in words on the field, and keeps the old codes', async () => {
    await createAccount(world.testApp.app);
    const browser = await signedIn();
    const { secret, recoveryCodes } = await turnOn(browser);
    const badPassword = await browser.post(URL, { password: 'nope-nope-1', code: currentCode(secret, 1) });
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json()).toEqual({
      detail: ACCOUNT_CHANGE_MESSAGES.currentPasswordIncorrect,
      field: 'password',
    });
    const badCode = await browser.post(URL, { password: PASSWORD, code: wrongCode(secret) });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json()).toEqual({ detail: TWO_STEP_MESSAGES.codeWrong, field: 'code' });
    // The code that turned it on was used: it does not work twice.
    const replayed = await browser.post(URL, { password: PASSWORD, code: currentCode(secret) });
    expect(replayed.json()).toEqual({ detail: TWO_STEP_MESSAGES.codeWrong, field: 'code' });
    expect(await secondStep(recoveryCodes[1]!)).toBe(200);
  });

  it('counts password guesses with the profile’s other re-authentications', async () => {
    await createAccount(world.testApp.app);
    const browser = await signedIn();
    const { secret } = await turnOn(browser);
    let last = 0;
    for (let i = 0; i < 30 && last !== 429; i++)
      last = (await browser.post(URL, { password: `wrong-${i}-password`, code: currentCode(secret, 1) }))
        .statusCode;
    expect(last).toBe(429);
    // The limit stands for the right password too until its window ends.
    expect((await browser.post(URL, { password: PASSWORD, code: currentCode(secret, 1) })).statusCode).toBe(
      429,
    );
  });

  it('answers 400 while two-step sign-in is off', async () => {
    await createAccount(world.testApp.app);
    const browser = await signedIn();
    const off = await browser.post(URL, { password: PASSWORD, code: '123456' });
    expect(off.statusCode).toBe(400);
    expect(detail(off)).toBe(TWO_STEP_MESSAGES.notOn);
    expect(await world.testApp.app.db.selectFrom('two_step_recovery_codes').selectAll().execute()).toEqual(
      [],
    );
  });

  it('needs a session and the CSRF token', async () => {
    const visitor = await client(world.testApp.app);
    expect((await visitor.post(URL, { password: PASSWORD, code: '123456' })).statusCode).toBe(401);
    await createAccount(world.testApp.app);
    const browser = await signedIn();
    const { secret } = await turnOn(browser);
    expect(
      (await browser.post(URL, { password: PASSWORD, code: currentCode(secret, 1) }, { csrf: false }))
        .statusCode,
    ).toBe(403);
  });
});
