import { Alert, Badge, Button, Card, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Monitor, RefreshCw } from 'lucide-react';
import type { ActiveSession } from '../../api/sessions';
import { t, useT } from '../../i18n/i18n';
import type { ActiveSessionsActor } from '../../machines/profile/active-sessions-machine';

const HEADING_ID = 'active-sessions-heading';

/**
 * 'just now', '5 minutes ago', '3 hours ago', '2 days ago': last use is known to about five minutes. The count is
 * written as is ({days}, not #: no '1,234').
 */
export function lastUsed(iso: string, now: Date = new Date()): string {
  const minutes = Math.max(0, Math.round((now.getTime() - Date.parse(iso)) / 60_000));
  if (minutes < 5) return t('Active just now');
  if (minutes < 60) {
    return t(
      '{minutes, plural, one {Last active {minutes} minute ago} other {Last active {minutes} minutes ago}}',
      { minutes },
    );
  }
  const hours = Math.round(minutes / 60);
  if (hours < 24) {
    return t('{hours, plural, one {Last active {hours} hour ago} other {Last active {hours} hours ago}}', {
      hours,
    });
  }
  const days = Math.round(hours / 24);
  return t('{days, plural, one {Last active {days} day ago} other {Last active {days} days ago}}', { days });
}

function SessionRow({ session, busy, onEnd }: { session: ActiveSession; busy: boolean; onEnd: () => void }) {
  const { t } = useT();
  const where = { browser: session.browser, os: session.os };
  return (
    <HStack
      as="li"
      justify="space-between"
      gap="4"
      py="3"
      borderBottomWidth="1px"
      _last={{ borderBottomWidth: 0 }}
    >
      <HStack gap="3" minW="0">
        <Monitor aria-hidden size={20} />
        <Stack gap="0" minW="0">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="medium">{t('{browser} on {os}', where)}</Text>
            {session.current && (
              <Badge colorPalette="green" variant="subtle">
                {t('This device')}
              </Badge>
            )}
          </HStack>
          <Text textStyle="sm" color="fg.muted">
            {lastUsed(session.last_used)}
          </Text>
        </Stack>
      </HStack>
      {!session.current && (
        <Button
          size="sm"
          variant="outline"
          onClick={onEnd}
          disabled={busy}
          aria-label={t('End session: {browser} on {os}', where)}
        >
          {t('End session')}
        </Button>
      )}
    </HStack>
  );
}

/** Sessions you can see: the person's active sessions on the profile, this one marked. */
export function ActiveSessionsCard({ actor }: { actor: ActiveSessionsActor }) {
  const { t } = useT();
  const snapshot = useSelector(actor, (state) => state);
  if (snapshot.matches('unsupported')) return null;
  const busy = snapshot.hasTag('busy') || snapshot.matches('loading');
  const others = snapshot.context.sessions.filter((session) => !session.current).length;
  return (
    <Card.Root as="section" aria-labelledby={HEADING_ID} aria-busy={busy}>
      <Card.Header>
        <Heading as="h3" size="lg" id={HEADING_ID}>
          {t('Active Sessions')}
        </Heading>
        <Text color="fg.muted" textStyle="sm">
          {t('Where your account is signed in. End a session you do not recognise.')}
        </Text>
      </Card.Header>
      <Card.Body>
        {snapshot.matches('failed') ? (
          <Alert.Root status="error" alignItems="center">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{snapshot.context.error && t(snapshot.context.error)}</Alert.Title>
            </Alert.Content>
            <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'sessions.retry' })}>
              <RefreshCw aria-hidden />
              {t('Try Again')}
            </Button>
          </Alert.Root>
        ) : (
          <Stack gap="4">
            <Stack as="ul" gap="0" listStyleType="none" aria-label={t('Active sessions')}>
              {snapshot.context.sessions.map((session) => (
                <SessionRow
                  key={session.id}
                  session={session}
                  busy={busy}
                  onEnd={() => actor.send({ type: 'session.end', id: session.id })}
                />
              ))}
            </Stack>
            {others > 0 && (
              <Button
                alignSelf="flex-start"
                variant="outline"
                colorPalette="red"
                onClick={() => actor.send({ type: 'sessions.endOthers' })}
                disabled={busy}
              >
                {t('End all other sessions')}
              </Button>
            )}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
