import { createActor, createMachine, fromCallback } from 'xstate';
import { ApiError } from '../../../src/api/api-error';
import type { BinnedCv } from '../../../src/api/bin';
import type { GeneratedCv } from '../../../src/api/cvs';
import type { Notice } from '../../../src/machines/auth/auth-flow';
import {
  BIN_LOAD_FAILED_MESSAGE,
  DELETE_FOREVER_FAILED_NOTICE,
  NO_LONGER_IN_BIN_NOTICE,
  RESTORE_FAILED_NOTICE,
  deletedForeverNotice,
  recentlyDeletedMachine,
  restoredNotice,
  type RecentlyDeletedActor,
} from '../../../src/machines/catalogue/recently-deleted-machine';
import type { CvListRef } from '../../../src/machines/delivery/delivery-machine';
import { loadExecutors } from '../list-card';
import { fakeLetterBin } from './catalogue-fixtures';
import { declaredTransitionCount, deferredActor, flush, runModelPath, transitionPaths } from '../model-paths';

const binned = (n: number, name: string): BinnedCv => ({
  uuid: `00000000-0000-4000-8000-00000000000${n}`,
  name,
  template: 1,
  template_name: 'Executive Classic',
  deleted_at: '2026-11-20T10:00:00.000Z',
  purge_at: '2026-12-20T10:00:00.000Z',
});
const FIRST = binned(1, 'Software Engineer 2024');
const SECOND = binned(2, 'Data Analyst');
const restoredCv = (item: BinnedCv): GeneratedCv => ({
  id: 7,
  uuid: item.uuid,
  name: item.name,
  template: 1,
});

function createWorld() {
  return {
    load: deferredActor<BinnedCv[], unknown>(),
    restore: deferredActor<GeneratedCv, { uuid: string }>(),
    purge: deferredActor<void, { uuid: string }>(),
    notices: [] as Notice[],
    /** What the list of saved CVs was told. */
    listed: [] as unknown[],
    actor: undefined as RecentlyDeletedActor | undefined,
  };
}
type World = ReturnType<typeof createWorld>;

function start(world: World) {
  const list = createActor(
    fromCallback(({ receive }) => {
      receive((event) => void world.listed.push(event));
    }),
  ).start() as unknown as CvListRef;
  world.actor = createActor(
    recentlyDeletedMachine.provide({
      actors: {
        loadBin: world.load.logic,
        restoreCv: world.restore.logic,
        deleteForever: world.purge.logic,
        letterBin: fakeLetterBin(),
      },
      actions: { notify: (_, notice: Notice) => void world.notices.push(notice) },
    }),
    { input: { list } },
  ).start();
  return world.actor;
}

describe('recently deleted machine: model-based (the bin in CV management)', () => {
  const model = createMachine({
    id: 'recentlyDeletedModel',
    initial: 'closed',
    states: {
      closed: { on: { open: 'loading' } },
      loading: {
        on: {
          'load.two': 'two',
          'load.none': 'none',
          'load.fails': 'failed',
          'load.unsupported': 'unsupported',
        },
      },
      two: { on: { restore: 'restoring', deleteForever: 'confirming', reload: 'loading' } },
      /** One left: the other was restored or deleted forever. */
      one: { on: { reload: 'loading' } },
      none: { on: { reload: 'loading' } },
      restoring: { on: { 'restore.done': 'one', 'restore.fails': 'two', 'restore.gone': 'loading' } },
      confirming: { on: { 'purge.cancel': 'two', 'purge.confirm': 'purging', reload: 'confirmingStale' } },
      /** A CV was deleted from the list while the question was open: the bin loads again once it is answered. */
      confirmingStale: { on: { 'purge.cancel': 'loading' } },
      purging: { on: { 'purge.done': 'one', 'purge.fails': 'two', 'purge.gone': 'loading' } },
      failed: { on: { reload: 'loading' } },
      unsupported: {},
    },
  });
  const events = [
    'open',
    'load.two',
    'load.none',
    'load.fails',
    'load.unsupported',
    'restore',
    'restore.done',
    'restore.fails',
    'restore.gone',
    'deleteForever',
    'purge.cancel',
    'purge.confirm',
    'purge.done',
    'purge.fails',
    'purge.gone',
    'reload',
  ].map((type) => ({ type }));
  const gone = () => new ApiError('This CV is not in your recently deleted CVs.', { status: 404 });
  const executors: Record<string, (world: World) => Promise<void> | void> = {
    open: (world) => void start(world),
    ...loadExecutors<BinnedCv, World>({ 'load.two': [FIRST, SECOND], 'load.none': [] }),
    restore: (world) => world.actor!.send({ type: 'bin.restore', uuid: FIRST.uuid }),
    'restore.done': async (world) => {
      expect(world.restore.last().input).toEqual({ uuid: FIRST.uuid });
      world.restore.last().resolve(restoredCv(FIRST));
      await flush();
      expect(world.notices.at(-1)).toEqual(restoredNotice(FIRST.name));
      expect(world.listed.at(-1)).toEqual({ type: 'cv.added', cv: restoredCv(FIRST) });
    },
    'restore.fails': async (world) => {
      world.restore.last().reject(new Error('offline'));
      await flush();
      expect(world.notices.at(-1)).toEqual(RESTORE_FAILED_NOTICE);
      expect(world.listed).toEqual([]);
    },
    'restore.gone': async (world) => {
      world.restore.last().reject(gone());
      await flush();
      expect(world.notices.at(-1)).toEqual(NO_LONGER_IN_BIN_NOTICE);
    },
    deleteForever: (world) => world.actor!.send({ type: 'bin.deleteForever', uuid: SECOND.uuid }),
    'purge.cancel': (world) => world.actor!.send({ type: 'purge.cancel' }),
    'purge.confirm': (world) => world.actor!.send({ type: 'purge.confirm' }),
    'purge.done': async (world) => {
      expect(world.purge.last().input).toEqual({ uuid: SECOND.uuid });
      world.purge.last().resolve();
      await flush();
      expect(world.notices.at(-1)).toEqual(deletedForeverNotice(SECOND.name));
    },
    'purge.fails': async (world) => {
      world.purge.last().reject(new Error('offline'));
      await flush();
      expect(world.notices.at(-1)).toEqual(DELETE_FOREVER_FAILED_NOTICE);
    },
    'purge.gone': async (world) => {
      world.purge.last().reject(gone());
      await flush();
      expect(world.notices.at(-1)).toEqual(NO_LONGER_IN_BIN_NOTICE);
    },
    reload: (world) => world.actor!.send({ type: 'bin.reload' }),
  };
  function assertState(world: World, state: string) {
    if (state === 'closed') return;
    const snapshot = world.actor!.getSnapshot();
    const expected =
      {
        two: 'ready',
        one: 'ready',
        none: 'ready',
        confirming: 'confirmingPurge',
        confirmingStale: 'confirmingPurge',
      }[state] ?? state;
    expect(snapshot.value).toBe(expected);
    const names = snapshot.context.items.map((item) => item.name);
    if (state === 'two') expect(names).toEqual([FIRST.name, SECOND.name]);
    if (state === 'one') expect(names).toHaveLength(1);
    if (state === 'none') expect(names).toEqual([]);
    if (state === 'confirming' || state === 'purging') expect(snapshot.context.pending).toEqual(SECOND);
    if (state === 'restoring') expect(snapshot.context.pending).toEqual(FIRST);
    if (state === 'restoring' || state === 'purging') expect(snapshot.hasTag('busy')).toBe(true);
    if (state === 'failed') expect(snapshot.context.error).toBe(BIN_LOAD_FAILED_MESSAGE);
    if (state === 'two' || state === 'one') expect(snapshot.context.pending).toBeUndefined();
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

describe('recently deleted machine: edge cases', () => {
  async function ready(world: World) {
    const actor = start(world);
    world.load.last().resolve([FIRST, SECOND]);
    await flush();
    return actor;
  }

  it('restores or deletes only a CV it lists, and one thing at a time', async () => {
    const world = createWorld();
    const actor = await ready(world);
    actor.send({ type: 'bin.restore', uuid: 'not-listed' });
    actor.send({ type: 'bin.deleteForever', uuid: 'not-listed' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'bin.restore', uuid: FIRST.uuid });
    actor.send({ type: 'bin.restore', uuid: SECOND.uuid });
    actor.send({ type: 'bin.deleteForever', uuid: SECOND.uuid });
    expect(world.restore.requests).toHaveLength(1);
    expect(world.purge.requests).toHaveLength(0);
    actor.stop();
  });

  it('loads again after a restore when a CV was deleted from the list meanwhile', async () => {
    const world = createWorld();
    const actor = await ready(world);
    actor.send({ type: 'bin.restore', uuid: FIRST.uuid });
    actor.send({ type: 'bin.reload' });
    world.restore.last().resolve(restoredCv(FIRST));
    await flush();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(world.load.requests).toHaveLength(2);
    actor.stop();
  });

  it('never deletes forever without the question answered', async () => {
    const world = createWorld();
    const actor = await ready(world);
    actor.send({ type: 'bin.deleteForever', uuid: FIRST.uuid });
    expect(world.purge.requests).toHaveLength(0);
    actor.send({ type: 'purge.cancel' });
    expect(world.purge.requests).toHaveLength(0);
    expect(actor.getSnapshot().context.items).toHaveLength(2);
    actor.stop();
  });
});
