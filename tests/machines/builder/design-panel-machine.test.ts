import { createActor, createMachine } from 'xstate';
import { ApiError } from '../../../src/api/api-error';
import type { BundledFont } from '../../../src/api/design';
import { FONTS_FAILED_MESSAGE, designPanelMachine } from '../../../src/machines/builder/design-panel-machine';
import { declaredTransitionCount, deferredActor, flush, runModelPath, transitionPaths } from '../model-paths';

const FONTS: BundledFont[] = [
  {
    id: 'noto-serif',
    name: 'Noto Serif',
    category: 'serif',
    body_family: "'Noto Serif', serif",
    heading_family: "'Noto Serif', serif",
  },
];

function createWorld() {
  const loadFonts = deferredActor<BundledFont[], unknown>();
  const actor = createActor(designPanelMachine.provide({ actors: { loadFonts: loadFonts.logic } })).start();
  return { actor, loadFonts };
}
type World = ReturnType<typeof createWorld>;

describe('design panel machine: model-based', () => {
  // The model's states say whether the panel is open and where the fonts are: never asked, asked, in, failed.
  const model = createMachine({
    id: 'designPanelModel',
    initial: 'closedIdle',
    states: {
      closedIdle: { on: { toggle: 'openLoading', close: 'closedIdle' } },
      openLoading: {
        on: {
          toggle: 'closedLoading',
          close: 'closedLoading',
          'fonts.arrive': 'openLoaded',
          'fonts.fail': 'openFailed',
        },
      },
      closedLoading: {
        on: { toggle: 'openLoading', 'fonts.arrive': 'closedLoaded', 'fonts.fail': 'closedFailed' },
      },
      openLoaded: { on: { toggle: 'closedLoaded', close: 'closedLoaded' } },
      closedLoaded: { on: { toggle: 'openLoaded' } },
      openFailed: { on: { toggle: 'closedFailed', close: 'closedFailed', retry: 'openLoading' } },
      closedFailed: { on: { toggle: 'openFailed', retry: 'closedLoading' } },
    },
  });
  const events = ['toggle', 'close', 'fonts.arrive', 'fonts.fail', 'retry'].map((type) => ({ type }));

  const executors: Record<string, (world: World) => Promise<void> | void> = {
    toggle: (world) => void world.actor.send({ type: 'panel.toggle' }),
    close: (world) => void world.actor.send({ type: 'panel.close' }),
    'fonts.arrive': async (world) => {
      world.loadFonts.last().resolve(FONTS);
      await flush();
    },
    'fonts.fail': async (world) => {
      world.loadFonts.last().reject(new ApiError('Server error', { status: 500 }));
      await flush();
    },
    retry: (world) => void world.actor.send({ type: 'fonts.retry' }),
  };

  function assertState(world: World, modelState: string) {
    const snapshot = world.actor.getSnapshot();
    const open = modelState.startsWith('open');
    expect(snapshot.matches({ visibility: open ? 'open' : 'closed' })).toBe(true);
    const fonts = modelState.replace(/^(open|closed)/, '').toLowerCase();
    expect(snapshot.matches({ fonts: fonts as 'idle' })).toBe(true);
    if (fonts === 'idle') expect(world.loadFonts.requests).toHaveLength(0);
    if (fonts === 'loaded') expect(snapshot.context.fonts).toEqual(FONTS);
    expect(snapshot.context.error).toBe(fonts === 'failed' ? FONTS_FAILED_MESSAGE : undefined);
  }

  const paths = transitionPaths(model, events);

  it('covers every transition of the model', () => {
    expect(paths).toHaveLength(declaredTransitionCount(model));
  });

  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_, path) => {
    const world = createWorld();
    await runModelPath(model, path, world, executors, assertState);
    world.actor.stop();
  });
});

describe('design panel machine: edge cases', () => {
  it('asks for the fonts once, however often the panel opens and closes', async () => {
    const world = createWorld();
    world.actor.send({ type: 'panel.toggle' });
    world.loadFonts.last().resolve(FONTS);
    await flush();
    for (let i = 0; i < 4; i += 1) world.actor.send({ type: 'panel.toggle' });
    expect(world.loadFonts.requests).toHaveLength(1);
  });

  it('keeps the fonts it had when a retry is not possible (loaded: retry does nothing)', async () => {
    const world = createWorld();
    world.actor.send({ type: 'panel.toggle' });
    world.loadFonts.last().resolve(FONTS);
    await flush();
    world.actor.send({ type: 'fonts.retry' });
    expect(world.loadFonts.requests).toHaveLength(1);
    expect(world.actor.getSnapshot().context.fonts).toEqual(FONTS);
  });

  it('a retry takes the message away while it asks again', async () => {
    const world = createWorld();
    world.actor.send({ type: 'panel.toggle' });
    world.loadFonts.last().reject(new Error('offline'));
    await flush();
    world.actor.send({ type: 'fonts.retry' });
    expect(world.actor.getSnapshot().context.error).toBeUndefined();
    world.loadFonts.last().resolve([]);
    await flush();
    expect(world.actor.getSnapshot().context).toEqual({ fonts: [], error: undefined });
  });

  it('stops the fonts request when the builder closes', () => {
    const world = createWorld();
    world.actor.send({ type: 'panel.toggle' });
    world.actor.stop();
    expect(world.actor.getSnapshot().status).toBe('stopped');
  });
});
