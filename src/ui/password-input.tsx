import { IconButton, Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { forwardRef, useState } from 'react';
import { useT } from '../i18n/i18n';
import { EyeIcon, EyeOffIcon } from './first-page-icons';

export interface PasswordInputProps extends Omit<InputProps, 'type' | 'onChange'> {
  value: string;
  onValueChange: (value: string) => void;
}

/**
 * A password box with a show/hide toggle (docs/behaviour.md#screens-and-routes: every password field has one).
 * Whether the text shows is the only state here: it belongs to the box, not to any flow. Put it inside a
 * `Field.Root` so the label, the invalid state and the error text are wired to it.
 */
export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordInput(
  { value, onValueChange, disabled, ...inputProps },
  ref,
) {
  const { t } = useT();
  const [visible, setVisible] = useState(false);
  const toggleLabel = visible ? t('Hide password') : t('Show password');
  return (
    <InputGroup
      endElementProps={{ paddingInlineEnd: '1' }}
      endElement={
        <IconButton
          type="button"
          variant="ghost"
          size="xs"
          aria-label={toggleLabel}
          aria-pressed={visible}
          title={toggleLabel}
          disabled={disabled}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </IconButton>
      }
    >
      <Input
        ref={ref}
        type={visible ? 'text' : 'password'}
        value={value}
        disabled={disabled}
        onChange={(event) => onValueChange(event.target.value)}
        {...inputProps}
      />
    </InputGroup>
  );
});
