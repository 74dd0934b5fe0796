import { createActor, createMachine } from 'xstate';
import { ApiError } from '../../../src/api/api-error';
import { BUSY_TAG } from '../../../src/machines/auth/auth-flow';
import {
  INCOMPLETE_LINK_MESSAGE,
  accountLinkMachine,
  type AccountLinkAction,
  type AccountLinkActor,
} from '../../../src/machines/profile/account-link-machine';
import {
  declaredTransitionCount,
  deferredActor,
  flush,
  recordingSession,
  runModelPath,
  transitionPaths,
} from '../model-paths';

function createWorld() {
  const followLink = deferredActor<
    string | undefined,
    { action: AccountLinkAction; uid: string; token: string }
  >();
  const session = recordingSession();
  const redirect = vi.fn<(to: string) => void>();
  const machine = accountLinkMachine.provide({
    actors: { followLink: followLink.logic },
    actions: { redirect: (_, params) => redirect(params.to) },
  });
  let actor: AccountLinkActor | undefined;
  return {
    followLink,
    session,
    redirect,
    action: 'confirm-email-change' as AccountLinkAction,
    open(action: AccountLinkAction, link: { uid?: string; token?: string }) {
      this.action = action;
      actor = createActor(machine, { input: { action, ...link, session: session.actor } }).start();
    },
    get actor() {
      return actor!;
    },
  };
}
type World = ReturnType<typeof createWorld>;

describe('account-link machine: model-based (links mailed about the account)', () => {
  const model = createMachine({
    id: 'accountLinkModel',
    initial: 'opening',
    states: {
      opening: {
        on: {
          'open.confirmLink': 'following',
          'open.cancelLink': 'following',
          'open.deleteLink': 'asking',
          'open.incompleteLink': 'failed',
        },
      },
      asking: { on: { 'person.confirms': 'following', 'person.keeps': 'kept' } },
      following: { on: { 'server.accepts': 'done', 'server.refuses': 'failed' } },
      done: {},
      failed: {},
      kept: {},
    },
  });
  const events = [
    'open.confirmLink',
    'open.cancelLink',
    'open.deleteLink',
    'open.incompleteLink',
    'person.confirms',
    'person.keeps',
    'server.accepts',
    'server.refuses',
  ].map((type) => ({ type }));

  const link = { uid: 'MQ', token: 'abc-123' };
  const executors: Record<string, (world: World) => Promise<void> | void> = {
    'open.confirmLink': (world) => world.open('confirm-email-change', link),
    'open.cancelLink': (world) => world.open('cancel-email-change', link),
    'open.deleteLink': (world) => world.open('delete-account', link),
    'open.incompleteLink': (world) => world.open('approve-email-change', { uid: 'MQ', token: ' ' }),
    'person.confirms': ({ actor }) => actor.send({ type: 'link.confirm' }),
    'person.keeps': ({ actor }) => actor.send({ type: 'link.keep' }),
    'server.accepts': async ({ followLink }) => {
      followLink.last().resolve('Done by the server.');
      await flush();
    },
    'server.refuses': async ({ followLink }) => {
      followLink
        .last()
        .reject(new ApiError('This link has expired. Please request the change again.', { status: 400 }));
      await flush();
    },
  };

  function assertState(world: World, modelState: string) {
    const snapshot = world.actor.getSnapshot();
    const endsSessions = world.action === 'cancel-email-change' || world.action === 'delete-account';
    switch (modelState) {
      case 'asking':
        expect(snapshot.value).toBe('asking');
        // Opening a deletion link deletes nothing (a mail scanner may open it).
        expect(world.followLink.requests).toHaveLength(0);
        break;
      case 'following':
        expect(snapshot.hasTag(BUSY_TAG)).toBe(true);
        expect(world.followLink.last().input).toEqual({ action: world.action, ...link });
        break;
      case 'done':
        expect(snapshot.value).toBe('done');
        expect(snapshot.context.outcome).toBe('Done by the server.');
        expect(world.session.received).toEqual(endsSessions ? [{ type: 'session.expired' }] : []);
        break;
      case 'failed':
        expect(snapshot.value).toBe('failed');
        expect(snapshot.context.problem).toMatch(/expired|incomplete/);
        if (snapshot.context.problem === INCOMPLETE_LINK_MESSAGE)
          expect(world.followLink.requests).toHaveLength(0);
        expect(world.session.received).toEqual([]);
        break;
      case 'kept':
        expect(world.redirect).toHaveBeenCalledWith('/');
        expect(world.followLink.requests).toHaveLength(0);
        break;
      default:
        throw new Error(`unknown model state ${modelState}`);
    }
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
});
