import { createActor, createMachine } from 'xstate';
import {
  phoneViewOf,
  previewViewMachine,
  zoomOf,
  type PreviewViewActor,
} from '../../../src/machines/builder/preview-view-machine';
import { declaredTransitionCount, runModelPath, transitionPaths } from '../model-paths';

function createWorld() {
  return { actor: createActor(previewViewMachine).start() as PreviewViewActor };
}
type World = ReturnType<typeof createWorld>;

describe('preview view machine: model-based', () => {
  // The model's states: which of form and preview a phone shows, and the preview's zoom.
  const model = createMachine({
    id: 'previewViewModel',
    initial: 'formWidth',
    states: {
      formWidth: { on: { showPreview: 'previewWidth', zoomPage: 'formPage', showForm: 'formWidth' } },
      previewWidth: { on: { showForm: 'formWidth', zoomPage: 'previewPage', showPreview: 'previewWidth' } },
      formPage: { on: { showPreview: 'previewPage', zoomWidth: 'formWidth' } },
      previewPage: { on: { showForm: 'formPage', zoomWidth: 'previewWidth', zoomPage: 'previewPage' } },
    },
  });
  const events = ['showForm', 'showPreview', 'zoomWidth', 'zoomPage'].map((type) => ({ type }));

  const executors: Record<string, (world: World) => void> = {
    showForm: (world) => world.actor.send({ type: 'view.show', view: 'form' }),
    showPreview: (world) => world.actor.send({ type: 'view.show', view: 'preview' }),
    zoomWidth: (world) => world.actor.send({ type: 'zoom.set', zoom: 'width' }),
    zoomPage: (world) => world.actor.send({ type: 'zoom.set', zoom: 'page' }),
  };

  function assertState(world: World, modelState: string) {
    const snapshot = world.actor.getSnapshot();
    expect(phoneViewOf(snapshot)).toBe(modelState.startsWith('preview') ? 'preview' : 'form');
    expect(zoomOf(snapshot)).toBe(modelState.endsWith('Page') ? 'page' : 'width');
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

describe('preview view machine: edge cases', () => {
  it('opens on the form, the page as wide as the column', () => {
    const snapshot = createActor(previewViewMachine).start().getSnapshot();
    expect(phoneViewOf(snapshot)).toBe('form');
    expect(zoomOf(snapshot)).toBe('width');
  });

  it('flipping the phone view keeps the zoom, and zooming keeps the view', () => {
    const actor = createActor(previewViewMachine).start();
    actor.send({ type: 'zoom.set', zoom: 'page' });
    actor.send({ type: 'view.show', view: 'preview' });
    actor.send({ type: 'view.show', view: 'form' });
    expect(zoomOf(actor.getSnapshot())).toBe('page');
    actor.send({ type: 'view.show', view: 'preview' });
    actor.send({ type: 'zoom.set', zoom: 'width' });
    expect(phoneViewOf(actor.getSnapshot())).toBe('preview');
  });

  it('reads no state before the machine is there (the builder still loading)', () => {
    expect(phoneViewOf(undefined)).toBe('form');
    expect(zoomOf(undefined)).toBe('width');
  });
});
