/* Share links' limits, said once for the routes, the page and the docs (docs/decisions/0045-share-links.md). */

export const MAX_LABEL_LENGTH = 80;
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
/** Links of one CV that still open (not revoked, not expired). */
export const MAX_LIVE_SHARES_PER_CV = 50;
/** The days of counts a link carries in the API, today included. */
export const DAILY_DAYS = 30;

/** Password attempts: per link (whoever tries) and per address (whatever link), in a sliding window. */
export const PASSWORD_LIMIT_PER_LINK = { limit: 10, windowMs: 15 * 60 * 1000 };
export const PASSWORD_LIMIT_PER_ADDRESS = { limit: 20, windowMs: 15 * 60 * 1000 };
/** PDF downloads per address: a stored file is cheap, a render is not. */
export const DOWNLOAD_LIMIT_PER_ADDRESS = { limit: 60, windowMs: 60 * 1000 };

/** How long an unlocked password link stays open in that browser (its path-scoped cookie). */
export const UNLOCK_SECONDS = 12 * 60 * 60;
