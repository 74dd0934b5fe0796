import { createActor, createMachine, fromPromise } from 'xstate';
import type { AccountExport } from '../../../src/api/account-export';
import { ApiError } from '../../../src/api/api-error';
import { t } from '../../../src/i18n/i18n';
import {
  DATA_DOWNLOAD_FAILED_MESSAGE,
  DATA_DOWNLOAD_UNSUPPORTED_MESSAGE,
  dataDownloadMachine,
  downloadedText,
  failureText,
  progressText,
  type DataDownloadActor,
  type ProgressListener,
} from '../../../src/machines/profile/data-download-machine';
import {
  declaredTransitionCount,
  flush,
  runModelPath,
  transitionPaths,
  type PendingRequest,
} from '../model-paths';

const FILE: AccountExport = {
  blob: new Blob(['PK'], { type: 'application/zip' }),
  fileName: 'cv-builder-data-2026-11-26.zip',
};

type Listener = ProgressListener;

function createWorld() {
  const requests: Array<PendingRequest<{ listener: Listener }, AccountExport> & { signal: AbortSignal }> = [];
  return {
    requests,
    saved: [] as AccountExport[],
    actor: undefined as DataDownloadActor | undefined,
    logic: fromPromise<AccountExport, { listener: Listener }>(
      ({ input, signal }) =>
        new Promise<AccountExport>((resolve, reject) => requests.push({ input, resolve, reject, signal })),
    ),
  };
}
type World = ReturnType<typeof createWorld>;

function start(world: World) {
  world.actor = createActor(
    dataDownloadMachine.provide({
      actors: { downloadData: world.logic },
      actions: { saveFile: (_, file: AccountExport) => void world.saved.push(file) },
    }),
  ).start();
  return world.actor;
}

describe('data download machine: model-based (download all my data)', () => {
  const model = createMachine({
    id: 'dataDownloadModel',
    initial: 'idle',
    states: {
      idle: { on: { download: 'downloading' } },
      downloading: {
        on: {
          progress: 'downloading',
          done: 'downloaded',
          fails: 'failed',
          limited: 'failed',
          cancel: 'idle',
        },
      },
      downloaded: { on: { download: 'downloading' } },
      failed: { on: { download: 'downloading' } },
    },
  });
  const events = ['download', 'progress', 'done', 'fails', 'limited', 'cancel'].map((type) => ({ type }));
  const executors: Record<string, (world: World) => Promise<void> | void> = {
    download: (world) => world.actor!.send({ type: 'data.download' }),
    progress: (world) => {
      world.requests.at(-1)!.input.listener.send({ type: 'data.progress', receivedBytes: 3 * 1024 * 1024 });
      expect(world.actor!.getSnapshot().context.receivedBytes).toBe(3 * 1024 * 1024);
    },
    done: async (world) => {
      world.requests.at(-1)!.resolve(FILE);
      await flush();
      expect(world.saved.at(-1)).toBe(FILE);
    },
    fails: async (world) => {
      world.requests.at(-1)!.reject(new Error('Network Error'));
      await flush();
      expect(world.actor!.getSnapshot().context.error).toBe(DATA_DOWNLOAD_FAILED_MESSAGE);
    },
    limited: async (world) => {
      const words = 'Too many attempts. Please try again in 12 minutes.';
      world.requests.at(-1)!.reject(new ApiError(words, { status: 429, serverMessage: words }));
      await flush();
      expect(world.actor!.getSnapshot().context.error).toBe(words);
    },
    cancel: (world) => {
      const request = world.requests.at(-1)!;
      world.actor!.send({ type: 'data.cancel' });
      // Leaving the state aborts the request: nothing is saved.
      expect(request.signal.aborted).toBe(true);
    },
  };
  function assertState(world: World, state: string) {
    const snapshot = world.actor!.getSnapshot();
    expect(snapshot.value).toBe(state);
    expect(snapshot.hasTag('busy')).toBe(state === 'downloading');
    if (state === 'downloaded') expect(snapshot.context.fileName).toBe(FILE.fileName);
    if (state === 'failed') expect(snapshot.context.error).toBeDefined();
    if (state === 'idle') expect(world.saved).toHaveLength(0);
  }
  const paths = transitionPaths(model, events);

  it('covers every transition of the model', () => {
    expect(paths).toHaveLength(declaredTransitionCount(model));
  });

  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_, path) => {
    const world = createWorld();
    start(world);
    await runModelPath(model, path, world, executors, assertState);
    world.actor?.stop();
  });
});

describe('data download machine: edge cases', () => {
  it('starts one download at a time and forgets the last result when it starts again', async () => {
    const world = createWorld();
    const actor = start(world);
    actor.send({ type: 'data.download' });
    actor.send({ type: 'data.download' });
    expect(world.requests).toHaveLength(1);
    world.requests[0]!.reject(new Error('offline'));
    await flush();
    actor.send({ type: 'data.download' });
    expect(actor.getSnapshot().context).toEqual({ receivedBytes: 0, fileName: undefined, error: undefined });
    actor.stop();
  });

  it('ignores progress that arrives when no download runs', () => {
    const world = createWorld();
    const actor = start(world);
    actor.send({ type: 'data.progress', receivedBytes: 10 });
    expect(actor.getSnapshot().context.receivedBytes).toBe(0);
    actor.stop();
  });

  it('says each outcome in words', () => {
    expect(progressText(0)).toBe('Preparing your data… An account with many CVs takes a minute.');
    expect(progressText(200)).toEqual({
      id: 'Downloading your data… {received} KB so far.',
      values: { received: '1' },
    });
    expect(progressText(512 * 1024)).toEqual({
      id: 'Downloading your data… {received} KB so far.',
      values: { received: '512' },
    });
    expect(progressText(5.25 * 1024 * 1024)).toEqual({
      id: 'Downloading your data… {received} MB so far.',
      values: { received: '5.3' },
    });
    expect(downloadedText(FILE.fileName)).toEqual({
      id: 'Your data was downloaded as {fileName}.',
      values: { fileName: 'cv-builder-data-2026-11-26.zip' },
    });
    // The same English words as ever.
    expect(t(progressText(200))).toBe('Downloading your data… 1 KB so far.');
    expect(t(progressText(5.25 * 1024 * 1024))).toBe('Downloading your data… 5.3 MB so far.');
    expect(t(downloadedText(FILE.fileName))).toBe(
      'Your data was downloaded as cv-builder-data-2026-11-26.zip.',
    );
    expect(failureText(new ApiError('Not found.', { status: 404 }))).toBe(DATA_DOWNLOAD_UNSUPPORTED_MESSAGE);
    expect(
      failureText(new ApiError('x', { status: 503, serverMessage: 'PDF rendering is unavailable.' })),
    ).toBe('PDF rendering is unavailable.');
    expect(failureText(new ApiError('Request failed', { status: 500 }))).toBe(DATA_DOWNLOAD_FAILED_MESSAGE);
    expect(failureText(new TypeError('boom'))).toBe(DATA_DOWNLOAD_FAILED_MESSAGE);
  });
});
