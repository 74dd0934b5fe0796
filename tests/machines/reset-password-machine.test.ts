import { SimulatedClock, createActor, createMachine } from 'xstate';
import { ApiError } from '../../src/api/api-error';
import type { PasswordResetConfirmPayload, PasswordResetConfirmResponse } from '../../src/api/auth';
import { REDIRECT_AFTER_RESET_MS } from '../../src/config/constants';
import { BUSY_TAG } from '../../src/machines/auth-flow';
import {
  RESET_FAILED_MESSAGE,
  resetFailureMessage,
  resetPasswordMachine,
  type ResetPasswordActor,
} from '../../src/machines/reset-password-machine';
import {
  NEW_PASSWORD_TOO_SHORT_MESSAGE,
  PASSWORDS_DO_NOT_MATCH_MESSAGE,
} from '../../src/machines/validation/auth-rules';
import {
  declaredTransitionCount,
  deferredActor,
  flush,
  recordingSession,
  runModelPath,
  transitionPaths,
} from './model-paths';

function createWorld() {
  const reset = deferredActor<PasswordResetConfirmResponse, PasswordResetConfirmPayload>();
  const session = recordingSession();
  const redirect = vi.fn<(to: string) => void>();
  const clock = new SimulatedClock();
  const machine = resetPasswordMachine.provide({
    actors: { confirmPasswordReset: reset.logic },
    actions: { redirect: (_, params) => redirect(params.to) },
  });
  let actor: ResetPasswordActor | undefined;
  return {
    reset,
    session,
    redirect,
    clock,
    open(input: { uid?: string; token?: string }) {
      actor = createActor(machine, { input: { session: session.actor, ...input }, clock }).start();
    },
    get actor() {
      return actor!;
    },
  };
}
type World = ReturnType<typeof createWorld>;

function fill(actor: ResetPasswordActor, newPassword: string, confirmPassword: string) {
  actor.send({ type: 'form.change', field: 'newPassword', value: newPassword });
  actor.send({ type: 'form.change', field: 'confirmPassword', value: confirmPassword });
}

describe('reset-password machine: model-based (spec §2 Reset password, §4, §5, §8 Reset confirm failure)', () => {
  const model = createMachine({
    id: 'resetPasswordModel',
    initial: 'opening',
    states: {
      opening: { on: { 'open.withToken': 'editing', 'open.withoutToken': 'sentToSignIn' } },
      sentToSignIn: { type: 'final' },
      editing: {
        on: { 'submit.tooShort': 'tooShort', 'submit.mismatch': 'mismatch', 'submit.valid': 'resetting' },
      },
      tooShort: { on: { 'form.fix': 'editing' } },
      mismatch: { on: { 'form.fix': 'editing' } },
      resetting: {
        on: {
          'reset.succeedsWithUserId': 'signedIn',
          'reset.succeedsWithoutUserId': 'reset',
          'reset.refused': 'refused',
          'reset.failsWithoutMessage': 'failed',
        },
      },
      signedIn: { on: { 'clock.justBefore2s': 'signedIn', 'clock.reaches2s': 'sentHome' } },
      sentHome: { type: 'final' },
      reset: {},
      refused: { on: { 'submit.valid': 'resetting' } },
      failed: {},
    },
  });
  const events = [
    'open.withToken',
    'open.withoutToken',
    'submit.tooShort',
    'submit.mismatch',
    'submit.valid',
    'form.fix',
    'reset.succeedsWithUserId',
    'reset.succeedsWithoutUserId',
    'reset.refused',
    'reset.failsWithoutMessage',
    'clock.justBefore2s',
    'clock.reaches2s',
  ].map((type) => ({ type }));

  let elapsed = 0;
  const executors: Record<string, (world: World) => Promise<void> | void> = {
    'open.withToken': (world) => world.open({ token: 'tok-123', uid: 'MQ' }),
    'open.withoutToken': (world) => world.open({ uid: 'MQ' }),
    'submit.tooShort': ({ actor }) => {
      fill(actor, 'Short1', 'Short1');
      actor.send({ type: 'form.submit' });
    },
    'submit.mismatch': ({ actor }) => {
      fill(actor, 'NewPassw0rd', 'NewPassw0rd?');
      actor.send({ type: 'form.submit' });
    },
    'form.fix': ({ actor }) => fill(actor, 'NewPassw0rd', 'NewPassw0rd'),
    'submit.valid': ({ actor, reset }) => {
      fill(actor, 'NewPassw0rd', 'NewPassw0rd');
      actor.send({ type: 'form.submit' });
      expect(reset.last().input).toEqual({ uid: 'MQ', token: 'tok-123', new_password: 'NewPassw0rd' });
    },
    'reset.succeedsWithUserId': async ({ reset }) => {
      reset.last().resolve({ user_id: 7 });
      await flush();
      elapsed = 0;
    },
    'reset.succeedsWithoutUserId': async ({ reset }) => {
      reset.last().resolve({});
      await flush();
    },
    'reset.refused': async ({ reset }) => {
      reset
        .last()
        .reject(new ApiError('This password reset link is invalid or has expired.', { status: 400 }));
      await flush();
    },
    'reset.failsWithoutMessage': async ({ reset }) => {
      reset.last().reject(new ApiError(''));
      await flush();
    },
    'clock.justBefore2s': ({ clock }) => {
      clock.increment(REDIRECT_AFTER_RESET_MS - 1 - elapsed);
      elapsed = REDIRECT_AFTER_RESET_MS - 1;
    },
    'clock.reaches2s': ({ clock }) => clock.increment(REDIRECT_AFTER_RESET_MS - elapsed),
  };

  function assertState(world: World, modelState: string) {
    const snapshot = world.actor.getSnapshot();
    const signedIn = modelState === 'signedIn' || modelState === 'sentHome';
    expect(world.session.received).toEqual(signedIn ? [{ type: 'session.signedIn', userId: 7 }] : []);
    switch (modelState) {
      case 'sentToSignIn':
        expect(snapshot.status).toBe('done');
        expect(world.redirect).toHaveBeenCalledWith('/signin');
        return;
      case 'sentHome':
        expect(snapshot.status).toBe('done');
        expect(world.redirect).toHaveBeenCalledTimes(1);
        expect(world.redirect).toHaveBeenCalledWith('/');
        return;
      case 'editing':
        expect(snapshot.value).toBe('editing');
        expect(snapshot.context.errors).toEqual({});
        break;
      case 'tooShort':
        expect(snapshot.context.errors).toEqual({ newPassword: NEW_PASSWORD_TOO_SHORT_MESSAGE });
        break;
      case 'mismatch':
        expect(snapshot.context.errors).toEqual({ confirmPassword: PASSWORDS_DO_NOT_MATCH_MESSAGE });
        break;
      case 'resetting':
        expect(snapshot.hasTag(BUSY_TAG)).toBe(true);
        expect(snapshot.context.error).toBeUndefined();
        break;
      case 'signedIn':
      case 'reset':
        expect(snapshot.value).toBe(modelState);
        break;
      case 'refused':
        expect(snapshot.value).toBe('editing');
        expect(snapshot.context.error).toBe('This password reset link is invalid or has expired.');
        break;
      case 'failed':
        expect(snapshot.value).toBe('editing');
        expect(snapshot.context.error).toBe(RESET_FAILED_MESSAGE);
        break;
      default:
        throw new Error(`unknown model state ${modelState}`);
    }
    expect(world.redirect).not.toHaveBeenCalled();
  }

  const paths = transitionPaths(model, events);

  it('covers every transition of the model', () => {
    expect(paths).toHaveLength(declaredTransitionCount(model));
  });

  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_, path) => {
    elapsed = 0;
    const world = createWorld();
    await runModelPath(model, path, world, executors, assertState);
    world.actor.stop();
  });
});

describe('reset-password machine: details', () => {
  it('treats a blank token as missing', () => {
    const redirect = vi.fn();
    const actor = createActor(
      resetPasswordMachine.provide({ actions: { redirect: (_, params) => redirect(params.to) } }),
      {
        input: { session: recordingSession().actor, token: '  ', uid: 'MQ' },
      },
    ).start();
    expect(actor.getSnapshot().value).toBe('missingToken');
    expect(redirect).toHaveBeenCalledWith('/signin');
  });

  it('uses the error message, else its own (spec §8)', () => {
    expect(resetFailureMessage(new ApiError('Token expired.'))).toBe('Token expired.');
    expect(resetFailureMessage(null)).toBe(RESET_FAILED_MESSAGE);
  });
});
