import { isPossiblePhoneNumber } from 'react-phone-number-input/min';
import { ACCOUNT_MESSAGES, PHONE_MAX_LENGTH, PHONE_MIN_LENGTH } from '../../rules/account';

// Phone numbers, checked with libphonenumber (through react-phone-number-input): a number that cannot exist in
// its country is refused with a message under the field. The server checks the same (server/src/http/phone.ts).

/** Whether a number written with its dial code ('+44 20 7946 0000', '+442079460000') can exist. */
export function isPossiblePhone(value: string): boolean {
  try {
    return isPossiblePhoneNumber(value.trim());
  } catch {
    return false;
  }
}

/**
 * An account's phone number (sign up, profile): the length rule first ('Phone number must be at least 10
 * digits'), then whether the number can exist. `required`: sign up needs one; the profile may leave it blank.
 */
export function accountPhoneProblem(value: string, { required }: { required: boolean }): string | undefined {
  const phone = value.trim();
  if (phone === '' && !required) return undefined;
  if (phone.length < PHONE_MIN_LENGTH) return ACCOUNT_MESSAGES.phoneTooShort;
  if (phone.length > PHONE_MAX_LENGTH) return ACCOUNT_MESSAGES.phoneTooLong;
  return isPossiblePhone(phone) ? undefined : ACCOUNT_MESSAGES.phoneImpossible;
}

/** A CV's phone field: blank is fine (nothing is required in a CV); a number must be able to exist. */
export function cvPhoneProblem(value: string): string | undefined {
  return value.trim() === '' || isPossiblePhone(value) ? undefined : ACCOUNT_MESSAGES.phoneImpossible;
}
