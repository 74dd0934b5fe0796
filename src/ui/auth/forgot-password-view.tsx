import { Button } from '@chakra-ui/react';
import { useT } from '../../i18n/i18n';
import { BUSY_TAG } from '../../machines/auth/auth-flow';
import type {
  ForgotPasswordEvent,
  ForgotPasswordSnapshot,
} from '../../machines/auth/forgot-password-machine';
import { FormOutcome, FormProblem } from '../form-problem';
import { AuthCard, AuthForm, AuthLink } from './auth-card';
import { EmailField } from './text-field';

export interface ForgotPasswordViewProps {
  snapshot: ForgotPasswordSnapshot;
  send: (event: ForgotPasswordEvent) => void;
}

// docs/behaviour.md#forgot-password
export function ForgotPasswordView({ snapshot, send }: ForgotPasswordViewProps) {
  const { t } = useT();
  const { values, errors, outcome, attempt } = snapshot.context;
  const busy = snapshot.hasTag(BUSY_TAG);
  const status = snapshot.matches('sent') ? 'success' : snapshot.matches('failed') ? 'error' : undefined;

  return (
    <AuthCard
      title={t('Forgot Password')}
      description={t(
        'Enter the email address of your account and we will send you a link to reset your password.',
      )}
      footer={
        <>
          {t('Remembered it?')} <AuthLink to="/signin">{t('Back to Sign In')}</AuthLink>
        </>
      }
    >
      <AuthForm
        label={t('Request a password reset link')}
        attempt={attempt}
        onSubmit={() => send({ type: 'form.submit' })}
      >
        <FormProblem message={status === 'error' ? outcome : undefined} />
        <FormOutcome message={status === 'success' ? outcome : undefined} />
        <EmailField
          required
          value={values.email}
          onValueChange={(value) => send({ type: 'form.change', field: 'email', value })}
          error={errors.email}
          disabled={busy}
        />
        <Button
          type="submit"
          width="full"
          size="lg"
          loading={busy}
          loadingText={t('Sending...')}
          disabled={busy}
        >
          {t('Send Reset Link')}
        </Button>
      </AuthForm>
    </AuthCard>
  );
}
