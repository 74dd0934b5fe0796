// npm run machines: writes docs/machines/ (a page with a Mermaid statechart and a Stately Studio JSON export per
// machine of src/machines/registry.ts, and an index) from the machines themselves; removes pages of machines gone.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOCS_DIR, generateMachineDocs } from './machine-docs';

const files = await generateMachineDocs();
mkdirSync(DOCS_DIR, { recursive: true });
for (const name of readdirSync(DOCS_DIR)) if (!files.has(name)) rmSync(join(DOCS_DIR, name));
for (const [name, content] of files) writeFileSync(join(DOCS_DIR, name), content);
console.log(`wrote ${files.size} files in docs/machines/ (${(files.size - 1) / 2} machines)`);
