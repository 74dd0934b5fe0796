import { Field, Flex, Input } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { Message } from '../../../rules/languages';
import { useT } from '../../i18n/i18n';
import { PasswordInput } from '../password-input';

interface BaseFieldProps {
  label: ReactNode;
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  /** A rule's or a flow's words (or the server's): the field says them in the interface's language. */
  error?: Message;
  helperText?: string;
  disabled?: boolean;
  required?: boolean;
  autoComplete?: string;
  placeholder?: string;
  /** Something shown at the end of the label row, e.g. the 'Forgot password?' link. */
  labelAside?: ReactNode;
}

/** The field around a control: its label (and what sits beside it), then its error, else its helper text. */
function LabelledField({
  label,
  labelAside,
  error,
  helperText,
  disabled,
  required,
  children,
}: Pick<BaseFieldProps, 'label' | 'labelAside' | 'error' | 'helperText' | 'disabled' | 'required'> & {
  children: ReactNode;
}) {
  const { t } = useT();
  const fieldLabel = (
    <Field.Label>
      {label}
      <Field.RequiredIndicator />
    </Field.Label>
  );
  return (
    <Field.Root invalid={error !== undefined} disabled={disabled} required={required}>
      {labelAside ? (
        <Flex justify="space-between" align="center" width="full" gap="2">
          {fieldLabel}
          {labelAside}
        </Flex>
      ) : (
        fieldLabel
      )}
      {children}
      {error ? (
        <Field.ErrorText>{t(error)}</Field.ErrorText>
      ) : (
        helperText && <Field.HelperText>{helperText}</Field.HelperText>
      )}
    </Field.Root>
  );
}

/** A labelled text box with its helper and error text (the error replaces the helper while shown). */
export function TextField({
  name,
  value,
  onValueChange,
  autoComplete,
  placeholder,
  type = 'text',
  inputMode,
  ...field
}: BaseFieldProps & { type?: 'text' | 'email'; inputMode?: 'text' | 'numeric' }) {
  return (
    <LabelledField {...field}>
      <Input
        name={name}
        type={type}
        inputMode={inputMode}
        value={value}
        autoComplete={autoComplete}
        placeholder={placeholder}
        onChange={(event) => onValueChange(event.target.value)}
      />
    </LabelledField>
  );
}

/** The account forms' email address (sign in, sign up, forgot password, a new confirmation link). */
export function EmailField(props: Omit<BaseFieldProps, 'label' | 'name' | 'placeholder'>) {
  const { t } = useT();
  return (
    <TextField
      label={t('Email')}
      name="email"
      type="email"
      autoComplete="email"
      // i18n-ignore: an example address, not words
      placeholder="you@example.com"
      {...props}
    />
  );
}

/** A labelled password box with the show/hide toggle. */
export function PasswordField({
  name,
  value,
  onValueChange,
  autoComplete,
  placeholder,
  ...field
}: BaseFieldProps) {
  return (
    <LabelledField {...field}>
      <PasswordInput
        name={name}
        value={value}
        onValueChange={onValueChange}
        autoComplete={autoComplete}
        placeholder={placeholder}
        disabled={field.disabled}
      />
    </LabelledField>
  );
}
