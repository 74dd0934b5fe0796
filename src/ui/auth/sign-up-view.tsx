import { Button, Field } from '@chakra-ui/react';
import type { Country } from 'react-phone-number-input';
import { BUSY_TAG } from '../../machines/auth/auth-flow';
import type { SignUpEvent, SignUpField, SignUpSnapshot } from '../../machines/auth/sign-up-machine';
import { FormProblem } from '../form-problem';
import { PhoneField } from '../phone-field';
import { AuthCard, AuthForm, AuthLink } from './auth-card';
import { EmailField, PasswordField, TextField } from './text-field';

export interface SignUpViewProps {
  snapshot: SignUpSnapshot;
  send: (event: SignUpEvent) => void;
  /** The phone country the field starts on (the browser's region: `signUpPhoneCountry`). */
  phoneCountry: Country;
}

// docs/behaviour.md#sign-up
export function SignUpView({ snapshot, send, phoneCountry }: SignUpViewProps) {
  const { values, errors, formError, attempt } = snapshot.context;
  const busy = snapshot.hasTag(BUSY_TAG);
  const change = (field: SignUpField) => (value: string) => send({ type: 'form.change', field, value });

  return (
    <AuthCard
      title="Create an Account"
      description="Sign up to start building professional CVs from our templates."
      footer={
        <>
          Already have an account? <AuthLink to="/signin">Sign in</AuthLink>
        </>
      }
    >
      <AuthForm label="Sign up" attempt={attempt} onSubmit={() => send({ type: 'form.submit' })}>
        <FormProblem message={formError} />
        <TextField
          label="Full Name"
          name="full_name"
          autoComplete="name"
          placeholder="Jane Doe"
          value={values.fullName}
          onValueChange={change('fullName')}
          error={errors.fullName}
          disabled={busy}
        />
        <EmailField
          value={values.email}
          onValueChange={change('email')}
          error={errors.email}
          disabled={busy}
        />
        <Field.Root invalid={errors.phoneNumber !== undefined} disabled={busy}>
          <Field.Label>Phone Number</Field.Label>
          <PhoneField
            name="phone_number"
            defaultCountry={phoneCountry}
            value={values.phoneNumber}
            onValueChange={change('phoneNumber')}
            invalid={errors.phoneNumber !== undefined}
            disabled={busy}
          />
          {errors.phoneNumber && <Field.ErrorText>{errors.phoneNumber}</Field.ErrorText>}
        </Field.Root>
        <PasswordField
          label="Password"
          name="password1"
          autoComplete="new-password"
          placeholder="At least 8 characters"
          value={values.password1}
          onValueChange={change('password1')}
          error={errors.password1}
          disabled={busy}
        />
        <PasswordField
          label="Confirm Password"
          name="password2"
          autoComplete="new-password"
          placeholder="Repeat your password"
          value={values.password2}
          onValueChange={change('password2')}
          error={errors.password2}
          disabled={busy}
        />
        <Button
          type="submit"
          width="full"
          size="lg"
          loading={snapshot.matches('registering')}
          loadingText="Creating account..."
          disabled={busy}
        >
          Sign up
        </Button>
      </AuthForm>
    </AuthCard>
  );
}
