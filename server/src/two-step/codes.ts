import { createHmac, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/*
 * Authenticator codes (RFC 6238 with the `otpauth` library: SHA-1, 6 digits, 30 seconds, what every authenticator
 * app reads from a QR code) and recovery codes. Pure functions; the routes store what they return.
 */

export const ISSUER = 'CV Builder';
export const PERIOD_SECONDS = 30;
/** A code of the step before or after the server's clock still counts (the phone's clock may drift). */
export const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

/** A new random secret (160 bits, RFC 4226's recommendation), base32 as apps and people type it. */
export function newSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** The `otpauth://totp/…` address the QR code holds. */
export function otpauthUrl(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/** A six-digit code as typed: spaces and dashes dropped. Null when it is not six digits. */
export function normaliseCode(raw: string): string | null {
  const code = raw.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(code) ? code : null;
}

/** The time step a code is good for at `at` (±WINDOW), or null for a wrong code. */
export function matchingStep(secret: string, code: string, at: Date): number | null {
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: at.getTime(), window: WINDOW });
  if (delta === null) return null;
  return totp.counter({ timestamp: at.getTime() }) + delta;
}

/** The code of `at` (tests and provider states compute codes as an app would). */
export function codeAt(secret: string, at: Date): string {
  return totpOf(secret).generate({ timestamp: at.getTime() });
}

// Recovery codes: ten characters from an alphabet without look-alikes (no 0/o, 1/l/i), shown as `xxxxx-xxxxx`:
// 31^10 ≈ 2^49.5 each, against a sign-in rate limit of 10 tries in 15 minutes.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 10;

export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: RECOVERY_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(
      '',
    );
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code as typed: case, spaces and dashes do not matter. Null when it cannot be one. */
export function normaliseRecoveryCode(raw: string): string | null {
  const code = raw.toLowerCase().replace(/[\s-]/g, '');
  return code.length === RECOVERY_LENGTH && [...code].every((char) => ALPHABET.includes(char)) ? code : null;
}

/**
 * A recovery code's stored form: HMAC-SHA256 under a key derived from the server's secret key. The codes are
 * random (not chosen by people), so a keyed fast hash is enough, and a sign-in can look its code up in one query.
 */
export function hashRecoveryCode(secretKey: string, normalised: string): string {
  const key = createHmac('sha256', secretKey).update('cv-builder.two-step.recovery-code').digest();
  return createHmac('sha256', key).update(normalised).digest('base64url');
}
