import { createActor, createMachine } from 'xstate';
import { ApiError } from '../../../src/api/api-error';
import type { RegistrationPayload } from '../../../src/api/auth';
import { GENERIC_ERROR_MESSAGE } from '../../../src/config/constants';
import { BUSY_TAG, type Notice } from '../../../src/machines/auth/auth-flow';
import {
  ACCOUNT_CREATED_NOTICE,
  signUpFailureMessage,
  signUpMachine,
  type SignUpActor,
  type SignUpField,
} from '../../../src/machines/auth/sign-up-machine';
import { declaredTransitionCount, deferredActor, flush, runModelPath, transitionPaths } from '../model-paths';
import { ACCOUNT_MESSAGES } from '../../../rules/account';

const ALREADY_REGISTERED = 'An account with this email address is already registered.';

function createWorld() {
  const register = deferredActor<void, RegistrationPayload>();
  const notify = vi.fn<(notice: Notice) => void>();
  const redirect = vi.fn<(to: string, confirmationSentTo?: string) => void>();
  const machine = signUpMachine.provide({
    actors: { register: register.logic },
    actions: {
      notify: (_, params) => notify(params),
      redirect: (_, params) => redirect(params.to, params.confirmationSentTo),
    },
  });
  const actor: SignUpActor = createActor(machine).start();
  return { actor, register, notify, redirect };
}
type World = ReturnType<typeof createWorld>;

function fill(actor: SignUpActor, values: Record<SignUpField, string>) {
  for (const [field, value] of Object.entries(values)) {
    actor.send({ type: 'form.change', field: field as SignUpField, value });
  }
}

const validValues = {
  fullName: ' Ada Lovelace ',
  email: 'ada@example.com',
  phoneNumber: '+264811234567',
  password1: 'Passw0rd!',
  password2: 'Passw0rd!',
};

describe('sign-up machine: model-based', () => {
  const model = createMachine({
    id: 'signUpModel',
    initial: 'editing',
    states: {
      editing: { on: { 'submit.invalid': 'invalid', 'submit.valid': 'registering' } },
      invalid: { on: { 'form.fix': 'editing' } },
      registering: {
        on: {
          'register.succeeds': 'registered',
          'register.refused': 'editing',
          'register.failsWithoutMessage': 'editing',
        },
      },
      registered: { type: 'final' },
    },
  });
  const events = [
    'submit.invalid',
    'submit.valid',
    'form.fix',
    'register.succeeds',
    'register.refused',
    'register.failsWithoutMessage',
  ].map((type) => ({ type }));

  const executors: Record<string, (world: World) => Promise<void> | void> = {
    'submit.invalid': ({ actor }) => {
      fill(actor, {
        fullName: 'Al',
        email: 'ada@',
        phoneNumber: '+2648',
        password1: 'password',
        password2: 'passw0rd',
      });
      actor.send({ type: 'form.submit' });
    },
    'form.fix': ({ actor }) => fill(actor, validValues),
    'submit.valid': ({ actor, register }) => {
      fill(actor, validValues);
      actor.send({ type: 'form.submit' });
      expect(register.last().input).toEqual({
        full_name: 'Ada Lovelace',
        email: 'ada@example.com',
        phone_number: '+264811234567',
        password1: 'Passw0rd!',
        password2: 'Passw0rd!',
      });
    },
    'register.succeeds': async ({ register }) => {
      register.last().resolve();
      await flush();
    },
    'register.refused': async ({ register, notify }) => {
      register
        .last()
        .reject(new ApiError(ALREADY_REGISTERED, { status: 400, serverMessage: ALREADY_REGISTERED }));
      await flush();
      expect(notify).toHaveBeenLastCalledWith({ title: ALREADY_REGISTERED, variant: 'destructive' });
    },
    'register.failsWithoutMessage': async ({ register, notify }) => {
      register.last().reject(new ApiError('Network Error'));
      await flush();
      expect(notify).toHaveBeenLastCalledWith({ title: GENERIC_ERROR_MESSAGE, variant: 'destructive' });
    },
  };

  function assertState(world: World, modelState: string) {
    const snapshot = world.actor.getSnapshot();
    if (modelState === 'editing') {
      expect(snapshot.value).toBe('editing');
      expect(snapshot.context.errors).toEqual({});
    } else if (modelState === 'invalid') {
      expect(snapshot.value).toBe('editing');
      expect(snapshot.context.errors).toEqual({
        fullName: ACCOUNT_MESSAGES.fullNameTooShort,
        email: ACCOUNT_MESSAGES.invalidEmail,
        phoneNumber: ACCOUNT_MESSAGES.phoneTooShort,
        password1: ACCOUNT_MESSAGES.passwordTooWeak,
        password2: ACCOUNT_MESSAGES.passwordsMustMatch,
      });
    } else if (modelState === 'registering') {
      expect(snapshot.value).toBe('registering');
      expect(snapshot.hasTag(BUSY_TAG)).toBe(true);
    } else if (modelState === 'registered') {
      expect(snapshot.status).toBe('done');
      expect(world.notify).toHaveBeenLastCalledWith(ACCOUNT_CREATED_NOTICE);
      // The sign-in page says where the confirmation link went (the address as typed, trimmed).
      expect(world.redirect).toHaveBeenCalledWith('/signin', world.actor.getSnapshot().context.values.email.trim());
      expect(world.redirect.mock.calls[0]?.[1]).toMatch(/@/);
    }
    if (modelState !== 'registered') expect(world.redirect).not.toHaveBeenCalled();
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

describe('sign-up machine: details', () => {
  it('shows the confirmation error on password2 only once password1 is fine', () => {
    const { actor } = createWorld();
    fill(actor, { ...validValues, password2: 'Passw0rd?' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ password2: ACCOUNT_MESSAGES.passwordsMustMatch });
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('takes the server message, else the generic one', () => {
    expect(signUpFailureMessage(new ApiError('x', { serverMessage: ALREADY_REGISTERED }))).toBe(
      ALREADY_REGISTERED,
    );
    expect(
      signUpFailureMessage(new ApiError('CSRF token missing. Please reload the page and try again.')),
    ).toBe(GENERIC_ERROR_MESSAGE);
  });
});
