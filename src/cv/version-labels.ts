import type { CvVersion, VersionDelivery } from '../api/versions';
import type { VersionReason } from '../../rules/versions';

// How the versions list words a version: what caused it, when, and where it was sent ('PDF downloaded 3 Mar').

export const REASON_LABELS: Record<VersionReason, string> = {
  create: 'Created',
  update: 'Saved',
  restore: 'Restored',
  import: 'Imported',
  template_switch: 'Template switched',
};

const DELIVERY_VERBS: Record<VersionDelivery['kind'], string> = {
  pdf: 'PDF downloaded',
  docx: 'Word downloaded',
  email: 'Emailed',
};

/** '3 Mar 2026, 14:05' in the person's time zone. */
export function versionTime(iso: string, locale = 'en-GB'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** 'PDF downloaded 3 Mar' (the year only when it is not this one). */
export function deliveryText(delivery: VersionDelivery, now = new Date(), locale = 'en-GB'): string {
  const date = new Date(delivery.at);
  const sameYear = date.getFullYear() === now.getFullYear();
  const day = date.toLocaleDateString(locale, {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
  return `${DELIVERY_VERBS[delivery.kind]} ${day}`;
}

/** 'Version 3' or 'Version 3 · Sent to Acme'. */
export function versionTitle(version: Pick<CvVersion, 'number' | 'name'>): string {
  return version.name ? `Version ${version.number} · ${version.name}` : `Version ${version.number}`;
}
