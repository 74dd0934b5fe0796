import { AUTHENTICATOR_CODE_PATTERN, RECOVERY_CODE_PATTERN, TWO_STEP_MESSAGES } from '../../rules/two-step';
import { t } from '../i18n/i18n';

// Two-step sign-in as the web app checks and shows it: the code a person types, and the recovery codes as a file
// to download or print. The QR code is drawn here too, with a library loaded only when a setup starts (never on
// /signin).

export { TWO_STEP_MESSAGES };

/** Which code the person is typing: the app's six digits, or one of their recovery codes. */
export type CodeKind = 'app' | 'recovery';

/** The form's check of a code before it is sent: the message to show, or undefined. */
export function codeProblem(value: string, kind: CodeKind): string | undefined {
  if (value.trim() === '') return TWO_STEP_MESSAGES.codeRequired;
  const pattern = kind === 'app' ? AUTHENTICATOR_CODE_PATTERN : RECOVERY_CODE_PATTERN;
  return pattern.test(value) ? undefined : TWO_STEP_MESSAGES.codeMalformed;
}

/** The code as sent: spaces dropped (the server also drops them; apps show `123 456`). */
export function typedCode(value: string): string {
  return value.replace(/\s+/g, '');
}

/**
 * The text of the recovery-codes file: what they are, for which account, and the codes, one a line; in the
 * interface's language when it is made (the date stays ISO 8601).
 */
export function recoveryCodesText(codes: readonly string[], email: string, at: Date = new Date()): string {
  return [
    t('CV Builder recovery codes'),
    '',
    t('Account: {email}', { email }),
    t('Created: {date}', { date: at.toISOString().slice(0, 10) }),
    '',
    t('Each code signs you in once if you cannot use your authenticator app.'),
    t('Keep them somewhere safe, such as a password manager or a printed copy.'),
    '',
    ...codes,
    '',
  ].join('\n');
}

export const RECOVERY_CODES_FILE_NAME = 'cv-builder-recovery-codes.txt';

/** The QR code of an `otpauth://` address, as an SVG data URL an <img> shows (the page's policy allows data:). */
export async function qrCodeDataUrl(otpauthUrl: string): Promise<string> {
  const { toString } = await import('qrcode');
  const svg = await toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
