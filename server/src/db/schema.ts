import type { ColumnType, Generated } from 'kysely';
import type { DeliveryKind, VersionReason } from '../../../rules/versions.js';

/**
 * The database as Kysely sees it: one interface per table, grouped by domain. Each domain adds its
 * tables here (and a migration in ./migrations/) in its own section.
 *
 * Portable conventions (see ./columns.ts):
 * - ids: `Generated<number>` integer primary keys (AUTOINCREMENT on SQLite, identity on PostgreSQL);
 * - timestamps: ISO-8601 UTC text (`new Date().toISOString()`), which sorts and compares correctly as text;
 * - flags: integer 0/1 (`number`), because better-sqlite3 cannot bind JS booleans;
 * - JSON: text holding JSON.stringify output.
 */
export interface Database {
  // ── foundation ──────────────────────────────────────────────────────────
  sessions: SessionTable;
  rate_limit_attempts: RateLimitAttemptTable;
  settings: SettingTable;
  mail_queue: MailQueueTable;
  scheduled_jobs: ScheduledJobTable;
  // ── accounts ────────────────────────────────────────────────────────────
  users: UserTable;
  email_changes: EmailChangeTable;
  two_step_secrets: TwoStepSecretTable;
  two_step_recovery_codes: TwoStepRecoveryCodeTable;
  security_events: SecurityEventTable;
  // ── passkeys ────────────────────────────────────────────────────────────
  passkeys: PasskeyTable;
  passkey_challenges: PasskeyChallengeTable;
  // ── templates ───────────────────────────────────────────────────────────
  tags: TagTable;
  templates: TemplateTable;
  sections: SectionTable;
  input_fields: InputFieldTable;
  // ── generated CVs ───────────────────────────────────────────────────────
  generated_cvs: GeneratedCvTable;
  cv_field_entries: CvFieldEntryTable;
  // ── versions of generated CVs ───────────────────────────────────────────
  cv_versions: CvVersionTable;
  cv_version_deliveries: CvVersionDeliveryTable;
  cv_rendered_files: CvRenderedFileTable;
  // ── share links ─────────────────────────────────────────────────────────
  share_links: ShareLinkTable;
  share_link_days: ShareLinkDayTable;
  share_day_salts: ShareDaySaltTable;
  share_visitor_hashes: ShareVisitorHashTable;
  // ── photos of generated CVs ─────────────────────────────────────────────
  cv_photos: CvPhotoTable;
  // ── cover letters ───────────────────────────────────────────────────────
  cover_letters: CoverLetterTable;
  // ── admin ───────────────────────────────────────────────────────────────
  admin_audit_log: AdminAuditLogTable;
}

// ── foundation ────────────────────────────────────────────────────────────

export interface SessionTable {
  /** SHA-256 (base64url) of the cookie's token: a leaked table row cannot be replayed as a cookie. */
  id: string;
  user_id: number | null;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  /** The User-Agent the session was started with (at most 512 characters); null for older sessions. */
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One counted attempt under a rate-limit key (a sliding window: see http/rate-limit.ts). */
export interface RateLimitAttemptTable {
  id: Generated<number>;
  key: string;
  at: string;
  /** `at` plus the rule's window: from then on the attempt no longer counts and may be swept. */
  expires_at: string;
}

export interface SettingTable {
  key: string;
  value: string;
}

/** A message waiting to be sent (see mail/queue.ts): what to send is worked out when it is sent. */
export interface MailQueueTable {
  id: Generated<number>;
  /** Which handler turns the payload into a message, e.g. 'password-reset-request'. */
  kind: string;
  /** JSON. */
  payload: string;
  /** Sending attempts so far (counted when claimed). */
  attempts: Generated<number>;
  created_at: string;
  next_attempt_at: string;
  /** Set while one process is sending it; a lease, so a process that dies lets it go. */
  claimed_until: string | null;
  /** Random id of the current claim: only its holder removes the row once sent. */
  claim: string | null;
  last_error: string | null;
}

/** A periodic job that runs on every instance but does its work once per period (cvs/purge-job.ts). */
export interface ScheduledJobTable {
  name: string;
  /** The job is due from then on. */
  next_run_at: string;
  /** Set while one instance runs it; a lease, so an instance that dies lets it go. */
  claimed_until: string | null;
  /** Random id of the current claim: only its holder records the run. */
  claim: string | null;
  last_run_at: string | null;
  /** What the last run did, in a few words (e.g. '3 CVs removed'), or its error. */
  last_result: string | null;
}

// ── accounts ──────────────────────────────────────────────────────────────

/** One line of a person's security activity (security/events.ts): what happened to the account, when, from which browser. */
export interface SecurityEventTable {
  id: Generated<number>;
  user_id: number;
  /** A SecurityEventKind, e.g. 'signin_succeeded', 'password_changed'. */
  kind: string;
  at: string;
  /** The User-Agent of the request (at most 512 characters), null when there was none. */
  user_agent: string | null;
  /** JSON object: e.g. { "method": "password" } for a sign-in. */
  detail: ColumnType<string, string | undefined, string>;
}

export interface UserTable {
  id: Generated<number>;
  full_name: string;
  /** As the person typed it. */
  email: string;
  /** Trimmed and lower-cased: the unique key, so Alice@X.com and alice@x.com are one account. */
  email_normalized: string;
  phone_number: string;
  /** argon2id PHC string; null for accounts created through a social sign-in. */
  password_hash: string | null;
  /** 0 until the email address is confirmed. */
  is_active: number;
  is_staff: number;
  is_superuser: number;
  email_confirmed_at: string | null;
  password_changed_at: string | null;
  created_at: string;
  updated_at: string;
  /** Set when the person deletes the account: the row stays, anonymised and inactive (profile issue). */
  deleted_at: string | null;
  /** Set while staff have switched the account off (admin panel); is_active is 0 meanwhile. */
  deactivated_at: string | null;
  /** The last time a session was started for the account (any sign-in route). */
  last_login_at: string | null;
  /**
   * The language the person chose (a code of rules/languages.ts), null until they choose: the server's answers and
   * mail use it (server/src/i18n/). Read and written through users/repository.ts only.
   */
  language: ColumnType<string | null, string | null | undefined, string | null>;
}

export type EmailChangeStatus =
  /** An account without a password: the current address must approve the change first. */
  | 'awaiting_approval'
  /** The new address has been sent its confirmation link. */
  | 'pending'
  | 'confirmed'
  /** A later request took its place. */
  | 'replaced'
  /** Called off by the signed-in person, by the cancel link, or by the account's deletion. */
  | 'cancelled';

/** An email change and its history: the cancel link of the old address works for 7 days (profile/email-changes.ts). */
export interface EmailChangeTable {
  id: Generated<number>;
  user_id: number;
  old_email: string;
  old_email_normalized: string;
  new_email: string;
  new_email_normalized: string;
  status: EmailChangeStatus;
  created_at: string;
  approved_at: string | null;
  confirmed_at: string | null;
  /** When the cancel link was used (it works once). */
  cancelled_at: string | null;
  /** When a confirmed change was undone by the cancel link (the old address restored). */
  undone_at: string | null;
}

/** An account's authenticator-app secret (two-step/repository.ts): pending while `enabled_at` is null. */
export interface TwoStepSecretTable {
  user_id: number;
  /** AES-256-GCM under a key derived from the server's secret key (two-step/secret-box.ts); never the raw secret. */
  secret: string;
  created_at: string;
  /** When a code confirmed it: from then on sign-in asks for a code. */
  enabled_at: string | null;
  /** The 30-second time step of the last code accepted: an older or equal step is refused (a code works once). */
  last_used_step: ColumnType<number | null, number | null | undefined, number | null>;
}

/** One of an account's ten recovery codes: its keyed hash, and when it was used (each works once). */
export interface TwoStepRecoveryCodeTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

// ── passkeys ──────────────────────────────────────────────────────────────

/** A person's passkey (WebAuthn credential): passkeys/repository.ts. */
export interface PasskeyTable {
  id: Generated<number>;
  user_id: number;
  /** base64url, as the browser names the credential. */
  credential_id: string;
  /** base64url of the COSE public key. */
  public_key: string;
  /** The authenticator's signature counter (bigint: PostgreSQL answers it as text). */
  counter: ColumnType<number | string, number, number>;
  /** JSON array of transports ('internal', 'hybrid'…). */
  transports: string;
  name: string;
  /** 1 when the authenticator said the passkey is backed up (synced across devices). */
  backed_up: number;
  created_at: string;
  last_used_at: string | null;
}

/** A challenge handed out for a passkey ceremony: short-lived, used once (passkeys/repository.ts). */
export interface PasskeyChallengeTable {
  /** SHA-256 (base64url) of the challenge. */
  id: string;
  purpose: 'registration' | 'authentication';
  /** Whose passkey is being added; null for a sign-in. */
  user_id: number | null;
  created_at: string;
  expires_at: string;
}

// ── templates ─────────────────────────────────────────────────────────────
// Seeded from server/templates/*/template.json; ids are the ones those files fix.

export interface TagTable {
  id: number;
  name: string;
  /** 1 once staff renamed it: template.json no longer renames it back (templates/seed.ts). */
  name_locked: Generated<number>;
}

export interface TemplateTable {
  id: number;
  slug: string;
  name: string;
  /** Address of the template's icon (a true render of its sample CV). */
  icon: string;
  category_id: number;
  /** The seeder's flag: 0 once the template's folder is gone. */
  is_active: number;
  /** Staff's switch (admin panel): 0 hides it from the catalogue; saved CVs still open, render and download. */
  is_enabled: Generated<number>;
  /** The catalogue's order (admin panel); starts as the id. */
  sort_order: Generated<number>;
  /** 1 once staff chose the category: template.json's category no longer overrides it. */
  category_locked: Generated<number>;
  created: string;
  last_updated: string;
}

export interface SectionTable {
  id: number;
  template_id: number;
  key: string;
  name: string;
  description: string;
  is_active: number;
  is_required: number;
  is_repeatable: number;
  sort_order: number;
  created: string;
  last_updated: string;
}

export interface InputFieldTable {
  id: number;
  section_id: number;
  name: string;
  widget_label: string;
  widget_type: string;
  description: string;
  is_required: number;
  is_active: number;
  sort_order: number;
}

// ── generated CVs ─────────────────────────────────────────────────────────

export interface GeneratedCvTable {
  id: Generated<number>;
  /** Public, unguessable id: the builder and downloads address a saved CV by it. */
  uuid: string;
  name: string;
  template_id: number;
  owner_id: number;
  created: string;
  last_updated: string;
  /** Set when the owner deletes the CV: it is in the bin (cvs/bin.ts), and every other CV route stops seeing it. */
  archived_at: string | null;
  /**
   * When a deleted CV is removed for good (the bin's purge job); fixed at deletion. Null for a live CV, and for the
   * CVs an account deletion archived (they are in no bin and are kept, as before).
   */
  purge_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The CV's own structure (cv-input/layout.ts), JSON; null: the template's. */
  layout: string | null;
  /** The CV's design settings (cv-input/design.ts), JSON; null: the template's. */
  design: string | null;
}

export interface CvFieldEntryTable {
  id: Generated<number>;
  generated_cv_id: number;
  /** The input field the value belongs to (the API calls it section_field). */
  section_field_id: number;
  /** Repeat number of a repeatable section, from 0. */
  index: number;
  value: string;
}

// ── versions of generated CVs ─────────────────────────────────────────────

/** What a version was kept for: the save that made it. */
export type CvVersionReason = VersionReason;

/** One kept state of a saved CV (server/src/versions/): its template, entries, layout and design, compressed. */
export interface CvVersionTable {
  id: Generated<number>;
  generated_cv_id: number;
  /** 1, 2, 3… per CV, never reused. */
  number: number;
  created: string;
  /** The person's name for it ('Sent to Acme'); named versions are kept for ever. */
  name: string | null;
  reason: CvVersionReason;
  template_id: number;
  /** 'full': `content` is the whole CV; 'delta': what changed since the kept version before it. */
  storage: 'full' | 'delta';
  /** gzip of JSON (server/src/versions/content.ts). */
  content: Buffer;
}

/** A download or an email of a version: what was delivered, and when. */
export interface CvVersionDeliveryTable {
  id: Generated<number>;
  cv_version_id: number;
  kind: DeliveryKind;
  at: string;
}

/** A version's PDF or Word file as it was made (server/src/rendered-files/): served instead of rendering again. */
export interface CvRenderedFileTable {
  id: Generated<number>;
  cv_version_id: number;
  kind: 'pdf' | 'docx';
  /** Renderer version, template revision and font set it was made with (rendered-files/key.ts). */
  render_key: string;
  content: Buffer;
  size: number;
  created_at: string;
}

// ── share links ───────────────────────────────────────────────────────────

/** A link that shows a saved CV to one recipient (server/src/shares/). */
export interface ShareLinkTable {
  id: Generated<number>;
  /** base64url of 16 random bytes. */
  slug: string;
  generated_cv_id: number;
  owner_id: number;
  label: string;
  /** Argon2id of the link's password; null: none. */
  password_hash: string | null;
  expires_at: string | null;
  /** The version number pinned; null: the latest saved. */
  version_number: number | null;
  created: string;
  last_viewed: string | null;
  revoked_at: string | null;
}

/** A link's views and downloads on one UTC day. */
export interface ShareLinkDayTable {
  share_link_id: number;
  /** YYYY-MM-DD. */
  day: string;
  views: number;
  downloads: number;
}

/** The random salt of one day's visitor hashes; deleted with them once the day is over. */
export interface ShareDaySaltTable {
  day: string;
  salt: string;
}

/** sha256 of the day's salt, address, user agent, link and kind: seen today, so not counted again. */
export interface ShareVisitorHashTable {
  day: string;
  hash: string;
}

// ── photos of generated CVs ───────────────────────────────────────────────

/** A CV's photo as the server made it (photos/process.ts): no metadata, at most 600 px on the long side. */
export interface CvPhotoTable {
  id: Generated<number>;
  generated_cv_id: number;
  content_type: 'image/jpeg';
  content: Buffer;
  width: number;
  height: number;
  digest: string;
  updated_at: string;
}

// ── cover letters ─────────────────────────────────────────────────────────

/** A person's cover letter (server/src/cover-letters/), printed with its linked CV's header and design. */
export interface CoverLetterTable {
  id: Generated<number>;
  uuid: string;
  owner_id: number;
  /** The linked CV; null when the letter stands alone or the CV was removed for good. */
  generated_cv_id: number | null;
  /** The letter's own template; null: the linked CV's, else the first template. */
  template_id: number | null;
  name: string;
  recipient_name: string;
  company: string;
  /** May hold line breaks. */
  address: string;
  /** '' or YYYY-MM-DD. */
  date: string;
  subject: string;
  salutation: string;
  /** Sanitised rich text (text/rich-text.ts), as a CV's rich-text fields. */
  body: string;
  closing: string;
  signature_name: string;
  created: string;
  last_updated: string;
  /** Set when the letter was deleted: it is in the bin, hidden from every letter route, until `purge_at`. */
  deleted_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When a letter in the bin is removed for good (deleted_at + BIN_RETENTION_DAYS); null while it is live. */
  purge_at: ColumnType<string | null, string | null | undefined, string | null>;
}

// ── admin ─────────────────────────────────────────────────────────────────

/** One admin action (admin/audit.ts): written with the change, never edited or deleted by any route. */
export interface AdminAuditLogTable {
  id: Generated<number>;
  at: string;
  actor_id: number | null;
  actor_email: string;
  /** e.g. 'user.deactivate', 'template.disable', 'tag.rename'. */
  action: string;
  target_type: string;
  target_id: string | null;
  target_label: string;
  detail: string;
  ip: string;
}
