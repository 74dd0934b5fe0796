#!/usr/bin/env node
// npm run setup: idempotent. npm dependencies, Debian packages (Chromium, poppler, Noto fonts, LibreOffice
// Writer for the Word-file tests), app build.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const DEBIAN_PACKAGES = [
  'chromium',
  // The journeys' browser: the same engine without the desktop browser around it (a quarter less CPU per journey).
  'chromium-headless-shell',
  'poppler-utils',
  'fonts-noto-core',
  'fonts-noto-cjk',
  'fonts-noto-color-emoji',
  // Chinese, Japanese and Korean in a TrueType face, so PDFs embed them as real fonts, not Type 3.
  'fonts-wqy-microhei',
  // A test dependency: server/tests/render/word-processor.test.ts opens every template's .docx in it.
  'libreoffice-writer-nogui',
  // The bundled fonts a CV's design may choose (server/src/render/fonts.ts), installed here and embedded in its files.
  'fonts-liberation',
  'fonts-dejavu-core',
];

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

/**
 * The Node.js that runs npm and every npm script. The maintained LTS lines (22, 24) are used as the machine has
 * them. On an older Node (20 reached its end of life in April 2026) the project's Node 24 runs everything: first a
 * copy in .runtime/ (the `node` package, version pinned by the lock file, from the npm registry) runs the install,
 * so engines are checked and add-ons built for Node 24; then the `node` devDependency puts the same binary at
 * node_modules/.bin/node, which npm puts first on every script's PATH.
 */
const SUPPORTED_MAJOR = 22;
const RUNTIME_DIR = join(root, '.runtime');
const projectNode = join(root, 'node_modules', '.bin', 'node');

function lockedNodeVersion() {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const version = lock.packages?.['node_modules/node']?.version;
  if (!version) {
    console.error('setup: package-lock.json pins no `node` package (the project runtime).');
    process.exit(1);
  }
  return version;
}

/** The machine's own `node` on PATH (npm puts node_modules/.bin first for scripts: that one is the project's). */
function machineNode() {
  const dirs = (process.env.PATH ?? '').split(':').filter((dir) => dir && !dir.startsWith(root));
  for (const dir of dirs) {
    const candidate = join(dir, 'node');
    if (!existsSync(candidate)) continue;
    const version = spawnSync(candidate, ['--version'], { encoding: 'utf8' }).stdout?.trim().replace(/^v/, '');
    if (version) return { path: candidate, version, pathWithout: dirs.join(':') };
  }
  return { path: process.execPath, version: process.versions.node, pathWithout: process.env.PATH };
}

function chooseRuntime() {
  const machine = machineNode();
  if (Number(machine.version.split('.')[0]) >= SUPPORTED_MAJOR) {
    console.log(`setup: npm scripts run on this machine's Node ${machine.version}.`);
    return { node: machine.path, version: machine.version, env: { ...process.env, PATH: machine.pathWithout }, own: true };
  }
  const version = lockedNodeVersion();
  const bin = join(RUNTIME_DIR, 'node_modules', '.bin', 'node');
  const installed = existsSync(bin) ? spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.trim() : '';
  if (installed !== `v${version}`) {
    console.log(`setup: Node ${machine.version} is past its end of life; fetching the project's Node ${version} from the npm registry.`);
    mkdirSync(RUNTIME_DIR, { recursive: true });
    // Its own little project: the `node` package's install script (fetching the binary) is approved here.
    writeFileSync(join(RUNTIME_DIR, 'package.json'), `${JSON.stringify({ private: true, allowScripts: { node: true } }, null, 2)}\n`);
    run(`npm install --prefix "${RUNTIME_DIR}" --no-save --no-package-lock --no-fund --no-audit node@${version}`);
  }
  console.log(`setup: npm and every npm script run on the project's Node ${version}.`);
  const env = {
    ...process.env,
    PATH: `${join(RUNTIME_DIR, 'node_modules', '.bin')}:${machine.pathWithout}`,
    // node-gyp builds add-ons against the headers shipped with that binary (the official tarball's include/).
    npm_config_nodedir: join(RUNTIME_DIR, 'node_modules', 'node', 'node_modules', `node-linux-${process.arch}`),
  };
  return { node: bin, version, env, own: false };
}

function installNpmDependencies(runtime) {
  const lock = join(root, 'package-lock.json');
  const marker = join(root, 'node_modules', '.setup-lock-hash');
  const hash = createHash('sha256')
    .update(readFileSync(lock))
    .update(readFileSync(join(root, 'package.json')))
    .update(runtime.version)
    .digest('hex');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === hash) {
    console.log('setup: npm dependencies are up to date.');
    return;
  }
  // `npm ci` installs exactly the lock file; it fails when package.json and the lock disagree,
  // in which case `npm install` brings the lock up to date.
  const ci = spawnSync('npm ci --no-fund --no-audit', { shell: true, stdio: 'inherit', cwd: root, env: runtime.env });
  if (ci.status !== 0) run('npm install --no-fund --no-audit', { env: runtime.env });
  writeFileSync(marker, hash);
}

/**
 * npm runs scripts with node_modules/.bin first on PATH: the `node` devDependency's link there is what makes the
 * project's Node run them. On a supported Node the machine's own runs them, so the link steps aside.
 */
function placeRuntime(runtime) {
  const linked = (() => {
    try {
      return lstatSync(projectNode).isSymbolicLink() || existsSync(projectNode);
    } catch {
      return false;
    }
  })();
  if (runtime.own && linked) rmSync(projectNode);
  if (!runtime.own && !linked) symlinkSync('../node/bin/node', projectNode);
}

/** Native add-ons (the SQLite driver) must be built for the Node.js that runs them: rebuilt when they do not load. */
function buildNativeAddons(runtime) {
  const probe = "new (require('better-sqlite3'))(':memory:').close()";
  if (spawnSync(runtime.node, ['-e', probe], { cwd: root, stdio: 'ignore' }).status === 0) return;
  run('npm rebuild better-sqlite3', { env: runtime.env });
  if (spawnSync(runtime.node, ['-e', probe], { cwd: root, stdio: 'inherit' }).status !== 0) {
    console.error(`setup: the SQLite driver does not load in Node ${runtime.version} even after a rebuild.`);
    process.exit(1);
  }
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
    console.log('setup: Chromium (and its headless shell), poppler-utils, Noto fonts and LibreOffice Writer are installed.');
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
const runtime = chooseRuntime();
installNpmDependencies(runtime);
placeRuntime(runtime);
buildNativeAddons(runtime);
installDebianPackages();
mkdirSync(join(root, 'var'), { recursive: true });
run('npm run build', { env: runtime.env });
console.log('setup: done. Start the product with `npm start`.');
