import {
  getCountries,
  getCountryCallingCode,
  parsePhoneNumber,
  type Country as CountryCode,
} from 'react-phone-number-input/min';
import countryNames from 'react-phone-number-input/locale/en';
import { DEFAULT_PHONE_COUNTRY } from '../../config/constants';

// The builder's phone input (spec §2, §5 Phone input): a country selector built from
// react-phone-number-input's own data, and a number stored as '<dial code> <number>'.

/** spec §3 Country entry. */
export interface Country {
  code: string;
  name: string;
  dialCode: string;
  flag: string;
}

/** The flag emoji of an ISO 3166 code: two regional indicator symbols. */
export function flagOf(code: string): string {
  return String.fromCodePoint(
    ...[...code.toUpperCase()].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65),
  );
}

let cachedCountries: Country[] | undefined;

/** About 240 countries and territories, sorted by name. */
export function phoneCountries(): Country[] {
  cachedCountries ??= getCountries()
    .map((code) => ({
      code,
      name: (countryNames as Record<string, string | undefined>)[code] ?? code,
      dialCode: `+${getCountryCallingCode(code)}`,
      flag: flagOf(code),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return cachedCountries;
}

export function countryByCode(code: string): Country | undefined {
  return phoneCountries().find((country) => country.code === code);
}

export function defaultPhoneCountry(): Country {
  return countryByCode(DEFAULT_PHONE_COUNTRY)!;
}

/** spec §5 Phone input: every character that is not a digit, space, hyphen or parenthesis is removed. */
export function filterPhoneNumber(text: string): string {
  return text.replace(/[^0-9 ()-]/g, '');
}

/** The stored value: the dial code, a space, then the number; nothing when no number is typed. */
export function phoneValue(country: Pick<Country, 'dialCode'>, number: string): string {
  const filtered = filterPhoneNumber(number);
  return filtered.trim() === '' ? '' : `${country.dialCode} ${filtered}`;
}

export interface ParsedPhone {
  country: Country;
  number: string;
}

/**
 * Reads a stored value back into a country and a number. Several countries share a dial code (+1, +44):
 * the one the caller prefers wins, then the one the number itself belongs to, then the first by name.
 */
export function parsePhoneValue(value: string, preferred: Country = defaultPhoneCountry()): ParsedPhone {
  const match = /^\s*(\+\d{1,4})\s+(.*)$/.exec(value);
  if (!match)
    return parseInternational(value, preferred) ?? { country: preferred, number: filterPhoneNumber(value) };
  const [, dialCode, number] = match;
  const candidates = phoneCountries().filter((country) => country.dialCode === dialCode);
  if (candidates.length === 0) return { country: preferred, number: filterPhoneNumber(value) };
  let country = candidates.find((candidate) => candidate.code === preferred.code);
  if (!country) {
    const owner = ownerOf(`${dialCode}${number.replace(/\D/g, '')}`);
    country = candidates.find((candidate) => candidate.code === owner) ?? candidates[0];
  }
  return { country, number };
}

/** A number written the international way without the space ('+442079460000'), as other forms store it. */
function parseInternational(value: string, preferred: Country): ParsedPhone | undefined {
  if (!/^\s*\+\d{6,}\s*$/.test(value)) return undefined;
  try {
    const parsed = parsePhoneNumber(value.trim());
    if (!parsed) return undefined;
    const dialCode = `+${parsed.countryCallingCode}`;
    const country =
      (preferred.dialCode === dialCode ? preferred : undefined) ??
      phoneCountries().find((candidate) => candidate.code === parsed.country) ??
      phoneCountries().find((candidate) => candidate.dialCode === dialCode);
    return country ? { country, number: String(parsed.nationalNumber) } : undefined;
  } catch {
    return undefined;
  }
}

function ownerOf(international: string): CountryCode | undefined {
  try {
    return parsePhoneNumber(international)?.country;
  } catch {
    return undefined;
  }
}
