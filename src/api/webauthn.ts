import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { msg } from '../../rules/languages';

// The browser's passkey calls (WebAuthn), through @simplewebauthn/browser. The library comes in a chunk of its own,
// loaded on first use, so the sign-in page's first load stays small (docs/benchmarks.md). Every failure is a
// PasskeyError whose message a person can act on (marked for the catalogue with `msg`; a view shows it through `t`).

export const PASSKEY_BROWSER_MESSAGES = {
  unsupported: msg('This browser cannot use passkeys.'),
  cancelled: msg('No passkey was used: the request was cancelled or timed out.'),
  wrongAddress: msg(
    'Passkeys do not work at this address. Open CV Builder at its usual address (for example http://localhost rather than 127.0.0.1).',
  ),
  alreadyRegistered: msg('This passkey is already registered. Choose another device or password manager.'),
  failed: msg('Your passkey could not be used. Please try again.'),
} as const;

export class PasskeyError extends Error {
  override readonly name = 'PasskeyError';
  /** The person closed the browser's prompt or let it time out (or another request took its place). */
  readonly cancelled: boolean;
  constructor(message: string, options: { cancelled?: boolean; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.cancelled = options.cancelled ?? false;
  }
}

const browserLibrary = () => import('@simplewebauthn/browser');

/** Whether this browser has WebAuthn at all (no library needed to tell). */
export function browserHasPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Whether this browser offers passkeys in a field's autofill list (conditional mediation). */
export async function browserOffersPasskeyAutofill(): Promise<boolean> {
  if (!browserHasPasskeys()) return false;
  const { browserSupportsWebAuthnAutofill } = await browserLibrary();
  return browserSupportsWebAuthnAutofill();
}

function asPasskeyError(error: unknown): PasskeyError {
  if (error instanceof PasskeyError) return error;
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID' || name === 'SecurityError') {
    return new PasskeyError(PASSKEY_BROWSER_MESSAGES.wrongAddress, { cause: error });
  }
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') {
    return new PasskeyError(PASSKEY_BROWSER_MESSAGES.alreadyRegistered, { cause: error });
  }
  if (code === 'ERROR_CEREMONY_ABORTED' || name === 'NotAllowedError' || name === 'AbortError') {
    return new PasskeyError(PASSKEY_BROWSER_MESSAGES.cancelled, { cancelled: true, cause: error });
  }
  return new PasskeyError(PASSKEY_BROWSER_MESSAGES.failed, { cause: error });
}

/** Asks the browser to make a passkey for the options the server gave. */
export async function createPasskey(
  optionsJSON: PublicKeyCredentialCreationOptionsJSON,
): Promise<RegistrationResponseJSON> {
  if (!browserHasPasskeys()) throw new PasskeyError(PASSKEY_BROWSER_MESSAGES.unsupported);
  try {
    const { startRegistration } = await browserLibrary();
    return await startRegistration({ optionsJSON });
  } catch (error) {
    throw asPasskeyError(error);
  }
}

/**
 * Asks the browser for a passkey's signed answer: in its own prompt, or (`autofill`) quietly, offered in the email
 * field's autofill list until the person picks one. A later request aborts an earlier one; `signal` aborts too.
 */
export async function getPasskey(
  optionsJSON: PublicKeyCredentialRequestOptionsJSON,
  { autofill = false, signal }: { autofill?: boolean; signal?: AbortSignal } = {},
): Promise<AuthenticationResponseJSON> {
  if (!browserHasPasskeys()) throw new PasskeyError(PASSKEY_BROWSER_MESSAGES.unsupported);
  try {
    const { startAuthentication, WebAuthnAbortService } = await browserLibrary();
    signal?.addEventListener('abort', () => WebAuthnAbortService.cancelCeremony(), { once: true });
    return await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
  } catch (error) {
    throw asPasskeyError(error);
  }
}
