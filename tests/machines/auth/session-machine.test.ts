import { getShortestPaths } from '@xstate/graph';
import { createActor, createMachine, fromPromise, getInitialSnapshot, getNextSnapshot, waitFor, type EventObject } from 'xstate';
import type { Profile } from '../../../src/api/auth';
import { ApiError } from '../../../src/api/api-error';
import { SESSION_SETTLED_TAG, sessionMachine, type SessionActor } from '../../../src/machines/auth/session-machine';
import { USER_ID_STORAGE_KEY } from '../../../src/drafts/storage';
import { draftKey } from '../../../src/drafts/draft';

const user: Profile = {
  full_name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone_number: '+44 20 7946 0000',
  is_staff: false,
  is_superuser: false,
};
const staff: Profile = { ...user, email: 'staff@example.com', is_staff: true };
const superuser: Profile = { ...user, email: 'root@example.com', is_superuser: true };

interface Deferred<T> {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/** The real session machine with its side effects replaced by promises the test settles. */
function createHarness() {
  const profileRequests: Deferred<Profile>[] = [];
  const logoutRequests: Deferred<void>[] = [];
  const redirectToAdmin = vi.fn();
  const announceSessionEnded = vi.fn();
  const machine = sessionMachine.provide({
    actors: {
      fetchProfile: fromPromise<Profile>(
        () => new Promise<Profile>((resolve, reject) => profileRequests.push({ resolve, reject })),
      ),
      logout: fromPromise<void>(() => new Promise<void>((resolve, reject) => logoutRequests.push({ resolve, reject }))),
    },
    actions: { redirectToAdmin, announceSessionEnded },
  });
  return { machine, profileRequests, logoutRequests, redirectToAdmin, announceSessionEnded };
}

const storedUserId = () => localStorage.getItem(USER_ID_STORAGE_KEY);

beforeEach(() => localStorage.clear());

describe('session machine: model-based', () => {
  // The expected behaviour as seen from outside: no invoke/after, so @xstate/graph can walk it.
  // Environment events (what the server answers) are events of the model.
  const model = createMachine({
    id: 'sessionModel',
    initial: 'start',
    states: {
      start: { on: { 'boot.withStoredUserId': 'validating', 'boot.withoutStoredUserId': 'anonymous' } },
      validating: {
        on: { 'profile.user': 'authenticated', 'profile.staff': 'anonymous', 'profile.fails': 'anonymous' },
      },
      authenticated: {
        on: {
          'session.logout.succeeds': 'anonymous',
          'session.logout.fails': 'anonymous',
          'session.profileUpdated': 'authenticated',
          'session.expired': 'anonymous',
          'session.ended': 'anonymous',
        },
      },
      anonymous: { on: { 'session.signedIn': 'validating' } },
    },
  });

  type ModelEvent = EventObject;
  const modelEvents: ModelEvent[] = [
    { type: 'boot.withStoredUserId' },
    { type: 'boot.withoutStoredUserId' },
    { type: 'profile.user' },
    { type: 'profile.staff' },
    { type: 'profile.fails' },
    { type: 'session.logout.succeeds' },
    { type: 'session.logout.fails' },
    { type: 'session.profileUpdated' },
    { type: 'session.expired' },
    { type: 'session.ended' },
    { type: 'session.signedIn' },
  ];

  interface World {
    harness: ReturnType<typeof createHarness>;
    actor?: SessionActor;
  }

  const settle = (actor: SessionActor) => waitFor(actor, (state) => state.hasTag(SESSION_SETTLED_TAG));

  const executors: Record<string, (world: World) => Promise<void>> = {
    'boot.withStoredUserId': async (world) => {
      localStorage.setItem(USER_ID_STORAGE_KEY, '42');
      world.actor = createActor(world.harness.machine).start();
    },
    'boot.withoutStoredUserId': async (world) => {
      world.actor = createActor(world.harness.machine).start();
    },
    'profile.user': async (world) => {
      world.harness.profileRequests.at(-1)!.resolve(user);
      await settle(world.actor!);
    },
    'profile.staff': async (world) => {
      world.harness.profileRequests.at(-1)!.resolve(staff);
      await settle(world.actor!);
      expect(world.harness.redirectToAdmin).toHaveBeenCalledTimes(1);
    },
    'profile.fails': async (world) => {
      world.harness.profileRequests.at(-1)!.reject(new ApiError('Authentication credentials were not provided.', { status: 403 }));
      await settle(world.actor!);
    },
    'session.logout.succeeds': async (world) => {
      world.actor!.send({ type: 'session.logout' });
      expect(world.actor!.getSnapshot().matches('loggingOut')).toBe(true);
      world.harness.logoutRequests.at(-1)!.resolve();
      await settle(world.actor!);
    },
    'session.logout.fails': async (world) => {
      world.actor!.send({ type: 'session.logout' });
      world.harness.logoutRequests.at(-1)!.reject(new ApiError('Network Error'));
      await settle(world.actor!);
    },
    'session.profileUpdated': async (world) => {
      const updated = { ...user, full_name: 'Ada King' };
      world.actor!.send({ type: 'session.profileUpdated', profile: updated });
      expect(world.actor!.getSnapshot().context.profile).toEqual(updated);
    },
    'session.expired': async (world) => {
      world.actor!.send({ type: 'session.expired' });
    },
    'session.ended': async (world) => {
      world.actor!.send({ type: 'session.ended' });
      expect(world.harness.announceSessionEnded).toHaveBeenCalledTimes(1);
      expect(world.actor!.getSnapshot().context.ended).toBe(true);
    },
    'session.signedIn': async (world) => {
      world.actor!.send({ type: 'session.signedIn', userId: 7 });
      expect(storedUserId()).toBe('7');
      expect(world.actor!.getSnapshot().context.ended).toBe(false);
    },
  };

  function assertMatchesModel(world: World, modelState: string) {
    const snapshot = world.actor!.getSnapshot();
    expect(snapshot.value).toBe(modelState);
    if (modelState === 'anonymous') {
      expect(storedUserId()).toBeNull();
      expect(snapshot.context.profile).toBeUndefined();
      expect(snapshot.hasTag(SESSION_SETTLED_TAG)).toBe(true);
    }
    if (modelState === 'authenticated') {
      expect(storedUserId()).not.toBeNull();
      expect(snapshot.context.profile?.email).toBe(user.email);
      expect(snapshot.hasTag(SESSION_SETTLED_TAG)).toBe(true);
    }
    if (modelState === 'validating') {
      expect(storedUserId()).not.toBeNull();
      expect(snapshot.hasTag(SESSION_SETTLED_TAG)).toBe(false);
    }
  }

  // One path per transition of the model: the shortest path to each state, then each event it accepts.
  const statePaths = getShortestPaths(model, { events: modelEvents });
  const transitionPaths = statePaths.flatMap((path) =>
    modelEvents
      .filter((event) => path.state.can(event))
      .map((event) => ({
        events: [...path.steps.map((step) => step.event).filter((step) => step.type !== 'xstate.init'), event],
      })),
  );

  it('covers every transition of the model', () => {
    expect(transitionPaths.length).toBe(11);
  });

  it.each(transitionPaths.map((path) => [path.events.map((event) => event.type).join(' → '), path] as const))(
    '%s',
    async (_, path) => {
      const world: World = { harness: createHarness() };
      let modelSnapshot = getInitialSnapshot(model);
      for (const event of path.events) {
        await executors[event.type](world);
        modelSnapshot = getNextSnapshot(model, modelSnapshot, event);
        assertMatchesModel(world, String(modelSnapshot.value));
      }
      world.actor?.stop();
    },
  );
});

describe('session machine: details', () => {
  it('treats a stored "undefined" or blank id as no user', () => {
    localStorage.setItem(USER_ID_STORAGE_KEY, 'undefined');
    const actor = createActor(createHarness().machine).start();
    expect(actor.getSnapshot().value).toBe('anonymous');
  });

  it('keeps the stored id in context while validating', () => {
    localStorage.setItem(USER_ID_STORAGE_KEY, '42');
    const actor = createActor(createHarness().machine).start();
    expect(actor.getSnapshot().value).toBe('validating');
    expect(actor.getSnapshot().context.userId).toBe('42');
  });

  it('sends a superuser to the admin panel as well', async () => {
    localStorage.setItem(USER_ID_STORAGE_KEY, '1');
    const harness = createHarness();
    const actor = createActor(harness.machine).start();
    harness.profileRequests[0].resolve(superuser);
    await waitFor(actor, (state) => state.matches('anonymous'));
    expect(harness.redirectToAdmin).toHaveBeenCalledTimes(1);
    expect(storedUserId()).toBeNull();
  });

  it('validates a new sign-in and becomes authenticated', async () => {
    const harness = createHarness();
    const actor = createActor(harness.machine).start();
    actor.send({ type: 'session.signedIn', userId: '99' });
    expect(actor.getSnapshot().value).toBe('validating');
    expect(actor.getSnapshot().context.userId).toBe('99');
    harness.profileRequests[0].resolve(user);
    await waitFor(actor, (state) => state.matches('authenticated'));
    expect(actor.getSnapshot().context.profile).toEqual(user);
  });

  it('keeps the drafts when the server ends the session, and says so once', async () => {
    localStorage.setItem(USER_ID_STORAGE_KEY, '42');
    localStorage.setItem(draftKey('42', 'cv-1'), '{"kept":true}');
    const harness = createHarness();
    const actor = createActor(harness.machine).start();
    harness.profileRequests[0].resolve(user);
    await waitFor(actor, (state) => state.matches('authenticated'));
    actor.send({ type: 'session.ended' });
    actor.send({ type: 'session.ended' });
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(harness.announceSessionEnded).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(draftKey('42', 'cv-1'))).toBe('{"kept":true}');
  });

  it('remembers that a stored session was refused, so sign-in can bring the person back', async () => {
    localStorage.setItem(USER_ID_STORAGE_KEY, '42');
    const harness = createHarness();
    const actor = createActor(harness.machine).start();
    harness.profileRequests[0].reject(new ApiError('Authentication credentials were not provided.', { status: 401 }));
    await waitFor(actor, (state) => state.matches('anonymous'));
    expect(actor.getSnapshot().context.ended).toBe(true);
    expect(harness.announceSessionEnded).not.toHaveBeenCalled();
  });

  it('ignores a 401 heard while signing out or before a session exists', () => {
    const actor = createActor(createHarness().machine).start();
    actor.send({ type: 'session.ended' });
    expect(actor.getSnapshot().context.ended).toBeUndefined();
  });

  it('ignores logout while anonymous', () => {
    const actor = createActor(createHarness().machine).start();
    expect(actor.getSnapshot().can({ type: 'session.logout' })).toBe(false);
  });

  it('uses the real API actors by default', () => {
    // The default implementations are named in setup() so tests and the inspector see them.
    expect(Object.keys(sessionMachine.implementations.actors)).toEqual(['fetchProfile', 'logout']);
    expect(Object.keys(sessionMachine.implementations.actions)).toEqual(
      expect.arrayContaining(['storeUserId', 'clearStoredUserId', 'redirectToAdmin']) as string[],
    );
  });
});
