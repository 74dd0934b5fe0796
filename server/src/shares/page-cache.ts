/*
 * The share pages as rendered, and their pictures, per (database, link, version, render key), in this process's
 * memory: a link sent to many people is rendered once, and 200 visitors at once cost a look-up each
 * (bench/share.ts). Bounded by entries and by bytes; the least recently used go first. Only what a version printed
 * is here, never whether a link still opens: that is link-cache.ts's, kept at most a second.
 */

export interface CachedPage {
  html: string;
  /** The page's bytes, as they are and compressed once (an answer then costs no encoding). */
  encoded: { identity: Buffer; br: Buffer; gzip: Buffer };
  /** The page's content security policy: its style elements by hash. */
  csp: string;
  /** The CV's person's name (the page's title). */
  title: string;
  /** The CV's document as the render engine wrote it, without the page's additions (the picture is made of it). */
  document: string;
  /** The paper, in millimetres (the picture's size). */
  paper: { widthMm: number; heightMm: number };
}

/** A key: the database is part of it, as two apps in one process (tests) number their links alike. */
export function pageKey(database: string, shareId: number, rest: string): string {
  return `${database}\0${shareId}\0${rest}`;
}

/** A least-recently-used map bounded by entries and by the sizes `sizeOf` says. */
class BoundedCache<T> {
  private readonly entries = new Map<string, T>();
  private readonly pending = new Map<string, Promise<T>>();
  private bytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
    private readonly sizeOf: (value: T) => number,
  ) {}

  /** The cached value of `key`, else `make`'s (made once however many ask at the same time), kept. */
  async get(key: string, make: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const waiting = this.pending.get(key);
    if (waiting) return waiting;
    const work = make().then((value) => {
      this.remember(key, value);
      return value;
    });
    this.pending.set(key, work);
    try {
      return await work;
    } finally {
      this.pending.delete(key);
    }
  }

  forget(prefix: string): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.drop(key);
  }

  stats(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private remember(key: string, value: T): void {
    this.drop(key);
    this.entries.set(key, value);
    this.bytes += this.sizeOf(value);
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.drop(oldest.value);
    }
  }

  private drop(key: string): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.bytes -= this.sizeOf(value);
    this.entries.delete(key);
  }
}

const pages = new BoundedCache<CachedPage>(
  500,
  64 * 1024 * 1024,
  (page) =>
    page.html.length +
    page.encoded.identity.length +
    page.encoded.br.length +
    page.encoded.gzip.length +
    page.csp.length +
    page.document.length,
);
const pictures = new BoundedCache<Buffer>(200, 32 * 1024 * 1024, (png) => png.length);

export const cachedPage = (key: string, make: () => Promise<CachedPage>) => pages.get(key, make);
export const cachedPicture = (key: string, make: () => Promise<Buffer>) => pictures.get(key, make);

/** A revoked link's pages and pictures are dropped here (other instances' go as the bound pushes them out). */
export function forgetSharePages(database: string, shareId: number): void {
  const prefix = pageKey(database, shareId, '');
  pages.forget(prefix);
  pictures.forget(prefix);
}

export function pageCacheStats() {
  return { pages: pages.stats(), pictures: pictures.stats() };
}
