import { createActor, createMachine } from 'xstate';
import { ApiError } from '../../../src/api/api-error';
import type { LoginOutcome, LoginPayload } from '../../../src/api/auth';
import { BUSY_TAG, SIGNED_IN_NOTICE, type Notice } from '../../../src/machines/auth/auth-flow';
import {
  CONFIRMATION_RESENT_NOTICE,
  SIGN_IN_FAILED_MESSAGE,
  signInFailureMessage,
  signInMachine,
  type SignInActor,
} from '../../../src/machines/auth/sign-in-machine';
import {
  declaredTransitionCount,
  deferredActor,
  flush,
  recordingSession,
  runModelPath,
  transitionPaths,
} from '../model-paths';
import { ACCOUNT_MESSAGES } from '../../../rules/account';

const UNCONFIRMED_DETAIL =
  'Please confirm your email address before signing in. We can send you a new confirmation link.';

function createWorld() {
  const login = deferredActor<LoginOutcome, LoginPayload>();
  const resend = deferredActor<void, { email: string }>();
  const session = recordingSession();
  const notify = vi.fn<(notice: Notice) => void>();
  const redirect = vi.fn<(to: string) => void>();
  const machine = signInMachine.provide({
    actors: { login: login.logic, resendConfirmation: resend.logic },
    actions: {
      notify: (_, params) => notify(params),
      redirect: (_, params) => redirect(params.to),
    },
  });
  const actor: SignInActor = createActor(machine, { input: { session: session.actor } }).start();
  return { actor, login, resend, session, notify, redirect };
}
type World = ReturnType<typeof createWorld>;

function fill(actor: SignInActor, email: string, password: string) {
  actor.send({ type: 'form.change', field: 'email', value: email });
  actor.send({ type: 'form.change', field: 'password', value: password });
}

describe('sign-in machine: model-based', () => {
  const model = createMachine({
    id: 'signInModel',
    initial: 'editing',
    states: {
      editing: { on: { 'submit.invalid': 'invalid', 'submit.valid': 'signingIn' } },
      invalid: { on: { 'form.fix': 'editing', 'submit.invalid': 'invalid' } },
      signingIn: {
        on: {
          'login.succeeds': 'signedIn',
          'login.refusedWithDetail': 'editing',
          'login.failsWithoutMessage': 'editing',
          'login.refusedUnconfirmed': 'unconfirmed',
        },
      },
      unconfirmed: { on: { 'confirmation.resend': 'resending', 'submit.valid': 'signingIn' } },
      resending: { on: { 'resend.succeeds': 'unconfirmed', 'resend.fails': 'unconfirmed' } },
      signedIn: { type: 'final' },
    },
  });
  const events = [
    'submit.invalid',
    'submit.valid',
    'form.fix',
    'login.succeeds',
    'login.refusedWithDetail',
    'login.failsWithoutMessage',
    'login.refusedUnconfirmed',
    'confirmation.resend',
    'resend.succeeds',
    'resend.fails',
  ].map((type) => ({ type }));

  const executors: Record<string, (world: World) => Promise<void> | void> = {
    'submit.invalid': ({ actor }) => {
      fill(actor, 'not-an-email', 'short');
      actor.send({ type: 'form.submit' });
    },
    'form.fix': ({ actor }) => fill(actor, 'ada@example.com', 'Passw0rd!'),
    'submit.valid': ({ actor, login }) => {
      fill(actor, ' ada@example.com ', 'Passw0rd!');
      actor.send({ type: 'form.submit' });
      expect(login.last().input).toEqual({ email: 'ada@example.com', password: 'Passw0rd!' });
    },
    'login.succeeds': async ({ login }) => {
      login.last().resolve({ user_id: 42 });
      await flush();
    },
    'login.refusedWithDetail': async ({ login, notify }) => {
      login
        .last()
        .reject(
          new ApiError('Invalid email or password.', {
            status: 400,
            serverMessage: 'Invalid email or password.',
          }),
        );
      await flush();
      expect(notify).toHaveBeenLastCalledWith({
        title: 'Invalid email or password.',
        variant: 'destructive',
      });
    },
    'login.failsWithoutMessage': async ({ login, notify }) => {
      login.last().reject(new ApiError('Network Error'));
      await flush();
      expect(notify).toHaveBeenLastCalledWith({ title: SIGN_IN_FAILED_MESSAGE, variant: 'destructive' });
    },
    'login.refusedUnconfirmed': async ({ login, notify }) => {
      login.last().reject(
        new ApiError(UNCONFIRMED_DETAIL, {
          status: 403,
          serverMessage: UNCONFIRMED_DETAIL,
          data: { detail: UNCONFIRMED_DETAIL, code: 'email_not_confirmed' },
        }),
      );
      await flush();
      expect(notify).toHaveBeenLastCalledWith({ title: UNCONFIRMED_DETAIL, variant: 'destructive' });
    },
    'confirmation.resend': ({ actor, resend }) => {
      actor.send({ type: 'confirmation.resend' });
      expect(resend.last().input).toEqual({ email: 'ada@example.com' });
    },
    'resend.succeeds': async ({ resend, notify }) => {
      resend.last().resolve();
      await flush();
      expect(notify).toHaveBeenLastCalledWith(CONFIRMATION_RESENT_NOTICE);
    },
    'resend.fails': async ({ resend, notify }) => {
      resend.last().reject(new ApiError('Too many requests. Please try again later.', { status: 429 }));
      await flush();
      expect(notify).toHaveBeenLastCalledWith({
        title: 'Too many requests. Please try again later.',
        variant: 'destructive',
      });
    },
  };

  function assertState(world: World, modelState: string) {
    const snapshot = world.actor.getSnapshot();
    switch (modelState) {
      case 'editing':
        expect(snapshot.value).toBe('editing');
        expect(snapshot.context.errors).toEqual({});
        expect(snapshot.context.unconfirmedEmail).toBeUndefined();
        expect(snapshot.can({ type: 'confirmation.resend' })).toBe(false);
        break;
      case 'invalid':
        expect(snapshot.value).toBe('editing');
        expect(snapshot.context.errors).toEqual({
          email: ACCOUNT_MESSAGES.invalidEmail,
          password: ACCOUNT_MESSAGES.passwordTooShort,
        });
        break;
      case 'signingIn':
      case 'resending':
        expect(snapshot.value).toBe(modelState === 'signingIn' ? 'signingIn' : 'resendingConfirmation');
        expect(snapshot.hasTag(BUSY_TAG)).toBe(true);
        expect(snapshot.can({ type: 'form.submit' })).toBe(false);
        break;
      case 'unconfirmed':
        expect(snapshot.value).toBe('editing');
        expect(snapshot.context.unconfirmedEmail).toBe('ada@example.com');
        expect(snapshot.can({ type: 'confirmation.resend' })).toBe(true);
        break;
      case 'signedIn':
        expect(snapshot.status).toBe('done');
        expect(world.session.received).toEqual([{ type: 'session.signedIn', userId: 42 }]);
        expect(world.notify).toHaveBeenLastCalledWith(SIGNED_IN_NOTICE);
        expect(world.redirect).toHaveBeenCalledWith('/');
        break;
      default:
        throw new Error(`unknown model state ${modelState}`);
    }
    if (modelState !== 'signedIn') {
      expect(world.session.received).toEqual([]);
      expect(world.redirect).not.toHaveBeenCalled();
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

describe('sign-in machine: details', () => {
  it('shows no errors before the first submit, then follows every change', () => {
    const { actor } = createWorld();
    actor.send({ type: 'form.change', field: 'email', value: 'bad' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors.email).toBe(ACCOUNT_MESSAGES.invalidEmail);
    actor.send({ type: 'form.change', field: 'email', value: 'ada@example.com' });
    expect(actor.getSnapshot().context.errors.email).toBeUndefined();
    expect(actor.getSnapshot().context.errors.password).toBe(ACCOUNT_MESSAGES.passwordTooShort);
  });

  it('prefills the email when given one', () => {
    const session = recordingSession();
    const actor = createActor(signInMachine, {
      input: { session: session.actor, email: 'ada@example.com' },
    }).start();
    expect(actor.getSnapshot().context.values.email).toBe('ada@example.com');
  });

  it('after sign-up says where the link went and resends it to that address', () => {
    const session = recordingSession();
    const resend = deferredActor<void, { email: string }>();
    const notify = vi.fn<(notice: Notice) => void>();
    const actor = createActor(
      signInMachine.provide({
        actors: { resendConfirmation: resend.logic },
        actions: { notify: (_, params) => notify(params) },
      }),
      { input: { session: session.actor, confirmationSentTo: 'ada@example.com' } },
    ).start();
    expect(actor.getSnapshot().context).toMatchObject({
      confirmationSentTo: 'ada@example.com',
      values: { email: 'ada@example.com' },
    });
    expect(actor.getSnapshot().can({ type: 'confirmation.resend' })).toBe(true);
    actor.send({ type: 'confirmation.resend' });
    expect(resend.last().input).toEqual({ email: 'ada@example.com' });
  });

  it('takes the server message in order (string body, message, detail, error), else its own', () => {
    expect(signInFailureMessage(new ApiError('x', { serverMessage: 'Account locked.' }))).toBe(
      'Account locked.',
    );
    expect(signInFailureMessage(new ApiError('Request failed with status code 500'))).toBe(
      SIGN_IN_FAILED_MESSAGE,
    );
    expect(signInFailureMessage(new Error('boom'))).toBe(SIGN_IN_FAILED_MESSAGE);
    expect(signInFailureMessage(undefined)).toBe(SIGN_IN_FAILED_MESSAGE);
  });

  it('does not offer a resend for ordinary wrong credentials', async () => {
    const world = createWorld();
    fill(world.actor, 'ada@example.com', 'Passw0rd!');
    world.actor.send({ type: 'form.submit' });
    world.login
      .last()
      .reject(
        new ApiError('Invalid email or password.', {
          status: 400,
          serverMessage: 'Invalid email or password.',
        }),
      );
    await flush();
    expect(world.actor.getSnapshot().can({ type: 'confirmation.resend' })).toBe(false);
  });
});
