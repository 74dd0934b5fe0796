import { Alert, Box, Button, Stack } from '@chakra-ui/react';
import { Suspense, lazy, type ReactNode } from 'react';
import { useT } from '../../i18n/i18n';
import { BUSY_TAG } from '../../machines/auth/auth-flow';
import type { SignInEvent, SignInSnapshot } from '../../machines/auth/sign-in-machine';
import { FormProblem, FormProblemAlert } from '../form-problem';
import { AuthCard, AuthForm, AuthLink } from './auth-card';
import { EmailField, PasswordField } from './text-field';

export interface SignInViewProps {
  snapshot: SignInSnapshot;
  send: (event: SignInEvent) => void;
  /** The social sign-in options (Google and LinkedIn), below the form; none when left out. */
  social?: ReactNode;
  /** 'Sign in with a passkey', below the Sign in button. */
  passkey?: ReactNode;
}

// The second step of a two-step sign-in (its checkbox and its words) comes in a chunk of its own: most visits to
// /signin never need it (docs/decisions/0026-signin-loads-only-sign-in.md).
const SecondStepView = lazy(() =>
  import('./second-step-view').then((module) => ({ default: module.SecondStepView })),
);

const ConfirmationSentAlert = lazy(() =>
  import('./confirmation-sent-alert').then((module) => ({ default: module.ConfirmationSentAlert })),
);

// docs/behaviour.md#sign-in
export function SignInView({ snapshot, send, social, passkey }: SignInViewProps) {
  const { t } = useT();
  if (snapshot.matches('code')) {
    const secondStep = snapshot.context.secondStep;
    return (
      <Suspense fallback={null}>{secondStep !== undefined && <SecondStepView actor={secondStep} />}</Suspense>
    );
  }
  const { values, errors, unconfirmedEmail, confirmationSentTo, formError, attempt } = snapshot.context;
  const resend = (
    <Button
      type="button"
      size="sm"
      minH="11"
      variant="outline"
      alignSelf="flex-start"
      // Its words may be longer than a phone's notice is wide (German): they wrap inside it.
      maxW="full"
      h="auto"
      py="2"
      whiteSpace="normal"
      loading={snapshot.matches('resendingConfirmation')}
      loadingText={t('Sending...')}
      disabled={!snapshot.can({ type: 'confirmation.resend' })}
      onClick={() => send({ type: 'confirmation.resend' })}
    >
      {t('Resend confirmation email')}
    </Button>
  );
  const busy = snapshot.hasTag(BUSY_TAG);
  const change = (field: 'email' | 'password') => (value: string) =>
    send({ type: 'form.change', field, value });

  return (
    <AuthCard
      title={t('Welcome')}
      description={t('Sign in to your account to continue building your CV.')}
      footer={
        <>
          {t("Don't have an account?")} <AuthLink to="/signup">{t('Sign up')}</AuthLink>
        </>
      }
    >
      <Stack gap="6">
        {confirmationSentTo !== undefined && (
          // Just signed up: where the link went, said where the person looks next (the toast is gone in seconds).
          // Its words come with it, in a chunk of their own: most visits to /signin do not follow a sign-up.
          <Suspense fallback={null}>
            <ConfirmationSentAlert address={confirmationSentTo} resend={resend} />
          </Suspense>
        )}
        <AuthForm label={t('Sign in')} attempt={attempt} onSubmit={() => send({ type: 'form.submit' })}>
          <FormProblem message={formError} />
          <EmailField
            // 'webauthn' lets the browser offer the person's passkeys in this field's autofill list.
            autoComplete="username webauthn"
            value={values.email}
            onValueChange={change('email')}
            error={errors.email}
            disabled={busy}
          />
          <PasswordField
            label={t('Password')}
            name="password"
            autoComplete="current-password"
            placeholder={t('Your password')}
            value={values.password}
            onValueChange={change('password')}
            error={errors.password}
            disabled={busy}
            labelAside={<AuthLink to="/forgot-password">{t('Forgot password?')}</AuthLink>}
          />
          {unconfirmedEmail !== undefined && confirmationSentTo === undefined && (
            <FormProblemAlert status="warning">
              <Alert.Indicator />
              <Alert.Content gap="2">
                <Alert.Description>
                  {t(
                    'Your email address is not confirmed yet. Follow the link in the confirmation email, or ask for a new one.',
                  )}
                </Alert.Description>
                {resend}
              </Alert.Content>
            </FormProblemAlert>
          )}
          <Button
            type="submit"
            width="full"
            size="lg"
            loading={snapshot.matches('signingIn')}
            loadingText={t('Signing in...')}
            disabled={busy}
          >
            {t('Sign in')}
          </Button>
        </AuthForm>

        {passkey}

        {social}
      </Stack>
    </AuthCard>
  );
}

/**
 * The room the passkey and the social options take (their lg buttons are 44 px, the 'or' line 16 px, the gaps 24 and
 * 12 px) while their code loads: a chunk of their own, so /signin paints without them and nothing moves when they
 * come.
 */
export function SignInOptionsPlaceholder({ options }: { options: 'passkey' | 'social' }) {
  return <Box aria-hidden="true" minH={options === 'passkey' ? '44px' : '140px'} />;
}
