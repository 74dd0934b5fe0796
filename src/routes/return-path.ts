// `/signin?redirect=…`: the page a person was on when the session ended or was asked for. Plain code,
// no codec library: the sign-in page loads it first.

/** Where sign-in may send a person back to: a path of this site (not another host, not sign-in itself). */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return undefined;
  if (/^\/signin(?:[/?#]|$)/.test(value)) return undefined;
  return value;
}

/**
 * /signin's search: `redirect` kept when it is a safe path, dropped otherwise; `step=code` opens the second step of
 * a two-step sign-in (after Google or LinkedIn).
 */
export function validateSignInSearch(search: Record<string, unknown>): { redirect?: string; step?: 'code' } {
  const redirect = safeReturnPath(search.redirect);
  return { ...(redirect === undefined ? {} : { redirect }), ...(search.step === 'code' ? { step: 'code' as const } : {}) };
}
