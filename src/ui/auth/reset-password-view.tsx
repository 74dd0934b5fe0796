import { Button, Icon, Stack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { CircleCheck, Link2Off } from 'lucide-react';
import { useT } from '../../i18n/i18n';
import { FullPageSpinner } from '../full-page-spinner';
import { FormProblem } from '../form-problem';
import { BUSY_TAG } from '../../machines/auth/auth-flow';
import type {
  ResetPasswordEvent,
  ResetPasswordField,
  ResetPasswordSnapshot,
} from '../../machines/auth/reset-password-machine';
import { AuthCard, AuthForm, AuthLink } from './auth-card';
import { PasswordField } from './text-field';

export interface ResetPasswordViewProps {
  snapshot: ResetPasswordSnapshot;
  send: (event: ResetPasswordEvent) => void;
}

function SuccessIcon() {
  return (
    <Icon boxSize="12" color="green.solid" aria-hidden="true">
      <CircleCheck />
    </Icon>
  );
}

// docs/behaviour.md#reset-password
export function ResetPasswordView({ snapshot, send }: ResetPasswordViewProps) {
  const { t } = useT();
  const { values, errors, error, attempt, linkProblem } = snapshot.context;
  const busy = snapshot.hasTag(BUSY_TAG);
  const change = (field: ResetPasswordField) => (value: string) =>
    send({ type: 'form.change', field, value });

  // Without a token the machine has already sent the visitor to /signin.
  if (snapshot.matches('checking') || snapshot.matches('missingToken')) return null;
  if (snapshot.matches('validatingLink')) return <FullPageSpinner text={t('Checking your link...')} />;

  if (snapshot.matches('linkRefused')) {
    return (
      <AuthCard
        icon={
          <Icon boxSize="12" color="fg.error" aria-hidden="true">
            <Link2Off />
          </Icon>
        }
        title={t('This link cannot be used')}
        description={linkProblem === undefined ? undefined : t(linkProblem)}
        footer={<AuthLink to="/signin">{t('Back to Sign In')}</AuthLink>}
      >
        <Button asChild width="full" size="lg">
          <Link to="/forgot-password">{t('Request a new link')}</Link>
        </Button>
      </AuthCard>
    );
  }

  if (snapshot.matches('signedIn') || snapshot.matches('leaving')) {
    return (
      <AuthCard
        icon={<SuccessIcon />}
        title={t('Password Reset Successful!')}
        description={t(
          'Your password has been updated successfully. You are now logged in and will be redirected shortly.',
        )}
      />
    );
  }

  if (snapshot.matches('reset')) {
    return (
      <AuthCard
        icon={<SuccessIcon />}
        title={t('Password Reset Successful!')}
        description={t('Your password has been updated successfully.')}
      >
        <Button asChild width="full" size="lg">
          <Link to="/signin">{t('Go to Sign In')}</Link>
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('Reset Password')}
      description={t('Choose a new password for your account.')}
      footer={<AuthLink to="/signin">{t('Back to Sign In')}</AuthLink>}
    >
      <AuthForm
        label={t('Set a new password')}
        attempt={attempt}
        onSubmit={() => send({ type: 'form.submit' })}
      >
        <FormProblem message={error} />
        <Stack gap="5">
          <PasswordField
            label={t('New Password')}
            name="new_password"
            autoComplete="new-password"
            placeholder={t('At least 8 characters')}
            value={values.newPassword}
            onValueChange={change('newPassword')}
            error={errors.newPassword}
            helperText={t('Password must be at least 8 characters long')}
            disabled={busy}
          />
          <PasswordField
            label={t('Confirm Password')}
            name="confirm_password"
            autoComplete="new-password"
            placeholder={t('Repeat the new password')}
            value={values.confirmPassword}
            onValueChange={change('confirmPassword')}
            error={errors.confirmPassword}
            disabled={busy}
          />
        </Stack>
        <Button
          type="submit"
          width="full"
          size="lg"
          loading={busy}
          loadingText={t('Resetting...')}
          disabled={busy}
        >
          {t('Reset Password')}
        </Button>
      </AuthForm>
    </AuthCard>
  );
}
