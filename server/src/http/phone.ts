import { isPossiblePhoneNumber } from 'libphonenumber-js/min';

/**
 * Whether a number written with its dial code ('+44 20 7946 0000', '+442079460000') can exist in its country
 * (libphonenumber's lengths per country). The web app checks the same (src/account/phone-rules.ts).
 */
export function isPossiblePhone(value: string): boolean {
  try {
    return isPossiblePhoneNumber(value.trim());
  } catch {
    return false;
  }
}
