#!/usr/bin/env node
// npm run pact:verify -- --provider-base-url http://their-server:8000 \
//   --provider-states-setup-url http://their-server:8000/_pact/provider-states [--pact-file pacts/…json]
//
// Verifies any running server against the contract, with what the consumer's requests need and a Node test cannot
// send: the `csrftoken` cookie matching the X-CSRFToken header (Django's double-submit), and the session cookie of
// a signed-in provider state (the state-setup URL answers it with Set-Cookie). Then prints a summary that names,
// per failed interaction, the call, its provider state and what differed. The reference server's own provider
// verification (server/tests/pact/verify.test.ts) and CI run exactly this command.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_PACT = join(root, 'pacts', 'cv-builder-web-cv-builder-api.json');
const CSRF_COOKIE = 'csrftoken';
const CSRF_HEADER = 'x-csrftoken';
const USAGE = `Usage: npm run pact:verify -- --provider-base-url <url> --provider-states-setup-url <url> [--pact-file <file>]

  --provider-base-url          where your server answers the API (e.g. http://127.0.0.1:8000)
  --provider-states-setup-url  where it sets up a provider state: POST { state, params, action: "setup" },
                               answered 2xx with a JSON object of values (may be {}) and, for a signed-in state,
                               Set-Cookie with its session (see docs/backend-teams.md)
  --pact-file                  the contract (default pacts/cv-builder-web-cv-builder-api.json)`;

function parseArgs(argv) {
  const options = { pactFile: DEFAULT_PACT };
  const names = {
    '--provider-base-url': 'providerBaseUrl',
    '--provider-states-setup-url': 'statesSetupUrl',
    '--pact-file': 'pactFile',
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    if (flag === '--help' || flag === '-h') return { help: true };
    if (flag === '--child') {
      options.child = true;
      continue;
    }
    const name = names[flag];
    if (!name) throw new Error(`unknown option ${argv[i]}`);
    const value = inline ?? argv[++i];
    if (!value) throw new Error(`${flag} needs a value`);
    options[name] = value;
  }
  if (!options.providerBaseUrl) throw new Error('--provider-base-url is required');
  for (const name of ['providerBaseUrl', 'statesSetupUrl']) {
    if (options[name] && !/^https?:\/\/[^/]/.test(options[name]))
      throw new Error(`not an http(s) URL: ${options[name]}`);
  }
  options.pactFile = resolve(options.pactFile);
  return options;
}

/** The interactions of a V3 or V4 pact file: description, provider states and request. */
function readInteractions(pactFile) {
  const pact = JSON.parse(readFileSync(pactFile, 'utf8'));
  return pact.interactions.map((interaction) => ({
    description: interaction.description,
    states: (interaction.providerStates ?? []).map((state) => ({
      name: state.name,
      params: state.params ?? {},
    })),
    method: interaction.request?.method ?? '?',
    path: interaction.request?.path ?? '?',
  }));
}

// ── The verifier itself (a child process, so its report can be read for the summary) ──────────────────────────

async function verify(options) {
  const { default: pact } = await import('@pact-foundation/pact');
  const interactions = readInteractions(options.pactFile);
  /** Cookies the last state setup answered (its session), sent with the interaction's request. */
  let jar = new Map();

  async function setUpState(state, params) {
    const response = await fetch(options.statesSetupUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ state, params: params ?? {}, action: 'setup' }),
    }).catch((error) => {
      throw reportState(
        state,
        `could not reach ${options.statesSetupUrl}: ${error.cause?.message ?? error.message}`,
      );
    });
    const text = await response.text();
    if (!response.ok) throw reportState(state, `${response.status} ${text.slice(0, 300)}`);
    jar = new Map(
      response.headers.getSetCookie().map((cookie) => {
        const [pair] = cookie.split(';');
        const at = pair.indexOf('=');
        return [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      }),
    );
    if (!text.trim()) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      throw reportState(
        state,
        `answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`,
      );
    }
  }

  // A line the parent picks up for the summary; the verifier itself only says 'State change request failed'.
  function reportState(state, problem) {
    console.log(`PACT-VERIFY-STATE ${JSON.stringify({ state, problem })}`);
    return new Error(`provider state "${state}": ${problem}`);
  }

  const stateHandlers = {};
  for (const { states } of interactions) {
    for (const { name } of states) {
      stateHandlers[name] = options.statesSetupUrl
        ? (params) => setUpState(name, params)
        : async () => {
            jar = new Map();
          };
    }
  }

  await new pact.Verifier({
    provider: 'cv-builder-api',
    providerBaseUrl: options.providerBaseUrl,
    pactUrls: [options.pactFile],
    stateHandlers,
    logLevel: 'warn',
    requestFilter: (req, _res, next) => {
      const cookies = new Map(jar);
      const csrf = req.headers[CSRF_HEADER];
      if (typeof csrf === 'string') cookies.set(CSRF_COOKIE, csrf);
      if (cookies.size)
        req.headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      next();
    },
  }).verifyProvider();
}

// ── The parent: runs the child, passes its report through, then sums it up ───────────────────────────────────

/**
 * What the verifier found, per interaction description: pact-js rejects with the core's JSON result
 * (`{ errors: [{ interaction: '… Given <state> - <description>', mismatch: { mismatches: [...] } }] }`), which the child
 * hands over on one marked line.
 */
function parseFailures(report, interactions) {
  const failures = new Map();
  const line = report.match(/^PACT-VERIFY-RESULT (.*)$/m);
  if (!line) return failures;
  const { errors = [] } = JSON.parse(line[1]);
  for (const error of errors) {
    const interaction = interactions.find((candidate) =>
      error.interaction?.endsWith(` - ${candidate.description}`),
    );
    const key = interaction?.description ?? error.interaction;
    const mismatches = error.mismatch?.mismatches ?? [];
    const lines = mismatches.length
      ? mismatches.map(
          (m) => `${m.type ?? 'Mismatch'}: ${m.path ? `${m.path} ` : ''}${oneLine(m.mismatch ?? '')}`,
        )
      : [oneLine(error.mismatch?.message ?? JSON.stringify(error.mismatch ?? error))];
    failures.set(key, [...(failures.get(key) ?? []), ...lines]);
  }
  return failures;
}

const oneLine = (text) => {
  const flat = String(text).replace(/\s+/g, ' ').trim();
  return flat.length > 240 ? `${flat.slice(0, 237)}…` : flat;
};

function summarise({ options, interactions, report, exitCode }) {
  const failures = parseFailures(report, interactions);
  const stateProblems = new Map();
  for (const match of report.matchAll(/^PACT-VERIFY-STATE (.*)$/gm)) {
    const { state, problem } = JSON.parse(match[1]);
    stateProblems.set(state, problem);
  }
  const lines = ['', '=== Pact verification summary'];
  lines.push(`contract: ${relative(process.cwd(), options.pactFile) || options.pactFile}`);
  lines.push(`server:   ${options.providerBaseUrl}`);
  lines.push(`states:   ${options.statesSetupUrl ?? '(no --provider-states-setup-url: no state is set up)'}`);
  const failed = interactions.filter((interaction) => failures.has(interaction.description));
  const unmatched = [...failures.keys()].filter((key) => !interactions.some((i) => i.description === key));
  lines.push(
    `${interactions.length} interactions: ${interactions.length - failed.length} passed, ${failed.length} failed`,
  );
  if (stateProblems.size) {
    lines.push(
      '',
      'Provider states your state-setup URL did not set up (fix these first: their interactions cannot pass):',
    );
    for (const [state, problem] of stateProblems) lines.push(`  - "${state}": ${problem}`);
  }
  if (failed.length) {
    lines.push('', 'Failed interactions (request, provider state, what differed):');
    failed.forEach((interaction, index) => {
      lines.push(`  ${index + 1}. ${interaction.method} ${interaction.path} — ${interaction.description}`);
      for (const state of interaction.states) lines.push(`     given: ${state.name}`);
      const details = failures.get(interaction.description) ?? [];
      for (const detail of details.slice(0, 8)) lines.push(`     ${detail}`);
      if (details.length > 8) lines.push(`     … ${details.length - 8} more lines in the report above`);
    });
    for (const key of unmatched) lines.push(`  - ${key}: ${failures.get(key).join('; ')}`);
    const byPath = new Map();
    for (const interaction of failed) {
      const key = `${interaction.method} ${interaction.path.replace(/\/(?:\d+|[0-9a-f]{8}-[0-9a-f-]{27})(?=\/|$)/g, '/{id}')}`;
      byPath.set(key, (byPath.get(key) ?? 0) + 1);
    }
    lines.push('', 'By endpoint:');
    for (const [key, count] of [...byPath].sort((a, b) => b[1] - a[1]))
      lines.push(`  ${String(count).padStart(3)}  ${key}`);
  }
  if (exitCode !== 0 && !failed.length && !stateProblems.size)
    lines.push(
      '',
      'The verifier stopped without a per-interaction report: see its output above (is the server up?).',
    );
  lines.push(
    '',
    exitCode === 0
      ? 'OK: the server honours the contract.'
      : 'FAILED: the server does not honour the contract yet.',
  );
  return lines.join('\n');
}

async function main() {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`pact:verify: ${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (options.help) {
    console.log(USAGE);
    return;
  }
  if (options.child) {
    try {
      await verify(options);
    } catch (error) {
      let result;
      try {
        result = JSON.parse(error.message);
      } catch {
        result = undefined;
      }
      if (result?.errors) console.log(`PACT-VERIFY-RESULT ${JSON.stringify(result)}`);
      else console.error(error.message);
      process.exit(1);
    }
    return;
  }
  let interactions;
  try {
    interactions = readInteractions(options.pactFile);
  } catch (error) {
    console.error(`pact:verify: cannot read the contract ${options.pactFile}: ${error.message}`);
    process.exit(2);
  }
  const child = spawn(
    process.execPath,
    [fileURLToPath(import.meta.url), '--child', ...process.argv.slice(2)],
    {
      cwd: process.cwd(),
      env: { ...process.env, PACT_DO_NOT_TRACK: process.env.PACT_DO_NOT_TRACK ?? 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let report = '';
  let pending = '';
  // Passed through line by line, without the marker lines meant for the summary.
  const pass = (text) => {
    const shown = text
      .split('\n')
      .filter((line) => !line.startsWith('PACT-VERIFY-'))
      .join('\n');
    if (shown) process.stdout.write(shown);
  };
  child.stdout.on('data', (chunk) => {
    report += chunk;
    pending += chunk;
    const end = pending.lastIndexOf('\n');
    if (end === -1) return;
    pass(pending.slice(0, end + 1));
    pending = pending.slice(end + 1);
  });
  child.stderr.on('data', (chunk) => {
    report += chunk;
    process.stderr.write(chunk);
  });
  const exitCode = await new Promise((done) => child.on('close', (code) => done(code ?? 1)));
  pass(pending);
  console.log(summarise({ options, interactions, report, exitCode }));
  process.exit(exitCode);
}

await main();
