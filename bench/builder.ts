/**
 * CV builder benchmark: `npx tsx bench/builder.ts` (or `npm run bench -- builder`).
 * Not a test: it measures and prints a table.
 *   1. Renders per keystroke: the real builder view (happy-dom, React development build) with the real machines and
 *      stand-in network actors; 60 characters typed into one field, every field render counted.
 *   2. Preview requests per 10 s of continuous typing (a key every 150 ms) on the real preview machine's clock.
 *   3. Bundle: a production build into a temporary folder; the JS that /signin loads first (entry + preloads,
 *      gzipped; at most the stack floor + 40 KB) and the builder chunk, which must be loaded lazily.
 * BENCH_SKIP_BUILD=1 skips 3.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as nodeModule from 'node:module';
import { gzipSync } from 'node:zlib';
import { Window } from 'happy-dom';
import type { Template, TemplateSection } from '../src/api/templates';
import type { PreviewResult, RenderPreviewInput } from '../src/machines/builder/preview-machine';

const root = path.resolve(import.meta.dirname, '..');

// The views import stylesheets (the font, the photo cropper's), which Vite bundles: here, outside Vite, a stylesheet
// is an empty module — the render counts need no styles.
type Load = (url: string, context: unknown) => unknown;
// Node 22.15+ (the project runs 24); the installed @types/node predates it.
const { registerHooks } = nodeModule as unknown as {
  registerHooks(hooks: { load: (url: string, context: unknown, nextLoad: Load) => unknown }): void;
};
registerHooks({
  load: (url, context, nextLoad) =>
    url.endsWith('.css') ? { format: 'module', source: '', shortCircuit: true } : nextLoad(url, context),
});

const rows: Array<[string, string, string, string]> = [];
const notes: string[] = [];
const record = (what: string, figure: string, goal: string, ok?: boolean) =>
  rows.push([what, figure, goal, ok === undefined ? '' : ok ? 'ok' : 'MISSED']);

/** A browser-like global scope for React DOM, as happy-dom's global registrator would make it. */
function installDom() {
  const window = new Window({ url: 'http://localhost/dashboard/1', width: 1440, height: 900 });
  const scope = globalThis as Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(window)) {
    if (key in scope) continue;
    try {
      scope[key] = (window as unknown as Record<string, unknown>)[key];
    } catch {
      // a getter that needs its own window: skipped
    }
  }
  scope.window = window;
  scope.document = window.document;
  // Node 21+ has a global `navigator` (a getter): replaced by the DOM's, as a browser would have it.
  Object.defineProperty(scope, 'navigator', { value: window.navigator, configurable: true, writable: true });
  scope.IS_REACT_ACT_ENVIRONMENT = true;
  return window;
}

/** A template folder's template.json, as far as the builder reads it: the API's section shape (not yet active). */
interface TemplateJson {
  id: number;
  name: string;
  sections: Array<Omit<TemplateSection, 'is_active'>>;
}

async function rendersPerKeystroke() {
  installDom();
  const React = await import('react');
  const { act } = await import('react');
  const { createRoot } = await import('react-dom/client');
  const { ChakraProvider, defaultSystem } = await import('@chakra-ui/react');
  const { useActorRef } = await import('@xstate/react');
  const { fromPromise } = await import('xstate');
  const { builderMachine } = await import('../src/machines/builder/builder-machine');
  const { previewMachine } = await import('../src/machines/builder/preview-machine');
  const { deliveryMachine } = await import('../src/machines/delivery/delivery-machine');
  const { newCv } = await import('../src/drafts/load-cv');
  const { BuilderView } = await import('../src/ui/builder/builder-view');
  const { setRenderListener } = await import('../src/ui/builder/render-probe');

  const definition = JSON.parse(
    readFileSync(path.join(root, 'server/templates/executive-classic/template.json'), 'utf8'),
  ) as TemplateJson;
  const template = {
    id: definition.id,
    name: definition.name,
    icon: null,
    category: null,
    sections: definition.sections.map((section) => ({
      ...section,
      is_active: true,
      input_fields: section.input_fields.map((field) => ({ ...field })),
    })),
  };
  const machine = builderMachine.provide({
    actors: {
      loadCv: fromPromise(async () => newCv(template, '0b7e3c1a-2d4f-4a6b-8c9d-0e1f2a3b4c5d')),
      checkEditLock: fromPromise(async () => false),
      loadTemplates: fromPromise<Template[]>(async () => []),
      preview: previewMachine.provide({
        actors: {
          renderPreview: fromPromise<PreviewResult, RenderPreviewInput>(async () => ({
            kind: 'html',
            html: '<p>cv</p>',
          })),
          renderTemplatePreview: fromPromise<PreviewResult, RenderPreviewInput>(async () => ({
            kind: 'template',
            templateName: template.name,
            iconUrl: null,
          })),
        },
      }),
      downloads: deliveryMachine,
    },
    actions: { showAddress: () => undefined },
  });

  let commits = 0;
  let renderMs = 0;
  function Harness() {
    const builder = useActorRef(machine, { input: { routeId: '1', owner: '1' } });
    return React.createElement(
      React.Profiler,
      {
        id: 'builder',
        onRender: (_id: string, _phase: string, actualDuration: number) => {
          commits += 1;
          renderMs += actualDuration;
        },
      },
      React.createElement(BuilderView, { builder }),
    );
  }

  const container = document.createElement('div');
  document.body.appendChild(container);
  const reactRoot = createRoot(container);
  await act(async () => {
    reactRoot.render(
      React.createElement(ChakraProvider, { value: defaultSystem, children: React.createElement(Harness) }),
    );
  });
  for (let i = 0; i < 50 && !document.querySelector('[data-section="Personal Details"] input'); i += 1) {
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
  }
  const fieldCount = document.querySelectorAll(
    '[data-section="Personal Details"] input:not([type=hidden])',
  ).length;
  const input = document.querySelector<HTMLInputElement>('[data-section="Personal Details"] input')!;
  const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')!.set!;

  const renders = new Map<string, number>();
  setRenderListener((key) => renders.set(key, (renders.get(key) ?? 0) + 1));
  commits = 0;
  renderMs = 0;
  const text = 'Ada Lovelace, Analyst Programmer at the Analytical Engine Co';
  for (let i = 1; i <= text.length; i += 1) {
    await act(async () => {
      setValue.call(input, text.slice(0, i));
      input.dispatchEvent(
        new (window as unknown as { Event: typeof Event }).Event('input', { bubbles: true }),
      );
    });
  }
  setRenderListener(undefined);
  const keys = text.length;
  const typed = [...renders.entries()].find(([key]) => key.startsWith('full_name'))?.[1] ?? 0;
  const others = [...renders.entries()]
    .filter(([key]) => !key.startsWith('full_name'))
    .reduce((sum, [, count]) => sum + count, 0);
  record('field renders per keystroke (typed field)', (typed / keys).toFixed(2), '1', typed === keys);
  record(
    `renders of the other ${fieldCount - 1} visible fields while typing`,
    String(others),
    '0',
    others === 0,
  );
  record('React commits per keystroke', (commits / keys).toFixed(2), '1', commits <= keys);
  record('render time per keystroke (dev build, happy-dom)', `${(renderMs / keys).toFixed(2)} ms`, '');
  await act(async () => reactRoot.unmount());
}

async function previewRequestsPerTenSeconds() {
  const { SimulatedClock, createActor, fromPromise } = await import('xstate');
  const { previewMachine } = await import('../src/machines/builder/preview-machine');
  const { PREVIEW_DEBOUNCE_MS } = await import('../src/config/constants');
  let requests = 0;
  const clock = new SimulatedClock();
  const machine = previewMachine.provide({
    actors: {
      renderPreview: fromPromise<PreviewResult, RenderPreviewInput>(async () => {
        requests += 1;
        return { kind: 'html', html: '' };
      }),
      renderTemplatePreview: fromPromise<PreviewResult, RenderPreviewInput>(async () => ({
        kind: 'template',
        templateName: 't',
        iconUrl: null,
      })),
    },
  });
  const actor = createActor(machine, { input: { templateId: 1, formData: {} }, clock }).start();
  await new Promise((resolve) => setTimeout(resolve, 0));
  const KEY_EVERY_MS = 150;
  let typedKeys = 0;
  for (let elapsed = 0; elapsed < 10_000; elapsed += KEY_EVERY_MS) {
    typedKeys += 1;
    actor.send({
      type: 'form.change',
      formData: { 'Personal Details': { 'full_name-1001-0': 'x'.repeat(typedKeys) } },
    });
    clock.increment(KEY_EVERY_MS);
  }
  const duringTyping = requests;
  clock.increment(PREVIEW_DEBOUNCE_MS);
  await new Promise((resolve) => setTimeout(resolve, 0));
  actor.stop();
  record(
    `preview requests during 10 s of typing (${typedKeys} keys, one per ${KEY_EVERY_MS} ms)`,
    String(duringTyping),
    '0',
    duringTyping === 0,
  );
  record(
    `preview requests ${PREVIEW_DEBOUNCE_MS} ms after the last key`,
    String(requests - duringTyping),
    '1',
    requests - duringTyping === 1,
  );
}

function gzipKb(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length / 1024;
}

/** The brief's budget: /signin's initial JS at most the stack floor plus this much (gzip). */
const SIGNIN_OVER_FLOOR_KB = 40;

function bundleSizes(floorKb: number) {
  const out = mkdtempSync(path.join(tmpdir(), 'cv-builder-bench-'));
  try {
    execFileSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--manifest'], {
      cwd: root,
      stdio: 'pipe',
    });
    const html = readFileSync(path.join(out, 'index.html'), 'utf8');
    const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]);
    const manifest = JSON.parse(readFileSync(path.join(out, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string; isDynamicEntry?: boolean; imports?: string[] }
    >;
    // The page waits for its language's words before it draws (src/main.tsx): they count as initial JS.
    const wordsFile = manifest['catalogue:public/en']?.file;
    const wordsKb = wordsFile ? gzipKb(path.join(out, wordsFile)) : 0;
    const initialKb = initial.reduce((sum, file) => sum + gzipKb(path.join(out, file)), 0) + wordsKb;
    const budget = floorKb + SIGNIN_OVER_FLOOR_KB;
    record(
      "/signin initial JS (entry + modulepreloads + the language's words, gzip)",
      `${initialKb.toFixed(1)} KB`,
      `≤ ${budget.toFixed(1)} KB (floor + ${SIGNIN_OVER_FLOOR_KB})`,
      initialKb <= budget,
    );
    const largest = initial
      .map((file) => [path.basename(file), gzipKb(path.join(out, file))] as const)
      .sort((a, b) => b[1] - a[1])
      .map(([file, kb]) => `${file.replace(/-[\w-]{8}\.js$/, '')} ${kb.toFixed(0)}`)
      .join(', ');
    notes.push(`initial JS by chunk (KB gzip): ${largest}; English words before sign-in ${wordsKb.toFixed(1)}`);

    const builderEntry = manifest['src/routes/dashboard-page.tsx'];
    const builderFile = builderEntry?.file ?? '';
    const lazy = Boolean(builderEntry?.isDynamicEntry) && !initial.includes(builderFile);
    record('builder chunk loaded lazily (not in /signin)', lazy ? 'yes' : 'no', 'yes', lazy);
    if (builderFile)
      record('builder chunk (gzip)', `${gzipKb(path.join(out, builderFile)).toFixed(1)} KB`, '');
    const editorFile = manifest['src/ui/builder/rich-text-editor.tsx']?.file;
    if (editorFile) {
      const kb = gzipKb(path.join(out, editorFile)).toFixed(1);
      record('rich text editor chunk, fetched once the builder shows (gzip)', `${kb} KB`, '');
    }
    const editorInInitial = initial.some((file) =>
      /prosemirror|@tiptap/.test(readFileSync(path.join(out, file), 'utf8').slice(0, 2_000_000)),
    );
    record(
      'rich text editor (Tiptap/ProseMirror) outside the initial JS',
      editorInInitial ? 'no' : 'yes',
      'yes',
      !editorInInitial,
    );
    // @dnd-kit names its live region and instructions 'DndLiveRegion' / 'DndDescribedBy' in the built code.
    const dragInInitial = initial.some((file) =>
      /DndLiveRegion|DndDescribedBy/.test(readFileSync(path.join(out, file), 'utf8')),
    );
    record(
      'drag and drop (@dnd-kit) outside the initial JS',
      dragInInitial ? 'no' : 'yes',
      'yes',
      !dragInInitial,
    );
    // The JSON Resume schema names itself ('JSON Resume Schema') and ajv its own errors ('must have required
    // property') in the built code: the import and export code loads on first use only.
    const dataInInitial = initial.some((file) =>
      /JSON Resume Schema|must have required property/.test(readFileSync(path.join(out, file), 'utf8')),
    );
    record(
      'JSON Resume import/export (schema, ajv) outside the initial JS',
      dataInInitial ? 'no' : 'yes',
      'yes',
      !dataInInitial,
    );
    const jsFiles = readdirSync(path.join(out, 'assets')).filter((file) => file.endsWith('.js'));
    record('JS chunks in the build', String(jsFiles.length), '');
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/**
 * What the mandated libraries alone cost: bench/floor/ is a sign-in form on React, TanStack Router, XState,
 * Chakra UI v3 (4 recipes) and Lingui's core with no app code, built as one chunk, without and with axios.
 */
function stackFloor(): number {
  let floor = Number.NaN;
  for (const [entry, what] of [
    ['main.tsx', 'stack floor: React + Router + XState + Chakra + Lingui, no app code (gzip)'],
    ['main-axios.tsx', 'stack floor with axios (gzip)'],
  ] as const) {
    const out = mkdtempSync(path.join(tmpdir(), 'cv-builder-floor-'));
    try {
      execFileSync('npx', ['vite', 'build', '-c', 'bench/floor/vite.config.ts', '--outDir', out], {
        cwd: root,
        stdio: 'pipe',
        env: { ...process.env, FLOOR_ENTRY: entry },
      });
      const files = readdirSync(path.join(out, 'assets')).filter((file) => file.endsWith('.js'));
      const kb = files.reduce((sum, file) => sum + gzipKb(path.join(out, 'assets', file)), 0);
      record(what, `${kb.toFixed(1)} KB`, '');
      if (entry === 'main.tsx') floor = kb;
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }
  return floor;
}

await rendersPerKeystroke();
await previewRequestsPerTenSeconds();
if (process.env.BENCH_SKIP_BUILD !== '1') bundleSizes(stackFloor());

const widths = [0, 1, 2, 3].map((column) => Math.max(...rows.map((row) => row[column].length), 4));
console.log('\nCV builder');
for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column])).join('  '));
for (const note of notes) console.log(`note: ${note}`);
process.exit(0);
