import { describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import { fileURLToPath } from 'node:url';
import { HAS_CHROMIUM, testPdfRenderer } from '../render/support.js';

// The import's accuracy over its corpus (bench/_import-corpus.ts, printed in full by `npm run bench -- import`):
// every template's PDF and Word file of a full CV, and a LibreOffice PDF of a plain Word CV. The floors sit a
// little under what the importer reaches (99.8% of 1,823 values when this was written) so that a change that
// loses values fails here. The corpus module builds on the web app's JSON Resume mapping; it is loaded at run time,
// as server/src/data-export loads it, so the server's type check does not walk the web app's code.

type Scores = Record<string, { found: number; total: number }>;
interface CorpusFile {
  name: string;
  kind: 'pdf' | 'docx';
  bytes: Buffer;
  truth: Record<string, unknown>;
}
interface Corpus {
  templateFiles(pdf: unknown): Promise<CorpusFile[]>;
  otherEngineFiles(): CorpusFile[];
  parseCvFile(kind: 'pdf' | 'docx', bytes: Uint8Array): Promise<{ resume: Record<string, unknown> }>;
  scoreFile(truth: unknown, parsed: unknown, scores?: Scores): Scores;
  totalOf(scores: Scores): { found: number; total: number };
  scoreTable(scores: Scores): string;
}

const CORPUS = pathToFileURL(
  fileURLToPath(new URL('../../../bench/_import-corpus.ts', import.meta.url)),
).href;
const pdf = testPdfRenderer();

describe.runIf(HAS_CHROMIUM)('import accuracy over every template and a LibreOffice PDF', () => {
  it('recovers at least 97% of the values into the right field, and every name, email and phone', async () => {
    const corpus = (await import(CORPUS)) as Corpus;
    const files = [...(await corpus.templateFiles(pdf)), ...corpus.otherEngineFiles()];
    expect(files.length).toBeGreaterThanOrEqual(33);
    const scores: Scores = {};
    const perFile: Record<string, number> = {};
    for (const file of files) {
      const { resume } = await corpus.parseCvFile(file.kind, file.bytes);
      const one = corpus.scoreFile(file.truth, resume);
      corpus.scoreFile(file.truth, resume, scores);
      const { found, total } = corpus.totalOf(one);
      perFile[file.name] = found / total;
    }
    const { found, total } = corpus.totalOf(scores);
    const table = corpus.scoreTable(scores);
    expect(found / total, table).toBeGreaterThanOrEqual(0.97);
    for (const field of ['basics.name', 'basics.email', 'basics.phone'])
      expect(scores[field], `${field}\n${table}`).toEqual({ found: files.length, total: files.length });
    // No one file falls far behind the rest.
    for (const [name, share] of Object.entries(perFile)) expect(share, name).toBeGreaterThanOrEqual(0.9);
  }, 240_000);
});
