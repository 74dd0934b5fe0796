import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

// How a phone number is printed on a CV (HTML preview, PDF, Word, ATS text, exports), said once for the web app
// and the server: in its international format, grouped the way its country writes it ('+1 202 555 0143'), as the
// profile shows it. The number stays stored as it was typed ('+1 2025550143').

/**
 * A stored number ('<dial code> <number>' or '+<digits>') in its international format; anything libphonenumber
 * cannot read as a possible number (an extension, a note, a number without its dial code) is printed as typed.
 */
export function printedPhone(value: string): string {
  const typed = value.trim();
  if (!typed.startsWith('+')) return typed;
  try {
    const parsed = parsePhoneNumberFromString(typed);
    if (!parsed || !parsed.isPossible()) return typed;
    // Only digits, spaces, hyphens, dots, slashes and brackets may be regrouped: anything else (an 'ext.' or a
    // note) is the person's own and kept.
    if (/[^\d\s()./+-]/.test(typed)) return typed;
    return parsed.formatInternational();
  } catch {
    return typed;
  }
}
