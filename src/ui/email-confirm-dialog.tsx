import { useSelector } from '@xstate/react';
import { useT } from '../i18n/i18n';
import type { SessionActor } from '../machines/auth/session-machine';
import { ConfirmDialog } from './confirm-dialog';

// 'Email this CV?', said the same wherever a CV is emailed (the builder, CV management, the templates screen's
// cards): the address it goes to, before anything is sent.

/** Where 'Email' sends a CV: the person's own address, from their profile (none while it is loading). */
export function useOwnAddress(session: SessionActor | undefined): string | undefined {
  return useSelector(session, (snapshot) => snapshot?.context.profile?.email);
}

export interface EmailConfirmDialogProps {
  open: boolean;
  /** The person's own address; left out while the profile is not known yet. */
  address: string | undefined;
  /** The CV's name, where more than one CV is in view (a list). */
  subject?: string;
  /** The screen shows changes the saved copy lacks (or the CV is new): it is saved first. */
  saveFirst?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** 'Email this CV?': the address the CV goes to, and 'Send to <address>'. */
export function EmailConfirmDialog({
  open,
  address,
  subject,
  saveFirst = false,
  onConfirm,
  onCancel,
}: EmailConfirmDialogProps) {
  const { t } = useT();
  const description = saveFirst
    ? address
      ? t('It is saved first, then sent as a PDF to {address}.', { address })
      : t('It is saved first, then sent as a PDF to the email address of your account.')
    : address
      ? t('It is sent as a PDF to {address}.', { address })
      : t('It is sent as a PDF to the email address of your account.');
  return (
    <ConfirmDialog
      open={open}
      title={t('Email this CV?')}
      subject={subject}
      description={description}
      confirmLabel={address ? t('Send to {address}', { address }) : t('Send')}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
