import { Field, Flex, Input } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PasswordInput } from '../password-input';

interface BaseFieldProps {
  label: ReactNode;
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  helperText?: string;
  disabled?: boolean;
  required?: boolean;
  autoComplete?: string;
  placeholder?: string;
  /** Something shown at the end of the label row, e.g. the 'Forgot password?' link. */
  labelAside?: ReactNode;
}

function FieldLabelRow({ label, labelAside }: { label: ReactNode; labelAside?: ReactNode }) {
  return labelAside ? (
    <Flex justify="space-between" align="center" width="full" gap="2">
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {labelAside}
    </Flex>
  ) : (
    <Field.Label>
      {label}
      <Field.RequiredIndicator />
    </Field.Label>
  );
}

/** A labelled text box with its helper and error text (the error replaces the helper while shown). */
export function TextField({
  label,
  name,
  value,
  onValueChange,
  error,
  helperText,
  disabled,
  required,
  autoComplete,
  placeholder,
  labelAside,
  type = 'text',
}: BaseFieldProps & { type?: 'text' | 'email' }) {
  return (
    <Field.Root invalid={error !== undefined} disabled={disabled} required={required}>
      <FieldLabelRow label={label} labelAside={labelAside} />
      <Input
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
        placeholder={placeholder}
        onChange={(event) => onValueChange(event.target.value)}
      />
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : (
        helperText && <Field.HelperText>{helperText}</Field.HelperText>
      )}
    </Field.Root>
  );
}

/** A labelled password box with the show/hide toggle. */
export function PasswordField({
  label,
  name,
  value,
  onValueChange,
  error,
  helperText,
  disabled,
  required,
  autoComplete,
  placeholder,
  labelAside,
}: BaseFieldProps) {
  return (
    <Field.Root invalid={error !== undefined} disabled={disabled} required={required}>
      <FieldLabelRow label={label} labelAside={labelAside} />
      <PasswordInput
        name={name}
        value={value}
        onValueChange={onValueChange}
        autoComplete={autoComplete}
        placeholder={placeholder}
        disabled={disabled}
      />
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : (
        helperText && <Field.HelperText>{helperText}</Field.HelperText>
      )}
    </Field.Root>
  );
}
