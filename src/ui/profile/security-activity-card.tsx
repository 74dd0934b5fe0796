import { Alert, Badge, Button, Card, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { KeyRound, LogIn, RefreshCw, ShieldAlert } from 'lucide-react';
import {
  activityTime,
  describeActivity,
  OUTCOME_LABELS,
  type ActivityOutcome,
} from '../../account/security-activity';
import { SOURCE_LANGUAGE } from '../../../rules/languages';
import type { SecurityActivityItem } from '../../api/security';
import { useT } from '../../i18n/i18n';
import type { SecurityActivityActor } from '../../machines/profile/security-activity-machine';

const HEADING_ID = 'security-activity-heading';

const OUTCOME_PALETTE: Record<ActivityOutcome, string> = {
  succeeded: 'green',
  refused: 'red',
  changed: 'blue',
};

function ActivityIcon({ outcome, kind }: { outcome: ActivityOutcome; kind: string }) {
  if (outcome === 'refused') return <ShieldAlert aria-hidden size={20} />;
  if (kind.startsWith('signin')) return <LogIn aria-hidden size={20} />;
  return <KeyRound aria-hidden size={20} />;
}

function ActivityRow({ item }: { item: SecurityActivityItem }) {
  const { t, language } = useT();
  const { title, outcome, note } = describeActivity(item);
  // A passkey's name is the person's own words, not a message.
  const noteIsName = note !== undefined && note === item.detail.name;
  // English keeps the browser's own date and time format, as it always has.
  const locale = language === SOURCE_LANGUAGE ? undefined : language;
  return (
    <HStack
      as="li"
      align="flex-start"
      gap="3"
      py="3"
      borderBottomWidth="1px"
      _last={{ borderBottomWidth: 0 }}
    >
      <ActivityIcon outcome={outcome} kind={item.kind} />
      <Stack gap="0" minW="0" flex="1">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="medium">{t(title)}</Text>
          <Badge colorPalette={OUTCOME_PALETTE[outcome]} variant="subtle">
            {t(OUTCOME_LABELS[outcome])}
          </Badge>
        </HStack>
        {note && <Text textStyle="sm">{noteIsName ? note : t(note)}</Text>}
        <Text textStyle="sm" color="fg.muted">
          <time dateTime={item.at}>{activityTime(item.at, locale)}</time> ·{' '}
          {t('{browser} on {os}', { browser: item.browser, os: item.os })}
        </Text>
      </Stack>
    </HStack>
  );
}

/** Security activity: the person's recent sign-ins and account changes, the newest first. */
export function SecurityActivityCard({ actor }: { actor: SecurityActivityActor }) {
  const { t } = useT();
  const snapshot = useSelector(actor, (state) => state);
  if (snapshot.matches('unsupported')) return null;
  const busy = snapshot.hasTag('busy');
  const { items } = snapshot.context;
  return (
    <Card.Root as="section" aria-labelledby={HEADING_ID} aria-busy={busy}>
      <Card.Header>
        <HStack justify="space-between" align="flex-start" gap="4" wrap="wrap">
          <Stack gap="1">
            <Heading as="h3" size="lg" id={HEADING_ID}>
              {t('Security activity')}
            </Heading>
            <Text color="fg.muted" textStyle="sm">
              {t(
                'Recent sign-ins to your account, refused ones too, and changes to your password, email address, two-step sign-in and passkeys. If you do not recognise one, change your password.',
              )}
            </Text>
          </Stack>
          {!snapshot.matches('failed') && (
            <Button
              size="sm"
              variant="outline"
              minH="11"
              onClick={() => actor.send({ type: 'activity.refresh' })}
              disabled={busy}
            >
              <RefreshCw aria-hidden />
              {t('Refresh')}
            </Button>
          )}
        </HStack>
      </Card.Header>
      <Card.Body>
        {snapshot.matches('failed') ? (
          <Alert.Root status="error" alignItems="center">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{snapshot.context.error && t(snapshot.context.error)}</Alert.Title>
            </Alert.Content>
            <Button
              size="sm"
              variant="outline"
              minH="11"
              onClick={() => actor.send({ type: 'activity.retry' })}
            >
              <RefreshCw aria-hidden />
              {t('Try Again')}
            </Button>
          </Alert.Root>
        ) : items.length === 0 && !busy ? (
          <Text color="fg.muted">{t('No security activity yet.')}</Text>
        ) : (
          <Stack as="ul" gap="0" listStyleType="none" aria-label={t('Security activity')}>
            {items.map((item) => (
              <ActivityRow key={item.id} item={item} />
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
