import type { Kysely } from 'kysely';
import { now as timestamp } from '../db/columns.js';
import type { Database } from '../db/schema.js';
import { msg, type Message } from '../i18n/index.js';
import type { User } from '../users/repository.js';

/** What an admin action did, as the audit log keeps it (append-only: no route edits or deletes an entry). */
export interface AuditEntry {
  action: string;
  targetType: 'user' | 'template' | 'tag' | 'cv';
  targetId: string | number | null;
  targetLabel: string;
  detail?: string;
}

/** Every action the panel can write, with the words its list shows (in the page's language). */
export const AUDIT_ACTIONS: Record<string, Message> = {
  'user.resend_confirmation': msg('Resent the confirmation mail'),
  'user.password_reset': msg('Sent a password-reset mail'),
  'user.deactivate': msg('Deactivated'),
  'user.reactivate': msg('Reactivated'),
  'user.end_sessions': msg('Ended all sessions'),
  'user.delete': msg('Deleted the account'),
  'user.roles': msg('Changed permissions'),
  'template.enable': msg('Activated'),
  'template.disable': msg('Deactivated'),
  'template.update': msg('Changed category or order'),
  'template.icon': msg('Re-rendered the icon'),
  'tag.create': msg('Created'),
  'tag.rename': msg('Renamed'),
  'tag.delete': msg('Deleted'),
  'cv.restore': msg('Restored'),
  'cv.download': msg('Downloaded'),
};

/** Written in the action's own transaction, so a change and its entry exist together or not at all. */
export async function recordAudit(
  db: Kysely<Database>,
  actor: Pick<User, 'id' | 'email'>,
  ip: string,
  entry: AuditEntry,
  at = new Date(),
): Promise<void> {
  await db
    .insertInto('admin_audit_log')
    .values({
      at: timestamp(at),
      actor_id: actor.id,
      actor_email: actor.email,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId === null ? null : String(entry.targetId),
      target_label: entry.targetLabel,
      detail: entry.detail ?? '',
      ip,
    })
    .execute();
}

export interface AuditFilter {
  actor?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
}

export async function listAudit(db: Kysely<Database>, filter: AuditFilter, offset: number, limit: number) {
  let query = db.selectFrom('admin_audit_log');
  if (filter.actor) query = query.where('actor_email', '=', filter.actor);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.targetType) query = query.where('target_type', '=', filter.targetType);
  if (filter.targetId) query = query.where('target_id', '=', filter.targetId);
  const [{ total }] = await query.select((eb) => eb.fn.countAll<string | number>().as('total')).execute();
  const rows = await query
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return { total: Number(total), rows };
}
