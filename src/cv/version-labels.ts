import type { CvVersion, VersionDelivery } from '../api/versions';
import type { VersionReason } from '../../rules/versions';
import { msg, type Message } from '../../rules/languages';

// How the versions list words a version: what caused it, when, and where it was sent ('PDF downloaded 3 Mar'). The
// words are messages (a view says them through its `t`); the dates are written the way the interface's language
// writes them, English as a British reader does ('3 Mar 2026').

export const REASON_LABELS: Record<VersionReason, string> = {
  create: msg('Created'),
  update: msg('Saved'),
  restore: msg('Restored'),
  import: msg('Imported'),
  template_switch: msg('Template switched'),
};

/** One sentence per way out, the day its value: 'PDF downloaded {day}'. */
const DELIVERY_MESSAGES: Record<VersionDelivery['kind'], string> = {
  pdf: msg('PDF downloaded {day}'),
  docx: msg('Word downloaded {day}'),
  email: msg('Emailed {day}'),
};

/** The locale the interface's language writes a version's dates in: English day first ('3 Mar'), as ever. */
function localeOf(language: string | undefined): string {
  return language === undefined || language === 'en' ? 'en-GB' : language;
}

/** '3 Mar 2026, 14:05' in the person's time zone, written the way `language` (the interface's) writes it. */
export function versionTime(iso: string, language?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(localeOf(language), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** 'PDF downloaded 3 Mar' (the year only when it is not this one), as a message with its day. */
export function deliveryText(delivery: VersionDelivery, now = new Date(), language?: string): Message {
  const date = new Date(delivery.at);
  const sameYear = date.getFullYear() === now.getFullYear();
  const day = date.toLocaleDateString(localeOf(language), {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
  return { id: DELIVERY_MESSAGES[delivery.kind], values: { day } };
}

/** 'Version 3' or 'Version 3 · Sent to Acme' (the name is the person's own), as a message. */
export function versionTitle(version: Pick<CvVersion, 'number' | 'name'>): Message {
  return version.name
    ? { id: msg('Version {number} · {name}'), values: { number: version.number, name: version.name } }
    : { id: msg('Version {number}'), values: { number: version.number } };
}
