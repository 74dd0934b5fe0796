// The product's limits and timings (docs/behaviour.md#limits-and-timings). Views and machines import these; no
// literal copies elsewhere. Its two messages are marked for the catalogue (`msg`); a view shows them through `t`.

import { msg } from '../../rules/languages';

export const TEMPLATES_PAGE_SIZE = 10;
export const CV_MANAGEMENT_PAGE_SIZE = 12;
/** The person's own CVs in CV management: a screenful of rows (docs/decisions/0044-cv-list-pages-and-phone-reasons.md). */
export const CV_LIST_PAGE_SIZE = 10;

export const PREVIEW_DEBOUNCE_MS = 1000;

// Lengths and messages of account fields are the product's rules, said once for both halves: rules/account.ts.

export const REDIRECT_AFTER_RESET_MS = 2000;
export const REDIRECT_AFTER_CONFIRM_MS = 3000;

// The profile and the builder start on US (+1). Sign-up starts on the browser's region, US without one: the
// spec's 'default country NA' means no fixed country, not Namibia (docs/features/accounts.md).
export const DEFAULT_PHONE_COUNTRY = 'US';

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const NUMERIC_ID_PATTERN = /^\d+$/;

export const SUMMARY_MIN_HEIGHT_PX = 120;
export const PREVIEW_PANE_MIN_WIDTH_PX = 400;

export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_S = 7 * 24 * 60 * 60;
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';
export const MOBILE_BREAKPOINT_PX = 768;

export const DOWNLOAD_LINK_CLEANUP_MS = 100;

export const TOAST_LIMIT = 1;
/**
 * How long a closed toast stays on the page: its exit animation, then it is gone. (The first description's
 * 1,000,000 ms kept a closed toast's invisible box on the page for 16 minutes, where it swallowed clicks and taps:
 * see docs/features/across-the-app.md.)
 */
export const TOAST_REMOVE_DELAY_MS = 250;

export const QUERY_RETRY = 3;
export const RETRY_BASE_DELAY_MS = 1000;
export const RETRY_MAX_DELAY_MS = 30_000;

export const TOOLTIP_OPEN_DELAY_MS = 700;

export const GENERIC_ERROR_MESSAGE = msg('Something went wrong. Please try again.');
export const CSRF_MISSING_MESSAGE = msg('CSRF token missing. Please reload the page and try again.');
