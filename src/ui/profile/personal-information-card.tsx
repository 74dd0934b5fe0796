import { Alert, Button, Card, Field, Flex, HStack, Input, Stack } from '@chakra-ui/react';
import { Pencil } from 'lucide-react';
import { useEffect, useRef, type FormEvent } from 'react';
import { DEFAULT_PHONE_COUNTRY } from '../../config/constants';
import { useT } from '../../i18n/i18n';
import { BUSY_TAG } from '../../machines/auth/auth-flow';
import {
  needsPasswordForEmail,
  type ProfileEvent,
  type ProfileField,
  type ProfileSnapshot,
} from '../../machines/profile/profile-machine';
import { FormProblem, useFocusOnProblem } from '../form-problem';
import { PasswordInput } from '../password-input';
import { PhoneField } from '../phone-field';

interface PersonalInformationCardProps {
  snapshot: ProfileSnapshot;
  send: (event: ProfileEvent) => void;
}

/**
 * docs/behaviour.md#profile-settings: the Personal Information card, read-only until Edit; 'Save Changes'
 * ('Saving...') and Cancel while editing.
 */
export function PersonalInformationCard({ snapshot, send }: PersonalInformationCardProps) {
  const { t } = useT();
  const { values, errors, formError, attempt, profile } = snapshot.context;
  const viewing = snapshot.matches({ loaded: { details: 'viewing' } });
  const cancellingEmailChange = snapshot.matches({ loaded: { emailChange: 'cancelling' } });
  const pendingEmail = profile?.pending_email ?? undefined;
  const asksPassword = !viewing && needsPasswordForEmail(values, profile);
  const form = useRef<HTMLFormElement>(null);
  useFocusOnProblem(form, attempt);
  const saving = snapshot.matches({ loaded: { details: 'saving' } });
  const busy = snapshot.hasTag(BUSY_TAG);
  const readOnly = viewing;
  const change = (field: ProfileField) => (value: string) => send({ type: 'form.change', field, value });
  const fullNameInput = useRef<HTMLInputElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasViewing = useRef(viewing);

  // The button pressed (Edit, Cancel, Save Changes) disappears: keep the keyboard where the work goes on.
  useEffect(() => {
    if (wasViewing.current === viewing) return;
    wasViewing.current = viewing;
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    if (!viewing) fullNameInput.current?.focus();
    else if (focusLost) editButton.current?.focus();
  }, [viewing]);

  function submit(event: FormEvent) {
    event.preventDefault();
    send({ type: 'profile.save' });
  }

  return (
    <Card.Root variant="outline" borderRadius="l3" as="section" aria-labelledby="personal-information-title">
      {/* One form around header and fields, so Enter in a field submits through 'Save Changes'. */}
      <form
        ref={form}
        onSubmit={submit}
        noValidate
        aria-label={t('Personal information')}
        style={{ display: 'contents' }}
      >
        <Card.Header>
          <Flex justify="space-between" align={{ base: 'flex-start', sm: 'center' }} gap="3" wrap="wrap">
            <Stack gap="1">
              <Card.Title id="personal-information-title" as="h2">
                {t('Personal Information')}
              </Card.Title>
              <Card.Description>{t('Your name and contact details.')}</Card.Description>
            </Stack>
            {viewing ? (
              <Button
                ref={editButton}
                size="sm"
                variant="outline"
                onClick={() => send({ type: 'profile.edit' })}
                disabled={busy}
              >
                <Pencil aria-hidden />
                {t('Edit')}
              </Button>
            ) : (
              <HStack gap="2">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => send({ type: 'profile.cancel' })}
                  disabled={saving}
                >
                  {t('Cancel')}
                </Button>
                <Button size="sm" type="submit" loading={saving} loadingText={t('Saving...')} disabled={busy}>
                  {t('Save Changes')}
                </Button>
              </HStack>
            )}
          </Flex>
        </Card.Header>
        <Card.Body>
          <Stack gap="5">
            {!viewing && <FormProblem message={formError && t(formError)} />}
            <Field.Root invalid={errors.fullName !== undefined} readOnly={readOnly} disabled={saving}>
              <Field.Label>{t('Full Name')}</Field.Label>
              <Input
                ref={fullNameInput}
                name="full_name"
                autoComplete="name"
                value={values.fullName}
                onChange={(event) => change('fullName')(event.target.value)}
              />
              {errors.fullName && <Field.ErrorText>{t(errors.fullName)}</Field.ErrorText>}
            </Field.Root>
            <Field.Root invalid={errors.phoneNumber !== undefined} disabled={readOnly || saving}>
              <Field.Label>{t('Phone Number')}</Field.Label>
              <PhoneField
                name="phone_number"
                defaultCountry={DEFAULT_PHONE_COUNTRY}
                value={values.phoneNumber}
                onValueChange={change('phoneNumber')}
                invalid={errors.phoneNumber !== undefined}
                disabled={readOnly || saving}
              />
              {errors.phoneNumber && <Field.ErrorText>{t(errors.phoneNumber)}</Field.ErrorText>}
            </Field.Root>
            <Field.Root invalid={errors.email !== undefined} readOnly={readOnly} disabled={saving}>
              <Field.Label>{t('Email Address')}</Field.Label>
              <Input
                name="email"
                type="email"
                autoComplete="email"
                value={values.email}
                onChange={(event) => change('email')(event.target.value)}
              />
              {errors.email ? (
                <Field.ErrorText>{t(errors.email)}</Field.ErrorText>
              ) : (
                !viewing && (
                  <Field.HelperText>
                    {t('A new address is used once you open the link we send to it.')}
                  </Field.HelperText>
                )
              )}
            </Field.Root>
            {asksPassword && (
              <Field.Root invalid={errors.currentPassword !== undefined} disabled={saving} required>
                <Field.Label>
                  {t('Current Password')}
                  <Field.RequiredIndicator />
                </Field.Label>
                <PasswordInput
                  name="current_password"
                  autoComplete="current-password"
                  value={values.currentPassword}
                  onValueChange={change('currentPassword')}
                  disabled={saving}
                />
                {errors.currentPassword ? (
                  <Field.ErrorText>{t(errors.currentPassword)}</Field.ErrorText>
                ) : (
                  <Field.HelperText>{t('Needed to change your email address.')}</Field.HelperText>
                )}
              </Field.Root>
            )}
            {pendingEmail && (
              <Alert.Root status="info" variant="subtle" borderRadius="l2" alignItems="center">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{t('Waiting for confirmation: {email}', { email: pendingEmail })}</Alert.Title>
                  <Alert.Description>
                    {t(
                      'Open the link we sent to that address to finish the change. Until then you sign in with {email}.',
                      { email: profile?.email ?? '' },
                    )}
                  </Alert.Description>
                </Alert.Content>
                <Button
                  size="sm"
                  variant="outline"
                  flexShrink={0}
                  loading={cancellingEmailChange}
                  loadingText={t('Cancelling...')}
                  onClick={() => send({ type: 'emailChange.cancel' })}
                >
                  {t('Cancel change')}
                </Button>
              </Alert.Root>
            )}
          </Stack>
        </Card.Body>
      </form>
    </Card.Root>
  );
}
