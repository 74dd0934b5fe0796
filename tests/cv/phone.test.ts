import {
  countryByCode,
  defaultPhoneCountry,
  filterPhoneNumber,
  flagOf,
  parsePhoneValue,
  phoneCountries,
  phoneValue,
  readTypedPhone,
  tidyNationalNumber,
  cvPhoneProblem,
} from '../../src/cv/phone';
import { getExampleNumber } from 'libphonenumber-js/min';
import examples from 'libphonenumber-js/examples.mobile.json';

describe('phone input', () => {
  it('offers about 240 countries and territories from the library, each with code, name, dial code and flag', () => {
    const countries = phoneCountries();
    expect(countries.length).toBeGreaterThanOrEqual(230);
    expect(countries.length).toBeLessThanOrEqual(260);
    expect(new Set(countries.map((country) => country.code)).size).toBe(countries.length);
    expect(countryByCode('GB')).toEqual({ code: 'GB', name: 'United Kingdom', dialCode: '+44', flag: '🇬🇧' });
    for (const country of countries) {
      expect(country.dialCode).toMatch(/^\+\d{1,4}$/);
      expect(country.name).not.toBe('');
    }
  });

  it('defaults to the United States, +1', () => {
    expect(defaultPhoneCountry()).toMatchObject({ code: 'US', dialCode: '+1', flag: flagOf('US') });
  });

  it.each([
    ['(555) 123-4567', '(555) 123-4567'],
    ['555.123.4567', '5551234567'],
    ['+44 20 7946 0000', '44 20 7946 0000'],
    ['call me: 555-0100 ext. 2', '  555-0100  2'],
    ['٠١٢ abc', ' '],
  ])('keeps only digits, spaces, hyphens and parentheses: %j', (typed, kept) => {
    expect(filterPhoneNumber(typed)).toBe(kept);
  });

  it('stores the dial code, a space, then the number; nothing without a number', () => {
    expect(phoneValue({ dialCode: '+1' }, '(555) 123-4567')).toBe('+1 (555) 123-4567');
    expect(phoneValue({ dialCode: '+44' }, '20x7946')).toBe('+44 207946');
    expect(phoneValue({ dialCode: '+1' }, '   ')).toBe('');
  });

  it('reads a stored value back into the country and the number', () => {
    expect(parsePhoneValue('+1 (555) 123-4567')).toMatchObject({
      country: { code: 'US' },
      number: '(555) 123-4567',
    });
    expect(parsePhoneValue('+44 20 7946 0000')).toMatchObject({
      country: { code: 'GB' },
      number: '20 7946 0000',
    });
    expect(parsePhoneValue('+7 912 345 67 89')).toMatchObject({ country: { code: 'RU' } });
    expect(parsePhoneValue('+44 1481 123456', countryByCode('GG'))).toMatchObject({
      country: { code: 'GG' },
    });
    expect(parsePhoneValue('555 0100')).toMatchObject({ country: { code: 'US' }, number: '555 0100' });
    // Written by other forms without the space: the dial code is still recognised.
    expect(parsePhoneValue('+442079460000')).toMatchObject({ country: { code: 'GB' }, number: '2079460000' });
    expect(parsePhoneValue('+12025550100')).toMatchObject({ country: { code: 'US' }, number: '2025550100' });
  });
});

describe('phone numbers people type and paste (libphonenumber)', () => {
  const us = countryByCode('US')!;
  const gb = countryByCode('GB')!;

  it('a pasted international number picks its country and keeps the national part', () => {
    expect(readTypedPhone('+44 20 7946 0000', us)).toEqual({ country: gb, number: '20 7946 0000' });
    expect(readTypedPhone('+442079460000', us)).toEqual({ country: gb, number: '20 7946 0000' });
    expect(readTypedPhone('0044 20 7946 0000', us)).toEqual({ country: gb, number: '20 7946 0000' });
  });

  it('typed digits stay a number of the chosen country, filtered to digits, spaces, hyphens and parentheses', () => {
    expect(readTypedPhone('(555) 123-4567 ext.9', us)).toEqual({ country: us, number: '(555) 123-4567 9' });
    expect(readTypedPhone('+4', us)).toEqual({ country: us, number: '4' });
  });

  it('a national number is read in the chosen country, without its trunk prefix', () => {
    expect(tidyNationalNumber('020 7946 0000', gb)).toBe('20 7946 0000');
    expect(tidyNationalNumber('2025550123', us)).toBe('2025550123');
    expect(tidyNationalNumber('(555) 123-4567', us)).toBe('(555) 123-4567');
    expect(tidyNationalNumber('not a number', us)).toBe('not a number');
  });

  it('says when a number cannot exist, and not for a blank field', () => {
    expect(cvPhoneProblem('')).toBeUndefined();
    expect(cvPhoneProblem('+44 20 7946 0000')).toBeUndefined();
    expect(cvPhoneProblem('+1 02079460000')).toBe(
      'This phone number cannot exist in the selected country. Please check it.',
    );
    expect(cvPhoneProblem('+1 555 01')).toBe(
      'This phone number cannot exist in the selected country. Please check it.',
    );
  });

  it('round-trips an example number of every country in the list', () => {
    for (const country of phoneCountries()) {
      const example = getExampleNumber(country.code as never, examples);
      if (!example) continue;
      const national = example.formatInternational().slice(country.dialCode.length).trim();
      const stored = phoneValue(country, national);
      expect(parsePhoneValue(stored, country), country.code).toEqual({ country, number: national });
      expect(cvPhoneProblem(stored), country.code).toBeUndefined();
      expect(readTypedPhone(example.formatInternational(), us).country.dialCode, country.code).toBe(
        country.dialCode,
      );
    }
  });
});
