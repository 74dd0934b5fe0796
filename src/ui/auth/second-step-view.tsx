import { Button, Checkbox, Stack, Text } from '@chakra-ui/react';
import { msg } from '../../../rules/languages';
import { useT } from '../../i18n/i18n';
import { BUSY_TAG } from '../../machines/auth/auth-flow';
import { useSelector } from '@xstate/react';
import type { SecondStepActor } from '../../machines/auth/second-step-machine';
import { AuthCard, AuthForm } from './auth-card';
import { TextField } from './text-field';

export interface SecondStepViewProps {
  /** The second step's own flow, run by the sign-in flow. */
  actor: SecondStepActor;
}

export const SECOND_STEP_TITLE = msg('Two-step sign-in');
export const SECOND_STEP_DESCRIPTION = msg('Enter the 6-digit code from your authenticator app.');

/** The second step of a two-step sign-in: the code from the app (or a recovery code), and trust this browser. */
export function SecondStepView({ actor }: SecondStepViewProps) {
  const { t } = useT();
  const snapshot = useSelector(actor, (state) => state);
  const send = actor.send;
  const { code, codeKind, codeError, trustDevice, attempt } = snapshot.context;
  const busy = snapshot.hasTag(BUSY_TAG);
  const recovery = codeKind === 'recovery';
  return (
    <AuthCard
      title={t(SECOND_STEP_TITLE)}
      description={
        recovery
          ? t('Enter one of the recovery codes you saved when you turned on two-step sign-in.')
          : t(SECOND_STEP_DESCRIPTION)
      }
      footer={
        <Button
          variant="ghost"
          size="sm"
          minH="11"
          onClick={() => send({ type: 'code.back' })}
          disabled={busy}
        >
          {t('Back to sign in')}
        </Button>
      }
    >
      <AuthForm
        label={t('Two-step sign-in')}
        attempt={attempt}
        onSubmit={() => send({ type: 'code.submit' })}
      >
        <TextField
          key={codeKind}
          label={recovery ? t('Recovery code') : t('Authentication code')}
          name={recovery ? 'recovery-code' : 'one-time-code'}
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete={recovery ? 'off' : 'one-time-code'}
          placeholder={recovery ? 'abcde-23456' : '123456'}
          value={code}
          onValueChange={(value) => send({ type: 'code.change', value })}
          error={codeError}
          disabled={busy}
        />
        <Checkbox.Root
          checked={trustDevice}
          onCheckedChange={(details) => send({ type: 'code.trustChange', trust: details.checked === true })}
          disabled={busy}
          minH="11"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('Trust this device for 30 days')}</Checkbox.Label>
        </Checkbox.Root>
        <Button
          type="submit"
          width="full"
          size="lg"
          loading={snapshot.matches('verifyingCode')}
          loadingText={t('Verifying...')}
          disabled={busy}
        >
          {t('Verify')}
        </Button>
        <Stack gap="1" align="center">
          <Button
            variant="plain"
            size="sm"
            minH="11"
            onClick={() => send({ type: 'code.kindToggle' })}
            disabled={busy}
          >
            {recovery ? t('Use a code from your authenticator app') : t('Use a recovery code')}
          </Button>
          {!recovery && (
            <Text textStyle="sm" color="fg.muted" textAlign="center">
              {t('Lost your phone? A recovery code signs you in once.')}
            </Text>
          )}
        </Stack>
      </AuthForm>
    </AuthCard>
  );
}
