import { Alert, Button, Card, Field, HStack, Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, type FormEvent } from 'react';
import { useT } from '../../i18n/i18n';
import { BUSY_TAG } from '../../machines/auth/auth-flow';
import type {
  ChangePasswordActor,
  PasswordChangeField,
} from '../../machines/profile/change-password-machine';
import { FormProblemAlert, useFocusOnProblem } from '../form-problem';
import { PasswordInput } from '../password-input';

export const CHANGE_PASSWORD_CARD_ID = 'change-password-card';

interface PasswordRowProps {
  label: string;
  name: string;
  value: string;
  autoComplete: string;
  placeholder?: string;
  disabled: boolean;
  invalid: boolean;
  onValueChange: (value: string) => void;
}

function PasswordRow({ label, invalid, disabled, ...input }: PasswordRowProps) {
  return (
    <Field.Root invalid={invalid} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <PasswordInput disabled={disabled} {...input} />
    </Field.Root>
  );
}

/** docs/behaviour.md#profile-settings: the Change Password card, shown while the panel is open. */
export function ChangePasswordCard({ actor }: { actor: ChangePasswordActor }) {
  const { t } = useT();
  const snapshot = useSelector(actor, (state) => state);
  const { values, problem, problemFields, attempt } = snapshot.context;
  const busy = snapshot.hasTag(BUSY_TAG);
  const firstField = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  useFocusOnProblem(form, attempt);
  const change = (field: PasswordChangeField) => (value: string) =>
    actor.send({ type: 'form.change', field, value });

  // Opening the panel from Quick Actions moves the keyboard to its first field.
  useEffect(() => {
    firstField.current?.focus();
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: 'form.submit' });
  }

  const invalid = new Set(problemFields);
  return (
    <Card.Root variant="outline" borderRadius="l3" as="section" aria-labelledby="change-password-title">
      <Card.Header>
        <Card.Title id="change-password-title" as="h2">
          {t('Change Password')}
        </Card.Title>
        <Card.Description>
          {t('Other devices signed in to your account will be signed out.')}
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <form ref={form} onSubmit={submit} noValidate aria-label={t('Change password')}>
          <Stack gap="5">
            <Field.Root invalid={invalid.has('currentPassword')} disabled={busy}>
              <Field.Label>{t('Current Password')}</Field.Label>
              <PasswordInput
                ref={firstField}
                name="current_password"
                autoComplete="current-password"
                value={values.currentPassword}
                onValueChange={change('currentPassword')}
                disabled={busy}
              />
            </Field.Root>
            <PasswordRow
              label={t('New Password')}
              name="new_password"
              autoComplete="new-password"
              placeholder={t('min 8 chars')}
              value={values.newPassword}
              onValueChange={change('newPassword')}
              invalid={invalid.has('newPassword')}
              disabled={busy}
            />
            <PasswordRow
              label={t('Confirm New Password')}
              name="confirm_password"
              autoComplete="new-password"
              value={values.confirmPassword}
              onValueChange={change('confirmPassword')}
              invalid={invalid.has('confirmPassword')}
              disabled={busy}
            />
            {problem && (
              <FormProblemAlert>
                <Alert.Indicator />
                <Alert.Title>{t(problem)}</Alert.Title>
              </FormProblemAlert>
            )}
            <HStack gap="2" justify="flex-end">
              <Button variant="outline" onClick={() => actor.send({ type: 'form.cancel' })} disabled={busy}>
                {t('Cancel')}
              </Button>
              <Button
                type="submit"
                loading={snapshot.matches('updating')}
                loadingText={t('Updating...')}
                disabled={busy}
              >
                {t('Update Password')}
              </Button>
            </HStack>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
