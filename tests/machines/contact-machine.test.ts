import { createActor, createMachine } from 'xstate';
import { ApiError } from '../../src/api/api-error';
import type { SupportContact } from '../../src/api/support';
import { contactMachine, type ContactActor } from '../../src/machines/contact-machine';
import { declaredTransitionCount, deferredActor, flush, runModelPath, transitionPaths } from './model-paths';

function createWorld() {
  const load = deferredActor<SupportContact, unknown>();
  const world = { load, actor: undefined as ContactActor | undefined };
  return world;
}
type World = ReturnType<typeof createWorld>;

describe('contact machine: model-based (/contact)', () => {
  const model = createMachine({
    id: 'contactModel',
    initial: 'closed',
    states: {
      closed: { on: { open: 'loading' } },
      loading: {
        on: {
          'support.address': 'withAddress',
          'support.none': 'withoutAddress',
          'support.blank': 'withoutAddress',
          'support.fails': 'withoutAddress',
        },
      },
      withAddress: {},
      withoutAddress: {},
    },
  });
  const events = ['open', 'support.address', 'support.none', 'support.blank', 'support.fails'].map((type) => ({ type }));
  const executors: Record<string, (world: World) => Promise<void> | void> = {
    open: (world) => {
      world.actor = createActor(contactMachine.provide({ actors: { loadSupportContact: world.load.logic } })).start();
    },
    'support.address': async (world) => {
      world.load.last().resolve({ email: 'help@example.com' });
      await flush();
      expect(world.actor!.getSnapshot().context.email).toBe('help@example.com');
    },
    'support.none': async (world) => {
      world.load.last().resolve({ email: null });
      await flush();
    },
    'support.blank': async (world) => {
      world.load.last().resolve({ email: '  ' });
      await flush();
    },
    'support.fails': async (world) => {
      world.load.last().reject(new ApiError('Not found.', { status: 404 }));
      await flush();
    },
  };
  function assertState(world: World, state: string) {
    if (state === 'closed') return;
    expect(world.actor!.getSnapshot().value).toBe(state);
    if (state === 'withoutAddress') expect(world.actor!.getSnapshot().context.email).toBeUndefined();
  }
  const paths = transitionPaths(model, events);

  it('covers every transition of the model', () => {
    expect(paths).toHaveLength(declaredTransitionCount(model));
  });

  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_, path) => {
    const world = createWorld();
    await runModelPath(model, path, world, executors, assertState);
    world.actor?.stop();
  });
});
