/*
 * The statecharts of docs/machines/, generated from the machines themselves (src/machines/registry.ts): one Markdown
 * page per machine with a Mermaid stateDiagram-v2 (states, nested and parallel ones, events, guards and actions by
 * name, tags), its doc comment and links to its source, views and tests; a JSON export Stately Studio imports; an index.
 * `npm run machines` writes them (scripts/machines.ts); tests/machines/machine-docs.test.ts fails when they differ.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DOCS_DIR = join(ROOT, 'docs', 'machines');
const REGISTRY = join(ROOT, 'src', 'machines', 'registry.ts');

// The shapes of XState v5's state nodes and transitions that the diagram reads.
interface Transition {
  eventType: string;
  target?: StateNode[];
  guard?: unknown;
  actions: unknown[];
  reenter?: boolean;
}
interface StateNode {
  id: string;
  key: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  description?: string;
  tags: string[];
  states: Record<string, StateNode>;
  initial?: { target: StateNode[] };
  transitions: Map<string, Transition[]>;
  always?: Transition[];
  entry: unknown[];
  exit: unknown[];
  invoke: Array<{ id: string; src: unknown }>;
  parent?: StateNode;
}

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const posix = (path: string) => path.split('\\').join('/');

/** An action, guard or actor by the name the machine gives it in setup(); built-in ones by what they do. */
function nameOf(implementation: unknown): string {
  if (typeof implementation === 'string') return implementation;
  if (implementation && typeof implementation === 'object' && 'type' in implementation)
    return String((implementation as { type: unknown }).type);
  if (typeof implementation === 'function') {
    const fn = implementation as { type?: unknown; name?: string; guards?: unknown[] };
    if (Array.isArray(fn.guards) && fn.name) return `${fn.name}(${fn.guards.map(nameOf).join(', ')})`;
    if (typeof fn.type === 'string') return fn.type.replace(/^xstate\./, '');
    return fn.name || 'inline';
  }
  return 'inline';
}

/** Entry actions XState adds for delays (the raise that schedules an `after`) are the `after` edges themselves. */
const shownActions = (actions: unknown[]) =>
  actions.map(nameOf).filter((name) => name !== 'raise' && name !== 'cancel');

/** An event type as a designer reads it: `done: confirmEmail`, `after: redirectToSignIn`, `always`. */
function eventLabel(eventType: string, node: StateNode): string {
  const done = eventType.match(/^xstate\.(done|error)\.actor\.(.+)$/);
  if (done) {
    const invoke = node.invoke.find((i) => i.id === done[2]);
    return `${done[1] === 'done' ? 'done' : 'error'}: ${invoke ? nameOf(invoke.src) : done[2]}`;
  }
  if (eventType.startsWith('xstate.after.') && eventType.endsWith(`.${node.id}`))
    return `after: ${eventType.slice('xstate.after.'.length, -(node.id.length + 1))}`;
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  return eventType || 'always';
}

/** Mermaid ids are global to a diagram: a state's path, made safe. */
const mermaidId = (node: StateNode) => node.id.replace(/[^A-Za-z0-9_]/g, '_');
/** Text on an edge or in a box: Mermaid reads `:`, `;`, `#`, braces and angle brackets itself. */
const mermaidText = (text: string) => text.replace(/[;#{}<>"]/g, ' ').replace(/:/g, '∶');

interface Edge {
  from: StateNode;
  to: StateNode[];
  event: string;
  guard?: string;
  actions: string[];
}

function edgesOf(node: StateNode): Edge[] {
  const edges: Edge[] = [];
  for (const [eventType, transitions] of node.transitions) {
    for (const transition of transitions) {
      edges.push({
        from: node,
        to: transition.target ?? [],
        event: eventLabel(eventType, node),
        guard: transition.guard === undefined ? undefined : nameOf(transition.guard),
        actions: shownActions(transition.actions),
      });
    }
  }
  for (const transition of node.always ?? []) {
    edges.push({
      from: node,
      to: transition.target ?? [],
      event: 'always',
      guard: transition.guard === undefined ? undefined : nameOf(transition.guard),
      actions: shownActions(transition.actions),
    });
  }
  return edges;
}

const edgeLabel = (edge: Edge) =>
  `${edge.event}${edge.guard ? ` [${edge.guard}]` : ''}${edge.actions.length ? ` / ${edge.actions.join(', ')}` : ''}`;

/** The chain from a node up to the root: [node, parent, …, root]. */
function ancestry(node: StateNode): StateNode[] {
  const chain: StateNode[] = [];
  for (let current: StateNode | undefined = node; current; current = current.parent) chain.push(current);
  return chain;
}

/**
 * Where an edge is drawn. Mermaid cannot draw between states inside different composite states, so an edge is drawn
 * in the innermost state that holds both ends, between the children of it that hold them (the Events table below the
 * diagram has the exact states).
 */
function placeEdge(
  from: StateNode,
  to: StateNode,
): { scope: StateNode; from: StateNode; to: StateNode } | undefined {
  const up = ancestry(from);
  const toChain = ancestry(to);
  const scope = up.slice(1).find((node) => toChain.includes(node) && node !== to) ?? to.parent;
  if (!scope) return undefined;
  const childOn = (chain: StateNode[]) => chain[chain.indexOf(scope) - 1];
  const start = childOn(up);
  const end = toChain.includes(scope) && toChain.indexOf(scope) > 0 ? childOn(toChain) : start;
  return start && end ? { scope, from: start, to: end } : undefined;
}

/** The diagram's edges, by the id of the state whose body draws them. */
function placedEdges(root: StateNode): Map<string, string[]> {
  const placed = new Map<string, string[]>();
  const add = (scope: StateNode, line: string) =>
    placed.set(scope.id, [...(placed.get(scope.id) ?? []), line]);
  for (const node of allStates(root)) {
    for (const edge of edgesOf(node)) {
      for (const target of edge.to.length ? edge.to : [node]) {
        const place = placeEdge(node, target);
        if (place)
          add(
            place.scope,
            `${mermaidId(place.from)} --> ${mermaidId(place.to)} : ${mermaidText(edgeLabel(edge))}`,
          );
      }
    }
    if (node.type === 'final' && node.parent) add(node.parent, `${mermaidId(node)} --> [*]`);
  }
  return placed;
}

/** The lines of one state's body in the diagram: children (or parallel regions), then the edges drawn in it. */
function diagramBody(node: StateNode, indent: string, edges: Map<string, string[]>): string[] {
  const lines: string[] = [];
  const children = Object.values(node.states);
  const declare = (child: StateNode) => {
    const id = mermaidId(child);
    const grandchildren = Object.values(child.states);
    const notes = [
      child.tags.length ? `tags: ${child.tags.join(', ')}` : '',
      shownActions(child.entry).length ? `entry / ${shownActions(child.entry).join(', ')}` : '',
      shownActions(child.exit).length ? `exit / ${shownActions(child.exit).join(', ')}` : '',
      child.invoke.length ? `invoke: ${child.invoke.map((i) => nameOf(i.src)).join(', ')}` : '',
    ].filter(Boolean);
    if (child.type === 'history') {
      lines.push(`${indent}state "${mermaidText(child.key)} (history)" as ${id}`);
    } else if (grandchildren.length) {
      // Mermaid gives a composite state a label only: its notes go into the label.
      const label = [child.key + (child.type === 'parallel' ? ' (parallel)' : ''), ...notes].join(' · ');
      lines.push(`${indent}state "${mermaidText(label)}" as ${id} {`);
      lines.push(...diagramBody(child, `${indent}  `, edges));
      lines.push(`${indent}}`);
    } else {
      lines.push(`${indent}state "${mermaidText(child.key)}" as ${id}`);
      for (const note of notes) lines.push(`${indent}${id} : ${mermaidText(note)}`);
    }
  };
  if (node.type === 'parallel') {
    children.forEach((child, index) => {
      if (index) lines.push(`${indent}--`);
      declare(child);
    });
  } else {
    for (const target of node.initial?.target ?? []) {
      const start = ancestry(target).find((candidate) => candidate.parent === node) ?? target;
      lines.push(`${indent}[*] --> ${mermaidId(start)}`);
    }
    for (const child of children) declare(child);
  }
  for (const line of edges.get(node.id) ?? []) lines.push(`${indent}${line}`);
  return lines;
}

/** The Mermaid stateDiagram-v2 of a machine. */
export function mermaidDiagram(machine: AnyStateMachine): string {
  const root = machine.root as unknown as StateNode;
  const lines = ['stateDiagram-v2'];
  const edges = placedEdges(root);
  // Transitions the root itself handles (in any state) are drawn from a pseudo-state '(in any state)'.
  const rootEdges = edgesOf(root);
  if (rootEdges.length) lines.push(`  state "(in any state)" as ${mermaidId(root)}_any`);
  if (root.type === 'parallel') {
    // Mermaid draws parallel regions only inside a composite state: the machine becomes one.
    lines.push(`  state "${mermaidText(machine.id)} (parallel)" as ${mermaidId(root)} {`);
    lines.push(...diagramBody(root, '    ', edges));
    lines.push('  }');
  } else {
    lines.push(...diagramBody(root, '  ', edges));
  }
  for (const edge of rootEdges) {
    for (const target of edge.to.length ? edge.to : [root]) {
      const end = ancestry(target).find((candidate) => candidate.parent === root);
      lines.push(
        `  ${mermaidId(root)}_any --> ${end ? mermaidId(end) : `${mermaidId(root)}_any`} : ${mermaidText(edgeLabel(edge))}`,
      );
    }
  }
  return lines.join('\n');
}

/** Every state with its path, as the tables list them. */
function allStates(node: StateNode): StateNode[] {
  return Object.values(node.states).flatMap((child) => [child, ...allStates(child)]);
}
const pathOf = (node: StateNode, machine: AnyStateMachine) =>
  node.id === machine.id ? '(any state)' : node.id.slice(machine.id.length + 1);

/** The JSON Stately Studio imports: the machine's config, implementations by their setup() names. */
export function statelyJson(machine: AnyStateMachine): string {
  const replacer = (key: string, value: unknown) => {
    // Functions that compute data (input, params, context, output) have no name a chart could show.
    if (typeof value === 'function' && ['context', 'input', 'params', 'output'].includes(key))
      return undefined;
    if (typeof value === 'function') return nameOf(value);
    return value;
  };
  return `${JSON.stringify({ id: machine.id, ...(machine.config as object) }, replacer, 2)}\n`;
}

interface Source {
  /** The machine's module, e.g. src/machines/auth/confirm-email-machine.ts. */
  file: string;
  exportName: string;
}

/** Which module and export each registered machine comes from, read from the registry's imports. */
function registrySources(): Map<string, Source> {
  const text = readFileSync(REGISTRY, 'utf8');
  const modules = new Map<string, string>();
  for (const match of text.matchAll(/import\s*\{([^}]+)\}\s*from\s*'(\.[^']+)'/g)) {
    for (const name of match[1].split(',').map((part) =>
      part
        .trim()
        .split(/\s+as\s+/)
        .pop()!,
    )) {
      if (name) modules.set(name, posix(relative(ROOT, resolve(dirname(REGISTRY), `${match[2]}.ts`))));
    }
  }
  const sources = new Map<string, Source>();
  for (const match of text.matchAll(/\[(\w+)\.id\]\s*:\s*(\w+)/g)) {
    const file = modules.get(match[2]);
    if (file) sources.set(match[2], { file, exportName: match[2] });
  }
  return sources;
}

/** The comment right above `export const <name> =`: a block comment or a run of line comments. */
function docComment(source: Source): string {
  const lines = readFileSync(join(ROOT, source.file), 'utf8').split('\n');
  const at = lines.findIndex((line) => new RegExp(`^export const ${source.exportName}\\b`).test(line));
  const above: string[] = [];
  let i = at - 1;
  if (at > 0 && lines[i].trim().endsWith('*/')) {
    for (; i >= 0; i--) {
      above.unshift(lines[i]);
      if (lines[i].trim().startsWith('/*')) break;
    }
    return above
      .join('\n')
      .replace(/^\s*\/\*\*?/, '')
      .replace(/\*\/\s*$/, '')
      .split('\n')
      .map((line) => line.replace(/^\s*\* ?/, '').trimEnd())
      .join('\n')
      .trim();
  }
  for (; i >= 0 && lines[i].trim().startsWith('//'); i--)
    above.unshift(lines[i].trim().replace(/^\/\/ ?/, ''));
  return above.join('\n').trim() || fileHeader(lines);
}

/** A file's own description: a run of line comments standing alone (a blank line after it) right after the imports. */
function fileHeader(lines: string[]): string {
  let i = lines.findLastIndex((line) => /^import\b|^\} from '/.test(line)) + 1;
  while (i < lines.length && !lines[i].trim()) i++;
  const header: string[] = [];
  for (; i < lines.length && lines[i].startsWith('//'); i++) header.push(lines[i].replace(/^\/\/ ?/, ''));
  return header.length && !lines[i]?.trim() ? header.join('\n').trim() : '';
}

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    return statSync(join(ROOT, path)).isDirectory()
      ? filesUnder(path)
      : /\.tsx?$/.test(name)
        ? [posix(path)]
        : [];
  });
}

/** Files under `dirs` that import the module (by its file name, wherever they import it from). */
function importersOf(module: string, files: string[]): string[] {
  const base = module.replace(/^.*\//, '').replace(/\.ts$/, '');
  const pattern = new RegExp(`from\\s+'[^']*/${base.replace(/[-.]/g, '\\$&')}'`);
  return files.filter((file) => pattern.test(readFileSync(join(ROOT, file), 'utf8'))).sort();
}

const link = (file: string) => `[${file}](../../${file})`;
const cell = (text: string) => text.replace(/\|/g, '\\|') || ' ';

/** Every generated file: path under docs/machines → content. */
export async function generateMachineDocs(): Promise<Map<string, string>> {
  const { machineRegistry } = (await import('../src/machines/registry')) as {
    machineRegistry: Record<string, AnyStateMachine>;
  };
  const sources = registrySources();
  const sourceOf = (machine: AnyStateMachine) =>
    [...sources.values()].find((source) => source.exportName && machineExport(source) === machine);
  const exportsByFile = new Map<string, Record<string, unknown>>();
  for (const source of sources.values())
    exportsByFile.set(
      source.file,
      (await import(/* @vite-ignore */ pathToFileURL(join(ROOT, source.file)).href)) as Record<
        string,
        unknown
      >,
    );
  const machineExport = (source: Source) => exportsByFile.get(source.file)?.[source.exportName];

  const uiFiles = [...filesUnder('src/ui'), ...filesUnder('src/routes')];
  const testFiles = [...filesUnder('tests'), ...filesUnder('e2e')];
  const files = new Map<string, string>();
  const index: string[] = [];

  for (const id of Object.keys(machineRegistry).sort()) {
    const machine = machineRegistry[id];
    const name = kebab(id);
    const source = sourceOf(machine);
    const root = machine.root as unknown as StateNode;
    const states = allStates(root);
    const description = source ? docComment(source) : '';
    const views = source ? importersOf(source.file, uiFiles) : [];
    const tests = source ? importersOf(source.file, testFiles) : [];
    const summary = description.split(/\n\s*\n/)[0].replace(/\s+/g, ' ');
    index.push(`| [${id}](${name}.md) | ${cell(summary)} | ${states.length} |`);

    const page = [
      `# ${id}`,
      '',
      '<!-- Generated by `npm run machines` from the machine itself: do not edit. -->',
      '',
      description || '_No doc comment on the machine yet._',
      '',
      source ? `- **Machine**: ${link(source.file)} (\`${source.exportName}\`)` : '',
      `- **Views and routes**: ${views.length ? views.map(link).join(', ') : 'none import it directly'}`,
      `- **Tests**: ${tests.length ? tests.map(link).join(', ') : 'none import it directly'}`,
      `- **Stately Studio**: [${name}.json](${name}.json) — in the Studio, *Import from code* and paste ` +
        '`createMachine(` + the file + `)`; or watch it run with `VITE_XSTATE_INSPECT=1 npm run dev`.',
      '',
      '```mermaid',
      mermaidDiagram(machine),
      '```',
      '',
      'An edge reads `event [guard] / actions`; `always` is taken as soon as its guard holds, `after: delay` when the ' +
        'named delay has passed, `done:`/`error:` when an invoked actor ends. Boxes list tags, entry/exit actions and ' +
        'invoked actors.',
      '',
      '## States',
      '',
      '| state | kind | tags | on entry | invokes |',
      '|---|---|---|---|---|',
      ...states.map(
        (node) =>
          `| \`${pathOf(node, machine)}\` | ${node.type} | ${cell(node.tags.join(', '))} | ${cell(
            shownActions(node.entry).join(', '),
          )} | ${cell(node.invoke.map((i) => nameOf(i.src)).join(', '))} |`,
      ),
      '',
      '## Events',
      '',
      '| in state | event | guard | to | actions |',
      '|---|---|---|---|---|',
      ...[root, ...states].flatMap((node) =>
        edgesOf(node).map(
          (edge) =>
            `| \`${pathOf(node, machine)}\` | \`${cell(edge.event)}\` | ${cell(edge.guard ?? '')} | ${cell(
              edge.to.map((target) => `\`${pathOf(target, machine)}\``).join(', ') || '(stays)',
            )} | ${cell(edge.actions.join(', '))} |`,
        ),
      ),
      '',
    ].join('\n');
    files.set(`${name}.md`, page.replace(/\n{3,}/g, '\n\n'));
    files.set(`${name}.json`, statelyJson(machine));
  }

  files.set(
    'README.md',
    [
      '# The app’s flows as statecharts',
      '',
      '<!-- Generated by `npm run machines` from src/machines/registry.ts: do not edit. -->',
      '',
      'Every flow of the web app is an XState machine; each page below draws one from its own definition, so the ' +
        'picture is always the code. Each also has a JSON export that Stately Studio imports.',
      '',
      '| machine | what it does | states |',
      '|---|---|---|',
      ...index,
      '',
    ].join('\n'),
  );
  return files;
}
