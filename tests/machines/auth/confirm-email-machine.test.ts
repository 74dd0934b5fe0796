import { SimulatedClock, createActor, createMachine } from 'xstate';
import { ApiError } from '../../../src/api/api-error';
import type { EmailConfirmationLink } from '../../../src/api/auth';
import { REDIRECT_AFTER_CONFIRM_MS } from '../../../src/config/constants';
import {
  EMAIL_CONFIRMATION_FAILED_MESSAGE,
  confirmEmailMachine,
  type ConfirmEmailActor,
} from '../../../src/machines/auth/confirm-email-machine';
import { declaredTransitionCount, deferredActor, flush, runModelPath, transitionPaths } from '../model-paths';
import { ACCOUNT_MESSAGES } from '../../../rules/account';

function createWorld() {
  const confirm = deferredActor<void, EmailConfirmationLink>();
  const resend = deferredActor<void, { email: string }>();
  const redirect = vi.fn<(to: string) => void>();
  const clock = new SimulatedClock();
  const machine = confirmEmailMachine.provide({
    actors: { confirmEmail: confirm.logic, resendConfirmation: resend.logic },
    actions: { redirect: (_, params) => redirect(params.to) },
  });
  const world = { confirm, resend, redirect, clock, actor: undefined as ConfirmEmailActor | undefined };
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

describe('confirm-email machine: model-based', () => {
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
      // From a refused or broken link, 'Send a new link' with an email address.
      invalidLink: { on: { 'resend.invalidEmail': 'invalidLink', 'resend.submit': 'sending' } },
      failed: { on: { 'resend.invalidEmail': 'failed', 'resend.submit': 'sending' } },
      sending: { on: { 'resend.succeeds': 'sent', 'resend.fails': 'failed' } },
      sent: {},
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
    'resend.invalidEmail',
    'resend.submit',
    'resend.succeeds',
    'resend.fails',
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
    'resend.invalidEmail': (world) => {
      world.current.send({ type: 'resend.emailChange', email: 'not-an-address' });
      world.current.send({ type: 'resend.submit' });
      expect(world.current.getSnapshot().context.emailProblem).toBeDefined();
    },
    'resend.submit': (world) => {
      world.current.send({ type: 'resend.emailChange', email: ' ada@example.com ' });
      world.current.send({ type: 'resend.submit' });
      expect(world.resend.last().input).toEqual({ email: 'ada@example.com' });
    },
    'resend.succeeds': async (world) => {
      world.resend.last().resolve();
      await flush();
    },
    'resend.fails': async (world) => {
      world.resend.last().reject(new ApiError('Too many requests. Please try again later.', { status: 429 }));
      await flush();
      expect(world.current.getSnapshot().context.resendError).toBe('Too many requests. Please try again later.');
    },
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
      expect(snapshot.value).toEqual({ failed: 'idle' });
      expect(snapshot.context.error).toBe(ACCOUNT_MESSAGES.invalidConfirmationLink);
      expect(world.confirm.requests).toHaveLength(0);
    } else if (modelState === 'failed') {
      expect(snapshot.value).toEqual({ failed: 'idle' });
      expect([EMAIL_CONFIRMATION_FAILED_MESSAGE, ACCOUNT_MESSAGES.invalidConfirmationLink]).toContain(
        snapshot.context.error,
      );
    } else if (modelState === 'sending') {
      expect(snapshot.value).toEqual({ failed: 'sending' });
      expect(snapshot.hasTag('busy')).toBe(true);
    } else if (modelState === 'sent') {
      expect(snapshot.value).toEqual({ failed: 'sent' });
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
  it.each([
    ['This confirmation link has expired. Please request a new one.', 400, 'This confirmation link has expired. Please request a new one.'],
    ['This confirmation link has already been used.', 400, 'This confirmation link has already been used.'],
    ['Network Error', undefined, undefined],
    ['Internal Server Error', 500, undefined],
  ] as const)('keeps the server reason %j (status %s)', async (message, status, reason) => {
    const world = createWorld();
    world.open({ uid: 'MQ', token: 'abc' });
    world.confirm.last().reject(new ApiError(message, { status }));
    await flush();
    expect(world.current.getSnapshot().context).toMatchObject({ error: EMAIL_CONFIRMATION_FAILED_MESSAGE, reason });
  });

  it('clears a refused address as soon as the person types again', () => {
    const world = createWorld();
    world.open({});
    world.current.send({ type: 'resend.submit' });
    expect(world.current.getSnapshot().context.emailProblem).toBe('Required');
    world.current.send({ type: 'resend.emailChange', email: 'a' });
    expect(world.current.getSnapshot().context.emailProblem).toBeUndefined();
  });

  it.each([[{}], [{ token: 'abc' }], [{ uid: ' ', token: 'abc' }]])(
    'calls a link without uid or token invalid: %j',
    (input) => {
      const actor = createActor(confirmEmailMachine, { input }).start();
      expect(actor.getSnapshot().context.error).toBe(ACCOUNT_MESSAGES.invalidConfirmationLink);
    },
  );
});
