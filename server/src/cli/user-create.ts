import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { now } from '../auth/clock.js';
import { hashPassword } from '../auth/passwords.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { createUser, EmailTakenError, type User } from '../users/repository.js';
import {
  isValidEmail,
  MAX_FULL_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  newPasswordProblem,
} from '../auth/validation.js';
import { ConfigError, loadConfig } from '../config.js';
import { createDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

/*
 * npm run user:create -- --email ops@example.com --password '…' [--full-name '…'] [--staff] [--superuser]
 *
 * Creates an active, confirmed account in the database DATABASE_URL names (migrating it first, so a
 * fresh database works). For operators: staff accounts cannot sign up through the web app.
 */

const USAGE =
  'Usage: npm run user:create -- --email <address> --password <password> [--full-name <name>] [--phone <number>] [--staff] [--superuser]';

export interface UserCreateOptions {
  email: string;
  password: string;
  fullName: string;
  phoneNumber: string;
  isStaff: boolean;
  isSuperuser: boolean;
}

export class UsageError extends Error {}

export function parseUserCreateArgs(args: string[]): UserCreateOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        'full-name': { type: 'string' },
        phone: { type: 'string' },
        staff: { type: 'boolean' },
        superuser: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const email = values.email?.trim() ?? '';
  const password = values.password ?? '';
  if (!email) throw new UsageError('--email is required');
  if (!isValidEmail(email)) throw new UsageError(`--email: "${email}" is not a valid email address`);
  if (!password) throw new UsageError('--password is required');
  const passwordIssue = newPasswordProblem(password);
  if (passwordIssue) throw new UsageError(`--password: ${passwordIssue}`);
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw new UsageError(`--password: must be at most ${MAX_PASSWORD_LENGTH} characters`);
  }
  const fullName = values['full-name']?.trim() ?? '';
  if (fullName.length > MAX_FULL_NAME_LENGTH) {
    throw new UsageError(`--full-name: must be at most ${MAX_FULL_NAME_LENGTH} characters`);
  }
  const superuser = values.superuser ?? false;
  return {
    email,
    password,
    fullName,
    phoneNumber: values.phone?.trim() ?? '',
    // A superuser is staff too, as in Django's createsuperuser.
    isStaff: (values.staff ?? false) || superuser,
    isSuperuser: superuser,
  };
}

/** The account the options describe: active and confirmed, its password hashed (the journeys' accounts too). */
export async function createAccount(db: Kysely<Database>, options: UserCreateOptions): Promise<User> {
  return createUser(
    db,
    {
      fullName: options.fullName,
      email: options.email,
      phoneNumber: options.phoneNumber,
      passwordHash: await hashPassword(options.password),
      confirmed: true,
      isStaff: options.isStaff,
      isSuperuser: options.isSuperuser,
    },
    now(),
  );
}

async function main(): Promise<number> {
  let options: UserCreateOptions;
  try {
    options = parseUserCreateArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n${USAGE}`);
    return 2;
  }
  let databaseUrl: string;
  try {
    databaseUrl = loadConfig().databaseUrl;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Configuration error: ${error.message}`);
    return 1;
  }
  const database = createDatabase(databaseUrl);
  try {
    await migrateToLatest(database.db);
    const user = await createAccount(database.db, options);
    const role = options.isSuperuser ? 'superuser' : options.isStaff ? 'staff user' : 'user';
    console.log(`Created ${role} #${user.id} ${user.email}`);
    return 0;
  } catch (error) {
    if (error instanceof EmailTakenError) {
      console.error(`An account with the email ${options.email} already exists.`);
      return 1;
    }
    throw error;
  } finally {
    await database.destroy();
  }
}

// Only as a script: tests import parseUserCreateArgs without running anything.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
