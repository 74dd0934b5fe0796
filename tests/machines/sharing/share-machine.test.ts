import { SimulatedClock, createActor, createMachine, fromCallback } from 'xstate';
import { ApiError } from '../../../src/api/api-error';
import type { CvReference } from '../../../src/api/cvs';
import type { NewShare, Share } from '../../../src/api/shares';
import type { CvVersion } from '../../../src/api/versions';
import { endOfLocalDay } from '../../../src/cv/share-links';
import {
  COUNTS_REFRESH_MS,
  SHARES_LOAD_FAILED_MESSAGE,
  SHARES_REFRESH_FAILED_MESSAGE,
  SHARE_CREATE_FAILED_MESSAGE,
  SHARE_REVOKE_FAILED_MESSAGE,
  shareMachine,
  type ShareActor,
  type ShareEvent,
  type ShareOpening,
} from '../../../src/machines/sharing/share-machine';
import {
  SHARE_EXPIRY_NOT_IN_FUTURE,
  SHARE_LABEL_REQUIRED,
  SHARE_LABEL_TOO_LONG,
  SHARE_PASSWORD_LENGTH,
} from '../../../rules/shares';
import { declaredTransitionCount, deferredActor, flush, runModelPath, transitionPaths } from '../model-paths';

const CV = '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f';
const OPENING: ShareOpening = { cv: CV, cvName: 'Engineer', unsaved: false };

const days = (views: number[]) =>
  views.map((count, index) => ({
    date: `2026-11-${String(index + 1).padStart(2, '0')}`,
    views: count,
    downloads: 0,
  }));

const share = (id: number, label: string, extra: Partial<Share> = {}): Share => ({
  id,
  slug: `slug-${id}-abcdefghijklmnopqrstuv`,
  url: `http://127.0.0.1:8000/s/slug-${id}-abcdefghijklmnopqrstuv`,
  label,
  hasPassword: false,
  expiresAt: null,
  version: null,
  created: `2026-11-0${id}T10:00:00.000Z`,
  lastViewed: null,
  revokedAt: null,
  views: 0,
  downloads: 0,
  daily: days([0, 0, 0]),
  ...extra,
});
const GLOBEX = share(2, 'Globex', { hasPassword: true });
const ACME = share(1, 'Acme Corp', { views: 2, lastViewed: '2026-11-03T09:00:00.000Z' });
const SHARES = [GLOBEX, ACME];
const CREATED = share(3, 'Initech');
const VERSION: CvVersion = {
  number: 2,
  created: '2026-11-02T10:00:00.000Z',
  name: 'Sent to Acme',
  reason: 'update',
  template: 1,
  deliveries: [],
};

function createWorld() {
  return {
    load: deferredActor<Share[], { cv: CvReference }>(),
    versions: deferredActor<CvVersion[], { cv: CvReference }>(),
    create: deferredActor<Share, { cv: CvReference; share: NewShare }>(),
    revoke: deferredActor<void, { cv: CvReference; id: number }>(),
    copy: deferredActor<void, { text: string }>(),
    /** Sends what the page would: the person coming back to the tab. */
    returnToTab: undefined as (() => void) | undefined,
    clock: new SimulatedClock(),
    actor: undefined as ShareActor | undefined,
  };
}
type World = ReturnType<typeof createWorld>;

function start(world: World, opening: ShareOpening = OPENING) {
  world.actor = createActor(
    shareMachine.provide({
      actors: {
        loadShares: world.load.logic,
        loadVersions: world.versions.logic,
        createShare: world.create.logic,
        revokeShare: world.revoke.logic,
        copyText: world.copy.logic,
        watchReturn: fromCallback<ShareEvent>(({ sendBack }) => {
          world.returnToTab = () => sendBack({ type: 'links.refresh' });
        }),
      },
    }),
    { input: opening, clock: world.clock },
  ).start();
  return world.actor;
}

const send = (world: World, event: ShareEvent) => world.actor!.send(event);
const context = (world: World) => world.actor!.getSnapshot().context;

describe('share machine: model-based (list, new link, copy, revoke, refresh)', () => {
  const model = createMachine({
    id: 'shareModel',
    initial: 'idle',
    states: {
      idle: { on: { open: 'loading' } },
      loading: { on: { 'load.done': 'list', 'load.fails': 'failed', 'load.unsupported': 'unsupported' } },
      failed: { on: { retry: 'loading' } },
      unsupported: {},
      list: {
        on: {
          refresh: 'refreshing',
          'tab.return': 'refreshing',
          'clock.refresh': 'refreshing',
          'form.open': 'form',
          copy: 'copying',
          revoke: 'confirming',
          close: 'closed',
        },
      },
      refreshing: { on: { 'refresh.done': 'list', 'refresh.fails': 'list' } },
      copying: { on: { 'copy.done': 'list', 'copy.refused': 'list' } },
      confirming: { on: { cancel: 'list', confirm: 'revoking' } },
      revoking: { on: { 'revoke.done': 'list', 'revoke.fails': 'list' } },
      form: { on: { 'submit.wrong': 'form', submit: 'creating', 'form.cancel': 'list' } },
      creating: { on: { 'create.done': 'list', 'create.refused': 'form', 'create.fails': 'form' } },
      closed: {},
    },
  });
  const events = [
    'open',
    'load.done',
    'load.fails',
    'load.unsupported',
    'retry',
    'refresh',
    'tab.return',
    'clock.refresh',
    'refresh.done',
    'refresh.fails',
    'form.open',
    'submit.wrong',
    'submit',
    'form.cancel',
    'create.done',
    'create.refused',
    'create.fails',
    'copy',
    'copy.done',
    'copy.refused',
    'revoke',
    'cancel',
    'confirm',
    'revoke.done',
    'revoke.fails',
    'close',
  ].map((type) => ({ type }));

  const executors: Record<string, (world: World) => Promise<void> | void> = {
    open: (world) => void start(world),
    'load.done': async (world) => {
      expect(world.load.last().input).toEqual({ cv: CV });
      world.load.last().resolve(SHARES);
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
    retry: (world) => send(world, { type: 'share.retry' }),
    refresh: (world) => send(world, { type: 'links.refresh' }),
    'tab.return': (world) => world.returnToTab!(),
    'clock.refresh': (world) => world.clock.increment(COUNTS_REFRESH_MS),
    'refresh.done': async (world) => {
      world.load.last().resolve([GLOBEX, { ...ACME, views: 3 }]);
      await flush();
      expect(context(world).shares[1]!.views).toBe(3);
    },
    'refresh.fails': async (world) => {
      world.load.last().reject(new Error('offline'));
      await flush();
      expect(context(world).problem).toBe(SHARES_REFRESH_FAILED_MESSAGE);
      // What was shown stays.
      expect(context(world).shares).toHaveLength(2);
    },
    'form.open': async (world) => {
      send(world, { type: 'form.open' });
      world.versions.last().resolve([VERSION]);
      await flush();
      expect(context(world).versions).toEqual([VERSION]);
    },
    'submit.wrong': (world) => {
      const sent = world.create.requests.length;
      send(world, { type: 'form.change', field: 'label', value: '   ' });
      send(world, { type: 'form.change', field: 'password', value: 'short' });
      send(world, { type: 'form.submit' });
      expect(world.create.requests).toHaveLength(sent);
      expect(context(world).draftProblems).toEqual({
        label: SHARE_LABEL_REQUIRED,
        password: SHARE_PASSWORD_LENGTH,
      });
    },
    submit: (world) => {
      send(world, { type: 'form.change', field: 'label', value: '  Initech ' });
      send(world, { type: 'form.change', field: 'password', value: 'correct horse' });
      send(world, { type: 'form.change', field: 'version', value: '2' });
      expect(context(world).draftProblems).toEqual({});
      send(world, { type: 'form.submit' });
      expect(world.create.last().input).toEqual({
        cv: CV,
        share: { label: 'Initech', password: 'correct horse', version: 2 },
      });
    },
    'form.cancel': (world) => {
      send(world, { type: 'form.cancel' });
      expect(context(world).draft.label).toBe('');
    },
    'create.done': async (world) => {
      world.create.last().resolve(CREATED);
      await flush();
      expect(context(world).shares.map((s) => s.label)).toEqual(['Initech', 'Globex', 'Acme Corp']);
      expect(context(world).createdId).toBe(3);
      expect(context(world).draft.label).toBe('');
    },
    'create.refused': async (world) => {
      world.create.last().reject(
        new ApiError('A label can be at most 80 characters.', {
          status: 400,
          serverMessage: 'label: A label can be at most 80 characters.',
        }),
      );
      await flush();
      expect(context(world).draftProblems.label).toBe('A label can be at most 80 characters.');
      // Nothing typed is lost.
      expect(context(world).draft).toMatchObject({ label: '  Initech ', password: 'correct horse' });
    },
    'create.fails': async (world) => {
      world.create.last().reject(new Error('offline'));
      await flush();
      expect(context(world).formError).toBe(SHARE_CREATE_FAILED_MESSAGE);
      expect(context(world).draft.label).toBe('  Initech ');
    },
    copy: (world) => {
      send(world, { type: 'link.copy', id: 1 });
      expect(world.copy.last().input).toEqual({ text: ACME.url });
    },
    'copy.done': async (world) => {
      world.copy.last().resolve();
      await flush();
      expect(context(world).copiedId).toBe(1);
      expect(context(world).copyFallbackId).toBeUndefined();
    },
    'copy.refused': async (world) => {
      world.copy.last().reject(new DOMException('Write permission denied.', 'NotAllowedError'));
      await flush();
      expect(context(world).copyFallbackId).toBe(1);
      expect(context(world).copiedId).toBeUndefined();
    },
    revoke: (world) => send(world, { type: 'link.revoke', id: 1 }),
    cancel: (world) => {
      send(world, { type: 'revoke.cancel' });
      expect(context(world).revokingId).toBeUndefined();
    },
    confirm: (world) => {
      send(world, { type: 'revoke.confirm' });
      expect(world.revoke.last().input).toEqual({ cv: CV, id: 1 });
    },
    'revoke.done': async (world) => {
      world.revoke.last().resolve();
      await flush();
      const [globex, acme] = context(world).shares;
      expect(acme!.revokedAt).toEqual(expect.any(String));
      // The other link is untouched.
      expect(globex!.revokedAt).toBeNull();
    },
    'revoke.fails': async (world) => {
      world.revoke.last().reject(new Error('offline'));
      await flush();
      expect(context(world).problem).toBe(SHARE_REVOKE_FAILED_MESSAGE);
      expect(context(world).shares.every((s) => s.revokedAt === null)).toBe(true);
    },
    close: (world) => send(world, { type: 'share.close' }),
  };

  const VALUES: Record<string, unknown> = {
    loading: 'loading',
    failed: 'failed',
    unsupported: 'unsupported',
    list: { ready: 'list' },
    refreshing: { ready: 'refreshing' },
    copying: { ready: 'copying' },
    confirming: { ready: 'confirmingRevoke' },
    revoking: { ready: 'revoking' },
    form: { ready: { form: 'editing' } },
    creating: { ready: { form: 'creating' } },
    closed: 'closed',
  };
  function assertState(world: World, state: string) {
    if (!world.actor) return;
    const snapshot = world.actor.getSnapshot();
    expect(snapshot.value).toEqual(VALUES[state]);
    if (state === 'failed') expect(snapshot.context.problem).toBe(SHARES_LOAD_FAILED_MESSAGE);
    if (state === 'closed') expect(snapshot.status).toBe('done');
    if (['loading', 'refreshing', 'revoking', 'creating'].includes(state))
      expect(snapshot.hasTag('busy')).toBe(true);
    if (state === 'list') expect(snapshot.hasTag('busy')).toBe(false);
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

describe('share machine: edge cases', () => {
  async function listed(opening: ShareOpening = OPENING, shares: Share[] = SHARES) {
    const world = createWorld();
    const actor = start(world, opening);
    world.load.last().resolve(shares);
    await flush();
    return { world, actor };
  }
  async function inForm(versions: CvVersion[] | Error = [VERSION]) {
    const listedWorld = await listed();
    listedWorld.actor.send({ type: 'form.open' });
    if (versions instanceof Error) listedWorld.world.versions.last().reject(versions);
    else listedWorld.world.versions.last().resolve(versions);
    await flush();
    return listedWorld;
  }

  it('a CV never saved says so and asks the server nothing', () => {
    const world = createWorld();
    const actor = start(world, { cvName: 'Untitled CV', unsaved: true });
    expect(actor.getSnapshot().value).toBe('notSaved');
    expect(world.load.requests).toHaveLength(0);
    actor.send({ type: 'share.close' });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('keeps what it was opened with, unsaved changes included', async () => {
    const { actor } = await listed({ ...OPENING, unsaved: true });
    expect(actor.getSnapshot().context.opening.unsaved).toBe(true);
    actor.stop();
  });

  it('sends only what the person chose: no password, no expiry, no version is the latest saved', async () => {
    const { world, actor } = await inForm();
    actor.send({ type: 'form.change', field: 'label', value: 'Acme Corp' });
    actor.send({ type: 'form.submit' });
    expect(world.create.last().input.share).toEqual({ label: 'Acme Corp' });
    actor.stop();
  });

  it('an expiry date is the end of that day where the person is', async () => {
    const { world, actor } = await inForm();
    actor.send({ type: 'form.change', field: 'label', value: 'Acme Corp' });
    actor.send({ type: 'form.change', field: 'expiresOn', value: '2099-12-31' });
    actor.send({ type: 'form.submit' });
    const sent = world.create.last().input.share.expires_at!;
    expect(sent).toBe(endOfLocalDay('2099-12-31'));
    const end = new Date(sent);
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours()]).toEqual([2099, 11, 31, 23]);
    actor.stop();
  });

  it('refuses an expiry in the past and a label too long before sending anything', async () => {
    const { world, actor } = await inForm();
    actor.send({ type: 'form.change', field: 'label', value: 'x'.repeat(81) });
    actor.send({ type: 'form.change', field: 'expiresOn', value: '2020-01-01' });
    actor.send({ type: 'form.submit' });
    expect(world.create.requests).toHaveLength(0);
    expect(actor.getSnapshot().context.draftProblems).toEqual({
      label: SHARE_LABEL_TOO_LONG,
      expiresOn: SHARE_EXPIRY_NOT_IN_FUTURE,
    });
    // Correcting a field clears its message only.
    actor.send({ type: 'form.change', field: 'label', value: 'Acme Corp' });
    expect(actor.getSnapshot().context.draftProblems).toEqual({ expiresOn: SHARE_EXPIRY_NOT_IN_FUTURE });
    actor.stop();
  });

  it('a refusal about the whole form (too many links) is said above it; the form keeps its values', async () => {
    const { world, actor } = await inForm();
    actor.send({ type: 'form.change', field: 'label', value: 'Hooli' });
    actor.send({ type: 'form.submit' });
    const detail = 'A CV can have at most 50 live links. Revoke one you no longer need first.';
    world.create.last().reject(new ApiError(detail, { status: 400, serverMessage: detail }));
    await flush();
    expect(actor.getSnapshot().value).toEqual({ ready: { form: 'editing' } });
    expect(actor.getSnapshot().context.formError).toBe(detail);
    expect(actor.getSnapshot().context.draft.label).toBe('Hooli');
    actor.stop();
  });

  it('a version the server names is said at the version field', async () => {
    const { world, actor } = await inForm();
    actor.send({ type: 'form.change', field: 'label', value: 'Hooli' });
    actor.send({ type: 'form.change', field: 'version', value: '2' });
    actor.send({ type: 'form.submit' });
    world.create
      .last()
      .reject(new ApiError('x', { status: 400, serverMessage: 'version: this CV has no version 2.' }));
    await flush();
    expect(actor.getSnapshot().context.draftProblems).toEqual({ version: 'This CV has no version 2.' });
    actor.stop();
  });

  it('a server without versions: the form offers none to pin', async () => {
    const { actor } = await inForm(new ApiError('Not found.', { status: 404 }));
    expect(actor.getSnapshot().context.versions).toEqual([]);
    expect(actor.getSnapshot().value).toEqual({ ready: { form: 'editing' } });
    actor.stop();
  });

  it('a revoked link cannot be revoked again, but can still be read', async () => {
    const revoked = { ...ACME, revokedAt: '2026-11-04T10:00:00.000Z' };
    const { world, actor } = await listed(OPENING, [GLOBEX, revoked]);
    actor.send({ type: 'link.revoke', id: 1 });
    expect(actor.getSnapshot().value).toEqual({ ready: 'list' });
    actor.send({ type: 'link.revoke', id: 42 });
    expect(actor.getSnapshot().value).toEqual({ ready: 'list' });
    expect(world.revoke.requests).toHaveLength(0);
    actor.stop();
  });

  it('one request at a time: nothing else starts while a link is revoked', async () => {
    const { world, actor } = await listed();
    actor.send({ type: 'link.revoke', id: 1 });
    actor.send({ type: 'revoke.confirm' });
    actor.send({ type: 'link.revoke', id: 2 });
    actor.send({ type: 'form.open' });
    actor.send({ type: 'links.refresh' });
    expect(world.revoke.requests).toHaveLength(1);
    expect(world.load.requests).toHaveLength(1);
    expect(actor.getSnapshot().value).toEqual({ ready: 'revoking' });
    actor.stop();
  });

  it('reads the counts again every minute while the list is shown, not while the form is open', async () => {
    const { world, actor } = await listed();
    world.clock.increment(COUNTS_REFRESH_MS - 1);
    expect(world.load.requests).toHaveLength(1);
    world.clock.increment(1);
    expect(world.load.requests).toHaveLength(2);
    world.load.last().resolve(SHARES);
    await flush();
    actor.send({ type: 'form.open' });
    world.clock.increment(COUNTS_REFRESH_MS * 3);
    expect(world.load.requests).toHaveLength(2);
    actor.stop();
  });

  it('coming back to the tab in the form leaves the form as it is', async () => {
    const { world, actor } = await inForm();
    actor.send({ type: 'form.change', field: 'label', value: 'Acme' });
    world.returnToTab!();
    expect(actor.getSnapshot().value).toEqual({ ready: { form: 'editing' } });
    expect(actor.getSnapshot().context.draft.label).toBe('Acme');
    actor.stop();
  });

  it('closing while a link is made stops waiting for it', async () => {
    const { world, actor } = await inForm();
    actor.send({ type: 'form.change', field: 'label', value: 'Acme' });
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'share.close' });
    expect(actor.getSnapshot().status).toBe('done');
    world.create.last().resolve(CREATED);
    await flush();
    expect(actor.getSnapshot().context.shares).toHaveLength(2);
  });

  it('a load refused with a server sentence says that sentence', async () => {
    const world = createWorld();
    const actor = start(world);
    world.load.last().reject(new ApiError('x', { status: 403, serverMessage: 'CSRF token missing.' }));
    await flush();
    expect(actor.getSnapshot().context.problem).toBe('CSRF token missing.');
    actor.stop();
  });
});
