/* Share links' limits, said once for the routes, the page and the docs (docs/decisions/0045-share-links.md). */

// The limits a person meets are the web app's too: said once, in rules/shares.ts.
export {
  MAX_SHARE_LABEL_LENGTH as MAX_LABEL_LENGTH,
  MIN_SHARE_PASSWORD_LENGTH as MIN_PASSWORD_LENGTH,
  MAX_SHARE_PASSWORD_LENGTH as MAX_PASSWORD_LENGTH,
  MAX_LIVE_SHARES_PER_CV,
  SHARE_DAILY_DAYS as DAILY_DAYS,
} from '../../../rules/shares.js';

/** Password attempts: per link (whoever tries) and per address (whatever link), in a sliding window. */
export const PASSWORD_LIMIT_PER_LINK = { limit: 10, windowMs: 15 * 60 * 1000 };
export const PASSWORD_LIMIT_PER_ADDRESS = { limit: 20, windowMs: 15 * 60 * 1000 };
/** PDF downloads per address: a stored file is cheap, a render is not. */
export const DOWNLOAD_LIMIT_PER_ADDRESS = { limit: 60, windowMs: 60 * 1000 };

/** How long an unlocked password link stays open in that browser (its path-scoped cookie). */
export const UNLOCK_SECONDS = 12 * 60 * 60;
