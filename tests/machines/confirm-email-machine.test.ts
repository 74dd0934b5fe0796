import { SimulatedClock, createActor, createMachine } from 'xstate';
import { ApiError } from '../../src/api/api-error';
import type { EmailConfirmationLink } from '../../src/api/auth';
import { REDIRECT_AFTER_CONFIRM_MS } from '../../src/config/constants';
import {
  EMAIL_CONFIRMATION_FAILED_MESSAGE,
  confirmEmailMachine,
  type ConfirmEmailActor,
} from '../../src/machines/confirm-email-machine';
import { INVALID_CONFIRMATION_LINK_MESSAGE } from '../../src/machines/validation/auth-rules';
import { declaredTransitionCount, deferredActor, flush, runModelPath, transitionPaths } from './model-paths';

function createWorld() {
  const confirm = deferredActor<void, EmailConfirmationLink>();
  const redirect = vi.fn<(to: string) => void>();
  const clock = new SimulatedClock();
  const machine = confirmEmailMachine.provide({
    actors: { confirmEmail: confirm.logic },
    actions: { redirect: (_, params) => redirect(params.to) },
  });
  const world = { confirm, redirect, clock, actor: undefined as ConfirmEmailActor | undefined };
  const open = (input: { uid?: string; token?: string }) => {
    world.actor = createActor(machine, { input, clock }).start();
  };
  return {
    ...world,
    open,
    get current() {
      return world.actor!;
    },
  };
}
type World = ReturnType<typeof createWorld>;

describe('confirm-email machine: model-based (spec §2 Confirm email, §4 Other flows)', () => {
  const model = createMachine({
    id: 'confirmEmailModel',
    initial: 'opening',
    states: {
      opening: { on: { 'open.withLink': 'confirming', 'open.withoutToken': 'invalidLink' } },
      confirming: { on: { 'confirm.succeeds': 'confirmed', 'confirm.fails': 'failed' } },
      confirmed: {
        on: {
          'clock.justBefore3s': 'confirmed',
          'clock.reaches3s': 'leftForSignIn',
          'confirmation.continue': 'leftForSignIn',
        },
      },
      leftForSignIn: { type: 'final' },
      invalidLink: {},
      failed: {},
    },
  });
  const events = [
    'open.withLink',
    'open.withoutToken',
    'confirm.succeeds',
    'confirm.fails',
    'clock.justBefore3s',
    'clock.reaches3s',
    'confirmation.continue',
  ].map((type) => ({ type }));

  let elapsed = 0;
  const executors: Record<string, (world: World) => Promise<void> | void> = {
    'open.withLink': (world) => {
      world.open({ uid: 'MQ', token: 'abc-123' });
      expect(world.confirm.last().input).toEqual({ uid: 'MQ', token: 'abc-123' });
    },
    'open.withoutToken': (world) => world.open({ uid: 'MQ' }),
    'confirm.succeeds': async (world) => {
      world.confirm.last().resolve();
      await flush();
      elapsed = 0;
    },
    'confirm.fails': async (world) => {
      world.confirm.last().reject(new ApiError('Invalid or expired link.', { status: 400 }));
      await flush();
    },
    'clock.justBefore3s': (world) => {
      world.clock.increment(REDIRECT_AFTER_CONFIRM_MS - 1 - elapsed);
      elapsed = REDIRECT_AFTER_CONFIRM_MS - 1;
    },
    'clock.reaches3s': (world) => world.clock.increment(REDIRECT_AFTER_CONFIRM_MS - elapsed),
    'confirmation.continue': (world) => world.current.send({ type: 'confirmation.continue' }),
  };

  function assertState(world: World, modelState: string) {
    const snapshot = world.current.getSnapshot();
    if (modelState === 'leftForSignIn') {
      expect(snapshot.status).toBe('done');
      expect(world.redirect).toHaveBeenCalledTimes(1);
      expect(world.redirect).toHaveBeenCalledWith('/signin');
      return;
    }
    expect(world.redirect).not.toHaveBeenCalled();
    if (modelState === 'invalidLink') {
      expect(snapshot.value).toBe('failed');
      expect(snapshot.context.error).toBe(INVALID_CONFIRMATION_LINK_MESSAGE);
      expect(world.confirm.requests).toHaveLength(0);
    } else if (modelState === 'failed') {
      expect(snapshot.value).toBe('failed');
      expect(snapshot.context.error).toBe(EMAIL_CONFIRMATION_FAILED_MESSAGE);
    } else {
      expect(snapshot.value).toBe(modelState);
    }
  }

  const paths = transitionPaths(model, events);

  it('covers every transition of the model', () => {
    expect(paths).toHaveLength(declaredTransitionCount(model));
  });

  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_, path) => {
    elapsed = 0;
    const world = createWorld();
    await runModelPath(model, path, world, executors, assertState);
    world.current.stop();
  });
});

describe('confirm-email machine: details', () => {
  it.each([[{}], [{ token: 'abc' }], [{ uid: ' ', token: 'abc' }]])(
    'calls a link without uid or token invalid: %j',
    (input) => {
      const actor = createActor(confirmEmailMachine, { input }).start();
      expect(actor.getSnapshot().context.error).toBe(INVALID_CONFIRMATION_LINK_MESSAGE);
    },
  );
});
