import type {
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { createActor, createMachine } from 'xstate';
import { PASSKEY_MESSAGES } from '../../../rules/passkeys';
import { ApiError } from '../../../src/api/api-error';
import type { Passkey } from '../../../src/api/passkeys';
import { PasskeyError, PASSKEY_BROWSER_MESSAGES } from '../../../src/api/webauthn';
import type { Notice } from '../../../src/machines/auth/auth-flow';
import {
  PASSKEY_ADDED_NOTICE,
  PASSKEY_REMOVED_NOTICE,
  PASSKEY_RENAMED_NOTICE,
  PASSKEYS_LOAD_FAILED_MESSAGE,
  passkeysMachine,
  type PasskeysActor,
} from '../../../src/machines/profile/passkeys-machine';
import { loadExecutors, rejectLast, resolveLast } from '../list-card';
import { declaredTransitionCount, deferredActor, flush, runModelPath, transitionPaths } from '../model-paths';

const LAPTOP: Passkey = {
  id: 1,
  name: 'Work laptop',
  created: '2026-11-20T10:00:00.000Z',
  last_used: null,
  backed_up: false,
};
const PHONE: Passkey = { ...LAPTOP, id: 2, name: 'Phone', backed_up: true };
const OPTIONS = { challenge: 'Y2hhbGxlbmdl' } as PublicKeyCredentialCreationOptionsJSON;
const CREDENTIAL = { id: 'Y3JlZA', rawId: 'Y3JlZA' } as RegistrationResponseJSON;

// The browser's passkey call (createPasskey) is an actor the test provides, like the API calls.
function createWorld() {
  return {
    load: deferredActor<Passkey[], unknown>(),
    options: deferredActor<PublicKeyCredentialCreationOptionsJSON, unknown>(),
    create: deferredActor<RegistrationResponseJSON, { options: PublicKeyCredentialCreationOptionsJSON }>(),
    register: deferredActor<Passkey, { credential: RegistrationResponseJSON; name?: string }>(),
    rename: deferredActor<Passkey, { id: number; name: string }>(),
    remove: deferredActor<void, { id: number }>(),
    notices: [] as Notice[],
    actor: undefined as PasskeysActor | undefined,
  };
}
type World = ReturnType<typeof createWorld>;

function start(world: World) {
  world.actor = createActor(
    passkeysMachine.provide({
      actors: {
        loadPasskeys: world.load.logic,
        loadCreationOptions: world.options.logic,
        createPasskey: world.create.logic,
        registerPasskey: world.register.logic,
        renamePasskey: world.rename.logic,
        removePasskey: world.remove.logic,
      },
      actions: { notify: (_, notice: Notice) => void world.notices.push(notice) },
    }),
  ).start();
  return world.actor;
}

describe('passkeys machine: model-based (Profile → Security → Passkeys)', () => {
  const model = createMachine({
    id: 'passkeysModel',
    initial: 'closed',
    states: {
      closed: { on: { open: 'loading' } },
      loading: {
        on: { 'load.some': 'ready', 'load.fails': 'failed', 'load.unsupported': 'unsupported' },
      },
      ready: {
        on: {
          'add.named': 'loadingOptions',
          'add.badName': 'ready',
          'rename.start': 'renaming',
          'remove.ask': 'confirmingRemoval',
        },
      },
      loadingOptions: { on: { 'options.ready': 'creating', 'options.fail': 'ready' } },
      creating: { on: { 'browser.creates': 'saving', 'browser.cancels': 'ready' } },
      saving: { on: { 'server.saves': 'loading', 'server.refuses': 'ready' } },
      renaming: { on: { 'rename.save': 'renameSaving', 'rename.badName': 'renaming', 'rename.cancel': 'ready' } },
      renameSaving: { on: { 'rename.done': 'loading', 'rename.refused': 'renaming' } },
      confirmingRemoval: { on: { 'remove.confirm': 'removing', 'remove.cancel': 'ready' } },
      removing: { on: { 'remove.done': 'loading', 'remove.fails': 'loading' } },
      failed: { on: { retry: 'loading' } },
      unsupported: {},
    },
  });
  const events = Object.values(model.config.states!)
    .flatMap((state) => Object.keys((state as { on?: object }).on ?? {}))
    .filter((type, index, all) => all.indexOf(type) === index)
    .map((type) => ({ type }));
  const executors: Record<string, (world: World) => Promise<void> | void> = {
    open: (world) => void start(world),
    ...loadExecutors<Passkey, World>({ 'load.some': [LAPTOP, PHONE] }),
    'add.named': (world) => {
      world.actor!.send({ type: 'newName.change', value: '  Desk key ' });
      world.actor!.send({ type: 'passkey.add' });
    },
    'add.badName': (world) => {
      world.actor!.send({ type: 'newName.change', value: 'Tab\tname' });
      world.actor!.send({ type: 'passkey.add' });
      expect(world.actor!.getSnapshot().context.nameError).toBe(PASSKEY_MESSAGES.nameControlCharacters);
      expect(world.options.requests).toHaveLength(0);
      world.actor!.send({ type: 'newName.change', value: '' });
    },
    'options.ready': (world) => resolveLast(world.options, OPTIONS),
    'options.fail': (world) => rejectLast(world.options, new ApiError(PASSKEY_MESSAGES.tooMany, { status: 400 })),
    'browser.creates': async (world) => {
      expect(world.create.last().input).toEqual({ options: OPTIONS });
      await resolveLast(world.create, CREDENTIAL);
    },
    'browser.cancels': async (world) => {
      await rejectLast(world.create, new PasskeyError(PASSKEY_BROWSER_MESSAGES.cancelled, { cancelled: true }));
      expect(world.actor!.getSnapshot().context.error).toBe(PASSKEY_BROWSER_MESSAGES.cancelled);
      // What the person typed is kept for the next try.
      expect(world.actor!.getSnapshot().context.newName).toBe('  Desk key ');
    },
    'server.saves': async (world) => {
      expect(world.register.last().input).toEqual({ credential: CREDENTIAL, name: 'Desk key' });
      await resolveLast(world.register, { ...LAPTOP, id: 3, name: 'Desk key' });
      expect(world.notices.at(-1)).toEqual(PASSKEY_ADDED_NOTICE);
      expect(world.actor!.getSnapshot().context.newName).toBe('');
    },
    'server.refuses': async (world) => {
      await rejectLast(world.register, new ApiError(PASSKEY_MESSAGES.notVerified, { status: 400 }));
      expect(world.actor!.getSnapshot().context.error).toBe(PASSKEY_MESSAGES.notVerified);
    },
    'rename.start': (world) => {
      world.actor!.send({ type: 'rename.start', id: PHONE.id });
      expect(world.actor!.getSnapshot().context.renameDraft).toBe('Phone');
    },
    'rename.save': (world) => {
      world.actor!.send({ type: 'rename.change', value: ' Old phone ' });
      world.actor!.send({ type: 'rename.save' });
    },
    'rename.badName': (world) => {
      world.actor!.send({ type: 'rename.change', value: '   ' });
      world.actor!.send({ type: 'rename.save' });
      expect(world.actor!.getSnapshot().context.nameError).toBe(PASSKEY_MESSAGES.nameRequired);
    },
    'rename.cancel': (world) => world.actor!.send({ type: 'rename.cancel' }),
    'rename.done': async (world) => {
      expect(world.rename.last().input).toEqual({ id: PHONE.id, name: 'Old phone' });
      await resolveLast(world.rename, { ...PHONE, name: 'Old phone' });
      expect(world.notices.at(-1)).toEqual(PASSKEY_RENAMED_NOTICE);
    },
    'rename.refused': async (world) => {
      await rejectLast(world.rename, new ApiError(PASSKEY_MESSAGES.nameTooLong, { status: 400 }));
      expect(world.actor!.getSnapshot().context.nameError).toBe(PASSKEY_MESSAGES.nameTooLong);
      expect(world.actor!.getSnapshot().context.renameDraft).toBe(' Old phone ');
    },
    'remove.ask': (world) => world.actor!.send({ type: 'remove.ask', id: LAPTOP.id }),
    'remove.confirm': (world) => world.actor!.send({ type: 'remove.confirm' }),
    'remove.cancel': (world) => world.actor!.send({ type: 'remove.cancel' }),
    'remove.done': async (world) => {
      expect(world.remove.last().input).toEqual({ id: LAPTOP.id });
      await resolveLast(world.remove, undefined);
      expect(world.notices.at(-1)).toEqual(PASSKEY_REMOVED_NOTICE);
    },
    'remove.fails': async (world) => {
      await rejectLast(world.remove, new ApiError('Not found.', { status: 404 }));
      expect(world.notices.at(-1)).toMatchObject({ title: 'Not found.', variant: 'destructive' });
    },
    retry: (world) => world.actor!.send({ type: 'passkeys.retry' }),
  };
  const expectedValue: Record<string, unknown> = {
    loadingOptions: { adding: 'loadingOptions' },
    creating: { adding: 'creating' },
    saving: { adding: 'saving' },
    renaming: { renaming: 'editing' },
    renameSaving: { renaming: 'saving' },
  };
  function assertState(world: World, state: string) {
    if (state === 'closed') return;
    const snapshot = world.actor!.getSnapshot();
    expect(snapshot.value).toEqual(expectedValue[state] ?? state);
    if (state === 'failed') expect(snapshot.context.error).toBe(PASSKEYS_LOAD_FAILED_MESSAGE);
    if (['loadingOptions', 'creating', 'saving', 'renameSaving', 'removing'].includes(state)) {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.can({ type: 'passkey.add' })).toBe(false);
    }
    if (state === 'confirmingRemoval') expect(snapshot.context.removingId).toBe(LAPTOP.id);
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

describe('passkeys machine: edge cases', () => {
  async function ready(world: World) {
    const actor = start(world);
    world.load.last().resolve([LAPTOP]);
    await flush();
    return actor;
  }

  it('lets the server name a passkey when no name is typed', async () => {
    const world = createWorld();
    const actor = await ready(world);
    actor.send({ type: 'newName.change', value: '   ' });
    actor.send({ type: 'passkey.add' });
    world.options.last().resolve(OPTIONS);
    await flush();
    world.create.last().resolve(CREDENTIAL);
    await flush();
    expect(world.register.last().input).toEqual({ credential: CREDENTIAL });
    actor.stop();
  });

  it('neither renames nor removes a passkey it does not list', async () => {
    const world = createWorld();
    const actor = await ready(world);
    actor.send({ type: 'rename.start', id: 99 });
    actor.send({ type: 'remove.ask', id: 99 });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.stop();
  });

  it('ignores another add, rename or removal while a passkey is being added', async () => {
    const world = createWorld();
    const actor = await ready(world);
    actor.send({ type: 'passkey.add' });
    actor.send({ type: 'passkey.add' });
    actor.send({ type: 'rename.start', id: LAPTOP.id });
    actor.send({ type: 'remove.ask', id: LAPTOP.id });
    expect(world.options.requests).toHaveLength(1);
    expect(actor.getSnapshot().value).toEqual({ adding: 'loadingOptions' });
    actor.stop();
  });

  it('goes back to the list when a rename fails for another reason than the name', async () => {
    const world = createWorld();
    const actor = await ready(world);
    actor.send({ type: 'rename.start', id: LAPTOP.id });
    actor.send({ type: 'rename.save' });
    world.rename.last().reject(new ApiError('Not found.', { status: 404 }));
    await flush();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.renamingId).toBeUndefined();
    actor.stop();
  });
});
