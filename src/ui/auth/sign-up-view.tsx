import { Button, Field } from '@chakra-ui/react';
import type { Country } from 'react-phone-number-input';
import { useT } from '../../i18n/i18n';
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
  const { t } = useT();
  const { values, errors, formError, attempt } = snapshot.context;
  const busy = snapshot.hasTag(BUSY_TAG);
  const change = (field: SignUpField) => (value: string) => send({ type: 'form.change', field, value });

  return (
    <AuthCard
      title={t('Create an Account')}
      description={t('Sign up to start building professional CVs from our templates.')}
      footer={
        <>
          {t('Already have an account?')} <AuthLink to="/signin">{t('Sign in')}</AuthLink>
        </>
      }
    >
      <AuthForm label={t('Sign up')} attempt={attempt} onSubmit={() => send({ type: 'form.submit' })}>
        <FormProblem message={formError} />
        <TextField
          label={t('Full Name')}
          name="full_name"
          autoComplete="name"
          placeholder={t('Jane Doe')}
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
          <Field.Label>{t('Phone Number')}</Field.Label>
          <PhoneField
            name="phone_number"
            defaultCountry={phoneCountry}
            value={values.phoneNumber}
            onValueChange={change('phoneNumber')}
            invalid={errors.phoneNumber !== undefined}
            disabled={busy}
          />
          {errors.phoneNumber && <Field.ErrorText>{t(errors.phoneNumber)}</Field.ErrorText>}
        </Field.Root>
        <PasswordField
          label={t('Password')}
          name="password1"
          autoComplete="new-password"
          placeholder={t('At least 8 characters')}
          value={values.password1}
          onValueChange={change('password1')}
          error={errors.password1}
          disabled={busy}
        />
        <PasswordField
          label={t('Confirm Password')}
          name="password2"
          autoComplete="new-password"
          placeholder={t('Repeat your password')}
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
          loadingText={t('Creating account...')}
          disabled={busy}
        >
          {t('Sign up')}
        </Button>
      </AuthForm>
    </AuthCard>
  );
}
