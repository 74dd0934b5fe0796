import { Alert, Badge, Box, Button, Card, HStack, Heading, Image, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Download, KeyRound, Printer, RefreshCw, ShieldCheck } from 'lucide-react';
import { useT } from '../../i18n/i18n';
import type { NewRecoveryCodesActor } from '../../machines/profile/new-recovery-codes-machine';
import type { TwoStepActor, TwoStepSnapshot, TwoStepEvent } from '../../machines/profile/two-step-machine';
import { AuthForm } from '../auth/auth-card';
import { PasswordField, TextField } from '../auth/text-field';

const HEADING_ID = 'two-step-heading';

type Send = (event: TwoStepEvent) => void;

interface FieldState {
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/**
 * The card's code entry, said once: the password (when asked), a code, and submit and Cancel. Turning on, turning
 * off and new recovery codes differ only in their words.
 */
function CodeForm({
  label,
  attempt,
  onSubmit,
  onCancel,
  password,
  code,
  submitLabel,
  submittingLabel,
  submitting,
  busy,
  destructive = false,
}: {
  label: string;
  attempt: number;
  onSubmit: () => void;
  onCancel: () => void;
  password?: FieldState;
  code: FieldState & { label: string; numeric?: boolean };
  submitLabel: string;
  submittingLabel: string;
  submitting: boolean;
  busy: boolean;
  destructive?: boolean;
}) {
  const { t } = useT();
  return (
    <AuthForm label={label} attempt={attempt} onSubmit={onSubmit}>
      {password && (
        <PasswordField
          label={t('Current password')}
          name="current-password"
          autoComplete="current-password"
          value={password.value}
          onValueChange={password.onChange}
          error={password.error && t(password.error)}
          disabled={busy}
        />
      )}
      <TextField
        label={code.label}
        name="one-time-code"
        inputMode={code.numeric ? 'numeric' : undefined}
        autoComplete="one-time-code"
        placeholder="123456"
        value={code.value}
        onValueChange={code.onChange}
        error={code.error && t(code.error)}
        disabled={busy}
      />
      <HStack gap="3" wrap="wrap">
        <Button
          type="submit"
          colorPalette={destructive ? 'red' : undefined}
          minH="11"
          loading={submitting}
          loadingText={submittingLabel}
          disabled={busy}
        >
          {submitLabel}
        </Button>
        <Button variant="ghost" minH="11" onClick={onCancel} disabled={busy}>
          {t('Cancel')}
        </Button>
      </HStack>
    </AuthForm>
  );
}

function Setup({ snapshot, send }: { snapshot: TwoStepSnapshot; send: Send }) {
  const { t } = useT();
  const { key, code, codeError, attempt } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  if (!key) return null;
  return (
    <Stack gap="4">
      <Stack as="ol" ps="5" gap="1" listStyleType="decimal">
        <li>
          {t(
            'Open your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…) and add an account.',
          )}
        </li>
        <li>{t('Scan this QR code, or type the key below.')}</li>
        <li>{t('Enter the 6-digit code the app shows.')}</li>
      </Stack>
      <Box bg="white" p="2" borderRadius="l2" alignSelf="flex-start" borderWidth="1px">
        <Image src={key.qrCode} alt={t('QR code for your authenticator app')} width="200px" height="200px" />
      </Box>
      <Stack gap="1">
        <Text textStyle="sm" color="fg.muted" id="two-step-key-label">
          {t('Key (if you cannot scan)')}
        </Text>
        <Box
          as="code"
          aria-labelledby="two-step-key-label"
          data-testid="two-step-secret"
          fontFamily="mono"
          fontSize="md"
          p="2"
          bg="bg.muted"
          borderRadius="l2"
          alignSelf="flex-start"
          wordBreak="break-all"
        >
          {key.secret}
        </Box>
      </Stack>
      <CodeForm
        label={t('Confirm two-step sign-in')}
        attempt={attempt}
        onSubmit={() => send({ type: 'setup.submit' })}
        onCancel={() => send({ type: 'setup.cancel' })}
        code={{
          label: t('6-digit code'),
          numeric: true,
          value: code,
          error: codeError,
          onChange: (value) => send({ type: 'code.change', value }),
        }}
        submitLabel={t('Turn on')}
        submittingLabel={t('Turning on...')}
        submitting={snapshot.matches('enabling')}
        busy={busy}
      />
    </Stack>
  );
}

function RecoveryCodes({ snapshot, send }: { snapshot: TwoStepSnapshot; send: Send }) {
  const { t } = useT();
  return (
    <Stack gap="4">
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('Save your recovery codes')}</Alert.Title>
          <Alert.Description>
            {t(
              'Each code signs you in once if you lose your phone. They are shown only now: download or print them and keep them somewhere safe.',
            )}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Box
        as="ul"
        aria-label={t('Recovery codes')}
        listStyleType="none"
        display="grid"
        gridTemplateColumns={{ base: '1fr', sm: '1fr 1fr' }}
        gap="2"
      >
        {snapshot.context.recoveryCodes.map((code) => (
          <Box as="li" key={code} fontFamily="mono" fontSize="md">
            {code}
          </Box>
        ))}
      </Box>
      <HStack gap="3" wrap="wrap">
        <Button variant="outline" minH="11" onClick={() => send({ type: 'codes.download' })}>
          <Download aria-hidden />
          {t('Download (.txt)')}
        </Button>
        <Button variant="outline" minH="11" onClick={() => send({ type: 'codes.print' })}>
          <Printer aria-hidden />
          {t('Print')}
        </Button>
        <Button minH="11" onClick={() => send({ type: 'codes.done' })}>
          {t('I have saved my codes')}
        </Button>
      </HStack>
    </Stack>
  );
}

function TurnOff({ snapshot, send }: { snapshot: TwoStepSnapshot; send: Send }) {
  const { t } = useT();
  const { hasPassword, password, passwordError, code, codeError, attempt } = snapshot.context;
  return (
    <CodeForm
      label={t('Turn off two-step sign-in')}
      attempt={attempt}
      onSubmit={() => send({ type: 'disable.submit' })}
      onCancel={() => send({ type: 'disable.cancel' })}
      password={
        hasPassword
          ? {
              value: password,
              error: passwordError,
              onChange: (value) => send({ type: 'password.change', value }),
            }
          : undefined
      }
      code={{
        label: t('Code from your authenticator app, or a recovery code'),
        value: code,
        error: codeError,
        onChange: (value) => send({ type: 'code.change', value }),
      }}
      submitLabel={t('Turn off two-step sign-in')}
      submittingLabel={t('Turning off...')}
      submitting={snapshot.matches('turningOff')}
      busy={snapshot.hasTag('busy')}
      destructive
    />
  );
}

/** New recovery codes: the password and a code from the app, in the child machine's form. */
function NewCodes({ actor }: { actor: NewRecoveryCodesActor }) {
  const { t } = useT();
  const snapshot = useSelector(actor, (state) => state);
  const { hasPassword, password, passwordError, code, codeError, attempt } = snapshot.context;
  const send = actor.send;
  return (
    <Stack gap="4">
      <Text textStyle="sm">
        {t(
          'New codes replace all of your recovery codes: the old ones stop working. Two-step sign-in stays on with the same app.',
        )}
      </Text>
      <CodeForm
        label={t('New recovery codes')}
        attempt={attempt}
        onSubmit={() => send({ type: 'submit' })}
        onCancel={() => send({ type: 'cancel' })}
        password={
          hasPassword
            ? {
                value: password,
                error: passwordError,
                onChange: (value) => send({ type: 'password.change', value }),
              }
            : undefined
        }
        code={{
          label: t('6-digit code from your authenticator app'),
          numeric: true,
          value: code,
          error: codeError,
          onChange: (value) => send({ type: 'code.change', value }),
        }}
        submitLabel={t('Make new recovery codes')}
        submittingLabel={t('Making new codes...')}
        submitting={snapshot.matches('replacing')}
        busy={snapshot.hasTag('busy')}
      />
    </Stack>
  );
}

/** Profile → Security: two-step sign-in with an authenticator app, off or on, and the steps between. */
export function TwoStepCard({ actor }: { actor: TwoStepActor }) {
  const { t } = useT();
  const snapshot = useSelector(actor, (state) => state);
  if (snapshot.matches('unsupported')) return null;
  const send = actor.send;
  const busy = snapshot.hasTag('busy') || snapshot.matches('loading');
  const on =
    snapshot.matches('on') ||
    snapshot.matches('confirmingOff') ||
    snapshot.matches('turningOff') ||
    snapshot.matches('renewingCodes') ||
    snapshot.matches('showingRecoveryCodes');
  const newCodes = snapshot.children.newCodes as NewRecoveryCodesActor | undefined;
  return (
    <Card.Root as="section" aria-labelledby={HEADING_ID} aria-busy={busy}>
      <Card.Header>
        <HStack gap="3" wrap="wrap">
          <Heading as="h3" size="lg" id={HEADING_ID}>
            {t('Two-step sign-in')}
          </Heading>
          {!snapshot.matches('loading') && !snapshot.matches('failed') && (
            <Badge colorPalette={on ? 'green' : 'gray'} variant="subtle">
              {on ? t('On') : t('Off')}
            </Badge>
          )}
        </HStack>
        <Text color="fg.muted" textStyle="sm">
          {t('After your password, sign-in asks for a 6-digit code from an authenticator app on your phone.')}
        </Text>
      </Card.Header>
      <Card.Body>
        {snapshot.matches('failed') ? (
          <Alert.Root status="error" alignItems="center">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{snapshot.context.error && t(snapshot.context.error)}</Alert.Title>
            </Alert.Content>
            <Button size="sm" variant="outline" onClick={() => send({ type: 'status.retry' })}>
              <RefreshCw aria-hidden />
              {t('Try Again')}
            </Button>
          </Alert.Root>
        ) : snapshot.matches('off') || snapshot.matches('startingSetup') ? (
          <Button
            alignSelf="flex-start"
            minH="11"
            onClick={() => send({ type: 'setup.start' })}
            loading={snapshot.matches('startingSetup')}
            loadingText={t('Starting...')}
          >
            <ShieldCheck aria-hidden />
            {t('Turn on two-step sign-in')}
          </Button>
        ) : snapshot.matches('confirming') || snapshot.matches('enabling') ? (
          <Setup snapshot={snapshot} send={send} />
        ) : snapshot.matches('showingRecoveryCodes') ? (
          <RecoveryCodes snapshot={snapshot} send={send} />
        ) : snapshot.matches('confirmingOff') || snapshot.matches('turningOff') ? (
          <TurnOff snapshot={snapshot} send={send} />
        ) : snapshot.matches('renewingCodes') && newCodes ? (
          <NewCodes actor={newCodes} />
        ) : snapshot.matches('on') ? (
          <HStack gap="3" wrap="wrap">
            <Button variant="outline" minH="11" onClick={() => send({ type: 'codes.renew' })}>
              <KeyRound aria-hidden />
              {t('New recovery codes')}
            </Button>
            <Button
              variant="outline"
              colorPalette="red"
              minH="11"
              onClick={() => send({ type: 'disable.start' })}
            >
              {t('Turn off two-step sign-in')}
            </Button>
          </HStack>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
