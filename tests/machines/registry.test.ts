import { StateMachine, type AnyStateMachine } from 'xstate';
import { machineRegistry } from '../../src/machines/registry';

// Every machine under src/machines/, found by what the modules export, and the text of each module.
const modules = import.meta.glob<Record<string, unknown>>('../../src/machines/**/*.ts', { eager: true });
const sources = import.meta.glob<string>('../../src/machines/**/*.ts', { eager: true, query: '?raw', import: 'default' });

/** Each exported machine with the export's name and the module that defines it (`export const xMachine = …`). */
function exportedMachines(): Array<{ name: string; file: string; machine: AnyStateMachine }> {
  const found = new Map<AnyStateMachine, { name: string; file: string; machine: AnyStateMachine }>();
  for (const [file, exports] of Object.entries(modules)) {
    for (const [name, value] of Object.entries(exports)) {
      if (!(value instanceof StateMachine)) continue;
      const defined = new RegExp(`export const ${name}\\b`).test(sources[file] ?? '');
      if (defined || !found.has(value)) found.set(value, { name, file, machine: value });
    }
  }
  return [...found.values()];
}

interface References {
  actions: Set<string>;
  guards: Set<string>;
  actors: Set<string>;
  delays: Set<string>;
}

const list = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** The implementation a config entry names: 'assignProfile' or { type: 'notify', params }; inline functions name none. */
function nameOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  const type = (value as { type?: unknown } | null)?.type;
  return typeof type === 'string' ? type : undefined;
}

function addNamed(into: Set<string>, values: unknown) {
  for (const value of list(values)) {
    const name = nameOf(value);
    if (name !== undefined) into.add(name);
  }
}

function visitTransitions(config: unknown, refs: References) {
  for (const transition of list(config)) {
    // A bare string is a target, not an implementation.
    if (transition === null || typeof transition !== 'object') continue;
    const { actions, guard } = transition as { actions?: unknown; guard?: unknown };
    addNamed(refs.actions, actions);
    addNamed(refs.guards, guard);
  }
}

function visitState(config: Record<string, unknown>, refs: References) {
  addNamed(refs.actions, config.entry);
  addNamed(refs.actions, config.exit);
  for (const transitions of Object.values((config.on ?? {}) as Record<string, unknown>)) visitTransitions(transitions, refs);
  visitTransitions(config.always, refs);
  for (const [delay, transitions] of Object.entries((config.after ?? {}) as Record<string, unknown>)) {
    if (Number.isNaN(Number(delay))) refs.delays.add(delay);
    visitTransitions(transitions, refs);
  }
  for (const invoke of list(config.invoke) as Array<Record<string, unknown>>) {
    if (typeof invoke.src === 'string') refs.actors.add(invoke.src);
    visitTransitions(invoke.onDone, refs);
    visitTransitions(invoke.onError, refs);
    visitTransitions(invoke.onSnapshot, refs);
  }
  visitTransitions(config.onDone, refs);
  for (const child of Object.values((config.states ?? {}) as Record<string, Record<string, unknown>>)) {
    visitState(child, refs);
  }
}

function referencesOf(machine: AnyStateMachine): References {
  const refs: References = { actions: new Set(), guards: new Set(), actors: new Set(), delays: new Set() };
  visitState(machine.config as Record<string, unknown>, refs);
  return refs;
}

const machines = exportedMachines();

describe('machine registry', () => {
  it('finds the machines the modules export', () => {
    expect(machines.length).toBeGreaterThanOrEqual(Object.keys(machineRegistry).length);
  });

  it.each(machines.map((entry) => [entry.name, entry] as const))('%s is registered under its own id', (_, { machine }) => {
    expect(Object.values(machineRegistry)).toContain(machine);
    expect(machineRegistry[machine.id]).toBe(machine);
  });

  it.each(Object.entries(machineRegistry))('%s is registered under its own id and named in setup()', (id, machine) => {
    expect(machine.id).toBe(id);
    // setup() keeps every implementation by name; a machine with inline functions would still work,
    // but would not render as a readable statechart or be replaceable in tests.
    expect(machine.implementations).toBeDefined();
    expect(JSON.stringify(machine.definition)).toBeTruthy();
  });

  it.each(machines.map((entry) => [entry.name, entry] as const))(
    '%s is built with setup(), and every implementation its chart names is there',
    (name, { file, machine }) => {
      const source = sources[file] ?? '';
      const definition = new RegExp(`export const ${name}\\s*=\\s*(\\w+)\\s*[.(]`).exec(source);
      expect(definition, `${file} defines ${name}`).not.toBeNull();
      const builtBy = definition![1];
      // Either `setup({…}).createMachine(…)` or a setup kept in a constant (`const builderSetup = setup({…})`).
      if (builtBy !== 'setup') expect(source).toMatch(new RegExp(`const ${builtBy}\\s*=\\s*setup\\(`));

      const refs = referencesOf(machine);
      const { actions, guards, actors, delays } = machine.implementations;
      expect([...refs.actions].filter((action) => !(action in actions))).toEqual([]);
      expect([...refs.guards].filter((guard) => !(guard in guards))).toEqual([]);
      expect([...refs.actors].filter((actor) => !(actor in actors))).toEqual([]);
      expect([...refs.delays].filter((delay) => !(delay in delays))).toEqual([]);
    },
  );

  it('includes the foundation machines', () => {
    expect(Object.keys(machineRegistry)).toEqual(expect.arrayContaining(['session', 'sidebar']) as string[]);
  });
});
