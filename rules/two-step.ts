// Two-step sign-in with an authenticator app, said once for both halves: the words the server answers and the
// web app shows (marked for the catalogue with `msg`), and the codes' shapes. Both halves load it: its one import is
// ./languages, which has none.

import { msg } from './languages.js';

/** What a sign-in that still needs its code answers in `code` of a 401: start again from the password. */
export const TWO_STEP_CODES = {
  /** POST /auth/login/2fa/ without a first step passed in the last 5 minutes on this browser. */
  expired: 'two_factor_expired',
} as const;

export const TWO_STEP_MESSAGES = {
  codeRequired: msg('Enter the 6-digit code from your authenticator app.'),
  codeMalformed: msg(
    'Enter the 6 digits from your authenticator app, or a recovery code such as abcde-23456.',
  ),
  codeWrong: msg('That code is not right. Enter the newest code from your authenticator app.'),
  recoveryCodeWrong: msg('That recovery code is not right, or it has been used already.'),
  signInExpired: msg('Your sign-in took too long. Please enter your email and password again.'),
  alreadyOn: msg('Two-step sign-in is already on. Turn it off first to move it to another app.'),
  notStarted: msg('Start again: open the setup and scan the new QR code.'),
  notOn: msg('Two-step sign-in is not on.'),
  turnedOn: msg('Two-step sign-in is on.'),
  turnedOff: msg('Two-step sign-in is off.'),
  passwordRequired: msg('Enter your current password.'),
  appCodeOnly: msg(
    'Enter the 6-digit code from your authenticator app: a recovery code cannot make new ones.',
  ),
  recoveryCodesReplaced: msg('New recovery codes are ready. The old ones no longer work.'),
} as const;

/** Six digits, as an authenticator app shows them (spaces allowed in between). */
export const AUTHENTICATOR_CODE_PATTERN = /^\s*\d{3}\s?\d{3}\s*$/;

/** A recovery code such as `abcde-23456` (case, spaces and the dash do not matter). */
export const RECOVERY_CODE_PATTERN = /^\s*[a-zA-Z2-9]{5}[\s-]?[a-zA-Z2-9]{5}\s*$/;

/** How long "Trust this device" lasts. */
export const TRUSTED_DEVICE_DAYS = 30;
