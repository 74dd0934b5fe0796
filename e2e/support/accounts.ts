import { join } from 'node:path';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import type { UserMakerAnswer, UserMakerRequest } from './user-maker';

// People for the account journeys: unique addresses per run, created the way an operator would.

export const PASSWORD = 'Passw0rd!';

let sequence = 0;

/** A fresh address for this run and worker, e.g. `signup-1732240000000-w0-1@example.com`. */
export function uniqueEmail(prefix: string): string {
  sequence += 1;
  return `${prefix}-${Date.now()}-w${process.env.TEST_WORKER_INDEX ?? '0'}-${sequence}@example.com`;
}

function e2eDatabaseUrl(): string {
  const tmp = process.env.E2E_TMP;
  if (!tmp) throw new Error('E2E_TMP is not set: run the journeys with `npx playwright test`');
  return `sqlite:${join(tmp, 'cv-builder.sqlite')}`;
}

/** `npm run user:create` against the e2e database: an active (confirmed) account. */
export function createUser(options: {
  email: string;
  password?: string;
  fullName?: string;
  staff?: boolean;
  superuser?: boolean;
}) {
  const args = ['--email', options.email, '--password', options.password ?? PASSWORD];
  args.push('--full-name', options.fullName ?? 'Journey Tester');
  if (options.staff) args.push('--staff');
  if (options.superuser) args.push('--superuser');
  userMaker(args);
}

let maker: Worker | undefined;

/**
 * Runs `npm run user:create -- …args` in this Playwright worker's user-maker thread (./user-maker.ts), started on
 * the first call, and waits for it: a journey goes on only once its account is there, as it did when a new process
 * made each account (the same checks and repository, minus 1-5 s of npm and tsx starting and loading the server).
 */
function userMaker(args: string[]): void {
  maker ??= startUserMaker();
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  maker.postMessage({ args, signal, reply: port2 } satisfies UserMakerRequest, [port2]);
  if (Atomics.wait(signal, 0, 0, 60_000) === 'timed-out')
    throw new Error(`user:create ${args.join(' ')}: no answer in 60 s`);
  const answer = receiveMessageOnPort(port1)?.message as UserMakerAnswer | undefined;
  port1.close();
  if (!answer?.ok) throw new Error(`user:create ${args.join(' ')}: ${answer?.error ?? 'no answer'}`);
}

function startUserMaker(): Worker {
  // The thread loads the server's TypeScript through tsx, as `npm run user:create` does (the journeys run from the
  // repository's root, where tsx is installed).
  const thread = new Worker(
    `import('tsx/esm/api').then(({ register }) => {
      register();
      return import(${JSON.stringify(new URL('./user-maker.ts', import.meta.url).href)});
    });`,
    {
      eval: true,
      workerData: { databaseUrl: e2eDatabaseUrl() },
      env: { ...process.env, LOG_LEVEL: 'silent' },
    },
  );
  // It ends with the Playwright worker; it never keeps one alive.
  thread.unref();
  return thread;
}

/** Signs in through the sign-in screen, as a person does. */
export async function signInWithForm(page: Page, email: string, password = PASSWORD) {
  if (new URL(page.url()).pathname !== '/signin') await page.goto('/signin');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Fills the sign-up screen as a person does and sends it. The phone number is typed at the end of its field, as a
 * person writes it: a national number ('07400 123456' in the UK) is read in the country the selector shows.
 */
export async function signUpWithForm(
  page: Page,
  person: { fullName: string; email: string; phone: string; password?: string },
) {
  if (new URL(page.url()).pathname !== '/signup') await page.goto('/signup');
  await page.getByLabel('Full Name').fill(person.fullName);
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  const phone = page.getByLabel('Phone Number', { exact: true });
  await phone.click();
  await phone.press('End');
  await phone.pressSequentially(person.phone);
  await page.getByLabel('Password', { exact: true }).fill(person.password ?? PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(person.password ?? PASSWORD);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
}

/** The toast region's text (docs/behaviour.md#messages: one toast at a time). */
export function toast(page: Page) {
  return page.getByTestId('toast');
}

export async function expectToast(page: Page, title: string, description?: string) {
  await expect(toast(page)).toContainText(title);
  if (description) await expect(toast(page)).toContainText(description);
}

/**
 * Staff use the admin panel only with two-step sign-in on: on the panel's 'Turn on two-step sign-in' page this
 * sets it up as a person does (the key read from the page, the code computed as an authenticator app would).
 * Returns the key, for later codes.
 */
export async function turnOnTwoStepInAdmin(page: Page): Promise<string> {
  await expect(page.getByRole('heading', { name: 'Turn on two-step sign-in' })).toBeVisible();
  await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  const secret = (await page.getByTestId('two-step-secret').textContent())!.trim();
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  await page.getByLabel('6-digit code').fill(totp.generate());
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('heading', { name: 'Two-step sign-in is on' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue to the administration' }).click();
  await expect(page.getByRole('heading', { name: 'CV Builder administration' })).toBeVisible();
  return secret;
}
