import { Alert, Button, Checkbox, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { BUSY_TAG } from '../../machines/auth/auth-flow';
import type { SignInEvent, SignInSnapshot } from '../../machines/auth/sign-in-machine';
import { FormProblem, FormProblemAlert } from '../form-problem';
import { AuthCard, AuthForm, AuthLink } from './auth-card';
import { SocialSignInButtons } from './social/social-sign-in-options';
import { EmailField, PasswordField, TextField } from './text-field';

export interface SignInViewProps {
  snapshot: SignInSnapshot;
  send: (event: SignInEvent) => void;
  /** Starts the Google flow; left out while no Google client id is configured. */
  onGoogleSignIn?: () => void;
  /** The social sign-in options (Google and LinkedIn); when given they replace the Google option below. */
  social?: ReactNode;
}

export const SECOND_STEP_TITLE = 'Two-step sign-in';
export const SECOND_STEP_DESCRIPTION = 'Enter the 6-digit code from your authenticator app.';

/** The second step of a two-step sign-in: the code from the app (or a recovery code), and trust this browser. */
function SecondStep({ snapshot, send }: Pick<SignInViewProps, 'snapshot' | 'send'>) {
  const { code, codeKind, codeError, trustDevice, attempt } = snapshot.context;
  const busy = snapshot.hasTag(BUSY_TAG);
  const recovery = codeKind === 'recovery';
  return (
    <AuthCard
      title={SECOND_STEP_TITLE}
      description={
        recovery ? 'Enter one of the recovery codes you saved when you turned on two-step sign-in.' : SECOND_STEP_DESCRIPTION
      }
      footer={
        <Button variant="ghost" size="sm" minH="11" onClick={() => send({ type: 'code.back' })} disabled={busy}>
          Back to sign in
        </Button>
      }
    >
      <AuthForm label="Two-step sign-in" attempt={attempt} onSubmit={() => send({ type: 'code.submit' })}>
        <TextField
          key={codeKind}
          label={recovery ? 'Recovery code' : 'Authentication code'}
          name={recovery ? 'recovery-code' : 'one-time-code'}
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete={recovery ? 'off' : 'one-time-code'}
          placeholder={recovery ? 'abcde-23456' : '123456'}
          value={code}
          onValueChange={(value) => send({ type: 'code.change', value })}
          error={codeError}
          disabled={busy}
        />
        <Checkbox.Root
          checked={trustDevice}
          onCheckedChange={(details) => send({ type: 'code.trustChange', trust: details.checked === true })}
          disabled={busy}
          minH="11"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Trust this device for 30 days</Checkbox.Label>
        </Checkbox.Root>
        <Button
          type="submit"
          width="full"
          size="lg"
          loading={snapshot.matches('verifyingCode')}
          loadingText="Verifying..."
          disabled={busy}
        >
          Verify
        </Button>
        <Stack gap="1" align="center">
          <Button variant="plain" size="sm" minH="11" onClick={() => send({ type: 'code.kindToggle' })} disabled={busy}>
            {recovery ? 'Use a code from your authenticator app' : 'Use a recovery code'}
          </Button>
          {!recovery && (
            <Text textStyle="sm" color="fg.muted" textAlign="center">
              Lost your phone? A recovery code signs you in once.
            </Text>
          )}
        </Stack>
      </AuthForm>
    </AuthCard>
  );
}

// docs/behaviour.md#sign-in
export function SignInView({ snapshot, send, onGoogleSignIn, social }: SignInViewProps) {
  if (snapshot.matches('code') || snapshot.matches('verifyingCode'))
    return <SecondStep snapshot={snapshot} send={send} />;
  const { values, errors, unconfirmedEmail, formError, attempt } = snapshot.context;
  const busy = snapshot.hasTag(BUSY_TAG);
  const change = (field: 'email' | 'password') => (value: string) =>
    send({ type: 'form.change', field, value });

  return (
    <AuthCard
      title="Welcome"
      description="Sign in to your account to continue building your CV."
      footer={
        <>
          Don&apos;t have an account? <AuthLink to="/signup">Sign up</AuthLink>
        </>
      }
    >
      <Stack gap="6">
        <AuthForm label="Sign in" attempt={attempt} onSubmit={() => send({ type: 'form.submit' })}>
          <FormProblem message={formError} />
          <EmailField
            value={values.email}
            onValueChange={change('email')}
            error={errors.email}
            disabled={busy}
          />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            placeholder="Your password"
            value={values.password}
            onValueChange={change('password')}
            error={errors.password}
            disabled={busy}
            labelAside={<AuthLink to="/forgot-password">Forgot password?</AuthLink>}
          />
          {unconfirmedEmail !== undefined && (
            <FormProblemAlert status="warning">
              <Alert.Indicator />
              <Alert.Content gap="2">
                <Alert.Description>
                  Your email address is not confirmed yet. Follow the link in the confirmation email, or ask
                  for a new one.
                </Alert.Description>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  alignSelf="flex-start"
                  loading={snapshot.matches('resendingConfirmation')}
                  loadingText="Sending..."
                  disabled={!snapshot.can({ type: 'confirmation.resend' })}
                  onClick={() => send({ type: 'confirmation.resend' })}
                >
                  Resend confirmation email
                </Button>
              </Alert.Content>
            </FormProblemAlert>
          )}
          <Button
            type="submit"
            width="full"
            size="lg"
            loading={snapshot.matches('signingIn')}
            loadingText="Signing in..."
            disabled={busy}
          >
            Sign in
          </Button>
        </AuthForm>

        {social ?? (
          <SocialSignInButtons
            google={{
              enabled: onGoogleSignIn !== undefined && !busy,
              busy: false,
              unavailable: onGoogleSignIn === undefined,
              onStart: () => onGoogleSignIn?.(),
            }}
          />
        )}
      </Stack>
    </AuthCard>
  );
}
