import { Button, Dialog, Field, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { msg } from '../../../rules/languages';
import { useT } from '../../i18n/i18n';
import type { DataDownloadActor } from '../../machines/profile/data-download-machine';
import type { ProfileEvent, ProfileSnapshot } from '../../machines/profile/profile-machine';
import { DataDownloadControl } from './data-download';
import { PasswordInput } from '../password-input';

export const DELETE_ACCOUNT_TITLE = msg('Delete account?');
export const DELETE_ACCOUNT_DESCRIPTION = msg(
  'Your personal information will be removed, your CVs archived and you will be signed out. This action cannot be undone.',
);
export const KEEP_A_COPY_NOTE = msg(
  "Before you go, you can keep a copy: your account and every CV, as JSON Resume, as PDF and as CV Builder's own file.",
);
export const DELETE_BY_LINK_NOTE = msg(
  'To make sure it is you, we will email you a link that completes the deletion.',
);

const PASSWORD_INPUT_ID = 'delete-account-password';

/**
 * 'Delete account?' with the person's password (a deletion is re-authenticated). An account without a
 * password is told that a link will be mailed instead. Controls stay focusable while the deletion runs (read-only,
 * aria-disabled), so the focus never drops to the page.
 */
export function DeleteAccountDialog({
  snapshot,
  send,
  dataDownload,
}: {
  snapshot: ProfileSnapshot;
  send: (event: ProfileEvent) => void;
  /** Offered before the confirmation: the person's data, downloaded first. */
  dataDownload?: DataDownloadActor;
}) {
  const { t } = useT();
  const deleting = snapshot.matches({ loaded: { deletion: 'deleting' } });
  const open = snapshot.matches({ loaded: { deletion: 'confirming' } }) || deleting;
  const { deletionPassword, deletionError, deletionAttempt, profile } = snapshot.context;
  const byLink = profile?.has_password === false;
  const password = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (deletionAttempt > 0) password.current?.focus();
  }, [deletionAttempt]);

  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      placement="center"
      initialFocusEl={byLink ? undefined : () => document.getElementById(PASSWORD_INPUT_ID)}
      onOpenChange={(details) => {
        if (!details.open && !deleting) send({ type: 'account.deleteCancel' });
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form
              noValidate
              aria-label={t('Delete account')}
              onSubmit={(event) => {
                event.preventDefault();
                if (!deleting) send({ type: 'account.deleteConfirm' });
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{t(DELETE_ACCOUNT_TITLE)}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Dialog.Description>{t(DELETE_ACCOUNT_DESCRIPTION)}</Dialog.Description>
                  {dataDownload && (
                    <Stack gap="2" borderWidth="1px" borderRadius="l2" p="3">
                      <Text textStyle="sm">{t(KEEP_A_COPY_NOTE)}</Text>
                      <DataDownloadControl actor={dataDownload} />
                    </Stack>
                  )}
                  {byLink ? (
                    <Text textStyle="sm">{t(DELETE_BY_LINK_NOTE)}</Text>
                  ) : (
                    <Field.Root invalid={deletionError !== undefined} required>
                      <Field.Label htmlFor={PASSWORD_INPUT_ID}>
                        {t('Your password')}
                        <Field.RequiredIndicator />
                      </Field.Label>
                      <PasswordInput
                        ref={password}
                        id={PASSWORD_INPUT_ID}
                        name="current_password"
                        autoComplete="current-password"
                        value={deletionPassword}
                        readOnly={deleting}
                        onValueChange={(value) => send({ type: 'account.deletePasswordChange', value })}
                      />
                      {deletionError ? (
                        <Field.ErrorText role="alert">{t(deletionError)}</Field.ErrorText>
                      ) : (
                        <Field.HelperText>
                          {t('Enter your password to confirm that it is you.')}
                        </Field.HelperText>
                      )}
                    </Field.Root>
                  )}
                  {byLink && deletionError && (
                    <Text role="alert" color="fg.error" textStyle="sm">
                      {t(deletionError)}
                    </Text>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button
                  type="button"
                  variant="outline"
                  aria-disabled={deleting || undefined}
                  onClick={() => {
                    if (!deleting) send({ type: 'account.deleteCancel' });
                  }}
                >
                  {t('Cancel')}
                </Button>
                <Button
                  type="submit"
                  colorPalette="red"
                  aria-disabled={deleting || undefined}
                  aria-busy={deleting || undefined}
                >
                  {deleting && <Spinner size="sm" />}
                  {byLink ? t('Email me the link') : t('Delete Account')}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
