import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOCS_DIR, generateMachineDocs, mermaidDiagram } from '../../scripts/machine-docs';
import { machineRegistry } from '../../src/machines/registry';

// docs/machines/ is generated from the machines (npm run machines): a page that differs from the code is stale.
describe('docs/machines/', () => {
  let generated: Map<string, string>;
  beforeAll(async () => {
    generated = await generateMachineDocs();
  }, 60_000);

  it('has a page and a Stately export for every machine of the registry, and an index', () => {
    expect(generated.size).toBe(Object.keys(machineRegistry).length * 2 + 1);
    expect(generated.has('README.md')).toBe(true);
  });

  it('is what npm run machines writes from the code (run it after changing a machine)', () => {
    const stale = [...generated].filter(
      ([name, content]) =>
        !existsSync(join(DOCS_DIR, name)) || readFileSync(join(DOCS_DIR, name), 'utf8') !== content,
    );
    const orphans = readdirSync(DOCS_DIR).filter((name) => !generated.has(name));
    expect(
      { stale: stale.map(([name]) => name), orphans },
      'docs/machines/ is stale: run npm run machines',
    ).toEqual({
      stale: [],
      orphans: [],
    });
  });

  it('draws every state, tag, guard and named action of a machine', () => {
    for (const machine of Object.values(machineRegistry)) {
      const diagram = mermaidDiagram(machine);
      expect(diagram.startsWith('stateDiagram-v2\n')).toBe(true);
      const json = JSON.stringify(machine.config);
      for (const key of Object.keys(machine.config.states ?? {}))
        expect(diagram, `${machine.id}: state ${key}`).toMatch(new RegExp(`state "${key}[" ]`));
      for (const match of json.matchAll(/"guard":"(\w+)"/g))
        expect(diagram, `${machine.id}: guard`).toContain(match[1]);
      for (const match of json.matchAll(/"tags":\["?([\w-]+)/g))
        expect(diagram, `${machine.id}: tag`).toContain(match[1]);
    }
  });

  it('exports JSON that keeps the machine’s id, states and implementation names', () => {
    for (const [id, machine] of Object.entries(machineRegistry)) {
      const name = id.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
      const exported = JSON.parse(generated.get(`${name}.json`)!) as { id: string; states?: object };
      expect(exported.id).toBe(machine.id);
      expect(Object.keys(exported.states ?? {})).toEqual(Object.keys(machine.config.states ?? {}));
    }
  });
});
