import { createActor, createMachine, fromPromise } from 'xstate';
import { ApiError } from '../../../src/api/api-error';
import type { BinnedCoverLetter, BinnedCv, RestoredCoverLetter } from '../../../src/api/bin';
import type { Notice } from '../../../src/machines/auth/auth-flow';
import {
  LETTER_BIN_LOAD_FAILED_MESSAGE,
  LETTER_DELETE_FOREVER_FAILED_NOTICE,
  LETTER_NO_LONGER_IN_BIN_NOTICE,
  LETTER_RESTORE_FAILED_NOTICE,
  letterBinMachine,
  letterDeletedForeverNotice,
  letterRestoredNotice,
  type LetterBinActor,
} from '../../../src/machines/catalogue/letter-bin-machine';
import {
  LETTER_BIN_ID,
  recentlyDeletedMachine,
} from '../../../src/machines/catalogue/recently-deleted-machine';
import { loadExecutors } from '../list-card';
import { declaredTransitionCount, deferredActor, flush, runModelPath, transitionPaths } from '../model-paths';

const binned = (n: number, name: string): BinnedCoverLetter => ({
  uuid: `00000000-0000-4000-8000-0000000000a${n}`,
  name,
  cv: 7,
  deleted_at: '2026-11-20T10:00:00.000Z',
  purge_at: '2026-12-20T10:00:00.000Z',
});
const FIRST = binned(1, 'Letter to Acme');
const SECOND = binned(2, 'Letter to Globex');
const restored = (item: BinnedCoverLetter): RestoredCoverLetter => ({
  id: 31,
  uuid: item.uuid,
  name: item.name,
});

function createWorld() {
  return {
    load: deferredActor<BinnedCoverLetter[], unknown>(),
    restore: deferredActor<RestoredCoverLetter, { uuid: string }>(),
    purge: deferredActor<void, { uuid: string }>(),
    notices: [] as Notice[],
    actor: undefined as LetterBinActor | undefined,
  };
}
type World = ReturnType<typeof createWorld>;

function start(world: World) {
  world.actor = createActor(
    letterBinMachine.provide({
      actors: {
        loadLetterBin: world.load.logic,
        restoreLetter: world.restore.logic,
        deleteLetterForever: world.purge.logic,
      },
      actions: { notify: (_, notice: Notice) => void world.notices.push(notice) },
    }),
  ).start();
  return world.actor;
}

describe('letter bin machine: model-based (the cover letters of Recently deleted)', () => {
  const model = createMachine({
    id: 'letterBinModel',
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
      confirming: { on: { 'purge.cancel': 'two', 'purge.confirm': 'purging' } },
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
  const gone = () =>
    new ApiError('This cover letter is not in your recently deleted cover letters.', { status: 404 });
  const executors: Record<string, (world: World) => Promise<void> | void> = {
    open: (world) => void start(world),
    ...loadExecutors<BinnedCoverLetter, World>({ 'load.two': [FIRST, SECOND], 'load.none': [] }),
    restore: (world) => world.actor!.send({ type: 'letters.restore', uuid: FIRST.uuid }),
    'restore.done': async (world) => {
      expect(world.restore.last().input).toEqual({ uuid: FIRST.uuid });
      world.restore.last().resolve(restored(FIRST));
      await flush();
      expect(world.notices.at(-1)).toEqual(letterRestoredNotice(FIRST.name));
    },
    'restore.fails': async (world) => {
      world.restore.last().reject(new Error('offline'));
      await flush();
      expect(world.notices.at(-1)).toEqual(LETTER_RESTORE_FAILED_NOTICE);
    },
    'restore.gone': async (world) => {
      world.restore.last().reject(gone());
      await flush();
      expect(world.notices.at(-1)).toEqual(LETTER_NO_LONGER_IN_BIN_NOTICE);
    },
    deleteForever: (world) => world.actor!.send({ type: 'letters.deleteForever', uuid: SECOND.uuid }),
    'purge.cancel': (world) => world.actor!.send({ type: 'letters.purge.cancel' }),
    'purge.confirm': (world) => world.actor!.send({ type: 'letters.purge.confirm' }),
    'purge.done': async (world) => {
      expect(world.purge.last().input).toEqual({ uuid: SECOND.uuid });
      world.purge.last().resolve();
      await flush();
      expect(world.notices.at(-1)).toEqual(letterDeletedForeverNotice(SECOND.name));
    },
    'purge.fails': async (world) => {
      world.purge.last().reject(new Error('offline'));
      await flush();
      expect(world.notices.at(-1)).toEqual(LETTER_DELETE_FOREVER_FAILED_NOTICE);
    },
    'purge.gone': async (world) => {
      world.purge.last().reject(gone());
      await flush();
      expect(world.notices.at(-1)).toEqual(LETTER_NO_LONGER_IN_BIN_NOTICE);
    },
    reload: (world) => world.actor!.send({ type: 'letters.reload' }),
  };
  function assertState(world: World, state: string) {
    if (state === 'closed') return;
    const snapshot = world.actor!.getSnapshot();
    const expected =
      { two: 'ready', one: 'ready', none: 'ready', confirming: 'confirmingPurge' }[state] ?? state;
    expect(snapshot.value).toBe(expected);
    const names = snapshot.context.items.map((item) => item.name);
    if (state === 'two') expect(names).toEqual([FIRST.name, SECOND.name]);
    if (state === 'one') expect(names).toHaveLength(1);
    if (state === 'none') expect(names).toEqual([]);
    if (state === 'confirming' || state === 'purging') expect(snapshot.context.pending).toEqual(SECOND);
    if (state === 'restoring') expect(snapshot.context.pending).toEqual(FIRST);
    if (state === 'restoring' || state === 'purging') expect(snapshot.hasTag('busy')).toBe(true);
    if (state === 'failed') expect(snapshot.context.error).toBe(LETTER_BIN_LOAD_FAILED_MESSAGE);
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

describe('letter bin machine: edge cases', () => {
  async function ready(world: World) {
    const actor = start(world);
    world.load.last().resolve([FIRST, SECOND]);
    await flush();
    return actor;
  }

  it('restores or deletes only a letter it lists, and one thing at a time', async () => {
    const world = createWorld();
    const actor = await ready(world);
    actor.send({ type: 'letters.restore', uuid: 'not-listed' });
    actor.send({ type: 'letters.deleteForever', uuid: 'not-listed' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'letters.restore', uuid: FIRST.uuid });
    actor.send({ type: 'letters.restore', uuid: SECOND.uuid });
    actor.send({ type: 'letters.deleteForever', uuid: SECOND.uuid });
    expect(world.restore.requests).toHaveLength(1);
    expect(world.purge.requests).toHaveLength(0);
    actor.stop();
  });

  it('never deletes forever without the question answered', async () => {
    const world = createWorld();
    const actor = await ready(world);
    actor.send({ type: 'letters.deleteForever', uuid: FIRST.uuid });
    actor.send({ type: 'letters.purge.cancel' });
    expect(world.purge.requests).toHaveLength(0);
    expect(actor.getSnapshot().context.items).toHaveLength(2);
    actor.stop();
  });

  it('runs inside Recently deleted: its notices reach the page, and Reload loads the letters too', async () => {
    const notices: Notice[] = [];
    const letters = deferredActor<BinnedCoverLetter[], unknown>();
    const restore = deferredActor<RestoredCoverLetter, { uuid: string }>();
    const parent = createActor(
      recentlyDeletedMachine.provide({
        actors: {
          loadBin: fromPromise<BinnedCv[]>(async () => []),
          letterBin: letterBinMachine.provide({
            actors: { loadLetterBin: letters.logic, restoreLetter: restore.logic },
          }),
        },
        actions: { notify: (_, notice: Notice) => void notices.push(notice) },
      }),
      { input: {} },
    ).start();
    letters.last().resolve([FIRST]);
    await flush();
    const child = parent.getSnapshot().children[LETTER_BIN_ID] as LetterBinActor;
    expect(child.getSnapshot().context.items).toEqual([FIRST]);
    child.send({ type: 'letters.restore', uuid: FIRST.uuid });
    restore.last().resolve(restored(FIRST));
    await flush();
    expect(notices).toEqual([letterRestoredNotice(FIRST.name)]);
    expect(child.getSnapshot().context.items).toEqual([]);
    parent.send({ type: 'bin.reload' });
    expect(letters.requests).toHaveLength(2);
    parent.stop();
  });
});
