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
import { MAX_PASSKEY_NAME_LENGTH } from '../../../rules/passkeys';
import type { Passkey } from '../../api/passkeys';
import type { PasskeysActor, PasskeysEvent, PasskeysSnapshot } from '../../machines/profile/passkeys-machine';

const HEADING_ID = 'passkeys-heading';
const NEW_NAME_ID = 'new-passkey-name';
const RENAME_ID = 'rename-passkey-name';
export const REMOVE_PASSKEY_TITLE = 'Remove this passkey?';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const when = (iso: string) => dateFormat.format(new Date(iso));

/** 'Added 3 Nov 2026 · Last used 25 Nov 2026' / '· Never used'. */
export function passkeyDates(passkey: Passkey): string {
  return `Added ${when(passkey.created)} · ${passkey.last_used ? `Last used ${when(passkey.last_used)}` : 'Never used'}`;
}

function RenameForm({
  snapshot,
  send,
}: {
  snapshot: PasskeysSnapshot;
  send: (event: PasskeysEvent) => void;
}) {
  const saving = snapshot.matches({ renaming: 'saving' });
  const { renameDraft, nameError } = snapshot.context;
  return (
    <form
      noValidate
      aria-label="Rename passkey"
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'rename.save' });
      }}
    >
      <Stack gap="3">
        <Field.Root invalid={nameError !== undefined}>
          <Field.Label htmlFor={RENAME_ID}>New name</Field.Label>
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
          {nameError && <Field.ErrorText role="alert">{nameError}</Field.ErrorText>}
        </Field.Root>
        <HStack gap="2" wrap="wrap">
          <Button type="submit" size="sm" minH="11" loading={saving} loadingText="Saving...">
            Save name
          </Button>
          <Button
            type="button"
            size="sm"
            minH="11"
            variant="outline"
            disabled={saving}
            onClick={() => send({ type: 'rename.cancel' })}
          >
            Cancel
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
                  Synced
                </Badge>
              )}
            </HStack>
            <Text textStyle="sm" color="fg.muted">
              {passkeyDates(passkey)}
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
              aria-label={`Rename passkey: ${passkey.name}`}
              onClick={() => send({ type: 'rename.start', id: passkey.id })}
            >
              <Pencil aria-hidden />
              Rename
            </Button>
            <Button
              size="sm"
              minH="11"
              variant="outline"
              colorPalette="red"
              disabled={!canChange}
              aria-label={`Remove passkey: ${passkey.name}`}
              onClick={() => send({ type: 'remove.ask', id: passkey.id })}
            >
              <Trash2 aria-hidden />
              Remove
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
              <Dialog.Title>{REMOVE_PASSKEY_TITLE}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>
                {passkey ? `“${passkey.name}” will no longer sign you in. ` : ''}
                You can still sign in with your password or another passkey. The passkey stays on your device
                until you delete it there too.
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
                Cancel
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
                Remove passkey
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
          Passkeys
        </Heading>
        <Text color="fg.muted" textStyle="sm">
          Sign in with your fingerprint, face, screen lock or a security key instead of your password. A
          passkey counts as both steps of sign-in.
        </Text>
      </Card.Header>
      <Card.Body>
        {snapshot.matches('failed') ? (
          <Alert.Root status="error" alignItems="center">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{error}</Alert.Title>
            </Alert.Content>
            <Button size="sm" variant="outline" onClick={() => send({ type: 'passkeys.retry' })}>
              <RefreshCw aria-hidden />
              Try Again
            </Button>
          </Alert.Root>
        ) : (
          <Stack gap="5">
            {passkeys.length > 0 ? (
              <Stack as="ul" gap="0" listStyleType="none" aria-label="Your passkeys">
                {passkeys.map((passkey) => (
                  <PasskeyRow key={passkey.id} passkey={passkey} snapshot={snapshot} send={send} />
                ))}
              </Stack>
            ) : (
              !snapshot.matches('loading') && <Text color="fg.muted">You have no passkeys yet.</Text>
            )}
            <form
              noValidate
              aria-label="Add a passkey"
              onSubmit={(event) => {
                event.preventDefault();
                send({ type: 'passkey.add' });
              }}
            >
              <Stack gap="3">
                <Field.Root invalid={nameError !== undefined && !renaming}>
                  <Field.Label htmlFor={NEW_NAME_ID}>Name for a new passkey (optional)</Field.Label>
                  <Input
                    id={NEW_NAME_ID}
                    value={newName}
                    placeholder="e.g. Work laptop"
                    maxLength={MAX_PASSKEY_NAME_LENGTH * 2}
                    readOnly={adding}
                    onChange={(event) => send({ type: 'newName.change', value: event.target.value })}
                  />
                  {nameError && !renaming ? (
                    <Field.ErrorText role="alert">{nameError}</Field.ErrorText>
                  ) : (
                    <Field.HelperText>
                      Left empty, it is named after this browser and system.
                    </Field.HelperText>
                  )}
                </Field.Root>
                {error && !adding && (
                  <Text role="alert" color="fg.error" textStyle="sm">
                    {error}
                  </Text>
                )}
                <Button
                  type="submit"
                  alignSelf="flex-start"
                  minH="11"
                  loading={adding}
                  loadingText="Waiting for your passkey..."
                  disabled={!snapshot.can({ type: 'passkey.add' })}
                >
                  <KeyRound aria-hidden />
                  Add a passkey
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
