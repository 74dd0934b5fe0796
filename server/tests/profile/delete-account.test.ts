import { setClock } from '../../src/auth/clock.js';
import { findUserById } from '../../src/users/repository.js';
import { SESSION_COOKIE } from '../../src/http/session.js';
import { CHANGE_PASSWORD_RATE_LIMIT } from '../../src/profile/routes.js';
import { createAccount, later, linkIn, mailsTo, PASSWORD, resetAccounts } from '../auth/support.js';
import { client, createTestApp, testDatabases, type TestApp } from '../helpers/app.js';

/** The token with its last character changed (never to itself). */
const tampered = (token: string) => `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;

const DELETED = { detail: 'Your account has been deleted.' };

describe.each(testDatabases())('account deletion asks who it is ($name)', (database) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({}, database, { seed: false });
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

  const deleted = async (userId: number) => (await findUserById(testApp.app.db, userId))?.deleted_at !== null;

  describe('of an account with a password', () => {
    it('asks for the password: none, a blank one or no body at all is refused', async () => {
      const { c, user } = await signedIn();
      for (const body of [undefined, {}, { current_password: '' }, { current_password: '  ' }]) {
        const response = await c.delete('/auth/profile/', body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          detail: 'Please enter your password to delete your account.',
          field: 'current_password',
        });
      }
      expect(await deleted(user.id)).toBe(false);
    });

    it('refuses a wrong password, counted with the password changes', async () => {
      const { c, user } = await signedIn();
      for (let i = 0; i < CHANGE_PASSWORD_RATE_LIMIT.limit; i++) {
        const response = await c.delete('/auth/profile/', { current_password: 'Wr0ng-password' });
        expect(response.json()).toEqual({
          detail: 'Your current password is incorrect.',
          field: 'current_password',
        });
      }
      expect((await c.delete('/auth/profile/', { current_password: PASSWORD })).statusCode).toBe(429);
      expect(await deleted(user.id)).toBe(false);
    });

    it('deletes with the right password', async () => {
      const { c, user } = await signedIn();
      const response = await c.delete('/auth/profile/', { current_password: PASSWORD, ignored: true });
      expect(response.statusCode).toBe(204);
      expect(await deleted(user.id)).toBe(true);
      expect(c.cookies.has(SESSION_COOKIE)).toBe(false);
    });

    it('validates the body', async () => {
      const { c } = await signedIn();
      expect((await c.delete('/auth/profile/', { current_password: 5 })).json()).toEqual({
        detail: 'current_password: must be a string',
        field: 'current_password',
      });
    });
  });

  describe('of an account that signs in only with Google or LinkedIn', () => {
    it('mails a link to its address, which deletes it once', async () => {
      const { c, user } = await signedIn({ password: null });
      const other = await client(testApp.app);
      await other.signInAs(user.id);
      const response = await c.delete('/auth/profile/');
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({
        detail: 'We sent a link to alice@example.com. Open it to delete your account.',
        code: 'confirmation_sent',
      });
      expect(await deleted(user.id)).toBe(false);
      const [mail] = await mailsTo(testApp, 'alice@example.com');
      expect(mail!.subject).toBe('Delete your CV Builder account');
      const link = linkIn(mail!, '/delete-account');
      expect(link.link.origin + link.link.pathname).toBe(`${testApp.app.config.publicUrl}/delete-account`);

      // Opened in the browser that is signed in: its session cookie goes too.
      const confirmed = await c.post('/auth/delete-account/confirm/', { uid: link.uid, token: link.token });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toEqual(DELETED);
      expect(c.cookies.has(SESSION_COOKIE)).toBe(false);
      expect(await deleted(user.id)).toBe(true);
      expect((await other.get('/auth/profile/')).statusCode).toBe(401);

      const again = await (await client(testApp.app)).post('/auth/delete-account/confirm/', link);
      expect(again.json()).toEqual({ detail: 'This link has already been used.', code: 'link_used' });
    });

    it('keeps the link an hour, and refuses one that is tampered with', async () => {
      const { c, user } = await signedIn({ password: null });
      await c.delete('/auth/profile/');
      const link = linkIn((await mailsTo(testApp, 'alice@example.com'))[0]!, '/delete-account');
      const confirm = async (body: object) =>
        (await client(testApp.app)).post('/auth/delete-account/confirm/', body);
      expect((await confirm({ uid: link.uid, token: tampered(link.token) })).json()).toMatchObject({
        code: 'link_invalid',
      });
      expect((await confirm({ uid: 'OTk5', token: link.token })).json()).toMatchObject({
        code: 'link_invalid',
      });
      setClock(() => later(61 * 60 * 1000));
      expect((await confirm({ uid: link.uid, token: link.token })).json()).toEqual({
        detail: 'This link has expired. Please request the change again.',
        code: 'link_expired',
      });
      setClock(() => later(59 * 60 * 1000));
      expect((await confirm({ uid: link.uid, token: link.token })).json()).toEqual(DELETED);
      expect(await deleted(user.id)).toBe(true);
    });

    it('deletes once when the link is opened twice at the same moment', async () => {
      const { c } = await signedIn({ password: null });
      await c.delete('/auth/profile/');
      const link = linkIn((await mailsTo(testApp, 'alice@example.com'))[0]!, '/delete-account');
      const answers = await Promise.all(
        [0, 1].map(async () => (await client(testApp.app)).post('/auth/delete-account/confirm/', link)),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
      expect(answers.find((answer) => answer.statusCode === 400)!.json()).toMatchObject({
        code: 'link_used',
      });
    });

    it('needs no session to open the link, and a session of somebody else stays', async () => {
      const { c, user } = await signedIn({ password: null });
      await c.delete('/auth/profile/');
      const link = linkIn((await mailsTo(testApp, 'alice@example.com'))[0]!, '/delete-account');
      const bob = await createAccount(testApp.app, { email: 'bob@example.com' });
      const bobClient = await client(testApp.app);
      await bobClient.signInAs(bob.id);
      expect((await bobClient.post('/auth/delete-account/confirm/', link)).json()).toEqual(DELETED);
      expect(await deleted(user.id)).toBe(true);
      expect((await bobClient.get('/auth/profile/')).statusCode).toBe(200);
    });
  });
});
