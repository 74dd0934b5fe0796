import {
  languageDirection,
  msg,
  SOURCE_LANGUAGE,
  type LanguageCode,
  type Message,
} from '../../../rules/languages.js';
import { translate } from '../i18n/translate.js';
import type { MailMessage } from '../mail/mailer.js';
import { encodeUid } from './tokens.js';
import { escapeHtml } from '../text/rich-text.js';

// The accounts' mail, in the recipient's language (`language`: i18n/request.ts's mailLanguage chooses it); every
// sentence is a message of the catalogue, its addresses and times values of its {placeholders}.

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

/** "5 May 2026 at 14:05 UTC" (in the mail's language): the mail cannot know the reader's time zone. */
export function mailTime(at: Date, language: LanguageCode = SOURCE_LANGUAGE): string {
  const when = new Intl.DateTimeFormat(language === SOURCE_LANGUAGE ? 'en-GB' : language, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  return `${when.format(at)} UTC`;
}

export function confirmationEmail(
  user: Recipient,
  link: string,
  language: LanguageCode = SOURCE_LANGUAGE,
): MailMessage {
  return message(user, language, {
    subject: msg('Confirm your email address for CV Builder'),
    intro: msg(
      'Thank you for creating a CV Builder account. Please confirm your email address to activate it:',
    ),
    action: msg('Confirm email address'),
    link,
    outro: msg(
      'The link is valid for 3 days and can be used once. If you did not create this account, you can ignore this email.',
    ),
  });
}

export function passwordResetEmail(
  user: Recipient,
  link: string,
  language: LanguageCode = SOURCE_LANGUAGE,
): MailMessage {
  return message(user, language, {
    subject: msg('Reset your CV Builder password'),
    intro: msg(
      'Someone asked to reset the password of your CV Builder account. To choose a new password, open this link:',
    ),
    action: msg('Reset password'),
    link,
    outro: msg(
      'The link is valid for 1 hour and can be used once. If you did not ask for this, you can ignore this email: your password stays as it is.',
    ),
  });
}

// Notices after a change to the account (ASVS 2.2.3): they go to the address on file, say what changed and
// when, and give the way back to someone who did not make the change.

export function passwordChangedEmail(
  user: Recipient,
  at: Date,
  publicUrl: string,
  language: LanguageCode = SOURCE_LANGUAGE,
): MailMessage {
  return message(user, language, {
    subject: msg('Your CV Builder password was changed'),
    intro: {
      id: msg('The password of your CV Builder account was changed on {time}.'),
      values: { time: mailTime(at, language) },
    },
    lead: msg('If this was not you, reset your password:'),
    action: msg('Reset your password'),
    link: forgotPasswordLink(publicUrl),
    outro: msg('If it was you, there is nothing to do.'),
  });
}

/** To the new address: the link that makes the change. */
export function emailChangeConfirmationEmail(
  user: Recipient,
  newEmail: string,
  link: string,
  language: LanguageCode = SOURCE_LANGUAGE,
): MailMessage {
  return message({ ...user, email: newEmail }, language, {
    subject: msg('Confirm your new email address for CV Builder'),
    intro: {
      id: msg(
        'Someone asked to use {newEmail} as the email address of a CV Builder account. To confirm it, open this link:',
      ),
      values: { newEmail },
    },
    action: msg('Confirm new email address'),
    link,
    outro: msg(
      'The link is valid for 24 hours and can be used once. If you did not ask for this, you can ignore this email: nothing changes.',
    ),
  });
}

/** To the old address: what is changing, and the way to call it off (and undo it) for a week. */
export function emailChangeNoticeEmail(
  user: Recipient,
  oldEmail: string,
  newEmail: string,
  link: string,
  language: LanguageCode = SOURCE_LANGUAGE,
): MailMessage {
  return message({ ...user, email: oldEmail }, language, {
    subject: msg('The email address of your CV Builder account is being changed'),
    intro: {
      id: msg(
        'Someone asked to change the email address of your CV Builder account from {oldEmail} to {newEmail}. The change takes effect when the link sent to {newEmail} is opened.',
      ),
      values: { oldEmail, newEmail },
    },
    lead: msg('If this was not you, cancel the change:'),
    action: msg('Cancel the change'),
    link,
    outro: msg(
      'Cancelling also signs your account out everywhere, and if the change has already taken effect it is undone. The link works for 7 days. If it was you, there is nothing to do.',
    ),
  });
}

/** To the address an undone change had given the account: it is no longer the account's. */
export function emailChangeUndoneEmail(
  user: Recipient,
  restoredEmail: string,
  removedEmail: string,
  supportLink: string,
  language: LanguageCode = SOURCE_LANGUAGE,
): MailMessage {
  return message({ ...user, email: removedEmail }, language, {
    subject: msg('The email address of your CV Builder account was changed back'),
    intro: {
      id: msg(
        "The change of your CV Builder account's email address to {removedEmail} was undone with the link sent to {restoredEmail}, which is the account's address again. Every session of the account was signed out.",
      ),
      values: { removedEmail, restoredEmail },
    },
    lead: msg('If you did not expect this, contact support:'),
    action: msg('Contact support'),
    link: supportLink,
    outro: { id: msg('{removedEmail} no longer signs in to this account.'), values: { removedEmail } },
  });
}

/** To the current address of an account without a password: it approves the change before anything is sent. */
export function emailChangeApprovalEmail(
  user: Recipient,
  newEmail: string,
  link: string,
  language: LanguageCode = SOURCE_LANGUAGE,
): MailMessage {
  return message(user, language, {
    subject: msg('Approve the change of your CV Builder email address'),
    intro: {
      id: msg(
        'Someone asked to change the email address of your CV Builder account from {currentEmail} to {newEmail}. To make sure it is you, open this link; we then send a confirmation link to {newEmail}:',
      ),
      values: { currentEmail: user.email, newEmail },
    },
    action: msg('Continue the change'),
    link,
    outro: msg(
      'The link is valid for 24 hours and can be used once. If you did not ask for this, you can ignore this email: your address stays as it is.',
    ),
  });
}

/**
 * To the owner of an address someone tried to sign up with: sign-up answered as for a free address (nothing tells
 * the visitor the address has an account), so the owner hears of it here.
 */
export function signUpAttemptEmail(
  user: Recipient,
  signInLink: string,
  resetLink: string,
  language: LanguageCode = SOURCE_LANGUAGE,
): MailMessage {
  return message(user, language, {
    subject: msg('Someone tried to sign up to CV Builder with your address'),
    intro: {
      id: msg(
        'Someone tried to create a CV Builder account with {email}, which already has one. If it was you, sign in — or reset your password if you have forgotten it ({resetLink}):',
      ),
      values: { email: user.email, resetLink },
    },
    action: msg('Sign in'),
    link: signInLink,
    outro: msg(
      'If it was not you, you can ignore this email: nothing changed and no new account was created.',
    ),
  });
}

/**
 * To the owner of an address another account asked to change to: the change was answered as for a free address,
 * so the owner hears of it here. Nothing was changed.
 */
export function emailInUseEmail(
  to: string,
  signInLink: string,
  language: LanguageCode = SOURCE_LANGUAGE,
): MailMessage {
  return message({ id: 0, full_name: '', email: to }, language, {
    subject: msg('Someone tried to use your address for another CV Builder account'),
    intro: {
      id: msg(
        'Someone asked to use {email} as the email address of another CV Builder account. It already belongs to your account, so nothing was changed.',
      ),
      values: { email: to },
    },
    lead: msg('Your account is as it was; you can sign in as usual:'),
    action: msg('Sign in'),
    link: signInLink,
    outro: msg(
      'If it was you, sign in to this account instead. If it was not you, you can ignore this email.',
    ),
  });
}

/** To an account locked by too many wrong passwords: the link that unlocks it and trusts the browser it opens in. */
export function unlockAccountEmail(
  user: Recipient,
  link: string,
  language: LanguageCode = SOURCE_LANGUAGE,
): MailMessage {
  return message(user, language, {
    subject: msg('Your CV Builder account was locked after many wrong passwords'),
    intro: msg(
      'Someone typed a wrong password for your CV Builder account many times, so sign-ins from browsers it does not know are paused for 15 minutes. Browsers you signed in with before still get in. To unlock it now from this browser, open this link:',
    ),
    action: msg('Unlock my account'),
    link,
    outro: msg(
      'The link is valid for 1 hour. If the wrong passwords were not yours, someone may be guessing: choose a strong password you use nowhere else.',
    ),
  });
}

/** To an account without a password: the link that deletes it. */
export function accountDeletionEmail(
  user: Recipient,
  link: string,
  language: LanguageCode = SOURCE_LANGUAGE,
): MailMessage {
  return message(user, language, {
    subject: msg('Delete your CV Builder account'),
    intro: msg(
      'Someone asked to delete your CV Builder account. Deleting it removes your personal data and your CVs and signs you out everywhere. To delete it, open this link:',
    ),
    action: msg('Delete my account'),
    link,
    outro: msg(
      'The link is valid for 1 hour and can be used once. If you did not ask for this, you can ignore this email: your account stays as it is.',
    ),
  });
}

interface Content {
  subject: Message;
  intro: Message;
  /** Words before the link, on its line (a notice's "If this was not you, …:"). */
  lead?: Message;
  action: Message;
  link: string;
  outro: Message;
}

function message(user: Recipient, language: LanguageCode, content: Content): MailMessage {
  const t = (words: Message) => translate(language, words);
  const name = user.full_name.trim();
  const greeting = name ? t({ id: msg('Hello {name},'), values: { name } }) : t(msg('Hello,'));
  const [intro, action, outro] = [t(content.intro), t(content.action), t(content.outro)];
  const lead = content.lead && t(content.lead);
  const linkLine = lead ? `${lead} ${content.link}` : content.link;
  const text = [greeting, '', intro, '', linkLine, '', outro, '', 'CV Builder', ''].join('\n');
  const dir = languageDirection(language) === 'rtl' ? ' dir="rtl"' : '';
  const html = `<!doctype html>
<html lang="${language}"${dir}><body style="font-family:Arial,Helvetica,sans-serif;color:#1a202c;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>${lead ? `\n<p>${escapeHtml(lead)}</p>` : ''}
<p><a href="${escapeHtml(content.link)}" style="display:inline-block;padding:10px 18px;background:#0f766e;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#4a5568">${escapeHtml(t(msg('Or copy this address into your browser:')))}<br>${escapeHtml(content.link)}</p>
<p style="font-size:13px;color:#4a5568">${escapeHtml(outro)}</p>
<p>CV Builder</p>
</body></html>`;
  return { to: user.email, subject: t(content.subject), text, html };
}
