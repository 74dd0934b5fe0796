import { msg } from '../../../../rules/languages.js';
import { isValidEmail, MAX_EMAIL_LENGTH, MAX_FULL_NAME_LENGTH } from '../validation.js';
import { SocialSignInError, providerUnavailable, type ProviderName } from './errors.js';
import { asRecord } from './provider-http.js';

/** What a provider's OpenID Connect userinfo tells us about the person (standard claims). */
export interface SocialProfile {
  email: string;
  fullName: string;
}

function claim(record: Record<string, unknown>, name: string): string | undefined {
  const value = record[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * Reads the userinfo answer. Only a verified address may sign in: the account is found by it, so an
 * unverified one would let anyone claim someone else's account.
 */
export function profileFromUserinfo(provider: ProviderName, body: unknown): SocialProfile {
  const record = asRecord(body);
  if (claim(record, 'sub') === undefined) {
    throw providerUnavailable(provider, 'noSubject');
  }
  const email = claim(record, 'email');
  if (email === undefined) {
    throw new SocialSignInError(
      400,
      {
        id: msg(
          'Your {provider} account did not share an email address. Please allow access to your email address and try again.',
        ),
        values: { provider },
      },
      'email_missing',
    );
  }
  if (email.length > MAX_EMAIL_LENGTH || !isValidEmail(email)) {
    throw new SocialSignInError(
      400,
      { id: msg('The email address of your {provider} account is not valid.'), values: { provider } },
      'email_invalid',
    );
  }
  // Some providers send the claim as the text "true".
  const verified = record.email_verified === true || record.email_verified === 'true';
  if (!verified) {
    throw new SocialSignInError(
      400,
      {
        id: msg(
          'The email address of your {provider} account is not verified. Please verify it with {provider} and try again.',
        ),
        values: { provider },
      },
      'email_not_verified',
    );
  }
  const givenAndFamily = [claim(record, 'given_name'), claim(record, 'family_name')]
    .filter(Boolean)
    .join(' ');
  const fullName = claim(record, 'name') ?? (givenAndFamily || email.slice(0, email.indexOf('@')));
  return { email, fullName: fullName.slice(0, MAX_FULL_NAME_LENGTH) };
}
