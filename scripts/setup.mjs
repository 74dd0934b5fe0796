#!/usr/bin/env node
// npm run setup: idempotent. npm dependencies, Debian packages (Chromium, poppler, Noto fonts), app build.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const DEBIAN_PACKAGES = ['chromium', 'poppler-utils', 'fonts-noto-core', 'fonts-noto-cjk', 'fonts-noto-color-emoji'];

function run(command, options = {}) {
  console.log(`$ ${command}`);
  const result = spawnSync(command, { shell: true, stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0) {
    console.error(`setup: "${command}" failed with exit code ${result.status}`);
    process.exit(result.status ?? 1);
  }
}

function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`setup: Node ${process.versions.node} is too old; CV Builder needs Node >= 20.19.`);
    process.exit(1);
  }
}

function installNpmDependencies() {
  const lock = join(root, 'package-lock.json');
  const marker = join(root, 'node_modules', '.setup-lock-hash');
  const hash = createHash('sha256')
    .update(readFileSync(lock))
    .update(readFileSync(join(root, 'package.json')))
    .digest('hex');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === hash) {
    console.log('setup: npm dependencies are up to date.');
    return;
  }
  // `npm ci` installs exactly the lock file; it fails when package.json and the lock disagree,
  // in which case `npm install` brings the lock up to date.
  const ci = spawnSync('npm ci --no-fund --no-audit', { shell: true, stdio: 'inherit', cwd: root });
  if (ci.status !== 0) run('npm install --no-fund --no-audit');
  writeFileSync(marker, hash);
}

function missingDebianPackages() {
  return DEBIAN_PACKAGES.filter((name) => {
    const status = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
    return !(status.status === 0 && status.stdout.includes('install ok installed'));
  });
}

function installDebianPackages() {
  const missing = missingDebianPackages();
  if (missing.length === 0) {
    console.log('setup: Chromium, poppler-utils and Noto fonts are installed.');
    return;
  }
  const command = `apt-get install -y ${missing.join(' ')}`;
  if (process.getuid?.() !== 0) {
    console.warn(
      `setup: missing Debian packages: ${missing.join(', ')}. Install them as root:\n` +
        `  apt-get update && ${command}\n` +
        'Without Chromium the PDF endpoints answer 503; everything else works.',
    );
    return;
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Package lists may be current already, or the mirror out of reach: try the install either way, and
  // carry on without the packages rather than stop (the product runs without them; PDFs answer 503).
  if (!attempt('apt-get update -qq', env)) console.warn('setup: apt-get update failed; trying the install with the current package lists.');
  if (!attempt(command, env)) console.warn(`setup: "${command}" failed; PDF rendering may be unavailable or lack fonts.`);
}

function attempt(command, env) {
  console.log(`$ ${command}`);
  return spawnSync(command, { shell: true, stdio: 'inherit', cwd: root, env }).status === 0;
}

checkNode();
installNpmDependencies();
installDebianPackages();
mkdirSync(join(root, 'var'), { recursive: true });
run('npm run build');
console.log('setup: done. Start the product with `npm start`.');
