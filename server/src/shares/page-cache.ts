/*
 * The share pages' CVs as rendered, the pages around them, and their pictures, per (database, link, version, render
 * key), in this process's memory: a link sent to many people is rendered once, and 200 visitors at once cost a
 * look-up each (bench/share.ts). A CV is rendered once whatever the visitors' languages; its page is made once per
 * language (only the page's own words differ). Bounded by entries and by bytes; the least recently used go first.
 * Only what a version printed is here, never whether a link still opens: that is link-cache.ts's, kept at most a
 * second.
 */

/** A version of a CV as its template prints it: the same for every visitor. */
export interface RenderedCv {
  /** The CV's person's name (the page's title). */
  title: string;
  /** The CV's document as the render engine wrote it, without the page's additions (the picture is made of it). */
  document: string;
  /** The paper, in millimetres (the page's width, the picture's size). */
  paper: { widthMm: number; heightMm: number };
}

/** The share page of a rendered CV in one language. */
export interface CachedPage {
  html: string;
  /** The page's bytes, as they are and compressed once (an answer then costs no encoding). */
  encoded: { identity: Buffer; br: Buffer; gzip: Buffer };
  /** The page's content security policy: its style elements by hash. */
  csp: string;
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

const rendered = new BoundedCache<RenderedCv>(
  500,
  32 * 1024 * 1024,
  (cv) => cv.title.length + cv.document.length,
);
const pages = new BoundedCache<CachedPage>(
  1000,
  64 * 1024 * 1024,
  (page) =>
    page.html.length +
    page.encoded.identity.length +
    page.encoded.br.length +
    page.encoded.gzip.length +
    page.csp.length,
);
const pictures = new BoundedCache<Buffer>(200, 32 * 1024 * 1024, (png) => png.length);

/** A version's CV as rendered: `key` is its pageKey. */
export const cachedRender = (key: string, make: () => Promise<RenderedCv>) => rendered.get(key, make);
/** Its page in a language: `key` is its pageKey and the language (pageLanguageKey). */
export const cachedPage = (key: string, make: () => Promise<CachedPage>) => pages.get(key, make);
/** Its picture: `key` is its pageKey. */
export const cachedPicture = (key: string, make: () => Promise<Buffer>) => pictures.get(key, make);

/** The key of a rendered CV's page in `language`. */
export function pageLanguageKey(key: string, language: string): string {
  return `${key}\0${language}`;
}

/** A revoked link's CVs, pages and pictures are dropped here (other instances' go as the bound pushes them out). */
export function forgetSharePages(database: string, shareId: number): void {
  const prefix = pageKey(database, shareId, '');
  rendered.forget(prefix);
  pages.forget(prefix);
  pictures.forget(prefix);
}

export function pageCacheStats() {
  return { rendered: rendered.stats(), pages: pages.stats(), pictures: pictures.stats() };
}
