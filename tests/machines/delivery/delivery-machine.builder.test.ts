import { createActor, createMachine } from 'xstate';
import { ApiError } from '../../../src/api/api-error';
import type { Notice } from '../../../src/machines/auth/auth-flow';
import { deliveryMachine } from '../../../src/machines/delivery/delivery-machine';
import {
  BUILDER_DOWNLOAD_FAILED_NOTICE as DOWNLOAD_FAILED_NOTICE,
  MUST_SAVE_NOTICE,
  builderDownloadedNotice as downloadedNotice,
} from '../../../src/machines/delivery/delivery-notices';
import { t } from '../../../src/i18n/i18n';
import { declaredTransitionCount, deferredActor, flush, runModelPath, transitionPaths } from '../model-paths';
import { builderDeliveryActors, type BuilderDownloadRequest } from './builder-delivery';

const UUID = '3f2b8c1e-6a4d-4e2f-9b7a-1c2d3e4f5a6b';

function createWorld() {
  const download = deferredActor<void, BuilderDownloadRequest>();
  const notify = vi.fn<(notice: Notice) => void>();
  const actor = createActor(
    deliveryMachine.provide({
      actors: builderDeliveryActors(download),
      actions: { notify: (_, notice) => notify(notice), saveFile: () => undefined },
    }),
  ).start();
  return { actor, download, notify, started: 0 };
}

/** Asks for a download; only an idle machine starts one. */
function request(world: World, format: 'pdf' | 'word') {
  if (world.actor.getSnapshot().matches('idle')) world.started += 1;
  world.actor.send({ type: 'download.request', format, uuid: UUID, name: 'Software Engineer 2024' });
}
type World = ReturnType<typeof createWorld>;

describe("delivery machine, the builder's requests: model-based", () => {
  const model = createMachine({
    id: 'builderDeliveryModel',
    initial: 'idle',
    states: {
      idle: {
        on: { 'request.unsaved': 'idle', 'request.pdf': 'downloadingPdf', 'request.word': 'downloadingWord' },
      },
      downloadingPdf: {
        on: { 'download.succeeds': 'idle', 'download.fails': 'idle', 'request.word': 'downloadingPdf' },
      },
      downloadingWord: { on: { 'download.succeeds': 'idle', 'download.fails': 'idle' } },
    },
  });
  const events = [
    'request.unsaved',
    'request.pdf',
    'request.word',
    'download.succeeds',
    'download.fails',
  ].map((type) => ({ type }));

  const executors: Record<string, (world: World) => Promise<void> | void> = {
    'request.unsaved': (world) => {
      world.actor.send({ type: 'download.request', format: 'pdf', name: 'Draft' });
      expect(world.notify).toHaveBeenLastCalledWith(MUST_SAVE_NOTICE);
    },
    'request.pdf': (world) => request(world, 'pdf'),
    'request.word': (world) => request(world, 'word'),
    'download.succeeds': async (world) => {
      const format = world.download.last().input.format;
      world.download.last().resolve();
      await flush();
      expect(world.notify).toHaveBeenLastCalledWith(downloadedNotice(format));
    },
    'download.fails': async (world) => {
      world.download.last().reject(new ApiError('Not found.', { status: 404 }));
      await flush();
      expect(world.notify).toHaveBeenLastCalledWith(DOWNLOAD_FAILED_NOTICE);
    },
  };

  function assertState(world: World, modelState: string) {
    const snapshot = world.actor.getSnapshot();
    if (modelState === 'idle') {
      expect(snapshot.value).toBe('idle');
      expect(snapshot.hasTag('busy')).toBe(false);
      return;
    }
    expect(snapshot.value).toBe('downloading');
    expect(snapshot.hasTag('busy')).toBe(true);
    // One download at a time: a second request while busy starts nothing.
    expect(world.download.requests).toHaveLength(world.started);
    expect(world.download.last().input).toEqual({
      format: modelState === 'downloadingPdf' ? 'pdf' : 'word',
      uuid: UUID,
      name: 'Software Engineer 2024',
    });
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

  it('words the success toast per format', () => {
    expect(t(downloadedNotice('pdf').description!)).toBe('Your CV has been downloaded as PDF.');
    expect(t(downloadedNotice('word').description!)).toBe('Your CV has been downloaded as Word document.');
  });
});
