import { msg } from '../../../rules/languages.js';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_CHANGE_MESSAGES, LINK_ERROR_CODES } from '../../../rules/account-changes.js';
import { checkAccountUnlockToken } from '../auth/account-tokens.js';
import { now } from '../auth/clock.js';
import { RATE_LIMIT_KEYS } from '../auth/routes.js';
import { decodeUid } from '../auth/tokens.js';
import { badRequest } from '../http/errors.js';
import { hit, resetRateLimit } from '../http/rate-limit.js';
import { bodySchema, text } from '../http/schemas.js';
import { requireUser } from '../http/session.js';
import { describeUserAgent } from '../profile/sessions.js';
import { ACCOUNT_LINK_RATE_LIMIT, accountLinkRateLimitKey } from '../profile/link-routes.js';
import { findUserById } from '../users/repository.js';
import { trustDevice } from './device.js';
import {
  recordSecurityEvent,
  SECURITY_ACTIVITY_LIMIT,
  SECURITY_EVENT_RETENTION_MS,
  type SecurityEventDetail,
} from './events.js';
import { securityEventsOf } from './repository.js';

/** One line of `GET /auth/security-activity/`. */
export interface SecurityActivityItem {
  id: number;
  /** A SecurityEventKind; a client shows a kind it does not know as a general change. */
  kind: string;
  at: string;
  browser: string;
  os: string;
  detail: SecurityEventDetail;
}

export const ACCOUNT_UNLOCKED_DETAIL = msg(
  'Your account is unlocked, and this browser can sign in to it even while someone else keeps guessing.',
);

function parseDetail(text: string): SecurityEventDetail {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as SecurityEventDetail)
      : {};
  } catch {
    return {};
  }
}

/**
 * Security activity (an extension): the signed-in person's own audit log, and the mailed link that unlocks an
 * account locked by wrong passwords.
 */
export async function securityRoutes(app: FastifyInstance): Promise<void> {
  app.get('/auth/security-activity/', async (request): Promise<SecurityActivityItem[]> => {
    const userId = requireUser(request);
    const since = new Date(now().getTime() - SECURITY_EVENT_RETENTION_MS);
    const rows = await securityEventsOf(app.db, userId, since, SECURITY_ACTIVITY_LIMIT);
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      at: new Date(row.at).toISOString(),
      ...describeUserAgent(row.user_agent),
      detail: parseDetail(row.detail),
    }));
  });

  // The mailbox proved the owner: the account's lockout is cleared and this browser is trusted for it.
  app.post<{ Body: { uid: string; token: string } }>(
    '/auth/account-unlock/',
    { schema: bodySchema({ uid: text(64), token: text(128) }) },
    async (request, reply) => {
      await hit(app.db, accountLinkRateLimitKey(request.ip), ACCOUNT_LINK_RATE_LIMIT, now());
      const userId = decodeUid(request.body.uid);
      const user = userId === null ? undefined : await findUserById(app.db, userId);
      const invalid = badRequest(ACCOUNT_CHANGE_MESSAGES.linkInvalid, { code: LINK_ERROR_CODES.invalid });
      if (!user || user.is_active !== 1 || user.deactivated_at !== null || user.deleted_at !== null)
        throw invalid;
      const check = checkAccountUnlockToken(app.config.secretKey, user, request.body.token, now());
      if (check === 'expired') {
        throw badRequest(
          msg(
            'This link has expired. If the account is still locked, a new link is sent with the next attempt.',
          ),
          {
            code: LINK_ERROR_CODES.expired,
          },
        );
      }
      if (check !== 'valid') throw invalid;
      await resetRateLimit(app.db, RATE_LIMIT_KEYS.login(user.email));
      await resetRateLimit(app.db, RATE_LIMIT_KEYS.loginFromAddress(user.email, request.ip));
      await recordSecurityEvent(app.db, { userId: user.id, kind: 'account_unlocked', request });
      trustDevice(request, reply, user.id, now());
      return { detail: ACCOUNT_UNLOCKED_DETAIL };
    },
  );
}
