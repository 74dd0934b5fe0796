import { Alert, Badge, Button, Card, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { KeyRound, LogIn, RefreshCw, ShieldAlert } from 'lucide-react';
import {
  activityTime,
  describeActivity,
  OUTCOME_LABELS,
  type ActivityOutcome,
} from '../../account/security-activity';
import type { SecurityActivityItem } from '../../api/security';
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
  const { title, outcome, note } = describeActivity(item);
  const where = `${item.browser} on ${item.os}`;
  return (
    <HStack as="li" align="flex-start" gap="3" py="3" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
      <ActivityIcon outcome={outcome} kind={item.kind} />
      <Stack gap="0" minW="0" flex="1">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="medium">{title}</Text>
          <Badge colorPalette={OUTCOME_PALETTE[outcome]} variant="subtle">
            {OUTCOME_LABELS[outcome]}
          </Badge>
        </HStack>
        {note && <Text textStyle="sm">{note}</Text>}
        <Text textStyle="sm" color="fg.muted">
          <time dateTime={item.at}>{activityTime(item.at)}</time> · {where}
        </Text>
      </Stack>
    </HStack>
  );
}

/** Security activity: the person's recent sign-ins and account changes, the newest first. */
export function SecurityActivityCard({ actor }: { actor: SecurityActivityActor }) {
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
              Security activity
            </Heading>
            <Text color="fg.muted" textStyle="sm">
              Recent sign-ins to your account, refused ones too, and changes to your password, email address,
              two-step sign-in and passkeys. If you do not recognise one, change your password.
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
              Refresh
            </Button>
          )}
        </HStack>
      </Card.Header>
      <Card.Body>
        {snapshot.matches('failed') ? (
          <Alert.Root status="error" alignItems="center">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{snapshot.context.error}</Alert.Title>
            </Alert.Content>
            <Button size="sm" variant="outline" minH="11" onClick={() => actor.send({ type: 'activity.retry' })}>
              <RefreshCw aria-hidden />
              Try Again
            </Button>
          </Alert.Root>
        ) : items.length === 0 && !busy ? (
          <Text color="fg.muted">No security activity yet.</Text>
        ) : (
          <Stack as="ul" gap="0" listStyleType="none" aria-label="Security activity">
            {items.map((item) => (
              <ActivityRow key={item.id} item={item} />
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
