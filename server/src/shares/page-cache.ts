/*
 * The share pages as rendered, per (database, link, version, render key), in this process's memory: a link sent to many people
 * is rendered once, and 200 visitors at once cost a look-up each (bench/share.ts). Bounded by entries and by bytes;
 * the least recently used go first. Only what a version printed is here, never whether a link still opens: every
 * request reads the link from the database, so a revocation holds at once on every instance.
 */

export interface CachedPage {
  html: string;
  /** The page's content security policy: its style elements by hash. */
  csp: string;
  /** The CV's person's name (the page's title, the PDF's name). */
  title: string;
}

/** A page's key: the database is part of it, as two apps in one process (tests) number their links alike. */
export function pageKey(database: string, shareId: number, rest: string): string {
  return `${database}\0${shareId}\0${rest}`;
}

const MAX_ENTRIES = 500;
const MAX_BYTES = 48 * 1024 * 1024;

const pages = new Map<string, CachedPage>();
const pending = new Map<string, Promise<CachedPage>>();
let bytes = 0;

const sizeOf = (page: CachedPage) => page.html.length + page.csp.length;

function remember(key: string, page: CachedPage): void {
  const old = pages.get(key);
  if (old) {
    bytes -= sizeOf(old);
    pages.delete(key);
  }
  pages.set(key, page);
  bytes += sizeOf(page);
  while (pages.size > MAX_ENTRIES || bytes > MAX_BYTES) {
    const oldest = pages.keys().next();
    if (oldest.done) break;
    bytes -= sizeOf(pages.get(oldest.value)!);
    pages.delete(oldest.value);
  }
}

/** The cached page of `key`, else `make`'s (made once however many ask at the same time), kept. */
export async function cachedPage(key: string, make: () => Promise<CachedPage>): Promise<CachedPage> {
  const hit = pages.get(key);
  if (hit) {
    // Most recently used last.
    pages.delete(key);
    pages.set(key, hit);
    return hit;
  }
  const waiting = pending.get(key);
  if (waiting) return waiting;
  const work = make().then((page) => {
    remember(key, page);
    return page;
  });
  pending.set(key, work);
  try {
    return await work;
  } finally {
    pending.delete(key);
  }
}

/** A revoked link's pages are dropped here (other instances drop theirs as the bound pushes them out). */
export function forgetSharePages(database: string, shareId: number): void {
  const prefix = pageKey(database, shareId, '');
  for (const key of [...pages.keys()]) {
    if (key.startsWith(prefix)) {
      bytes -= sizeOf(pages.get(key)!);
      pages.delete(key);
    }
  }
}

export function pageCacheStats(): { entries: number; bytes: number } {
  return { entries: pages.size, bytes };
}
