/**
 * A bench's figures as a table: each row what was measured, the figure, its goal (if any) and whether it was met
 * (ok / MISSED), printed aligned under a heading with the time and the machine's load, which the figures depend on.
 */
import { readFileSync } from 'node:fs';
import { testDatabases, type TestDatabase } from '../server/tests/helpers/app.js';

export interface ResultTable {
  /** One row; `ok` undefined: a figure for reference, with no goal to meet. */
  record(what: string, figure: string, goal: string, ok?: boolean): void;
  /** The table under `title`, and a note when PostgreSQL was not measured. */
  print(title: string): void;
}

export function resultTable(): ResultTable {
  const rows: Array<[string, string, string, string]> = [];
  return {
    record(what, figure, goal, ok) {
      rows.push([what, figure, goal, ok === undefined ? '' : ok ? 'ok' : 'MISSED']);
    },
    print(title) {
      const header = ['what', 'measured', 'goal', ''];
      const widths = header.map((_, c) => Math.max(...[header, ...rows].map((row) => row[c]!.length)));
      const line = (row: string[]) => row.map((cell, c) => cell.padEnd(widths[c]!)).join('  ');
      const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
      console.log(`\n${title} — ${new Date().toISOString()} — load average ${load}`);
      console.log(line(header));
      console.log(widths.map((width) => '-'.repeat(width)).join('  '));
      for (const row of rows) console.log(line(row));
      if (!process.env.TEST_POSTGRES_URL) console.log('(PostgreSQL not measured: set TEST_POSTGRES_URL)');
    },
  };
}

/** The p-th percentile of `samples` (nearest rank). */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Runs `measure` on every test database (SQLite; PostgreSQL too with TEST_POSTGRES_URL), then prints the table under
 * `title`; a failure is printed and ends the process with exit code 1.
 */
export function measureOnEveryDatabase(
  title: string,
  results: ResultTable,
  measure: (database: TestDatabase) => Promise<void>,
): void {
  (async () => {
    for (const database of testDatabases()) await measure(database);
    results.print(title);
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
