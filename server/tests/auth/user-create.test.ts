import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { findUserByEmail } from '../../src/users/repository.js';
import { parseUserCreateArgs, UsageError } from '../../src/cli/user-create.js';
import { REPO_ROOT } from '../../src/config.js';
import { client, createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { resetAccounts } from './support.js';

const run = promisify(execFile);
const TSX = resolve(REPO_ROOT, 'node_modules/.bin/tsx');
const SCRIPT = resolve(REPO_ROOT, 'server/src/cli/user-create.ts');

async function userCreate(databaseUrl: string, args: string[]) {
  try {
    const { stdout, stderr } = await run(TSX, [SCRIPT, ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('user:create arguments', () => {
  it('reads email, password, name, phone and roles', () => {
    expect(
      parseUserCreateArgs([
        '--email',
        ' Ops@Example.com ',
        '--password',
        'Secret-pass1',
        '--full-name',
        'Ops',
        '--phone',
        '+1 202 555 0123',
        '--staff',
      ]),
    ).toEqual({
      email: 'Ops@Example.com',
      password: 'Secret-pass1',
      fullName: 'Ops',
      phoneNumber: '+1 202 555 0123',
      isStaff: true,
      isSuperuser: false,
    });
  });

  it('makes a superuser staff too', () => {
    expect(
      parseUserCreateArgs(['--email', 'a@example.com', '--password', 'Secret-pass1', '--superuser']),
    ).toMatchObject({
      isStaff: true,
      isSuperuser: true,
    });
  });

  it.each([
    [[], '--email is required'],
    [['--email', 'a@example.com'], '--password is required'],
    [['--email', 'nope', '--password', 'Secret-pass1'], '--email: "nope" is not a valid email address'],
    [
      ['--email', 'a@example.com', '--password', 'short'],
      '--password: Password must be at least 8 characters long',
    ],
    [['--email', 'a@example.com', '--password', 'Secret-pass1', '--admin'], "Unknown option '--admin'"],
  ])('refuses %j', (args, message) => {
    expect(() => parseUserCreateArgs(args)).toThrow(UsageError);
    expect(() => parseUserCreateArgs(args)).toThrow(message);
  });
});

describe.each(testDatabases())('npm run user:create ($name)', (database) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({}, await database.url(), { seed: false });
  });

  beforeEach(async () => {
    await resetAccounts(testApp);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('creates an active staff account that can sign in and is asked to turn on two-step sign-in at /admin/', async () => {
    const result = await userCreate(testApp.databaseUrl, [
      '--email',
      'ops@example.com',
      '--password',
      'Operat0r!',
      '--staff',
    ]);
    expect(result).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^Created staff user #\d+ ops@example\.com\n$/),
    });
    expect(await findUserByEmail(testApp.app.db, 'ops@example.com')).toMatchObject({
      is_active: 1,
      is_staff: 1,
      is_superuser: 0,
    });

    const c = await client(testApp.app);
    expect(
      (await c.post('/auth/login/', { email: 'ops@example.com', password: 'Operat0r!' })).statusCode,
    ).toBe(200);
    const admin = await c.get('/admin/');
    expect(admin.statusCode).toBe(403);
    expect(admin.body).toContain('<h1>Turn on two-step sign-in</h1>');
  });

  it('refuses an address that exists and explains bad arguments', async () => {
    expect(
      (await userCreate(testApp.databaseUrl, ['--email', 'ops@example.com', '--password', 'Operat0r!'])).code,
    ).toBe(0);
    const duplicate = await userCreate(testApp.databaseUrl, [
      '--email',
      'OPS@example.com',
      '--password',
      'Operat0r!',
    ]);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain('An account with the email OPS@example.com already exists.');
    const usage = await userCreate(testApp.databaseUrl, ['--email', 'ops2@example.com']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--password is required');
    expect(usage.stderr).toContain('Usage: npm run user:create');
  });
});
