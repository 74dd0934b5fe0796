import { saveBlob } from '../api/download';
import { RECOVERY_CODES_FILE_NAME, recoveryCodesText } from '../account/two-step';
import { t } from '../i18n/i18n';

// The browser's side of the recovery codes: a .txt download, and printing that same text from a hidden frame
// (a blob: page of this origin, which the content security policy allows) so the rest of the profile is not printed.

export function downloadRecoveryCodes(_: unknown, params: { codes: string[]; email: string }): void {
  saveBlob(
    new Blob([recoveryCodesText(params.codes, params.email)], { type: 'text/plain;charset=utf-8' }),
    RECOVERY_CODES_FILE_NAME,
  );
}

const PRINT_FRAME_LIFETIME_MS = 60_000;

export function printRecoveryCodes(_: unknown, params: { codes: string[]; email: string }): void {
  const href = URL.createObjectURL(
    new Blob([recoveryCodesText(params.codes, params.email)], { type: 'text/plain;charset=utf-8' }),
  );
  const frame = document.createElement('iframe');
  frame.title = t('Recovery codes to print');
  frame.style.position = 'fixed';
  frame.style.width = '0';
  frame.style.height = '0';
  frame.style.border = '0';
  frame.src = href;
  frame.addEventListener('load', () => frame.contentWindow?.print());
  document.body.appendChild(frame);
  window.setTimeout(() => {
    frame.remove();
    URL.revokeObjectURL(href);
  }, PRINT_FRAME_LIFETIME_MS);
}
