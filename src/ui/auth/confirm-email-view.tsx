import { Alert, Button, Icon, Separator, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { CircleCheck, CircleX } from 'lucide-react';
import { useT } from '../../i18n/i18n';
import { BUSY_TAG } from '../../machines/auth/auth-flow';
import {
  NEW_LINK_SENT_MESSAGE,
  type ConfirmEmailEvent,
  type ConfirmEmailSnapshot,
} from '../../machines/auth/confirm-email-machine';
import { AuthCard, AuthForm, AuthLink } from './auth-card';
import { FormOutcome } from '../form-problem';
import { EmailField } from './text-field';

export interface ConfirmEmailViewProps {
  snapshot: ConfirmEmailSnapshot;
  send: (event: ConfirmEmailEvent) => void;
}

export const CONTACT_SUPPORT_PATH = '/contact';

// docs/behaviour.md#confirm-email
export function ConfirmEmailView({ snapshot, send }: ConfirmEmailViewProps) {
  const { t } = useT();
  if (snapshot.matches('confirmed') || snapshot.matches('leaving')) {
    return (
      <AuthCard
        icon={
          <Icon boxSize="12" color="green.solid" aria-hidden="true">
            <CircleCheck />
          </Icon>
        }
        title={t('Email Confirmed!')}
        description={t(
          'Your email address has been confirmed and your account is active. You will be redirected to the sign in page in a few seconds.',
        )}
      >
        <Button width="full" size="lg" onClick={() => send({ type: 'confirmation.continue' })}>
          {t('Go to Sign In')}
        </Button>
      </AuthCard>
    );
  }

  if (snapshot.matches('failed')) {
    const { error, reason, email, emailProblem, resendError } = snapshot.context;
    const busy = snapshot.hasTag(BUSY_TAG);
    return (
      <AuthCard
        icon={
          <Icon boxSize="12" color="red.solid" aria-hidden="true">
            <CircleX />
          </Icon>
        }
        title={t('Email Confirmation Failed')}
        description={
          <Stack as="span" role="alert" gap="1">
            <span>{error && t(error)}</span>
            {reason && (
              <Text as="span" fontWeight="medium" color="fg">
                {t(reason)}
              </Text>
            )}
          </Stack>
        }
        footer={
          <>
            {t('Need help?')} <AuthLink to={CONTACT_SUPPORT_PATH}>{t('Contact Support')}</AuthLink>
          </>
        }
      >
        <Stack gap="3">
          <Button asChild width="full" size="lg">
            <Link to="/signin">{t('Back to Sign In')}</Link>
          </Button>
          <Button asChild width="full" size="lg" variant="outline">
            <Link to="/signup">{t('Create New Account')}</Link>
          </Button>
          <Separator my="2" />
          {snapshot.matches({ failed: 'sent' }) ? (
            <FormOutcome message={NEW_LINK_SENT_MESSAGE} />
          ) : (
            <AuthForm
              label={t('Send a new confirmation link')}
              onSubmit={() => send({ type: 'resend.submit' })}
            >
              <Text textStyle="sm" color="fg.muted">
                {t(
                  'Still waiting to confirm your account? Enter your email address and we will send you a new link.',
                )}
              </Text>
              {resendError && (
                <Alert.Root status="error" variant="subtle" borderRadius="l2" role="alert">
                  <Alert.Indicator />
                  <Alert.Description>{t(resendError)}</Alert.Description>
                </Alert.Root>
              )}
              <EmailField
                required
                value={email}
                onValueChange={(value) => send({ type: 'resend.emailChange', email: value })}
                error={emailProblem}
                disabled={busy}
              />
              <Button
                type="submit"
                width="full"
                variant="subtle"
                loading={busy}
                loadingText={t('Sending...')}
                disabled={busy}
              >
                {t('Send a new link')}
              </Button>
            </AuthForm>
          )}
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<Spinner size="xl" color="colorPalette.solid" borderWidth="3px" aria-hidden="true" />}
      title={t('Confirming Email...')}
      description={
        <Text as="span" role="status">
          {t('Please wait while we confirm your email address.')}
        </Text>
      }
    />
  );
}
