import { createActor } from 'xstate';
import { sidebarMachine } from '../../src/machines/sidebar-machine';

function start(input: { expanded: boolean; isMobile: boolean }) {
  const persistSidebarState = vi.fn();
  const actor = createActor(sidebarMachine.provide({ actions: { persistSidebarState } }), { input }).start();
  return { actor, persisted: () => persistSidebarState.mock.calls.map(([, params]) => (params as { expanded: boolean }).expanded) };
}

describe('sidebar machine', () => {
  it('restores the remembered rail state', () => {
    expect(start({ expanded: true, isMobile: false }).actor.getSnapshot().value).toEqual({ rail: 'expanded', drawer: 'closed' });
    expect(start({ expanded: false, isMobile: false }).actor.getSnapshot().value).toEqual({ rail: 'collapsed', drawer: 'closed' });
  });

  it('toggles the rail on wide screens and persists each change', () => {
    const { actor, persisted } = start({ expanded: true, isMobile: false });
    actor.send({ type: 'sidebar.toggle' });
    expect(actor.getSnapshot().matches({ rail: 'collapsed' })).toBe(true);
    actor.send({ type: 'sidebar.toggle' });
    expect(actor.getSnapshot().matches({ rail: 'expanded' })).toBe(true);
    expect(persisted()).toEqual([false, true]);
    expect(actor.getSnapshot().matches({ drawer: 'closed' })).toBe(true);
  });

  it('toggles the drawer on narrow screens and leaves the remembered rail alone', () => {
    const { actor, persisted } = start({ expanded: false, isMobile: true });
    actor.send({ type: 'sidebar.toggle' });
    expect(actor.getSnapshot().value).toEqual({ rail: 'collapsed', drawer: 'open' });
    actor.send({ type: 'sidebar.mobileClose' });
    expect(actor.getSnapshot().matches({ drawer: 'closed' })).toBe(true);
    expect(persisted()).toEqual([]);
  });

  it('closes the drawer when the screen becomes wide', () => {
    const { actor } = start({ expanded: true, isMobile: true });
    actor.send({ type: 'sidebar.toggle' });
    actor.send({ type: 'viewport.changed', isMobile: false });
    expect(actor.getSnapshot().matches({ drawer: 'closed' })).toBe(true);
    actor.send({ type: 'sidebar.toggle' });
    expect(actor.getSnapshot().matches({ rail: 'collapsed' })).toBe(true);
  });
});
