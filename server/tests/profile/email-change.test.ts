import { setClock } from '../../src/auth/clock.js';
import { findUserById } from '../../src/users/repository.js';
import { CHANGE_PASSWORD_RATE_LIMIT } from '../../src/profile/routes.js';
import { createAccount, later, linkIn, mailsTo, PASSWORD, resetAccounts } from '../auth/support.js';
import { client, createTestApp, testDatabases, type TestApp, type TestClient } from '../helpers/app.js';

/** The token with its last character changed (never to itself). */
const tampered = (token: string) => `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const OLD = 'alice@example.com';
const NEW = 'alice.new@example.com';
const CANCELLED = 'The email change was cancelled and your account was signed out everywhere.';

describe.each(testDatabases())('email change ($name)', (database) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ publicUrl: 'https://cv.example.test' }, database, { seed: false });
  });

  beforeEach(async () => {
    await resetAccounts(testApp);
  });

  afterEach(() => {
    setClock(undefined);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  async function signedIn(options: Parameters<typeof createAccount>[1] = {}) {
    const user = await createAccount(testApp.app, options);
    const c = await client(testApp.app);
    await c.signInAs(user.id);
    return { user, c };
  }

  const change = (c: TestClient, body: Record<string, unknown> = {}) =>
    c.put('/auth/profile/update/', {
      full_name: 'Alice Changed',
      email: NEW,
      phone_number: '+442079460000',
      current_password: PASSWORD,
      ...body,
    });

  const post = async (path: string, link: { uid: string; token: string }) =>
    (await client(testApp.app)).post(path, { uid: link.uid, token: link.token });

  /** The link with this path in the last mail to `email`. */
  async function lastLink(email: string, path: string) {
    const mails = await mailsTo(testApp, email);
    expect(mails.length, `a mail to ${email}`).toBeGreaterThan(0);
    return linkIn(mails.at(-1)!, path);
  }

  async function email(userId: number) {
    return (await findUserById(testApp.app.db, userId))?.email;
  }

  async function signInStatus(address: string, password = PASSWORD) {
    return (await (await client(testApp.app)).post('/auth/login/', { email: address, password })).statusCode;
  }

  describe('of an account with a password', () => {
    it('asks for the current password', async () => {
      const { c, user } = await signedIn();
      for (const current_password of [undefined, '', '   ']) {
        const response = await change(c, { current_password });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          detail: 'Please enter your current password to change your email address.',
          field: 'current_password',
        });
      }
      const wrong = await change(c, { current_password: 'Wr0ng-password' });
      expect(wrong.json()).toEqual({
        detail: 'Your current password is incorrect.',
        field: 'current_password',
      });
      expect(await findUserById(testApp.app.db, user.id)).toMatchObject({
        email: OLD,
        full_name: 'Alice Example',
      });
      expect((await c.get('/auth/profile/')).json()).toMatchObject({ pending_email: null });
      expect(await mailsTo(testApp, '@')).toEqual([]);
    });

    it('counts wrong current passwords with the password changes', async () => {
      const { c } = await signedIn();
      for (let i = 0; i < CHANGE_PASSWORD_RATE_LIMIT.limit; i++) {
        expect((await change(c, { current_password: 'Wr0ng-password' })).statusCode).toBe(400);
      }
      expect((await change(c)).statusCode).toBe(429);
      const changePassword = await c.post('/auth/change-password/', {
        current_password: PASSWORD,
        new_password: 'N3w-passw0rd',
      });
      expect(changePassword.statusCode).toBe(429);
    });

    it('refuses an invalid address naming the email; one another account holds is answered as a free one', async () => {
      await createAccount(testApp.app, { email: 'bob@example.com' });
      const { c } = await signedIn();
      expect((await change(c, { email: 'alice@new' })).json()).toEqual({
        detail: 'Invalid email address',
        field: 'email',
      });
      // Nothing tells who has an account (no-enumeration.test.ts): the owner of the address is told instead.
      const taken = await change(c, { email: 'BOB@example.com' });
      expect(taken.statusCode).toBe(200);
      expect(taken.json()).toMatchObject({
        pending_email: 'BOB@example.com',
        detail:
          'We sent a confirmation link to BOB@example.com. Your email address changes when you open it.',
      });
      const [toBob, ...more] = await mailsTo(testApp, 'bob@example.com');
      expect(more).toEqual([]);
      expect(toBob!.subject).toBe('Someone tried to use your address for another CV Builder account');
      expect(toBob!.text).not.toContain('/confirm-email-change');
    });

    it('checks the password before the address: a wrong one is refused alike for a taken and a free address', async () => {
      await createAccount(testApp.app, { email: 'bob@example.com' });
      const { c } = await signedIn();
      const answers = [];
      for (const address of ['bob@example.com', 'nobody@example.com']) {
        const response = await change(c, { email: address, current_password: 'Wr0ng-password' });
        answers.push([response.statusCode, response.json()]);
      }
      expect(answers[0]).toEqual(answers[1]);
      expect(answers[0]).toEqual([
        400,
        { detail: 'Your current password is incorrect.', field: 'current_password' },
      ]);
    });

    it('saves the name and phone, keeps the address until the new one confirms it, and tells both', async () => {
      const { c, user } = await signedIn();
      const response = await change(c);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        full_name: 'Alice Changed',
        email: OLD,
        phone_number: '+442079460000',
        is_staff: false,
        is_superuser: false,
        pending_email: NEW,
        has_password: true,
        two_factor_enabled: false,
        language: null,
        detail: `We sent a confirmation link to ${NEW}. Your email address changes when you open it.`,
      });
      expect((await c.get('/auth/profile/')).json()).toMatchObject({ email: OLD, pending_email: NEW });
      expect(await signInStatus(NEW)).toBe(400);

      const [toNew] = await mailsTo(testApp, NEW);
      expect(toNew!.subject).toBe('Confirm your new email address for CV Builder');
      const confirm = linkIn(toNew!, '/confirm-email-change');
      expect(confirm.link.origin + confirm.link.pathname).toBe(
        'https://cv.example.test/confirm-email-change',
      );
      const [notice] = await mailsTo(testApp, OLD);
      expect(notice!.subject).toBe('The email address of your CV Builder account is being changed');
      expect(notice!.text).toContain(`from ${OLD} to ${NEW}`);
      expect(notice!.text).toContain(
        'If this was not you, cancel the change: https://cv.example.test/cancel-email-change?uid=',
      );

      const confirmed = await post('/auth/email-change/confirm/', confirm);
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toEqual({ detail: `Your email address is now ${NEW}.`, email: NEW });
      expect(await findUserById(testApp.app.db, user.id)).toMatchObject({
        email: NEW,
        email_normalized: NEW,
      });
      expect((await c.get('/auth/profile/')).json()).toMatchObject({ email: NEW, pending_email: null });
      expect(await signInStatus(OLD)).toBe(400);
      expect(await signInStatus(NEW)).toBe(200);

      const again = await post('/auth/email-change/confirm/', confirm);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ detail: 'This link has already been used.', code: 'link_used' });
    });

    it('confirms once when the link is opened twice at the same moment', async () => {
      await change((await signedIn()).c);
      const confirm = await lastLink(NEW, '/confirm-email-change');
      const answers = await Promise.all([0, 1].map(() => post('/auth/email-change/confirm/', confirm)));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
      expect(answers.find((answer) => answer.statusCode === 400)!.json()).toMatchObject({
        code: 'link_used',
      });
    });

    it('keeps the confirmation link 24 hours', async () => {
      await change((await signedIn()).c);
      const confirm = await lastLink(NEW, '/confirm-email-change');
      setClock(() => later(DAY + 60_000));
      expect((await post('/auth/email-change/confirm/', confirm)).json()).toEqual({
        detail: 'This link has expired. Please request the change again.',
        code: 'link_expired',
      });
      setClock(() => later(DAY - 60_000));
      expect((await post('/auth/email-change/confirm/', confirm)).statusCode).toBe(200);
    });

    it('refuses a link that is tampered with, or is of another kind', async () => {
      await change((await signedIn()).c);
      const confirm = await lastLink(NEW, '/confirm-email-change');
      const cancel = await lastLink(OLD, '/cancel-email-change');
      const invalid = { detail: 'This link is invalid.', code: 'link_invalid' };
      for (const [path, link] of [
        ['/auth/email-change/cancel/', confirm],
        ['/auth/email-change/approve/', confirm],
        ['/auth/email-change/confirm/', cancel],
        ['/auth/email-change/confirm/', { uid: confirm.uid, token: tampered(confirm.token) }],
        ['/auth/email-change/confirm/', { uid: 'OTk5', token: confirm.token }],
        [
          '/auth/email-change/confirm/',
          { uid: confirm.uid, token: confirm.token.replace(/^[0-9a-z]+-/, '9z-') },
        ],
        ['/auth/email-change/confirm/', { uid: confirm.uid, token: 'nonsense' }],
      ] as const) {
        const response = await post(path, link);
        expect(response.statusCode, `${path} ${link.token}`).toBe(400);
        expect(response.json()).toEqual(invalid);
      }
      const unsigned = await (
        await client(testApp.app)
      ).post('/auth/email-change/confirm/', { uid: confirm.uid });
      expect(unsigned.json()).toEqual({ detail: 'token is required' });
      expect((await post('/auth/email-change/confirm/', confirm)).statusCode).toBe(200);
    });

    it('replaces an earlier request: its links stop working', async () => {
      const { c, user } = await signedIn();
      await change(c);
      const first = await lastLink(NEW, '/confirm-email-change');
      const response = await change(c, { email: 'alice.other@example.com' });
      expect(response.json()).toMatchObject({ pending_email: 'alice.other@example.com' });
      expect((await post('/auth/email-change/confirm/', first)).json()).toMatchObject({
        code: 'link_invalid',
      });
      expect(await email(user.id)).toBe(OLD);
      expect(
        (await post('/auth/email-change/confirm/', await lastLink('alice.other@', '/confirm-email-change')))
          .statusCode,
      ).toBe(200);
      expect(await email(user.id)).toBe('alice.other@example.com');
    });

    it('refuses to confirm an address another account took meanwhile', async () => {
      const { c, user } = await signedIn();
      await change(c);
      const confirm = await lastLink(NEW, '/confirm-email-change');
      await createAccount(testApp.app, { email: NEW });
      const response = await post('/auth/email-change/confirm/', confirm);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        detail: 'An account with this email address is already registered.',
      });
      expect(await email(user.id)).toBe(OLD);
    });

    it('is withdrawn by the person: DELETE /auth/email-change/', async () => {
      const { c } = await signedIn();
      await change(c);
      const confirm = await lastLink(NEW, '/confirm-email-change');
      const withdrawn = await c.delete('/auth/email-change/');
      expect(withdrawn.statusCode).toBe(200);
      expect(withdrawn.json()).toMatchObject({ email: OLD, pending_email: null, full_name: 'Alice Changed' });
      expect((await post('/auth/email-change/confirm/', confirm)).json()).toMatchObject({
        code: 'link_invalid',
      });
      expect((await (await client(testApp.app)).delete('/auth/email-change/')).statusCode).toBe(401);
      expect((await c.delete('/auth/email-change/', undefined, { csrf: false })).statusCode).toBe(403);
    });

    it('is cancelled by the old address, which also ends every session', async () => {
      const { c, user } = await signedIn();
      const other = await client(testApp.app);
      await other.signInAs(user.id);
      await change(c);
      const confirm = await lastLink(NEW, '/confirm-email-change');
      const cancel = await lastLink(OLD, '/cancel-email-change');
      const cancelled = await post('/auth/email-change/cancel/', cancel);
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toEqual({ detail: CANCELLED });
      expect((await c.get('/auth/profile/')).statusCode).toBe(401);
      expect((await other.get('/auth/profile/')).statusCode).toBe(401);
      expect((await post('/auth/email-change/confirm/', confirm)).json()).toMatchObject({
        code: 'link_invalid',
      });
      expect((await post('/auth/email-change/cancel/', cancel)).json()).toEqual({
        detail: 'This link has already been used.',
        code: 'link_used',
      });
      expect(await email(user.id)).toBe(OLD);
      expect(await signInStatus(OLD)).toBe(200);
    });

    it('is undone by the old address after it was confirmed: the borrowed session cannot keep the account', async () => {
      const { c, user } = await signedIn();
      await change(c, { email: 'mallory@example.com' });
      expect(
        (await post('/auth/email-change/confirm/', await lastLink('mallory@', '/confirm-email-change')))
          .statusCode,
      ).toBe(200);
      expect(await email(user.id)).toBe('mallory@example.com');

      // Six days later the owner reads the notice.
      setClock(() => later(6 * DAY));
      const cancelled = await post('/auth/email-change/cancel/', await lastLink(OLD, '/cancel-email-change'));
      expect(cancelled.json()).toEqual({ detail: CANCELLED });
      expect(await findUserById(testApp.app.db, user.id)).toMatchObject({
        email: OLD,
        email_normalized: OLD,
      });
      expect((await c.get('/auth/profile/')).statusCode).toBe(401);
      expect(await signInStatus('mallory@example.com')).toBe(400);
      expect(await signInStatus(OLD)).toBe(200);
    });

    it('tells the address it leaves when a change is undone (an undo is never silent)', async () => {
      const { c } = await signedIn();
      await change(c, { email: 'mallory@example.com' });
      await post('/auth/email-change/confirm/', await lastLink('mallory@', '/confirm-email-change'));
      await post('/auth/email-change/cancel/', await lastLink(OLD, '/cancel-email-change'));
      await testApp.app.mailQueue.drain();
      const notice = (await mailsTo(testApp, 'mallory@example.com')).at(-1)!;
      expect(notice.subject).toBe('The email address of your CV Builder account was changed back');
      expect(notice.text).toContain(OLD);
    });

    it('does not change the address again while the last change can still be undone (no chain of changes)', async () => {
      const { c, user } = await signedIn();
      await change(c);
      expect(
        (await post('/auth/email-change/confirm/', await lastLink(NEW, '/confirm-email-change'))).statusCode,
      ).toBe(200);
      const again = await change(c, { email: 'third@example.com' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({
        field: 'email',
        detail: expect.stringMatching(
          /^Your email address was changed recently\. It can change again from \d{4}-\d{2}-\d{2}/,
        ),
      });
      expect(await email(user.id)).toBe(NEW);
      // Once the undo link has expired, it can.
      setClock(() => later(7 * DAY + 60_000));
      expect((await change(c, { email: 'third@example.com' })).statusCode).toBe(200);
    });

    it('refuses the cancel link of a change a later confirmed change overtook: an old address never comes back', async () => {
      const { c, user } = await signedIn();
      await change(c);
      await post('/auth/email-change/confirm/', await lastLink(NEW, '/confirm-email-change'));
      const stale = await lastLink(OLD, '/cancel-email-change');
      // A later change, confirmed (as after the undo window of a slow mail): written as the routes would.
      const first = await testApp.app.db
        .selectFrom('email_changes')
        .selectAll()
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      await testApp.app.db
        .insertInto('email_changes')
        .values({
          ...first,
          id: undefined,
          old_email: NEW,
          old_email_normalized: NEW,
          new_email: 'third@example.com',
          new_email_normalized: 'third@example.com',
        } as never)
        .execute();
      await testApp.app.db
        .updateTable('users')
        .set({ email: 'third@example.com', email_normalized: 'third@example.com' })
        .where('id', '=', user.id)
        .execute();
      const refused = await post('/auth/email-change/cancel/', stale);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'link_used',
        detail: expect.stringContaining('has changed again since'),
      });
      expect(await email(user.id)).toBe('third@example.com');
      expect((await c.get('/auth/profile/')).statusCode).toBe(200);
    });

    it('ends the sessions but says to contact support when the old address was taken meanwhile', async () => {
      const { c, user } = await signedIn();
      await change(c);
      expect(
        (await post('/auth/email-change/confirm/', await lastLink(NEW, '/confirm-email-change'))).statusCode,
      ).toBe(200);
      await createAccount(testApp.app, { email: OLD, fullName: 'Somebody Else' });
      const cancelled = await post('/auth/email-change/cancel/', await lastLink(OLD, '/cancel-email-change'));
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toEqual({
        detail:
          'Your account was signed out everywhere, but its email address could not be changed back because another account now uses it. Please contact support.',
      });
      expect(await email(user.id)).toBe(NEW);
      expect((await c.get('/auth/profile/')).statusCode).toBe(401);
    });

    it('keeps the cancel link 7 days, also for a request that was replaced', async () => {
      const { c, user } = await signedIn();
      await change(c);
      const firstCancel = await lastLink(OLD, '/cancel-email-change');
      await change(c, { email: 'alice.other@example.com' });
      setClock(() => later(7 * DAY + 60_000));
      expect((await post('/auth/email-change/cancel/', firstCancel)).json()).toMatchObject({
        code: 'link_expired',
      });
      setClock(() => later(7 * DAY - 60_000));
      expect((await post('/auth/email-change/cancel/', firstCancel)).json()).toEqual({ detail: CANCELLED });
      // The live request went with it.
      const other = await client(testApp.app);
      await other.signInAs(user.id);
      expect((await other.get('/auth/profile/')).json()).toMatchObject({ pending_email: null });
    });

    it('stops when the account is deleted', async () => {
      const { c } = await signedIn();
      await change(c);
      const confirm = await lastLink(NEW, '/confirm-email-change');
      expect((await c.delete('/auth/profile/', { current_password: PASSWORD })).statusCode).toBe(204);
      expect((await post('/auth/email-change/confirm/', confirm)).json()).toMatchObject({
        code: 'link_invalid',
      });
      expect(await signInStatus(NEW)).toBe(400);
    });

    it('keeps the address as it is when it is the same one in another spelling', async () => {
      const { c } = await signedIn();
      const response = await change(c, { email: 'ALICE@Example.com', current_password: undefined });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ email: 'ALICE@Example.com', pending_email: null });
      expect(response.json()).not.toHaveProperty('detail');
    });
  });

  describe('of an account that signs in only with Google or LinkedIn', () => {
    it('is approved by the current address first, then confirmed by the new one', async () => {
      const { c, user } = await signedIn({ password: null });
      const response = await change(c, { current_password: undefined });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        email: OLD,
        pending_email: NEW,
        has_password: false,
        two_factor_enabled: false,
        full_name: 'Alice Changed',
        detail: `To make sure it is you, we sent a link to ${OLD}. Open it to continue the change to ${NEW}.`,
      });
      expect(await mailsTo(testApp, NEW)).toEqual([]);
      const [approval] = await mailsTo(testApp, OLD);
      expect(approval!.subject).toBe('Approve the change of your CV Builder email address');
      const approve = linkIn(approval!, '/approve-email-change');
      // Not a confirmation link.
      expect((await post('/auth/email-change/confirm/', approve)).json()).toMatchObject({
        code: 'link_invalid',
      });

      const approved = await post('/auth/email-change/approve/', approve);
      expect(approved.statusCode).toBe(200);
      expect(approved.json()).toEqual({ detail: `Thank you. We sent a confirmation link to ${NEW}.` });
      expect((await post('/auth/email-change/approve/', approve)).json()).toMatchObject({
        code: 'link_used',
      });
      const notice = (await mailsTo(testApp, OLD)).at(-1)!;
      expect(notice.subject).toBe('The email address of your CV Builder account is being changed');
      linkIn(notice, '/cancel-email-change');
      expect(await email(user.id)).toBe(OLD);

      expect(
        (await post('/auth/email-change/confirm/', await lastLink(NEW, '/confirm-email-change'))).json(),
      ).toEqual({
        detail: `Your email address is now ${NEW}.`,
        email: NEW,
      });
      expect(await email(user.id)).toBe(NEW);
    });

    it('keeps the approval link 24 hours; a taken address is approved as a free one and its owner told', async () => {
      const { c } = await signedIn({ password: null });
      await change(c, { current_password: undefined });
      const approve = await lastLink(OLD, '/approve-email-change');
      setClock(() => later(DAY + 60_000));
      expect((await post('/auth/email-change/approve/', approve)).json()).toMatchObject({
        code: 'link_expired',
      });
      setClock(undefined);
      await createAccount(testApp.app, { email: NEW });
      expect((await post('/auth/email-change/approve/', approve)).json()).toEqual({
        detail: `Thank you. We sent a confirmation link to ${NEW}.`,
      });
      const toNew = await mailsTo(testApp, NEW);
      expect(toNew.map((mail) => mail.subject)).toEqual([
        'Someone tried to use your address for another CV Builder account',
      ]);
    });
  });
});
