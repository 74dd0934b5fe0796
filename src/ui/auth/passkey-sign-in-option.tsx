import { Button, Stack, Text } from '@chakra-ui/react';
import { KeyRound } from 'lucide-react';
import { useT } from '../../i18n/i18n';
import { BUSY_TAG } from '../../machines/auth/auth-flow';
import type { PasskeySignInEvent, PasskeySignInSnapshot } from '../../machines/auth/passkey-sign-in-machine';

const ERROR_ID = 'passkey-sign-in-error';

function PasskeyButton({
  enabled,
  busy,
  onStart,
  describedBy,
}: {
  enabled: boolean;
  busy: boolean;
  onStart: () => void;
  describedBy?: string;
}) {
  const { t } = useT();
  return (
    <Button
      type="button"
      variant="outline"
      width="full"
      size="lg"
      onClick={onStart}
      disabled={!enabled}
      loading={busy}
      loadingText={t('Waiting for your passkey...')}
      aria-describedby={describedBy}
    >
      <KeyRound aria-hidden />
      {t('Sign in with a passkey')}
    </Button>
  );
}

/**
 * 'Sign in with a passkey' below the password form: the browser's own prompt opens from it. A browser without
 * passkeys shows no button. Why the last try failed stays under it until the next one.
 */
export function PasskeySignInOption({
  snapshot,
  send,
}: {
  snapshot: PasskeySignInSnapshot;
  send: (event: PasskeySignInEvent) => void;
}) {
  const { t } = useT();
  if (snapshot.matches('unsupported')) return null;
  const { error } = snapshot.context;
  return (
    <Stack gap="2">
      <PasskeyButton
        enabled={snapshot.can({ type: 'passkey.start' })}
        busy={snapshot.hasTag(BUSY_TAG)}
        onStart={() => send({ type: 'passkey.start' })}
        describedBy={error ? ERROR_ID : undefined}
      />
      {error && (
        <Text id={ERROR_ID} role="alert" color="fg.error" textStyle="sm">
          {t(error)}
        </Text>
      )}
    </Stack>
  );
}
