import { DAILY_DAYS } from './limits.js';
import type { DayCount, ShareLinkRow } from './repository.js';

/** A share link as the owner API answers it (docs/api/openapi.json, Share). */
export interface ShareJson {
  id: number;
  slug: string;
  url: string;
  label: string;
  has_password: boolean;
  expires_at: string | null;
  version: number | null;
  created: string;
  last_viewed: string | null;
  revoked_at: string | null;
  views: number;
  downloads: number;
  daily: Array<{ date: string; views: number; downloads: number }>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD of `at` in UTC. */
export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The first of the `DAILY_DAYS` days that end with `today`'s. */
export function firstDailyDay(today: Date): string {
  return dayOf(new Date(today.getTime() - (DAILY_DAYS - 1) * DAY_MS));
}

export function shareUrl(publicUrl: string, slug: string): string {
  return `${publicUrl}/s/${slug}`;
}

export function shareJson(
  share: ShareLinkRow,
  counts: { days: DayCount[]; totals: Map<number, { views: number; downloads: number }> },
  publicUrl: string,
  today: Date,
): ShareJson {
  const mine = new Map(
    counts.days.filter((day) => day.share_link_id === share.id).map((day) => [day.day, day]),
  );
  const daily: ShareJson['daily'] = [];
  for (let i = DAILY_DAYS - 1; i >= 0; i -= 1) {
    const date = dayOf(new Date(today.getTime() - i * DAY_MS));
    const day = mine.get(date);
    daily.push({ date, views: day?.views ?? 0, downloads: day?.downloads ?? 0 });
  }
  const total = counts.totals.get(share.id);
  return {
    id: share.id,
    slug: share.slug,
    url: shareUrl(publicUrl, share.slug),
    label: share.label,
    has_password: share.password_hash !== null,
    expires_at: share.expires_at,
    version: share.version_number,
    created: share.created,
    last_viewed: share.last_viewed,
    revoked_at: share.revoked_at,
    views: total?.views ?? 0,
    downloads: total?.downloads ?? 0,
    daily,
  };
}
