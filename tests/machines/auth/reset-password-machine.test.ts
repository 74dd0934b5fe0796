import { SimulatedClock, createActor, createMachine } from 'xstate';
import { ApiError } from '../../../src/api/api-error';
import type { PasswordResetConfirmPayload, PasswordResetConfirmResponse } from '../../../src/api/auth';
import { REDIRECT_AFTER_RESET_MS } from '../../../src/config/constants';
import { BUSY_TAG } from '../../../src/machines/auth/auth-flow';
import type { Notice } from '../../../src/machines/auth/auth-flow';
import {
  PASSWORD_RESET_NOTICE,
  RESET_FAILED_MESSAGE,
  RESET_LINK_REFUSED_MESSAGE,
  isLinkRefusal,
  resetFailureMessage,
  resetPasswordMachine,
  type ResetPasswordActor,
} from '../../../src/machines/auth/reset-password-machine';
import {
  declaredTransitionCount,
  deferredActor,
  flush,
  recordingSession,
  runModelPath,
  transitionPaths,
} from '../model-paths';
import { ACCOUNT_MESSAGES } from '../../../rules/account';

function createWorld() {
  const reset = deferredActor<PasswordResetConfirmResponse, PasswordResetConfirmPayload>();
  const validate = deferredActor<boolean, { uid: string; token: string }>();
  const session = recordingSession();
  const redirect = vi.fn<(to: string) => void>();
  const notify = vi.fn<(notice: Notice) => void>();
  const clock = new SimulatedClock();
  const machine = resetPasswordMachine.provide({
    actors: { confirmPasswordReset: reset.logic, validateLink: validate.logic },
    actions: { redirect: (_, params) => redirect(params.to), notify: (_, params) => notify(params) },
  });
  let actor: ResetPasswordActor | undefined;
  return {
    reset,
    validate,
    notify,
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

describe('reset-password machine: model-based', () => {
  const model = createMachine({
    id: 'resetPasswordModel',
    initial: 'opening',
    states: {
      opening: { on: { 'open.withToken': 'checkingLink', 'open.withoutToken': 'sentToSignIn' } },
      sentToSignIn: { type: 'final' },
      // The link is checked as the page opens.
      checkingLink: {
        on: { 'link.valid': 'editing', 'link.notChecked': 'editing', 'link.refused': 'linkRefused' },
      },
      linkRefused: {},
      editing: {
        on: { 'submit.tooShort': 'tooShort', 'submit.mismatch': 'mismatch', 'submit.valid': 'resetting' },
      },
      tooShort: { on: { 'form.fix': 'editing' } },
      mismatch: { on: { 'form.fix': 'editing' } },
      resetting: {
        on: {
          'reset.succeedsWithUserId': 'signedIn',
          'reset.succeedsWithoutUserId': 'reset',
          'reset.refused': 'linkRefused',
          'reset.weakPassword': 'weakPassword',
          'reset.failsWithoutMessage': 'failed',
        },
      },
      signedIn: { on: { 'clock.justBefore2s': 'signedIn', 'clock.reaches2s': 'sentHome' } },
      sentHome: { type: 'final' },
      reset: {},
      weakPassword: { on: { 'submit.valid': 'resetting' } },
      failed: {},
    },
  });
  const events = [
    'open.withToken',
    'open.withoutToken',
    'link.valid',
    'link.notChecked',
    'link.refused',
    'submit.tooShort',
    'submit.mismatch',
    'submit.valid',
    'form.fix',
    'reset.succeedsWithUserId',
    'reset.succeedsWithoutUserId',
    'reset.refused',
    'reset.weakPassword',
    'reset.failsWithoutMessage',
    'clock.justBefore2s',
    'clock.reaches2s',
  ].map((type) => ({ type }));

  let elapsed = 0;
  const executors: Record<string, (world: World) => Promise<void> | void> = {
    'open.withToken': (world) => {
      world.open({ token: 'tok-123', uid: 'MQ' });
      expect(world.validate.last().input).toEqual({ uid: 'MQ', token: 'tok-123' });
    },
    'open.withoutToken': (world) => world.open({ uid: 'MQ' }),
    'link.valid': async ({ validate }) => {
      validate.last().resolve(true);
      await flush();
    },
    // A backend without the optional check (404 → false), or no answer at all: the link is judged on submit.
    'link.notChecked': async ({ validate }) => {
      validate.last().reject(new ApiError('Network Error'));
      await flush();
    },
    'link.refused': async ({ validate }) => {
      validate.last().reject(
        new ApiError('This password reset link has expired. Please request a new one.', {
          status: 400,
          serverMessage: 'This password reset link has expired. Please request a new one.',
          data: { detail: 'This password reset link has expired. Please request a new one.', code: 'link_expired' },
        }),
      );
      await flush();
    },
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
    'reset.weakPassword': async ({ reset }) => {
      reset.last().reject(
        new ApiError('This password is too common.', {
          status: 400,
          data: { detail: 'This password is too common.', field: 'new_password' },
        }),
      );
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
        // The page the person lands on says the reset worked.
        expect(world.notify).toHaveBeenCalledWith(PASSWORD_RESET_NOTICE);
        return;
      case 'checkingLink':
        expect(snapshot.value).toBe('validatingLink');
        break;
      case 'linkRefused':
        expect(snapshot.value).toBe('linkRefused');
        expect(snapshot.context.linkProblem).toMatch(/link/);
        break;
      case 'weakPassword':
        expect(snapshot.value).toBe('editing');
        expect(snapshot.context.errors.newPassword).toBe('This password is too common.');
        expect(snapshot.context.error).toBeUndefined();
        break;
      case 'editing':
        expect(snapshot.value).toBe('editing');
        expect(snapshot.context.errors).toEqual({});
        break;
      case 'tooShort':
        expect(snapshot.context.errors).toEqual({ newPassword: ACCOUNT_MESSAGES.newPasswordTooShort });
        break;
      case 'mismatch':
        expect(snapshot.context.errors).toEqual({ confirmPassword: ACCOUNT_MESSAGES.passwordsDoNotMatch });
        break;
      case 'resetting':
        expect(snapshot.hasTag(BUSY_TAG)).toBe(true);
        expect(snapshot.context.error).toBeUndefined();
        break;
      case 'signedIn':
      case 'reset':
        expect(snapshot.value).toBe(modelState);
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

  it('tells a refused link from a refused form', () => {
    const expired = new ApiError('x', { status: 400, data: { detail: 'x', code: 'link_expired' } });
    expect(isLinkRefusal(expired, 'submit')).toBe(true);
    const weak = new ApiError('too weak', { status: 400, data: { detail: 'too weak', field: 'new_password' } });
    expect(isLinkRefusal(weak, 'submit')).toBe(false);
    // Only the link is asked about when the page opens; a backend without the call (404) is no verdict.
    expect(isLinkRefusal(new ApiError('Invalid token.', { status: 400 }), 'validate')).toBe(true);
    expect(isLinkRefusal(new ApiError('Not found.', { status: 404 }), 'validate')).toBe(false);
    expect(isLinkRefusal(new ApiError('Too many.', { status: 429 }), 'validate')).toBe(false);
    expect(isLinkRefusal(new ApiError('Network Error'), 'validate')).toBe(false);
    expect(RESET_LINK_REFUSED_MESSAGE).toMatch(/link/);
  });

  it('uses the error message, else its own', () => {
    expect(resetFailureMessage(new ApiError('Token expired.'))).toBe('Token expired.');
    expect(resetFailureMessage(null)).toBe(RESET_FAILED_MESSAGE);
  });
});
