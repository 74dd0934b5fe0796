/**
 * A social sign-in that cannot go on, with the words the person sees. The answer carries the same
 * text as `detail` (the API's rule) and `error` (docs/behaviour.md#messages: the LinkedIn flow shows the error field
 * first), plus a stable `code` for clients that branch on the reason.
 */
export class SocialSignInError extends Error {
  constructor(
    readonly statusCode: 400 | 403 | 429 | 502 | 503,
    readonly detail: string,
    readonly code: string,
  ) {
    super(detail);
    this.name = 'SocialSignInError';
  }

  toBody(): { detail: string; error: string; code: string } {
    return { detail: this.detail, error: this.detail, code: this.code };
  }
}

export type ProviderName = 'Google' | 'LinkedIn';

/** The provider answered and refused (a bad token or code): the person's request, not our server, is at fault. */
export function providerRejected(
  provider: ProviderName,
  what: string,
  reason: string | undefined,
  code: string,
) {
  const because = reason ? ` (${reason})` : '';
  return new SocialSignInError(
    400,
    `${provider} did not accept the ${what}${because}. Please sign in again.`,
    code,
  );
}

/** The provider could not be asked, or answered with something other than a refusal: a 502, never a 500. */
export function providerUnavailable(provider: ProviderName, why: string) {
  return new SocialSignInError(
    502,
    `${provider} sign-in is unavailable right now: ${why}. Please try again later.`,
    'provider_unavailable',
  );
}
