import { Group, Input, NativeSelect, useBreakpointValue } from '@chakra-ui/react';
import { memo, useMemo, useState } from 'react';
import {
  countryByCode,
  filterPhoneNumber,
  parsePhoneValue,
  phoneCountries,
  phoneValue,
  readTypedPhone,
  tidyNationalNumber,
} from '../../cv/phone';
import { useT } from '../../i18n/i18n';

export interface PhoneInputProps {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  required?: boolean;
  invalid?: boolean;
  /** The id of the message under the field, when there is one. */
  describedBy?: string;
}

/** The countries' names in another language than English, as the browser says them; none when it cannot. */
function regionNames(language: string): Intl.DisplayNames | undefined {
  try {
    return new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    return undefined;
  }
}

// The ~240 options only change with the language: built once per language and reused, so a keystroke does not
// rebuild them.
const countryOptions = new Map<string, React.ReactElement[]>();
function renderCountryOptions(language: string) {
  let options = countryOptions.get(language);
  if (!options) {
    // English keeps the list's own names and order; another language names and sorts them in its own words.
    const names = language === 'en' ? undefined : regionNames(language);
    const named = phoneCountries().map((country) => ({
      ...country,
      name: names?.of(country.code) ?? country.name,
    }));
    if (names) named.sort((a, b) => a.name.localeCompare(b.name, language));
    options = named.map((country) => (
      <option key={country.code} value={country.code}>
        {`${country.flag} ${country.name} (${country.dialCode})`}
      </option>
    ));
    countryOptions.set(language, options);
  }
  return options;
}

/**
 * docs/behaviour.md#cv-builder: a country selector (default US, +1) and a number stored as '<dial code>
 * <number>'.
 */
export const PhoneInput = memo(function PhoneInput({
  id,
  value,
  onValueChange,
  required,
  invalid,
  describedBy,
}: PhoneInputProps) {
  const { t, language } = useT();
  // The country is only in the stored value once a number is typed, so the chosen one is also kept here.
  const [chosenCode, setChosenCode] = useState<string | undefined>(undefined);
  const { country, number } = useMemo(
    () => parsePhoneValue(value, chosenCode ? countryByCode(chosenCode) : undefined),
    [value, chosenCode],
  );
  // A value that is no number at all ('Upon request', from an import) shows as written, for the person to replace;
  // filtering it would show an empty box over a value that is still there.
  const shown = /^\s*\+\d/.test(value) || filterPhoneNumber(value) === value ? number : value;
  // On a phone the country takes a line of its own above the number: beside it, the chosen country showed as
  // '🇺🇸 United States (+…'.
  const stacked = useBreakpointValue({ base: true, sm: false }) ?? false;
  return (
    <Group
      attached={!stacked}
      width="full"
      flexDirection={stacked ? 'column' : 'row'}
      gap={stacked ? '2' : '0'}
    >
      <NativeSelect.Root
        width={stacked ? 'full' : 'auto'}
        flexShrink={0}
        maxW={stacked ? 'full' : '44'}
        size={stacked ? 'lg' : 'md'}
      >
        <NativeSelect.Field
          aria-label={t('Country calling code')}
          value={country.code}
          onChange={(event) => {
            const next = countryByCode(event.currentTarget.value);
            if (!next) return;
            setChosenCode(next.code);
            onValueChange(phoneValue(next, number));
          }}
        >
          {renderCountryOptions(language)}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Input
        id={id}
        size={stacked ? 'lg' : 'md'}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        aria-required={required || undefined}
        value={shown}
        placeholder="(555) 123-4567"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          // A pasted or typed '+44 …' picks its own country.
          const typed = readTypedPhone(event.currentTarget.value, country);
          if (typed.country.code !== country.code) setChosenCode(typed.country.code);
          onValueChange(phoneValue(typed.country, typed.number));
        }}
        onBlur={() => {
          const tidy = tidyNationalNumber(number, country);
          if (tidy !== number) onValueChange(phoneValue(country, tidy));
        }}
      />
    </Group>
  );
});
