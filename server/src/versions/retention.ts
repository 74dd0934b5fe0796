/*
 * Which versions of a CV are kept: every version of the last `keepAllDays` days, then the last one of each day
 * (UTC), and for ever the named ones and the ones that were downloaded or emailed (what was sent stays answerable).
 * The newest version is always kept: it is the CV as it is.
 */

export const DEFAULT_KEEP_ALL_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionPolicy {
  keepAllDays: number;
}

export interface VersionFacts {
  number: number;
  /** ISO 8601. */
  created: string;
  name: string | null;
  delivered: boolean;
}

/** The numbers of the versions to keep (`versions` in any order). */
export function versionsToKeep(
  versions: readonly VersionFacts[],
  now: Date,
  policy: RetentionPolicy,
): Set<number> {
  const keep = new Set<number>();
  if (versions.length === 0) return keep;
  const sorted = [...versions].sort((a, b) => a.number - b.number);
  keep.add(sorted.at(-1)!.number);
  const cutoff = now.getTime() - policy.keepAllDays * DAY_MS;
  const lastOfDay = new Map<string, number>();
  for (const version of sorted) {
    if (version.name !== null || version.delivered || Date.parse(version.created) >= cutoff) {
      keep.add(version.number);
      continue;
    }
    // Ascending, so the last one written for a day is that day's last version.
    lastOfDay.set(version.created.slice(0, 10), version.number);
  }
  for (const number of lastOfDay.values()) keep.add(number);
  return keep;
}
