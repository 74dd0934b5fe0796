import { msg, type LanguageCode, type Message } from '../../../../rules/languages.js';
import { english, translate } from '../../i18n/translate.js';

/**
 * A social sign-in that cannot go on, with the words the person sees. The answer carries the same
 * text as `detail` (the API's rule) and `error` (docs/behaviour.md#messages: the LinkedIn flow shows the error field
 * first), plus a stable `code` for clients that branch on the reason.
 */
export class SocialSignInError extends Error {
  /** The words in English. */
  readonly detail: string;

  constructor(
    readonly statusCode: 400 | 403 | 429 | 502 | 503,
    /** The words as a message, to say in the person's language. */
    readonly detailMessage: Message,
    readonly code: string,
  ) {
    const detail = english(detailMessage);
    super(detail);
    this.name = 'SocialSignInError';
    this.detail = detail;
  }

  /** The answer, its words in `language`. */
  toBody(language: LanguageCode): { detail: string; error: string; code: string } {
    const words = translate(language, this.detailMessage);
    return { detail: words, error: words, code: this.code };
  }
}

export type ProviderName = 'Google' | 'LinkedIn';

/** What a provider may refuse; each is said whole, with and without the provider's reason. */
const REJECTED = {
  'access token': {
    plain: msg('{provider} did not accept the access token. Please sign in again.'),
    because: msg('{provider} did not accept the access token ({reason}). Please sign in again.'),
  },
  'authorization code': {
    plain: msg('{provider} did not accept the authorization code. Please sign in again.'),
    because: msg('{provider} did not accept the authorization code ({reason}). Please sign in again.'),
  },
} as const;

/**
 * The provider answered and refused (a bad token or code): the person's request, not our server, is at fault.
 * `reason` is the provider's own explanation (its words, passed on as they are), if it gave one.
 */
export function providerRejected(
  provider: ProviderName,
  what: keyof typeof REJECTED,
  reason: string | undefined,
  code: string,
) {
  const words = REJECTED[what];
  return new SocialSignInError(
    400,
    reason ? { id: words.because, values: { provider, reason } } : { id: words.plain, values: { provider } },
    code,
  );
}

/** Why a provider could not be asked, or answered with something other than a refusal. */
const UNAVAILABLE = {
  timedOut: msg(
    '{provider} sign-in is unavailable right now: it did not answer in time. Please try again later.',
  ),
  unreachable: msg(
    '{provider} sign-in is unavailable right now: it could not be reached. Please try again later.',
  ),
  status: msg(
    '{provider} sign-in is unavailable right now: it answered with status {status}. Please try again later.',
  ),
  notJson: msg(
    '{provider} sign-in is unavailable right now: it sent an answer that is not JSON. Please try again later.',
  ),
  noAccessToken: msg(
    '{provider} sign-in is unavailable right now: its token answer has no access token. Please try again later.',
  ),
  profileStatus: msg(
    '{provider} sign-in is unavailable right now: its profile answer had status {status}. Please try again later.',
  ),
  noSubject: msg(
    '{provider} sign-in is unavailable right now: its profile answer has no subject. Please try again later.',
  ),
} as const;

/** The provider could not be asked, or answered with something other than a refusal: a 502, never a 500. */
export function providerUnavailable(provider: ProviderName, why: keyof typeof UNAVAILABLE, status?: number) {
  return new SocialSignInError(
    502,
    { id: UNAVAILABLE[why], values: status === undefined ? { provider } : { provider, status } },
    'provider_unavailable',
  );
}
