import { createActor, createMachine } from 'xstate';
import { ApiError } from '../../../src/api/api-error';
import type { SecurityActivityItem } from '../../../src/api/security';
import {
  ACTIVITY_LOAD_FAILED_MESSAGE,
  securityActivityMachine,
  type SecurityActivityActor,
} from '../../../src/machines/profile/security-activity-machine';
import { loadExecutors } from '../list-card';
import { declaredTransitionCount, deferredActor, flush, runModelPath, transitionPaths } from '../model-paths';

const SIGNED_IN: SecurityActivityItem = {
  id: 2,
  kind: 'signin_succeeded',
  at: '2026-11-25T06:00:00.000Z',
  browser: 'Chrome 130',
  os: 'Linux',
  detail: { method: 'password' },
};
const REFUSED: SecurityActivityItem = {
  id: 1,
  kind: 'signin_refused',
  at: '2026-11-25T05:59:00.000Z',
  browser: 'Firefox 128',
  os: 'Windows 10',
  detail: { reason: 'wrong_password' },
};

function createWorld() {
  return {
    load: deferredActor<SecurityActivityItem[], unknown>(),
    actor: undefined as SecurityActivityActor | undefined,
  };
}
type World = ReturnType<typeof createWorld>;

function start(world: World) {
  world.actor = createActor(securityActivityMachine.provide({ actors: { loadActivity: world.load.logic } })).start();
  return world.actor;
}

describe('security activity machine: model-based', () => {
  const model = createMachine({
    id: 'securityActivityModel',
    initial: 'closed',
    states: {
      closed: { on: { open: 'loading' } },
      loading: {
        on: {
          'load.some': 'listed',
          'load.none': 'empty',
          'load.fails': 'failed',
          'load.unsupported': 'unsupported',
        },
      },
      listed: { on: { refresh: 'loading' } },
      empty: { on: { refresh: 'loading' } },
      failed: { on: { retry: 'loading' } },
      unsupported: {},
    },
  });
  const events = ['open', 'load.some', 'load.none', 'load.fails', 'load.unsupported', 'refresh', 'retry'].map(
    (type) => ({ type }),
  );
  const executors: Record<string, (world: World) => Promise<void> | void> = {
    open: (world) => void start(world),
    ...loadExecutors<SecurityActivityItem, World>({ 'load.some': [SIGNED_IN, REFUSED], 'load.none': [] }),
    refresh: (world) => world.actor!.send({ type: 'activity.refresh' }),
    retry: (world) => world.actor!.send({ type: 'activity.retry' }),
  };
  function assertState(world: World, state: string) {
    if (state === 'closed') return;
    const snapshot = world.actor!.getSnapshot();
    const expected = { listed: 'ready', empty: 'ready' }[state] ?? state;
    expect(snapshot.value).toBe(expected);
    if (state === 'listed') expect(snapshot.context.items).toEqual([SIGNED_IN, REFUSED]);
    if (state === 'empty') expect(snapshot.context.items).toEqual([]);
    if (state === 'failed') expect(snapshot.context.error).toBe(ACTIVITY_LOAD_FAILED_MESSAGE);
    if (state === 'loading') expect(snapshot.hasTag('busy')).toBe(true);
    if (state === 'unsupported') expect(snapshot.status).toBe('done');
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

describe('security activity machine: edge cases', () => {
  it('keeps the list it has while a refresh is out, and ignores another refresh meanwhile', async () => {
    const world = createWorld();
    const actor = start(world);
    world.load.last().resolve([SIGNED_IN]);
    await flush();
    actor.send({ type: 'activity.refresh' });
    actor.send({ type: 'activity.refresh' });
    expect(world.load.requests).toHaveLength(2);
    expect(actor.getSnapshot().context.items).toEqual([SIGNED_IN]);
    world.load.last().resolve([SIGNED_IN, REFUSED]);
    await flush();
    expect(actor.getSnapshot().context.items).toHaveLength(2);
    actor.stop();
  });

  it('says what the server said when it refused, and clears the error once loaded', async () => {
    const world = createWorld();
    const actor = start(world);
    world.load.last().reject(new ApiError('Authentication credentials were not provided.', { status: 401 }));
    await flush();
    expect(actor.getSnapshot().context.error).toBe('Authentication credentials were not provided.');
    actor.send({ type: 'activity.retry' });
    world.load.last().resolve([]);
    await flush();
    expect(actor.getSnapshot().context.error).toBeUndefined();
    actor.stop();
  });
});
