import type { MailMessage } from '../mail/mailer.js';
import { encodeUid } from './tokens.js';
import { escapeHtml } from '../text/rich-text.js';

interface Recipient {
  id: number;
  full_name: string;
  email: string;
}

/** `${PUBLIC_URL}/confirm-email?uid=…&token=…` (docs/operations.md: links in mail are built from PUBLIC_URL). */
export function confirmationLink(publicUrl: string, userId: number, token: string): string {
  return `${publicUrl}/confirm-email?${new URLSearchParams({ uid: encodeUid(userId), token })}`;
}

/** `${PUBLIC_URL}/reset-password?token=…&uid=…` (docs/operations.md: links in mail are built from PUBLIC_URL). */
export function passwordResetLink(publicUrl: string, userId: number, token: string): string {
  return `${publicUrl}/reset-password?${new URLSearchParams({ token, uid: encodeUid(userId) })}`;
}

/** `${PUBLIC_URL}/forgot-password`: where a notice sends someone who did not make the change. */
export function forgotPasswordLink(publicUrl: string): string {
  return `${publicUrl}/forgot-password`;
}

export type AccountLinkPage =
  | 'confirm-email-change'
  | 'approve-email-change'
  | 'cancel-email-change'
  | 'delete-account'
  | 'unlock-account';

/** `${PUBLIC_URL}/<page>?uid=…&token=…`: the web page that opens the link and calls the API. */
export function accountLink(publicUrl: string, page: AccountLinkPage, userId: number, token: string): string {
  return `${publicUrl}/${page}?${new URLSearchParams({ uid: encodeUid(userId), token })}`;
}

/** "5 May 2026 at 14:05 UTC": the mail cannot know the reader's time zone. */
export function mailTime(at: Date): string {
  const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
  return `${when.format(at)} UTC`;
}

export function confirmationEmail(user: Recipient, link: string): MailMessage {
  return message(user, {
    subject: 'Confirm your email address for CV Builder',
    intro: 'Thank you for creating a CV Builder account. Please confirm your email address to activate it:',
    action: 'Confirm email address',
    link,
    outro:
      'The link is valid for 3 days and can be used once. If you did not create this account, you can ignore this email.',
  });
}

export function passwordResetEmail(user: Recipient, link: string): MailMessage {
  return message(user, {
    subject: 'Reset your CV Builder password',
    intro:
      'Someone asked to reset the password of your CV Builder account. To choose a new password, open this link:',
    action: 'Reset password',
    link,
    outro:
      'The link is valid for 1 hour and can be used once. If you did not ask for this, you can ignore this email: your password stays as it is.',
  });
}

// Notices after a change to the account (ASVS 2.2.3): they go to the address on file, say what changed and
// when, and give the way back to someone who did not make the change.

export function passwordChangedEmail(user: Recipient, at: Date, publicUrl: string): MailMessage {
  return message(user, {
    subject: 'Your CV Builder password was changed',
    intro: `The password of your CV Builder account was changed on ${mailTime(at)}.`,
    lead: 'If this was not you, reset your password:',
    action: 'Reset your password',
    link: forgotPasswordLink(publicUrl),
    outro: 'If it was you, there is nothing to do.',
  });
}

/** To the new address: the link that makes the change. */
export function emailChangeConfirmationEmail(user: Recipient, newEmail: string, link: string): MailMessage {
  return message(
    { ...user, email: newEmail },
    {
      subject: 'Confirm your new email address for CV Builder',
      intro: `Someone asked to use ${newEmail} as the email address of a CV Builder account. To confirm it, open this link:`,
      action: 'Confirm new email address',
      link,
      outro:
        'The link is valid for 24 hours and can be used once. If you did not ask for this, you can ignore this email: nothing changes.',
    },
  );
}

/** To the old address: what is changing, and the way to call it off (and undo it) for a week. */
export function emailChangeNoticeEmail(
  user: Recipient,
  oldEmail: string,
  newEmail: string,
  link: string,
): MailMessage {
  return message(
    { ...user, email: oldEmail },
    {
      subject: 'The email address of your CV Builder account is being changed',
      intro: `Someone asked to change the email address of your CV Builder account from ${oldEmail} to ${newEmail}. The change takes effect when the link sent to ${newEmail} is opened.`,
      lead: 'If this was not you, cancel the change:',
      action: 'Cancel the change',
      link,
      outro:
        'Cancelling also signs your account out everywhere, and if the change has already taken effect it is undone. The link works for 7 days. If it was you, there is nothing to do.',
    },
  );
}

/** To the address an undone change had given the account: it is no longer the account's. */
export function emailChangeUndoneEmail(
  user: Recipient,
  restoredEmail: string,
  removedEmail: string,
  supportLink: string,
): MailMessage {
  return message(
    { ...user, email: removedEmail },
    {
      subject: 'The email address of your CV Builder account was changed back',
      intro: `The change of your CV Builder account's email address to ${removedEmail} was undone with the link sent to ${restoredEmail}, which is the account's address again. Every session of the account was signed out.`,
      lead: 'If you did not expect this, contact support:',
      action: 'Contact support',
      link: supportLink,
      outro: `${removedEmail} no longer signs in to this account.`,
    },
  );
}

/** To the current address of an account without a password: it approves the change before anything is sent. */
export function emailChangeApprovalEmail(user: Recipient, newEmail: string, link: string): MailMessage {
  return message(user, {
    subject: 'Approve the change of your CV Builder email address',
    intro: `Someone asked to change the email address of your CV Builder account from ${user.email} to ${newEmail}. To make sure it is you, open this link; we then send a confirmation link to ${newEmail}:`,
    action: 'Continue the change',
    link,
    outro:
      'The link is valid for 24 hours and can be used once. If you did not ask for this, you can ignore this email: your address stays as it is.',
  });
}

/**
 * To the owner of an address someone tried to sign up with: sign-up answered as for a free address (nothing tells
 * the visitor the address has an account), so the owner hears of it here.
 */
export function signUpAttemptEmail(user: Recipient, signInLink: string, resetLink: string): MailMessage {
  return message(user, {
    subject: 'Someone tried to sign up to CV Builder with your address',
    intro: `Someone tried to create a CV Builder account with ${user.email}, which already has one. If it was you, sign in — or reset your password if you have forgotten it (${resetLink}):`,
    action: 'Sign in',
    link: signInLink,
    outro: 'If it was not you, you can ignore this email: nothing changed and no new account was created.',
  });
}

/**
 * To the owner of an address another account asked to change to: the change was answered as for a free address,
 * so the owner hears of it here. Nothing was changed.
 */
export function emailInUseEmail(to: string, signInLink: string): MailMessage {
  return message(
    { id: 0, full_name: '', email: to },
    {
      subject: 'Someone tried to use your address for another CV Builder account',
      intro: `Someone asked to use ${to} as the email address of another CV Builder account. It already belongs to your account, so nothing was changed.`,
      lead: 'Your account is as it was; you can sign in as usual:',
      action: 'Sign in',
      link: signInLink,
      outro: 'If it was you, sign in to this account instead. If it was not you, you can ignore this email.',
    },
  );
}

/** To an account locked by too many wrong passwords: the link that unlocks it and trusts the browser it opens in. */
export function unlockAccountEmail(user: Recipient, link: string): MailMessage {
  return message(user, {
    subject: 'Your CV Builder account was locked after many wrong passwords',
    intro:
      'Someone typed a wrong password for your CV Builder account many times, so sign-ins from browsers it does not know are paused for 15 minutes. Browsers you signed in with before still get in. To unlock it now from this browser, open this link:',
    action: 'Unlock my account',
    link,
    outro:
      'The link is valid for 1 hour. If the wrong passwords were not yours, someone may be guessing: choose a strong password you use nowhere else.',
  });
}

/** To an account without a password: the link that deletes it. */
export function accountDeletionEmail(user: Recipient, link: string): MailMessage {
  return message(user, {
    subject: 'Delete your CV Builder account',
    intro:
      'Someone asked to delete your CV Builder account. Deleting it removes your personal data and your CVs and signs you out everywhere. To delete it, open this link:',
    action: 'Delete my account',
    link,
    outro:
      'The link is valid for 1 hour and can be used once. If you did not ask for this, you can ignore this email: your account stays as it is.',
  });
}

interface Content {
  subject: string;
  intro: string;
  /** Words before the link, on its line (a notice's "If this was not you, …:"). */
  lead?: string;
  action: string;
  link: string;
  outro: string;
}

function message(user: Recipient, content: Content): MailMessage {
  const greeting = user.full_name.trim() ? `Hello ${user.full_name.trim()},` : 'Hello,';
  const linkLine = content.lead ? `${content.lead} ${content.link}` : content.link;
  const text = [greeting, '', content.intro, '', linkLine, '', content.outro, '', 'CV Builder', ''].join(
    '\n',
  );
  const html = `<!doctype html>
<html lang="en"><body style="font-family:Arial,Helvetica,sans-serif;color:#1a202c;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(content.intro)}</p>${content.lead ? `\n<p>${escapeHtml(content.lead)}</p>` : ''}
<p><a href="${escapeHtml(content.link)}" style="display:inline-block;padding:10px 18px;background:#0f766e;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(content.action)}</a></p>
<p style="font-size:13px;color:#4a5568">Or copy this address into your browser:<br>${escapeHtml(content.link)}</p>
<p style="font-size:13px;color:#4a5568">${escapeHtml(content.outro)}</p>
<p>CV Builder</p>
</body></html>`;
  return { to: user.email, subject: content.subject, text, html };
}
