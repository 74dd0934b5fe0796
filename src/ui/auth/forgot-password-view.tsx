import { Alert, Button } from '@chakra-ui/react';
import { BUSY_TAG } from '../../machines/auth-flow';
import type { ForgotPasswordEvent, ForgotPasswordSnapshot } from '../../machines/forgot-password-machine';
import { FormProblemAlert } from '../form-problem';
import { AuthCard, AuthForm, AuthLink } from './auth-card';
import { TextField } from './text-field';

export interface ForgotPasswordViewProps {
  snapshot: ForgotPasswordSnapshot;
  send: (event: ForgotPasswordEvent) => void;
}

// spec §2 Forgot password
export function ForgotPasswordView({ snapshot, send }: ForgotPasswordViewProps) {
  const { values, errors, outcome, attempt } = snapshot.context;
  const busy = snapshot.hasTag(BUSY_TAG);
  const status = snapshot.matches('sent') ? 'success' : snapshot.matches('failed') ? 'error' : undefined;

  return (
    <AuthCard
      title="Forgot Password"
      description="Enter the email address of your account and we will send you a link to reset your password."
      footer={
        <>
          Remembered it? <AuthLink to="/signin">Back to Sign In</AuthLink>
        </>
      }
    >
      <AuthForm
        label="Request a password reset link"
        attempt={attempt}
        onSubmit={() => send({ type: 'form.submit' })}
      >
        {status === 'error' && outcome && (
          <FormProblemAlert>
            <Alert.Indicator />
            <Alert.Description>{outcome}</Alert.Description>
          </FormProblemAlert>
        )}
        {status === 'success' && outcome && (
          <Alert.Root status="success" variant="subtle" borderRadius="l2" role="status">
            <Alert.Indicator />
            <Alert.Description>{outcome}</Alert.Description>
          </Alert.Root>
        )}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          required
          value={values.email}
          onValueChange={(value) => send({ type: 'form.change', field: 'email', value })}
          error={errors.email}
          disabled={busy}
        />
        <Button type="submit" width="full" size="lg" loading={busy} loadingText="Sending..." disabled={busy}>
          Send Reset Link
        </Button>
      </AuthForm>
    </AuthCard>
  );
}
