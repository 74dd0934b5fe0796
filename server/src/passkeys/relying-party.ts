import { msg } from '../../../rules/languages.js';
import { isIP } from 'node:net';

/**
 * Who the passkeys belong to (the WebAuthn relying party), derived from PUBLIC_URL.
 *
 * WebAuthn refuses an IP address as RP ID. A loopback address is the machine's own, which browsers also call
 * `localhost` (a secure context even over http): a PUBLIC_URL on 127.0.0.1 or [::1] gives passkeys to
 * `localhost` on the same scheme and port, and a person (or a journey) opens the app at http://localhost:<port> to
 * use them. Any other IP address cannot hold passkeys: the ceremonies answer 503 and say why
 * (docs/decisions/0035-passkeys.md).
 */
export type RelyingParty =
  { available: true; id: string; origin: string; name: string } | { available: false; reason: string };

export const RELYING_PARTY_NAME = 'CV Builder';
export const PASSKEYS_NEED_A_DOMAIN = msg(
  'Passkeys need the site to be served under a domain name; this server’s PUBLIC_URL is an IP address.',
);

function isLoopback(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) === 6) return bare === '::1';
  return false;
}

export function relyingPartyFor(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  if (isLoopback(url.hostname)) {
    return {
      available: true,
      id: 'localhost',
      origin: `${url.protocol}//localhost${url.port ? `:${url.port}` : ''}`,
      name: RELYING_PARTY_NAME,
    };
  }
  if (isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0)
    return { available: false, reason: PASSKEYS_NEED_A_DOMAIN };
  return { available: true, id: url.hostname, origin: url.origin, name: RELYING_PARTY_NAME };
}
