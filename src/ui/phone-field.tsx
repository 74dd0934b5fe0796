import { Box, Input } from '@chakra-ui/react';
import { forwardRef } from 'react';
import PhoneInput, { isSupportedCountry, type Country } from 'react-phone-number-input';
import flags from 'react-phone-number-input/flags';
import 'react-phone-number-input/style.css';
import { DEFAULT_PHONE_COUNTRY } from '../config/constants';
import { useT } from '../i18n/i18n';
import { usePhoneLabels } from './phone-labels';

export interface PhoneFieldProps {
  value: string;
  onValueChange: (value: string) => void;
  /**
   * Country picked until the person chooses another: the browser's region on sign up (`signUpPhoneCountry`), 'US'
   * on the profile and in the builder (docs/behaviour.md#limits-and-timings).
   */
  defaultCountry: Country;
  id?: string;
  name?: string;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  autoComplete?: string;
}

/** Sign-up's first country: the browser's region when the phone library knows it, else US. */
export function signUpPhoneCountry(region: string | undefined): Country {
  return region !== undefined && isSupportedCountry(region) ? region : DEFAULT_PHONE_COUNTRY;
}

// The library's own country list, names (in the interface's language) and flags, all bundled: nothing is fetched
// from the internet.
const PhoneTextInput = forwardRef<HTMLInputElement, React.ComponentProps<typeof Input>>(
  function PhoneTextInput(props, ref) {
    return <Input ref={ref} {...props} />;
  },
);

/**
 * A phone number with a country selector. The value is the international form the library produces
 * ('+264811234567'), or '' while empty. Put it inside a `Field.Root`: the text box takes the field's label.
 */
export function PhoneField({
  value,
  onValueChange,
  defaultCountry,
  id,
  name,
  placeholder,
  disabled,
  invalid,
  autoComplete = 'tel',
}: PhoneFieldProps) {
  const labels = usePhoneLabels(useT().language);
  return (
    <Box
      width="full"
      css={{
        '& .PhoneInput': { display: 'flex', alignItems: 'center', gap: '2' },
        '& .PhoneInputCountry': {
          alignSelf: 'stretch',
          paddingInline: '3',
          borderWidth: '1px',
          borderColor: invalid ? 'border.error' : 'border',
          borderRadius: 'l2',
          bg: 'bg',
          marginInlineEnd: 0,
        },
        '& .PhoneInputCountry:focus-within': { outline: '2px solid', outlineColor: 'colorPalette.focusRing' },
        '& .PhoneInputCountrySelect': { cursor: disabled ? 'not-allowed' : 'pointer' },
        '& .PhoneInputCountrySelect option': { bg: 'bg', color: 'fg' },
        '& .PhoneInputCountrySelectArrow': { color: 'fg.muted', opacity: 1 },
        '& .PhoneInputCountryIcon': { boxShadow: 'none' },
      }}
    >
      {/* Not fixed to the chosen country's code: a number pasted or typed with its own (+44 …) picks its country,
          and a national number is read in the chosen one. */}
      <PhoneInput
        defaultCountry={defaultCountry}
        flags={flags}
        labels={labels}
        value={value === '' ? undefined : value}
        onChange={(next) => onValueChange(next ?? '')}
        inputComponent={PhoneTextInput}
        id={id}
        name={name}
        placeholder={placeholder}
        disabled={disabled}
        autoComplete={autoComplete}
      />
    </Box>
  );
}
