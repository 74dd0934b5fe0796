import {
  Alert,
  Badge,
  Button,
  Card,
  Dialog,
  Field,
  HStack,
  Heading,
  Input,
  Portal,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { KeyRound, Pencil, RefreshCw, Trash2 } from 'lucide-react';
import { SOURCE_LANGUAGE, msg } from '../../../rules/languages';
import { MAX_PASSKEY_NAME_LENGTH } from '../../../rules/passkeys';
import type { Passkey } from '../../api/passkeys';
import { t, useT } from '../../i18n/i18n';
import type { PasskeysActor, PasskeysEvent, PasskeysSnapshot } from '../../machines/profile/passkeys-machine';

const HEADING_ID = 'passkeys-heading';
const NEW_NAME_ID = 'new-passkey-name';
const RENAME_ID = 'rename-passkey-name';
export const REMOVE_PASSKEY_TITLE = msg('Remove this passkey?');

/**
 * 'Added 3 Nov 2026 · Last used 25 Nov 2026' / '· Never used', the dates in `language`'s own way; English keeps
 * the day-month-year dates it has always shown.
 */
export function passkeyDates(passkey: Passkey, language: string = SOURCE_LANGUAGE): string {
  const dateFormat = new Intl.DateTimeFormat(language === SOURCE_LANGUAGE ? 'en-GB' : language, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  const added = dateFormat.format(new Date(passkey.created));
  return passkey.last_used
    ? t('Added {added} · Last used {lastUsed}', {
        added,
        lastUsed: dateFormat.format(new Date(passkey.last_used)),
      })
    : t('Added {added} · Never used', { added });
}

function RenameForm({
  snapshot,
  send,
}: {
  snapshot: PasskeysSnapshot;
  send: (event: PasskeysEvent) => void;
}) {
  const { t } = useT();
  const saving = snapshot.matches({ renaming: 'saving' });
  const { renameDraft, nameError } = snapshot.context;
  return (
    <form
      noValidate
      aria-label={t('Rename passkey')}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'rename.save' });
      }}
    >
      <Stack gap="3">
        <Field.Root invalid={nameError !== undefined}>
          <Field.Label htmlFor={RENAME_ID}>{t('New name')}</Field.Label>
          <Input
            id={RENAME_ID}
            autoFocus
            value={renameDraft}
            maxLength={MAX_PASSKEY_NAME_LENGTH * 2}
            readOnly={saving}
            onChange={(event) => send({ type: 'rename.change', value: event.target.value })}
            onKeyDown={(event) => {
              if (event.key === 'Escape') send({ type: 'rename.cancel' });
            }}
          />
          {nameError && <Field.ErrorText role="alert">{t(nameError)}</Field.ErrorText>}
        </Field.Root>
        <HStack gap="2" wrap="wrap">
          <Button type="submit" size="sm" minH="11" loading={saving} loadingText={t('Saving...')}>
            {t('Save name')}
          </Button>
          <Button
            type="button"
            size="sm"
            minH="11"
            variant="outline"
            disabled={saving}
            onClick={() => send({ type: 'rename.cancel' })}
          >
            {t('Cancel')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

function PasskeyRow({
  passkey,
  snapshot,
  send,
}: {
  passkey: Passkey;
  snapshot: PasskeysSnapshot;
  send: (event: PasskeysEvent) => void;
}) {
  const { t, language } = useT();
  const renaming = snapshot.matches('renaming') && snapshot.context.renamingId === passkey.id;
  const canChange = snapshot.matches('ready');
  return (
    <Stack as="li" gap="3" py="3" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
      <HStack justify="space-between" gap="4" wrap="wrap">
        <HStack gap="3" minW="0">
          <KeyRound aria-hidden size={20} />
          <Stack gap="0" minW="0">
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="medium" wordBreak="break-word">
                {passkey.name}
              </Text>
              {passkey.backed_up && (
                <Badge colorPalette="blue" variant="subtle">
                  {t('Synced')}
                </Badge>
              )}
            </HStack>
            <Text textStyle="sm" color="fg.muted">
              {passkeyDates(passkey, language)}
            </Text>
          </Stack>
        </HStack>
        {!renaming && (
          <HStack gap="2">
            <Button
              size="sm"
              minH="11"
              variant="outline"
              disabled={!canChange}
              aria-label={t('Rename passkey: {name}', { name: passkey.name })}
              onClick={() => send({ type: 'rename.start', id: passkey.id })}
            >
              <Pencil aria-hidden />
              {t('Rename')}
            </Button>
            <Button
              size="sm"
              minH="11"
              variant="outline"
              colorPalette="red"
              disabled={!canChange}
              aria-label={t('Remove passkey: {name}', { name: passkey.name })}
              onClick={() => send({ type: 'remove.ask', id: passkey.id })}
            >
              <Trash2 aria-hidden />
              {t('Remove')}
            </Button>
          </HStack>
        )}
      </HStack>
      {renaming && <RenameForm snapshot={snapshot} send={send} />}
    </Stack>
  );
}

function RemoveDialog({
  snapshot,
  send,
}: {
  snapshot: PasskeysSnapshot;
  send: (event: PasskeysEvent) => void;
}) {
  const { t } = useT();
  const removing = snapshot.matches('removing');
  const open = snapshot.matches('confirmingRemoval') || removing;
  const passkey = snapshot.context.passkeys.find((candidate) => candidate.id === snapshot.context.removingId);
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      placement="center"
      onOpenChange={(details) => {
        if (!details.open && !removing) send({ type: 'remove.cancel' });
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t(REMOVE_PASSKEY_TITLE)}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>
                {passkey
                  ? t(
                      '“{name}” will no longer sign you in. You can still sign in with your password or another passkey. The passkey stays on your device until you delete it there too.',
                      { name: passkey.name },
                    )
                  : t(
                      'You can still sign in with your password or another passkey. The passkey stays on your device until you delete it there too.',
                    )}
              </Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Button
                type="button"
                variant="outline"
                aria-disabled={removing || undefined}
                onClick={() => {
                  if (!removing) send({ type: 'remove.cancel' });
                }}
              >
                {t('Cancel')}
              </Button>
              <Button
                type="button"
                colorPalette="red"
                aria-disabled={removing || undefined}
                aria-busy={removing || undefined}
                onClick={() => {
                  if (!removing) send({ type: 'remove.confirm' });
                }}
              >
                {removing && <Spinner size="sm" />}
                {t('Remove passkey')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Profile → Security → Passkeys: add (with a name), rename and remove the person's passkeys. */
export function PasskeysCard({ actor }: { actor: PasskeysActor }) {
  const { t } = useT();
  const snapshot = useSelector(actor, (state) => state);
  const send = actor.send;
  if (snapshot.matches('unsupported')) return null;
  const { passkeys, newName, nameError, error } = snapshot.context;
  const adding = snapshot.matches('adding');
  const busy = snapshot.hasTag('busy') || snapshot.matches('loading');
  const renaming = snapshot.matches('renaming');
  return (
    <Card.Root as="section" aria-labelledby={HEADING_ID} aria-busy={busy}>
      <Card.Header>
        <Heading as="h3" size="lg" id={HEADING_ID}>
          {t('Passkeys')}
        </Heading>
        <Text color="fg.muted" textStyle="sm">
          {t(
            'Sign in with your fingerprint, face, screen lock or a security key instead of your password. A passkey counts as both steps of sign-in.',
          )}
        </Text>
      </Card.Header>
      <Card.Body>
        {snapshot.matches('failed') ? (
          <Alert.Root status="error" alignItems="center">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{error && t(error)}</Alert.Title>
            </Alert.Content>
            <Button size="sm" variant="outline" onClick={() => send({ type: 'passkeys.retry' })}>
              <RefreshCw aria-hidden />
              {t('Try Again')}
            </Button>
          </Alert.Root>
        ) : (
          <Stack gap="5">
            {passkeys.length > 0 ? (
              <Stack as="ul" gap="0" listStyleType="none" aria-label={t('Your passkeys')}>
                {passkeys.map((passkey) => (
                  <PasskeyRow key={passkey.id} passkey={passkey} snapshot={snapshot} send={send} />
                ))}
              </Stack>
            ) : (
              !snapshot.matches('loading') && <Text color="fg.muted">{t('You have no passkeys yet.')}</Text>
            )}
            <form
              noValidate
              aria-label={t('Add a passkey')}
              onSubmit={(event) => {
                event.preventDefault();
                send({ type: 'passkey.add' });
              }}
            >
              <Stack gap="3">
                <Field.Root invalid={nameError !== undefined && !renaming}>
                  <Field.Label htmlFor={NEW_NAME_ID}>{t('Name for a new passkey (optional)')}</Field.Label>
                  <Input
                    id={NEW_NAME_ID}
                    value={newName}
                    placeholder={t('e.g. Work laptop')}
                    maxLength={MAX_PASSKEY_NAME_LENGTH * 2}
                    readOnly={adding}
                    onChange={(event) => send({ type: 'newName.change', value: event.target.value })}
                  />
                  {nameError && !renaming ? (
                    <Field.ErrorText role="alert">{t(nameError)}</Field.ErrorText>
                  ) : (
                    <Field.HelperText>
                      {t('Left empty, it is named after this browser and system.')}
                    </Field.HelperText>
                  )}
                </Field.Root>
                {error && !adding && (
                  <Text role="alert" color="fg.error" textStyle="sm">
                    {t(error)}
                  </Text>
                )}
                <Button
                  type="submit"
                  alignSelf="flex-start"
                  minH="11"
                  loading={adding}
                  loadingText={t('Waiting for your passkey...')}
                  disabled={!snapshot.can({ type: 'passkey.add' })}
                >
                  <KeyRound aria-hidden />
                  {t('Add a passkey')}
                </Button>
              </Stack>
            </form>
          </Stack>
        )}
      </Card.Body>
      <RemoveDialog snapshot={snapshot} send={send} />
    </Card.Root>
  );
}
