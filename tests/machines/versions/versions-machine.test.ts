import { createActor, createMachine } from 'xstate';
import { ApiError } from '../../../src/api/api-error';
import type { CvFileFormat, CvReference } from '../../../src/api/cvs';
import type { CvVersion, CvVersionDetail } from '../../../src/api/versions';
import type { VersionComparison } from '../../../src/cv/version-diff';
import type { Notice } from '../../../src/machines/auth/auth-flow';
import {
  RENAME_FAILED_NOTICE,
  RESTORE_FAILED_NOTICE,
  VERSIONS_LOAD_FAILED_MESSAGE,
  VERSION_DOWNLOAD_FAILED_NOTICE,
  restoredNotice,
  versionDownloadedNotice,
  versionsMachine,
  type VersionsActor,
  type VersionsContext,
} from '../../../src/machines/versions/versions-machine';
import { declaredTransitionCount, deferredActor, flush, runModelPath, transitionPaths } from '../model-paths';

const CV = '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f';
const version = (number: number, extra: Partial<CvVersion> = {}): CvVersion => ({
  number,
  created: `2026-03-0${number}T10:00:00.000Z`,
  name: null,
  reason: number === 1 ? 'create' : 'update',
  template: 1,
  deliveries: [],
  ...extra,
});
const VERSIONS = [version(3), version(2), version(1)];
const DETAIL: CvVersionDetail = { ...version(1), entries: [{ value: 'Ada', index: 0, section_field: 1001 }] };
const COMPARISON: VersionComparison = {
  sections: [
    {
      section: 'Personal Details',
      added: [],
      removed: [],
      changed: [{ field: 'Full Name', from: 'Ada', to: 'Ada L.' }],
    },
  ],
  layout: [],
  design: [],
};

function createWorld() {
  return {
    load: deferredActor<CvVersion[], { cv: CvReference }>(),
    rename: deferredActor<CvVersion, { cv: CvReference; number: number; name: string }>(),
    open: deferredActor<NonNullable<VersionsContext['viewed']>, { cv: CvReference; number: number }>(),
    compare: deferredActor<VersionComparison, { cv: CvReference; from: number; to: number }>(),
    restore: deferredActor<unknown, { cv: CvReference; number: number }>(),
    download: deferredActor<Blob, { cv: CvReference; number: number; format: CvFileFormat }>(),
    notices: [] as Notice[],
    saved: [] as Array<{ name: string; format: CvFileFormat }>,
    restored: 0,
    actor: undefined as VersionsActor | undefined,
  };
}
type World = ReturnType<typeof createWorld>;

function start(world: World, unsaved = false) {
  world.actor = createActor(
    versionsMachine.provide({
      actors: {
        loadVersions: world.load.logic,
        renameVersion: world.rename.logic,
        openVersion: world.open.logic,
        compareVersions: world.compare.logic,
        restoreVersion: world.restore.logic,
        downloadVersion: world.download.logic,
      },
      actions: {
        notify: (_, notice: Notice) => void world.notices.push(notice),
        saveFile: (_, params) => void world.saved.push({ name: params.name, format: params.format }),
        tellBuilderRestored: () => void world.restored++,
      },
    }),
  ).start();
  world.actor.send({ type: 'versions.open', cv: CV, cvName: 'Engineer', unsaved });
  return world.actor;
}

describe('versions machine: model-based (name, open, compare, restore, download)', () => {
  const model = createMachine({
    id: 'versionsModel',
    initial: 'closed',
    states: {
      closed: { on: { open: 'loading' } },
      loading: { on: { 'load.done': 'list', 'load.fails': 'failed', 'load.unsupported': 'unsupported' } },
      failed: { on: { retry: 'loading' } },
      unsupported: {},
      list: {
        on: {
          rename: 'renaming',
          view: 'viewOpening',
          compare: 'comparing',
          restore: 'confirming',
          download: 'downloading',
          close: 'closed',
        },
      },
      renaming: { on: { 'rename.done': 'list', 'rename.fails': 'list' } },
      viewOpening: { on: { 'view.done': 'viewShown', 'view.fails': 'viewFailed' } },
      viewShown: { on: { back: 'list' } },
      viewFailed: { on: { back: 'list' } },
      comparing: { on: { 'compare.done': 'compareShown' } },
      compareShown: { on: { back: 'list' } },
      confirming: { on: { cancel: 'list', confirm: 'restoring' } },
      restoring: { on: { 'restore.done': 'closed', 'restore.fails': 'list' } },
      downloading: { on: { 'download.done': 'loading', 'download.fails': 'list' } },
    },
  });
  const events = [
    'open',
    'load.done',
    'load.fails',
    'load.unsupported',
    'retry',
    'rename',
    'rename.done',
    'rename.fails',
    'view',
    'view.done',
    'view.fails',
    'back',
    'compare',
    'compare.done',
    'restore',
    'cancel',
    'confirm',
    'restore.done',
    'restore.fails',
    'download',
    'download.done',
    'download.fails',
    'close',
  ].map((type) => ({ type }));
  const executors: Record<string, (world: World) => Promise<void> | void> = {
    open: (world) => {
      if (world.actor)
        world.actor.send({ type: 'versions.open', cv: CV, cvName: 'Engineer', unsaved: false });
      else start(world);
    },
    'load.done': async (world) => {
      expect(world.load.last().input).toEqual({ cv: CV });
      world.load.last().resolve(VERSIONS);
      await flush();
    },
    'load.fails': async (world) => {
      world.load.last().reject(new Error('offline'));
      await flush();
    },
    'load.unsupported': async (world) => {
      world.load.last().reject(new ApiError('Not found.', { status: 404 }));
      await flush();
    },
    retry: (world) => world.actor!.send({ type: 'versions.retry' }),
    rename: (world) => world.actor!.send({ type: 'version.rename', number: 2, name: ' Sent to Acme ' }),
    'rename.done': async (world) => {
      expect(world.rename.last().input).toEqual({ cv: CV, number: 2, name: ' Sent to Acme ' });
      world.rename.last().resolve(version(2, { name: 'Sent to Acme' }));
      await flush();
      expect(world.actor!.getSnapshot().context.versions[1].name).toBe('Sent to Acme');
    },
    'rename.fails': async (world) => {
      world.rename.last().reject(new Error('offline'));
      await flush();
      expect(world.notices.at(-1)).toEqual(RENAME_FAILED_NOTICE);
    },
    view: (world) => world.actor!.send({ type: 'version.view', number: 1 }),
    'view.done': async (world) => {
      expect(world.open.last().input).toEqual({ cv: CV, number: 1 });
      world.open.last().resolve({ version: DETAIL, templateName: 'Executive Classic', html: '<p>Ada</p>' });
      await flush();
    },
    'view.fails': async (world) => {
      world.open.last().reject(new Error('offline'));
      await flush();
    },
    back: (world) => world.actor!.send({ type: 'versions.back' }),
    compare: (world) => {
      world.actor!.send({ type: 'version.select', number: 3 });
      world.actor!.send({ type: 'version.select', number: 1 });
      world.actor!.send({ type: 'versions.compare' });
    },
    'compare.done': async (world) => {
      // Whatever the order they were ticked in, the older is compared with the newer.
      expect(world.compare.last().input).toEqual({ cv: CV, from: 1, to: 3 });
      world.compare.last().resolve(COMPARISON);
      await flush();
    },
    restore: (world) => world.actor!.send({ type: 'version.restore', number: 1 }),
    cancel: (world) => world.actor!.send({ type: 'restore.cancel' }),
    confirm: (world) => world.actor!.send({ type: 'restore.confirm' }),
    'restore.done': async (world) => {
      expect(world.restore.last().input).toEqual({ cv: CV, number: 1 });
      world.restore.last().resolve({});
      await flush();
      expect(world.restored).toBe(1);
      expect(world.notices.at(-1)).toEqual(restoredNotice(1));
    },
    'restore.fails': async (world) => {
      world.restore.last().reject(new Error('offline'));
      await flush();
      expect(world.restored).toBe(0);
      expect(world.notices.at(-1)).toEqual(RESTORE_FAILED_NOTICE);
    },
    download: (world) => world.actor!.send({ type: 'version.download', number: 2, format: 'pdf' }),
    'download.done': async (world) => {
      expect(world.download.last().input).toEqual({ cv: CV, number: 2, format: 'pdf' });
      world.download.last().resolve(new Blob(['%PDF-']));
      await flush();
      expect(world.saved.at(-1)).toEqual({ name: 'Engineer (version 2)', format: 'pdf' });
      expect(world.notices.at(-1)).toEqual(versionDownloadedNotice(2, 'pdf'));
    },
    'download.fails': async (world) => {
      world.download.last().reject(new Error('offline'));
      await flush();
      expect(world.notices.at(-1)).toEqual(VERSION_DOWNLOAD_FAILED_NOTICE);
    },
    close: (world) => world.actor!.send({ type: 'versions.close' }),
  };
  const VALUES: Record<string, unknown> = {
    closed: 'closed',
    loading: { open: 'loading' },
    failed: { open: 'failed' },
    unsupported: { open: 'unsupported' },
    list: { open: 'list' },
    renaming: { open: 'renaming' },
    viewOpening: { open: { viewing: 'opening' } },
    viewShown: { open: { viewing: 'shown' } },
    viewFailed: { open: { viewing: 'failed' } },
    comparing: { open: { comparing: 'loading' } },
    compareShown: { open: { comparing: 'shown' } },
    confirming: { open: 'confirmingRestore' },
    restoring: { open: 'restoring' },
    downloading: { open: 'downloading' },
  };
  function assertState(world: World, state: string) {
    if (!world.actor) return;
    const snapshot = world.actor.getSnapshot();
    expect(snapshot.value).toEqual(VALUES[state]);
    if (state === 'failed') expect(snapshot.context.error).toBe(VERSIONS_LOAD_FAILED_MESSAGE);
    if (state === 'list') expect(snapshot.context.busyNumber).toBeUndefined();
    if (state === 'viewShown') expect(snapshot.context.viewed?.html).toBe('<p>Ada</p>');
    if (state === 'compareShown')
      expect(snapshot.context.compared).toEqual({ from: 1, to: 3, comparison: COMPARISON });
    if (['renaming', 'viewOpening', 'comparing', 'restoring', 'downloading'].includes(state))
      expect(snapshot.hasTag('busy')).toBe(true);
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

describe('versions machine: edge cases', () => {
  async function listed(unsaved = false) {
    const world = createWorld();
    const actor = start(world, unsaved);
    world.load.last().resolve(VERSIONS);
    await flush();
    return { world, actor };
  }

  it('does not restore while the builder holds unsaved changes', async () => {
    const { world, actor } = await listed(true);
    actor.send({ type: 'version.restore', number: 1 });
    expect(actor.getSnapshot().value).toEqual({ open: 'list' });
    expect(world.restore.requests).toHaveLength(0);
    actor.stop();
  });

  it('compares only two ticked versions; a third tick replaces the oldest', async () => {
    const { world, actor } = await listed();
    actor.send({ type: 'version.select', number: 3 });
    actor.send({ type: 'versions.compare' });
    expect(actor.getSnapshot().value).toEqual({ open: 'list' });
    actor.send({ type: 'version.select', number: 2 });
    actor.send({ type: 'version.select', number: 1 });
    expect(actor.getSnapshot().context.selected).toEqual([2, 1]);
    actor.send({ type: 'version.select', number: 1 });
    expect(actor.getSnapshot().context.selected).toEqual([2]);
    expect(world.compare.requests).toHaveLength(0);
    actor.stop();
  });

  it('a name left as it was sends nothing', async () => {
    const { world, actor } = await listed();
    actor.send({ type: 'version.rename', number: 2, name: '  ' });
    expect(world.rename.requests).toHaveLength(0);
    actor.stop();
  });

  it('one request at a time: a second action while busy is ignored', async () => {
    const { world, actor } = await listed();
    actor.send({ type: 'version.download', number: 2, format: 'word' });
    actor.send({ type: 'version.download', number: 1, format: 'pdf' });
    actor.send({ type: 'version.restore', number: 1 });
    expect(world.download.requests).toHaveLength(1);
    expect(actor.getSnapshot().value).toEqual({ open: 'downloading' });
    actor.stop();
  });

  it('opening again reads the list afresh (a save since then is in it)', async () => {
    const { world, actor } = await listed();
    actor.send({ type: 'versions.close' });
    actor.send({ type: 'versions.open', cv: CV, cvName: 'Engineer', unsaved: false });
    expect(world.load.requests).toHaveLength(2);
    expect(actor.getSnapshot().context.versions).toEqual([]);
    actor.stop();
  });
});
