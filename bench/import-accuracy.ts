/**
 * The import accuracy bench: `npx tsx bench/import-accuracy.ts` (or `npm run bench -- import`).
 * Every template's PDF and Word file of a full CV, and a plain Word CV exported to PDF by LibreOffice, read back by
 * the importer (server/src/cv-import); printed: the share of values recovered into the right field, per field and
 * in total, and per file. Goals: ≥ 90% of values in total; name, email and phone 100%.
 * The test server/tests/cv-import/accuracy.test.ts holds the same corpus to its floor.
 */
import { DEFAULT_CHROMIUM_PATH, PdfRenderer } from '../server/src/render/pdf.js';
import {
  otherEngineFiles,
  parseCvFile,
  scoreFile,
  scoreTable,
  templateFiles,
  totalOf,
  type FieldScores,
} from './_import-corpus.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH;

const pdf = new PdfRenderer({ executablePath: CHROMIUM, poolSize: 1 });
try {
  const files = [...(await templateFiles(pdf)), ...otherEngineFiles()];
  const all: FieldScores = {};
  console.log('file                             values   share   ms');
  for (const file of files) {
    const started = performance.now();
    const { resume } = await parseCvFile(file.kind, file.bytes);
    const ms = performance.now() - started;
    const one = scoreFile(file.truth, resume);
    scoreFile(file.truth, resume, all);
    const { found, total } = totalOf(one);
    console.log(
      `${file.name.padEnd(32)} ${`${found}/${total}`.padStart(6)}  ${((100 * found) / total).toFixed(1).padStart(5)}%  ${ms.toFixed(0).padStart(4)}`,
    );
  }
  console.log(`\nValues recovered into the right field, ${files.length} files:\n${scoreTable(all)}`);
  const total = totalOf(all);
  const exact = ['basics.name', 'basics.email', 'basics.phone'].every(
    (field) => all[field] && all[field].found === all[field].total,
  );
  const met = total.found / total.total >= 0.9 && exact;
  console.log(`\nGoal ≥ 90% in total, name, email and phone 100%: ${met ? 'ok' : 'MISSED'}`);
  process.exitCode = met ? 0 : 1;
} finally {
  await pdf.close();
}
