import { machineRegistry } from '../../src/machines/registry';

describe('machine registry', () => {
  it.each(Object.entries(machineRegistry))('%s is registered under its own id and named in setup()', (id, machine) => {
    expect(machine.id).toBe(id);
    // setup() keeps every implementation by name; a machine with inline functions would still work,
    // but would not render as a readable statechart or be replaceable in tests.
    expect(machine.implementations).toBeDefined();
    expect(JSON.stringify(machine.definition)).toBeTruthy();
  });

  it('includes the foundation machines', () => {
    expect(Object.keys(machineRegistry)).toEqual(expect.arrayContaining(['session', 'sidebar']) as string[]);
  });
});
