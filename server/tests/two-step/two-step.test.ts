import { TOTP, Secret } from 'otpauth';
import { TWO_STEP_MESSAGES } from '../../../rules/two-step.js';
import { RATE_LIMITS } from '../../src/auth/routes.js';
import { PENDING_MAX_AGE_MS } from '../../src/two-step/gate.js';
import { setClock } from '../../src/auth/clock.js';
import { PASSWORD, createAccount, detail, later } from '../auth/support.js';
import { client, testDatabases, type TestClient } from '../helpers/app.js';
import { currentCode, turnOnTwoStep, twoStepWorld } from './support.js';

// Two-step sign-in with an authenticator app: setup, the recovery codes, the second step of a sign-in (codes that
// work once, recovery codes, a trusted browser), turning it off, and the staff's panel.

/** The code an app would show for `secret`, computed with otpauth as the app does. */
function appCode(secret: string, at = new Date()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at.getTime(),
  });
}

describe.each(testDatabases())('two-step sign-in on $name', (database) => {
  const world = twoStepWorld(database);
  const { signedIn } = world;

  /** Turns two-step on through the API; the secret and the recovery codes. */
  async function turnOn(browser: TestClient): Promise<{ secret: string; recoveryCodes: string[] }> {
    const setup = await browser.post('/auth/2fa/totp/setup/', {});
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauth_url } = setup.json<{ secret: string; otpauth_url: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('CV Builder');
    const enabled = await browser.post('/auth/2fa/totp/enable/', { code: appCode(secret) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const recoveryCodes = enabled.json<{ recovery_codes: string[] }>().recovery_codes;
    return { secret, recoveryCodes };
  }

  it('turns on with a code, answers ten recovery codes stored hashed, never the secret again', async () => {
    const alice = await createAccount(world.testApp.app);
    const browser = await signedIn();
    expect((await browser.get('/auth/profile/')).json()).toMatchObject({ two_factor_enabled: false });
    const { secret, recoveryCodes } = await turnOn(browser);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await browser.get('/auth/profile/')).json()).toMatchObject({ two_factor_enabled: true });

    const stored = await world.testApp.app.db.selectFrom('two_step_recovery_codes').selectAll().execute();
    expect(stored).toHaveLength(10);
    const dump =
      JSON.stringify(stored) +
      JSON.stringify(await world.testApp.app.db.selectFrom('two_step_secrets').selectAll().execute());
    for (const code of recoveryCodes) {
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(code.replace('-', ''));
    }
    expect(dump).not.toContain(secret);
    // A new setup would show a secret again: refused while it is on.
    const again = await browser.post('/auth/2fa/totp/setup/', {});
    expect(again.statusCode).toBe(400);
    expect(detail(again)).toBe(TWO_STEP_MESSAGES.alreadyOn);
    expect(alice.id).toBeGreaterThan(0);
  });

  it('refuses a wrong, malformed or missing code at setup, in words', async () => {
    await createAccount(world.testApp.app);
    const browser = await signedIn();
    const notStarted = await browser.post('/auth/2fa/totp/enable/', { code: '123456' });
    expect(notStarted.statusCode).toBe(400);
    expect(detail(notStarted)).toBe(TWO_STEP_MESSAGES.notStarted);
    const { secret } = (await browser.post('/auth/2fa/totp/setup/', {})).json<{ secret: string }>();
    const wrong = String((Number(appCode(secret)) + 1) % 1_000_000).padStart(6, '0');
    const refused = await browser.post('/auth/2fa/totp/enable/', { code: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: TWO_STEP_MESSAGES.codeWrong, field: 'code' });
    expect(detail(await browser.post('/auth/2fa/totp/enable/', { code: 'abc' }))).toBe(
      TWO_STEP_MESSAGES.codeMalformed,
    );
    expect(detail(await browser.post('/auth/2fa/totp/enable/', { code: ' ' }))).toBe(
      TWO_STEP_MESSAGES.codeRequired,
    );
    expect((await browser.post('/auth/2fa/totp/enable/', {})).statusCode).toBe(400);
    expect((await browser.post('/auth/2fa/totp/enable/', { code: 123456 })).statusCode).toBe(400);
    expect((await browser.get('/auth/profile/')).json()).toMatchObject({ two_factor_enabled: false });
  });

  it('needs a session and the CSRF token', async () => {
    const visitor = await client(world.testApp.app);
    expect((await visitor.post('/auth/2fa/totp/setup/', {})).statusCode).toBe(401);
    expect((await visitor.post('/auth/2fa/totp/enable/', { code: '123456' })).statusCode).toBe(401);
    expect((await visitor.post('/auth/2fa/disable/', { code: '123456' })).statusCode).toBe(401);
    await createAccount(world.testApp.app);
    const browser = await signedIn();
    expect((await browser.post('/auth/2fa/totp/setup/', {}, { csrf: false })).statusCode).toBe(403);
    expect((await browser.post('/auth/login/2fa/', { code: '123456' }, { csrf: false })).statusCode).toBe(
      403,
    );
  });

  it('signs in in two steps: no session from the password, then the code; a code works once', async () => {
    const alice = await createAccount(world.testApp.app);
    const secret = await turnOnTwoStep(world.testApp.app, alice.id);
    const browser = await client(world.testApp.app);
    const first = await browser.post('/auth/login/', { email: 'alice@example.com', password: PASSWORD });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ two_factor_required: true, detail: TWO_STEP_MESSAGES.codeRequired });
    expect(browser.cookies.has('sessionid')).toBe(false);
    expect((await browser.get('/auth/profile/')).statusCode).toBe(401);

    const code = appCode(secret);
    const second = await browser.post('/auth/login/2fa/', { code });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ user_id: alice.id });
    expect((await browser.get('/auth/profile/')).statusCode).toBe(200);
    expect(browser.cookies.has('two_step_pending')).toBe(false);

    // The same code again, from another browser that knows the password: refused.
    const thief = await client(world.testApp.app);
    await thief.post('/auth/login/', { email: 'alice@example.com', password: PASSWORD });
    const replay = await thief.post('/auth/login/2fa/', { code });
    expect(replay.statusCode).toBe(400);
    expect(detail(replay)).toBe(TWO_STEP_MESSAGES.codeWrong);
    expect((await thief.get('/auth/profile/')).statusCode).toBe(401);
  });

  it('takes a code of the step before or after, not two steps away', async () => {
    const alice = await createAccount(world.testApp.app);
    const secret = await turnOnTwoStep(world.testApp.app, alice.id);
    const browser = await client(world.testApp.app);
    await browser.post('/auth/login/', { email: 'alice@example.com', password: PASSWORD });
    expect((await browser.post('/auth/login/2fa/', { code: currentCode(secret, -3) })).statusCode).toBe(400);
    expect((await browser.post('/auth/login/2fa/', { code: currentCode(secret, 3) })).statusCode).toBe(400);
    expect((await browser.post('/auth/login/2fa/', { code: currentCode(secret, -1) })).statusCode).toBe(200);
  });

  it('answers 401 with a code to a second step without a first, or after 5 minutes', async () => {
    const alice = await createAccount(world.testApp.app);
    const secret = await turnOnTwoStep(world.testApp.app, alice.id);
    const visitor = await client(world.testApp.app);
    const none = await visitor.post('/auth/login/2fa/', { code: appCode(secret) });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ detail: TWO_STEP_MESSAGES.signInExpired, code: 'two_factor_expired' });

    await visitor.post('/auth/login/', { email: 'alice@example.com', password: PASSWORD });
    setClock(() => later(PENDING_MAX_AGE_MS + 1000));
    const stale = await visitor.post('/auth/login/2fa/', { code: appCode(secret) });
    expect(stale.statusCode).toBe(401);
    // A forged cookie for another account is no first step either.
    setClock(undefined);
    visitor.cookies.set('two_step_pending', `${alice.id + 1}.password.forged`);
    expect((await visitor.post('/auth/login/2fa/', { code: appCode(secret) })).statusCode).toBe(401);
  });

  it('signs in with a recovery code once; the same code is refused the second time', async () => {
    await createAccount(world.testApp.app);
    const { recoveryCodes } = await turnOn(await signedIn());
    const browser = await client(world.testApp.app);
    await browser.post('/auth/login/', { email: 'alice@example.com', password: PASSWORD });
    // Case and the dash do not matter.
    const used = await browser.post('/auth/login/2fa/', {
      code: recoveryCodes[3]!.toUpperCase().replace('-', ' '),
    });
    expect(used.statusCode, used.body).toBe(200);
    const again = await client(world.testApp.app);
    await again.post('/auth/login/', { email: 'alice@example.com', password: PASSWORD });
    const refused = await again.post('/auth/login/2fa/', { code: recoveryCodes[3]! });
    expect(refused.statusCode).toBe(400);
    expect(detail(refused)).toBe(TWO_STEP_MESSAGES.recoveryCodeWrong);
    expect((await again.post('/auth/login/2fa/', { code: recoveryCodes[4]! })).statusCode).toBe(200);
  });

  it('trusts this browser for 30 days when asked, and no other browser', async () => {
    const alice = await createAccount(world.testApp.app);
    const secret = await turnOnTwoStep(world.testApp.app, alice.id);
    const browser = await client(world.testApp.app);
    await browser.post('/auth/login/', { email: 'alice@example.com', password: PASSWORD });
    expect(
      (await browser.post('/auth/login/2fa/', { code: appCode(secret), trust_device: true })).statusCode,
    ).toBe(200);
    expect(browser.cookies.has('two_step_trusted')).toBe(true);
    await browser.post('/auth/logout/', {});
    const direct = await browser.post('/auth/login/', { email: 'alice@example.com', password: PASSWORD });
    expect(direct.json()).toMatchObject({ user_id: alice.id });

    const other = await client(world.testApp.app);
    expect(
      (await other.post('/auth/login/', { email: 'alice@example.com', password: PASSWORD })).json(),
    ).toMatchObject({
      two_factor_required: true,
    });
    // After 30 days the code is asked again.
    await browser.post('/auth/logout/', {});
    setClock(() => later(31 * 24 * 60 * 60 * 1000));
    expect(
      (await browser.post('/auth/login/', { email: 'alice@example.com', password: PASSWORD })).json(),
    ).toMatchObject({
      two_factor_required: true,
    });
  });

  it('counts wrong codes in the sign-in limits, and a right password does not forgive them', async () => {
    const alice = await createAccount(world.testApp.app);
    const secret = await turnOnTwoStep(world.testApp.app, alice.id);
    const wrong = String((Number(appCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    const browser = await client(world.testApp.app);
    let last = 0;
    for (let i = 0; i < RATE_LIMITS.login.limit + 1; i++) {
      // The password again now and then: it must not reset the count of wrong codes.
      if (i % 3 === 0) await browser.post('/auth/login/', { email: 'alice@example.com', password: PASSWORD });
      last = (await browser.post('/auth/login/2fa/', { code: wrong })).statusCode;
    }
    expect(last).toBe(429);
    // Malformed codes are refused before counting.
    expect((await browser.post('/auth/login/2fa/', { code: 'x' })).statusCode).toBe(400);
  });

  it('turns off with the password and a code, in words when either is wrong', async () => {
    await createAccount(world.testApp.app);
    const browser = await signedIn();
    const { secret, recoveryCodes } = await turnOn(browser);
    const missing = await browser.post('/auth/2fa/disable/', { code: currentCode(secret, 1) });
    expect(missing.json()).toEqual({ detail: TWO_STEP_MESSAGES.passwordRequired, field: 'current_password' });
    const badPassword = await browser.post('/auth/2fa/disable/', {
      current_password: 'nope-nope',
      code: currentCode(secret, 1),
    });
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json()).toMatchObject({ field: 'current_password' });
    const badCode = await browser.post('/auth/2fa/disable/', {
      current_password: PASSWORD,
      code: '000000' === appCode(secret) ? '111111' : '000000',
    });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json()).toMatchObject({ field: 'code' });
    // A recovery code is a code too.
    const off = await browser.post('/auth/2fa/disable/', {
      current_password: PASSWORD,
      code: recoveryCodes[0]!,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(detail(off)).toBe(TWO_STEP_MESSAGES.turnedOff);
    expect((await browser.get('/auth/profile/')).json()).toMatchObject({ two_factor_enabled: false });
    expect(
      await world.testApp.app.db.selectFrom('two_step_recovery_codes').selectAll().execute(),
    ).toHaveLength(0);
    const plain = await client(world.testApp.app);
    expect(
      (await plain.post('/auth/login/', { email: 'alice@example.com', password: PASSWORD })).json(),
    ).toMatchObject({
      user_id: expect.any(Number),
    });
    const notOn = await browser.post('/auth/2fa/disable/', {
      current_password: PASSWORD,
      code: appCode(secret),
    });
    expect(detail(notOn)).toBe(TWO_STEP_MESSAGES.notOn);
  });

  it('sends staff without two-step to a page that turns it on, then lets them in', async () => {
    const staff = await createAccount(world.testApp.app, { email: 'staff@example.com', isStaff: true });
    const browser = await client(world.testApp.app);
    await browser.signInAs(staff.id);
    const refused = await browser.get('/admin/users/');
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('<h1>Turn on two-step sign-in</h1>');
    expect(refused.body).toContain('action="/admin/two-step/setup/"');
    const form = (fields: Record<string, string>) =>
      new URLSearchParams({ csrfmiddlewaretoken: browser.cookies.get('csrftoken')!, ...fields }).toString();
    const formHeaders = { csrf: false, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
    const setup = await browser.post('/admin/two-step/setup/', form({}), formHeaders);
    expect(setup.statusCode).toBe(200);
    expect(setup.body).toContain('<svg');
    const secret = /data-testid="two-step-secret">([A-Z2-7]+)</.exec(setup.body)![1]!;
    const wrong = await browser.post('/admin/two-step/enable/', form({ code: '12' }), formHeaders);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Enter the 6 digits from your authenticator app');
    const done = await browser.post('/admin/two-step/enable/', form({ code: appCode(secret) }), formHeaders);
    expect(done.statusCode).toBe(200);
    expect(done.body.match(/<li><code>[a-z2-9]{5}-[a-z2-9]{5}<\/code><\/li>/g)).toHaveLength(10);
    expect((await browser.get('/admin/users/')).statusCode).toBe(200);
  });
});
