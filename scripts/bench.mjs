#!/usr/bin/env node
// npm run bench: runs every benchmark in bench/ (not tests: they measure and print figures).
// `npm run bench -- render` runs the ones whose file name contains "render"; what follows the name goes to each of
// them (`npm run bench -- mixed --seconds 20`).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

const [filter, ...args] = process.argv.slice(2);
const files = readdirSync('bench')
  .filter((f) => /\.(ts|mjs)$/.test(f) && !f.startsWith('_'))
  .filter((f) => !filter || f.includes(filter))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n=== bench/${file}`);
  const { status } = spawnSync('npx', ['tsx', ...SERVER_NODE_FLAGS, `bench/${file}`, ...args], { stdio: 'inherit' });
  if (status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
