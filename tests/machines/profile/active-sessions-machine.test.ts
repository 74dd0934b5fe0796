import { createActor, createMachine } from 'xstate';
import { ApiError } from '../../../src/api/api-error';
import type { ActiveSession } from '../../../src/api/sessions';
import type { Notice } from '../../../src/machines/auth/auth-flow';
import {
  OTHER_SESSIONS_ENDED_NOTICE,
  SESSION_ENDED_NOTICE,
  SESSIONS_LOAD_FAILED_MESSAGE,
  activeSessionsMachine,
  type ActiveSessionsActor,
} from '../../../src/machines/profile/active-sessions-machine';
import { loadExecutors } from '../list-card';
import { declaredTransitionCount, deferredActor, flush, runModelPath, transitionPaths } from '../model-paths';

const THIS: ActiveSession = {
  id: 'this-session-id-000000',
  browser: 'Chrome 130',
  os: 'Linux',
  last_used: '2026-11-25T06:00:00Z',
  current: true,
};
const OTHER: ActiveSession = {
  id: 'other-session-id-00000',
  browser: 'Firefox 132',
  os: 'Linux',
  last_used: '2026-11-25T05:00:00Z',
  current: false,
};
const THIRD: ActiveSession = { ...OTHER, id: 'third-session-id-00000', browser: 'Safari 17' };

function createWorld() {
  return {
    load: deferredActor<ActiveSession[], unknown>(),
    end: deferredActor<void, { id: string }>(),
    endOthers: deferredActor<void, unknown>(),
    notices: [] as Notice[],
    actor: undefined as ActiveSessionsActor | undefined,
  };
}
type World = ReturnType<typeof createWorld>;

function start(world: World) {
  world.actor = createActor(
    activeSessionsMachine.provide({
      actors: {
        loadSessions: world.load.logic,
        endSession: world.end.logic,
        endOtherSessions: world.endOthers.logic,
      },
      actions: { notify: (_, notice: Notice) => void world.notices.push(notice) },
    }),
  ).start();
  return world.actor;
}

describe('active sessions machine: model-based (sessions you can see)', () => {
  const model = createMachine({
    id: 'activeSessionsModel',
    initial: 'closed',
    states: {
      closed: { on: { open: 'loading' } },
      loading: {
        on: {
          'load.others': 'withOthers',
          'load.alone': 'alone',
          'load.fails': 'failed',
          'load.unsupported': 'unsupported',
        },
      },
      withOthers: { on: { 'end.other': 'ending', 'end.all': 'endingOthers' } },
      alone: {},
      ending: { on: { 'end.done': 'loading', 'end.fails': 'loading' } },
      endingOthers: { on: { 'endOthers.done': 'loading', 'endOthers.fails': 'loading' } },
      failed: { on: { retry: 'loading' } },
      unsupported: {},
    },
  });
  const events = [
    'open',
    'load.others',
    'load.alone',
    'load.fails',
    'load.unsupported',
    'end.other',
    'end.all',
    'end.done',
    'end.fails',
    'endOthers.done',
    'endOthers.fails',
    'retry',
  ].map((type) => ({ type }));
  const executors: Record<string, (world: World) => Promise<void> | void> = {
    open: (world) => void start(world),
    ...loadExecutors<ActiveSession, World>({ 'load.others': [THIS, OTHER, THIRD], 'load.alone': [THIS] }),
    'end.other': (world) => world.actor!.send({ type: 'session.end', id: OTHER.id }),
    'end.all': (world) => world.actor!.send({ type: 'sessions.endOthers' }),
    'end.done': async (world) => {
      expect(world.end.last().input).toEqual({ id: OTHER.id });
      world.end.last().resolve();
      await flush();
      expect(world.notices.at(-1)).toEqual(SESSION_ENDED_NOTICE);
    },
    'end.fails': async (world) => {
      world.end.last().reject(new ApiError('Not found.', { status: 404 }));
      await flush();
      expect(world.notices.at(-1)).toMatchObject({ title: 'Not found.', variant: 'destructive' });
    },
    'endOthers.done': async (world) => {
      world.endOthers.last().resolve();
      await flush();
      expect(world.notices.at(-1)).toEqual(OTHER_SESSIONS_ENDED_NOTICE);
    },
    'endOthers.fails': async (world) => {
      world.endOthers.last().reject(new Error('offline'));
      await flush();
      expect(world.notices.at(-1)?.variant).toBe('destructive');
    },
    retry: (world) => world.actor!.send({ type: 'sessions.retry' }),
  };
  function assertState(world: World, state: string) {
    if (state === 'closed') return;
    const snapshot = world.actor!.getSnapshot();
    const expected = { withOthers: 'ready', alone: 'ready' }[state] ?? state;
    expect(snapshot.value).toBe(expected);
    if (state === 'withOthers') expect(snapshot.context.sessions).toHaveLength(3);
    if (state === 'alone') expect(snapshot.can({ type: 'sessions.endOthers' })).toBe(false);
    if (state === 'failed') expect(snapshot.context.error).toBe(SESSIONS_LOAD_FAILED_MESSAGE);
    if (state === 'ending' || state === 'endingOthers') expect(snapshot.hasTag('busy')).toBe(true);
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

describe('active sessions machine: edge cases', () => {
  it('never ends this session, nor one it does not list', async () => {
    const world = createWorld();
    const actor = start(world);
    world.load.last().resolve([THIS, OTHER]);
    await flush();
    actor.send({ type: 'session.end', id: THIS.id });
    actor.send({ type: 'session.end', id: 'made-up' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(world.end.requests).toHaveLength(0);
    actor.stop();
  });

  it('ignores a second click while one session is being ended', async () => {
    const world = createWorld();
    const actor = start(world);
    world.load.last().resolve([THIS, OTHER, THIRD]);
    await flush();
    actor.send({ type: 'session.end', id: OTHER.id });
    actor.send({ type: 'session.end', id: THIRD.id });
    actor.send({ type: 'sessions.endOthers' });
    expect(world.end.requests).toHaveLength(1);
    expect(world.endOthers.requests).toHaveLength(0);
    actor.stop();
  });
});
