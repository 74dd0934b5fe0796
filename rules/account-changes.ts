// What the API answers about the account forms and the account's emailed links (issue 27), said once for both
// halves: the server sends these fields and codes, the web app may show or branch on them. No imports: both
// halves load it.

/** The body keys of the account forms; a 400 about one of them names it in `field`. */
export const ACCOUNT_FIELDS = [
  'full_name',
  'email',
  'phone_number',
  'password1',
  'password2',
  'password',
  'current_password',
  'new_password',
] as const;

export type AccountField = (typeof ACCOUNT_FIELDS)[number];

export function isAccountField(key: string): key is AccountField {
  return (ACCOUNT_FIELDS as readonly string[]).includes(key);
}

/** `code` of a 400 answered to an emailed link (email change, account deletion, password reset). */
export const LINK_ERROR_CODES = {
  invalid: 'link_invalid',
  expired: 'link_expired',
  used: 'link_used',
} as const;

export type LinkErrorCode = (typeof LINK_ERROR_CODES)[keyof typeof LINK_ERROR_CODES];
