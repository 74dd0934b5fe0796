import type { EmailChange } from '../profile/email-changes.js';
import { describeUserAgent, publicSessionId } from '../profile/sessions.js';
import type { User } from '../users/repository.js';

/** A session row as the data download reads it (sessions/repository.ts, sessionsForExport). */
export interface ExportedSessionRow {
  id: string;
  user_agent: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

/** Where one CV's files are in the zip, listed in account.json so a person finds each CV's three files. */
export interface ExportedCvListing {
  name: string;
  uuid: string;
  template: number;
  template_name: string | null;
  created: string;
  last_updated: string;
  /** When the CV was deleted; null for a CV that is not. */
  deleted_at: string | null;
  files: string[];
}

export interface AccountJsonInput {
  user: User;
  pendingEmail: string | null;
  sessions: readonly ExportedSessionRow[];
  /** The session the download was asked from. */
  currentSessionId: string | null;
  emailChanges: readonly EmailChange[];
  cvs: readonly ExportedCvListing[];
  exportedAt: Date;
}

export const ACCOUNT_JSON_FORMAT = 'cv-builder-account';
export const ACCOUNT_JSON_VERSION = 1;

/**
 * account.json: everything the server keeps about the person apart from the CVs themselves — the profile, the
 * sessions that are open (where, since when, last used), the sign-in history it has (the last sign-in, and when each
 * open session began: an ended session leaves no row behind), the email changes, and an index of the CVs' files.
 * Never a password hash, a session's cookie or its stored id: a session is named as the sessions list names it.
 */
export function accountJson(input: AccountJsonInput) {
  const { user } = input;
  const sessions = input.sessions.map((session) => ({
    id: publicSessionId(session.id),
    ...describeUserAgent(session.user_agent),
    user_agent: session.user_agent,
    started: session.created_at,
    last_used: session.last_seen_at,
    expires: session.expires_at,
    current: session.id === input.currentSessionId,
  }));
  return {
    format: ACCOUNT_JSON_FORMAT,
    version: ACCOUNT_JSON_VERSION,
    exported_at: input.exportedAt.toISOString(),
    profile: {
      full_name: user.full_name,
      email: user.email,
      phone_number: user.phone_number,
      pending_email: input.pendingEmail,
      has_password: user.password_hash !== null,
      created: user.created_at,
      updated: user.updated_at,
      email_confirmed_at: user.email_confirmed_at,
      password_changed_at: user.password_changed_at,
    },
    sessions,
    sign_in_history: {
      last_sign_in_at: user.last_login_at,
      sign_ins_of_open_sessions: sessions.map((session) => ({
        at: session.started,
        browser: session.browser,
        os: session.os,
      })),
      note: 'The server keeps a session only while it is open: sign-ins whose sessions have ended are not kept.',
    },
    email_changes: input.emailChanges.map((change) => ({
      from: change.old_email,
      to: change.new_email,
      status: change.status,
      requested_at: change.created_at,
      approved_at: change.approved_at,
      confirmed_at: change.confirmed_at,
      cancelled_at: change.cancelled_at,
      undone_at: change.undone_at,
    })),
    cvs: input.cvs,
  };
}
