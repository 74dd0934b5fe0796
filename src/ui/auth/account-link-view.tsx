import { Button, Icon, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { CircleCheck, CircleX, TriangleAlert } from 'lucide-react';
import { useT } from '../../i18n/i18n';
import {
  ACCOUNT_LINK_WORDS,
  AFTER_CANCEL_ADVICE,
  LINK_REFUSED_TITLE,
  type AccountLinkEvent,
  type AccountLinkSnapshot,
} from '../../machines/profile/account-link-machine';
import { FullPageSpinner } from '../full-page-spinner';
import { AuthCard, AuthLink } from './auth-card';
import { DELETE_ACCOUNT_DESCRIPTION, DELETE_ACCOUNT_TITLE } from '../profile/delete-account-dialog';

export interface AccountLinkViewProps {
  snapshot: AccountLinkSnapshot;
  send: (event: AccountLinkEvent) => void;
}

function StatusIcon({ kind }: { kind: 'done' | 'failed' | 'ask' }) {
  const icon = kind === 'done' ? <CircleCheck /> : kind === 'failed' ? <CircleX /> : <TriangleAlert />;
  const color = kind === 'done' ? 'green.solid' : kind === 'failed' ? 'red.solid' : 'orange.solid';
  return (
    <Icon boxSize="12" color={color} aria-hidden="true">
      {icon}
    </Icon>
  );
}

/** The page a link mailed about the account opens: it follows the link and says what happened. */
export function AccountLinkView({ snapshot, send }: AccountLinkViewProps) {
  const { t } = useT();
  const { action, outcome, problem } = snapshot.context;
  const words = ACCOUNT_LINK_WORDS[action];

  if (snapshot.matches('asking')) {
    return (
      <AuthCard
        icon={<StatusIcon kind="ask" />}
        title={t(DELETE_ACCOUNT_TITLE)}
        description={t(DELETE_ACCOUNT_DESCRIPTION)}
      >
        <Stack gap="3">
          <Button width="full" size="lg" colorPalette="red" onClick={() => send({ type: 'link.confirm' })}>
            {t('Delete my account')}
          </Button>
          <Button width="full" size="lg" variant="outline" onClick={() => send({ type: 'link.keep' })}>
            {t('Keep my account')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  if (snapshot.matches('done')) {
    // Where the person goes next: to sign in, when the link leaves them signed out (or was about signing in).
    const signedOut =
      action === 'cancel-email-change' || action === 'delete-account' || action === 'unlock-account';
    return (
      <AuthCard
        icon={<StatusIcon kind="done" />}
        title={t(words.doneTitle)}
        description={<span role="status">{t(outcome ?? words.doneDescription)}</span>}
      >
        <Stack gap="4">
          {action === 'cancel-email-change' && (
            <Text textStyle="sm" color="fg.muted">
              {t(AFTER_CANCEL_ADVICE)}
            </Text>
          )}
          {action === 'cancel-email-change' && (
            <Button asChild width="full" size="lg">
              <Link to="/forgot-password">{t('Reset my password')}</Link>
            </Button>
          )}
          <Button
            asChild
            width="full"
            size="lg"
            variant={action === 'cancel-email-change' ? 'outline' : 'solid'}
          >
            {signedOut ? (
              <Link to="/signin">{t('Go to Sign In')}</Link>
            ) : (
              <Link to="/profile">{t('Go to Profile')}</Link>
            )}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  if (snapshot.matches('failed')) {
    return (
      <AuthCard
        icon={<StatusIcon kind="failed" />}
        title={t(LINK_REFUSED_TITLE)}
        description={<span role="alert">{problem && t(problem)}</span>}
        footer={<AuthLink to="/contact">{t('Contact Support')}</AuthLink>}
      >
        <Button asChild width="full" size="lg">
          <Link to="/profile">{t('Go to Profile')}</Link>
        </Button>
      </AuthCard>
    );
  }

  return <FullPageSpinner text={t(words.working)} />;
}
