import {
  getCountries,
  getCountryCallingCode,
  parsePhoneNumber,
  type Country as CountryCode,
} from 'react-phone-number-input/min';
export { cvPhoneProblem } from '../account/phone-rules';
import countryNames from 'react-phone-number-input/locale/en';
import { DEFAULT_PHONE_COUNTRY } from '../config/constants';

// The builder's phone input (docs/behaviour.md#cv-builder, #validation-rules): a country selector built from
// react-phone-number-input's own data, and a number stored as '<dial code> <number>'.

/** A country of the phone input (docs/behaviour.md#data). */
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

/**
 * docs/behaviour.md#validation-rules: every character that is not a digit, space, hyphen or parenthesis is
 * removed.
 */
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

/**
 * What the person typed or pasted into the number box. A number written with its own country code ('+44 20 7946
 * 0000', '0044 20 …') picks that country and keeps the national part; anything else is a number of the chosen
 * country, filtered as docs/behaviour.md#validation-rules says.
 */
export function readTypedPhone(text: string, chosen: Country): ParsedPhone {
  const trimmed = text.trim();
  const international = trimmed.startsWith('+')
    ? trimmed
    : trimmed.startsWith('00')
      ? `+${trimmed.slice(2)}`
      : undefined;
  if (international && /\d{6,}/.test(international.replace(/\D/g, ''))) {
    try {
      const parsed = parsePhoneNumber(international);
      if (!parsed) return { country: chosen, number: filterPhoneNumber(text) };
      const dialCode = `+${parsed.countryCallingCode}`;
      const country =
        (chosen.dialCode === dialCode ? chosen : undefined) ??
        phoneCountries().find((candidate) => candidate.code === parsed.country) ??
        phoneCountries().find((candidate) => candidate.dialCode === dialCode);
      if (country) return { country, number: nationalPart(parsed.formatInternational(), dialCode) };
    } catch {
      // Not a number libphonenumber can read: kept as typed below.
    }
  }
  return { country: chosen, number: filterPhoneNumber(text) };
}

/**
 * A national number typed with its trunk prefix loses it, written the way its country does ('020 7946 0000' in
 * the UK is '20 7946 0000' after +44). Any other number is left exactly as the person wrote it.
 */
export function tidyNationalNumber(number: string, country: Country): string {
  if (number.trim() === '') return number;
  try {
    const parsed = parsePhoneNumber(number, country.code as CountryCode);
    const hasTrunkPrefix =
      parsed !== undefined && number.replace(/\D/g, '') !== String(parsed.nationalNumber);
    return parsed && hasTrunkPrefix && `+${parsed.countryCallingCode}` === country.dialCode
      ? nationalPart(parsed.formatInternational(), country.dialCode)
      : number;
  } catch {
    return number;
  }
}

function nationalPart(international: string, dialCode: string): string {
  return international.startsWith(dialCode) ? international.slice(dialCode.length).trim() : international;
}
