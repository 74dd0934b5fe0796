import { msg } from '../../../../rules/languages.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  confirmWithoutPassword,
  createUser,
  EmailTakenError,
  findUserByEmail,
  type User,
} from '../../users/repository.js';
import { SocialSignInError } from './errors.js';
import type { SocialProfile } from './profile.js';

export const ACCOUNT_DISABLED = msg('This account is disabled. Please contact support.');

type Db = Kysely<Database>;

/**
 * The account a verified provider address signs in to: found by email, else created confirmed with
 * the provider's full name and no password.
 *
 * An unconfirmed account with that address is confirmed, since the provider vouches for the mailbox,
 * and its password is dropped: it was set by whoever registered the address, who never proved they
 * own it, and keeping it would hand the confirmed account to them. The owner can set one by reset.
 */
export async function accountForSocialProfile(db: Db, profile: SocialProfile, at: Date): Promise<User> {
  const existing = await findUserByEmail(db, profile.email);
  if (existing) return adopt(db, existing, at);
  try {
    return await createUser(
      db,
      {
        fullName: profile.fullName,
        email: profile.email,
        phoneNumber: '',
        passwordHash: null,
        confirmed: true,
      },
      at,
    );
  } catch (error) {
    // A second tab or a double click created it a moment ago: use that one.
    if (!(error instanceof EmailTakenError)) throw error;
    const created = await findUserByEmail(db, profile.email);
    if (!created) throw error;
    return adopt(db, created, at);
  }
}

async function adopt(db: Db, user: User, at: Date): Promise<User> {
  if (user.deactivated_at !== null) throw new SocialSignInError(403, ACCOUNT_DISABLED, 'account_disabled');
  if (user.email_confirmed_at !== null) {
    if (user.is_active !== 1) throw new SocialSignInError(403, ACCOUNT_DISABLED, 'account_disabled');
    return user;
  }
  return confirmWithoutPassword(db, user.id, at);
}
