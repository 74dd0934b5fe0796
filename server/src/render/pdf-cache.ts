/** A small LRU of finished PDFs keyed by a hash of the document, bounded in entries and in bytes. */
export class PdfCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  get(key: string): Buffer | undefined {
    const pdf = this.entries.get(key);
    if (pdf) {
      this.entries.delete(key);
      this.entries.set(key, pdf);
    }
    return pdf;
  }

  set(key: string, pdf: Buffer): void {
    if (this.maxEntries === 0 || pdf.length > this.maxBytes) return;
    this.delete(key);
    this.entries.set(key, pdf);
    this.bytes += pdf.length;
    for (const [oldest, old] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= old.length;
    }
  }

  private delete(key: string): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.length;
    }
  }
}
