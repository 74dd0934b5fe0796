import type { PublicShareRow } from './repository.js';

/*
 * A link as the public page reads it (the link, its CV, the version it shows), kept in this process for a second:
 * 200 visitors a second on one link then cost the database one look-up a second instead of three each
 * (bench/share.ts). Whatever this process changes (any unsafe request it answers: a revocation, a new version, an
 * archived CV) drops every entry at once (forgetShareLinks, called from app.ts); another worker of a cluster, or
 * another instance, sees the change within LINK_TTL_MS. Expiry is checked against the clock at every view, never
 * cached. Docs: docs/decisions/0045-share-links.md.
 */

/** How long a look-up is trusted: the most another process may go on showing a link after it was revoked. */
export const LINK_TTL_MS = 1000;
const MAX_LINKS = 10_000;

interface Entry {
  at: number;
  row: Promise<PublicShareRow | undefined>;
}

const links = new Map<string, Entry>();

/** The link of `slug` in `database`, looked up by `find` at most once a LINK_TTL_MS (concurrent askers share it). */
export function cachedShareLink(
  database: string,
  slug: string,
  find: () => Promise<PublicShareRow | undefined>,
  at: number = Date.now(),
): Promise<PublicShareRow | undefined> {
  const key = `${database}\0${slug}`;
  const entry = links.get(key);
  if (entry && at - entry.at < LINK_TTL_MS && at >= entry.at) return entry.row;
  const row = find();
  links.delete(key);
  if (links.size >= MAX_LINKS) links.delete(links.keys().next().value!);
  const fresh = { at, row };
  links.set(key, fresh);
  // A failed look-up is not kept.
  row.catch(() => {
    if (links.get(key) === fresh) links.delete(key);
  });
  return row;
}

/** Every link of `database` looked up again at its next view (this process changed something). */
export function forgetShareLinks(database: string): void {
  const prefix = `${database}\0`;
  for (const key of [...links.keys()]) if (key.startsWith(prefix)) links.delete(key);
}
