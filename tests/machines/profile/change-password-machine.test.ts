import { createActor, createMachine } from 'xstate';
import { ApiError } from '../../../src/api/api-error';
import type { PasswordChangePayload } from '../../../src/api/profile';
import { BUSY_TAG, type Notice } from '../../../src/machines/auth/auth-flow';
import {
  PASSWORD_CHANGED_NOTICE,
  PASSWORD_CHANGE_FAILED_MESSAGE,
  changePasswordMachine,
  passwordChangeFailureMessage,
  passwordChangeProblem,
  type ChangePasswordActor,
  type PasswordChangeValues,
} from '../../../src/machines/profile/change-password-machine';
import { declaredTransitionCount, deferredActor, flush, runModelPath, transitionPaths } from '../model-paths';
import { ACCOUNT_MESSAGES } from '../../../rules/account';

const EMPTY: PasswordChangeValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

function createWorld() {
  const changePassword = deferredActor<void, PasswordChangePayload>();
  const notify = vi.fn<(notice: Notice) => void>();
  const actor: ChangePasswordActor = createActor(
    changePasswordMachine.provide({
      actors: { changePassword: changePassword.logic },
      actions: { notify: (_, params) => notify(params) },
    }),
  ).start();
  return { actor, changePassword, notify };
}
type World = ReturnType<typeof createWorld>;

function fill(actor: ChangePasswordActor, values: PasswordChangeValues) {
  for (const [field, value] of Object.entries(values) as Array<[keyof PasswordChangeValues, string]>) {
    actor.send({ type: 'form.change', field, value });
  }
}

describe('change-password machine: model-based', () => {
  const rejected = { 'form.fix': 'open', 'form.cancel': 'open', 'panel.toggle': 'closed' } as const;
  const model = createMachine({
    id: 'changePasswordModel',
    initial: 'closed',
    states: {
      closed: { on: { 'panel.toggle': 'open' } },
      open: {
        on: {
          'panel.toggle': 'closed',
          'form.cancel': 'open',
          'submit.missing': 'missing',
          'submit.mismatch': 'mismatch',
          'submit.short': 'tooShort',
          'submit.valid': 'updating',
        },
      },
      missing: { on: rejected },
      mismatch: { on: rejected },
      tooShort: { on: rejected },
      updating: { on: { 'update.succeeds': 'closed', 'update.fails': 'refused' } },
      // The server's refusal shows in the panel too, on the field it names.
      refused: { on: rejected },
    },
  });
  const events = [
    'panel.toggle',
    'form.cancel',
    'form.fix',
    'submit.missing',
    'submit.mismatch',
    'submit.short',
    'submit.valid',
    'update.succeeds',
    'update.fails',
  ].map((type) => ({ type }));

  const submit = (world: World, values: PasswordChangeValues) => {
    fill(world.actor, values);
    world.actor.send({ type: 'form.submit' });
  };

  const executors: Record<string, (world: World) => Promise<void> | void> = {
    'panel.toggle': ({ actor }) => actor.send({ type: 'panel.toggle' }),
    'form.cancel': ({ actor }) => {
      fill(actor, { currentPassword: 'typed', newPassword: 'typed-too', confirmPassword: 'typed-too' });
      actor.send({ type: 'form.cancel' });
      // docs/behaviour.md#profile-settings: Cancel clears the fields.
      expect(actor.getSnapshot().context.values).toEqual(EMPTY);
    },
    'form.fix': ({ actor }) => {
      actor.send({ type: 'form.change', field: 'currentPassword', value: 'Passw0rd!' });
    },
    'submit.missing': (world) =>
      submit(world, { currentPassword: '', newPassword: 'N3w-passw0rd', confirmPassword: 'N3w-passw0rd' }),
    'submit.mismatch': (world) =>
      submit(world, {
        currentPassword: 'Passw0rd!',
        newPassword: 'N3w-passw0rd',
        confirmPassword: 'N3w-passw0rX',
      }),
    'submit.short': (world) =>
      submit(world, { currentPassword: 'Passw0rd!', newPassword: 'short', confirmPassword: 'short' }),
    'submit.valid': (world) => {
      submit(world, {
        currentPassword: 'Passw0rd!',
        newPassword: 'N3w-passw0rd',
        confirmPassword: 'N3w-passw0rd',
      });
      expect(world.changePassword.last().input).toEqual({
        current_password: 'Passw0rd!',
        new_password: 'N3w-passw0rd',
      });
    },
    'update.succeeds': async ({ changePassword, notify }) => {
      changePassword.last().resolve();
      await flush();
      expect(notify).toHaveBeenLastCalledWith(PASSWORD_CHANGED_NOTICE);
    },
    'update.fails': async ({ changePassword, notify, actor }) => {
      changePassword.last().reject(
        new ApiError('Your current password is incorrect.', {
          status: 400,
          data: { detail: 'Your current password is incorrect.', field: 'current_password' },
        }),
      );
      await flush();
      expect(notify).toHaveBeenLastCalledWith({
        title: 'Your current password is incorrect.',
        variant: 'destructive',
      });
      // The person corrects one field rather than typing all three again.
      expect(actor.getSnapshot().context.values.newPassword).toBe('N3w-passw0rd');
    },
  };

  function assertState(world: World, modelState: string) {
    const snapshot = world.actor.getSnapshot();
    const problems: Record<string, string> = {
      missing: ACCOUNT_MESSAGES.passwordFieldsRequired,
      mismatch: ACCOUNT_MESSAGES.newPasswordsDoNotMatch,
      tooShort: ACCOUNT_MESSAGES.newPasswordTooShort,
    };
    switch (modelState) {
      case 'closed':
        expect(snapshot.value).toBe('closed');
        expect(snapshot.context.values).toEqual(EMPTY);
        expect(snapshot.context.problem).toBeUndefined();
        break;
      case 'open':
        expect(snapshot.value).toBe('open');
        expect(snapshot.context.problem).toBeUndefined();
        break;
      case 'missing':
      case 'mismatch':
      case 'tooShort':
        expect(snapshot.value).toBe('open');
        expect(snapshot.context.problem).toBe(problems[modelState]);
        break;
      case 'refused':
        expect(snapshot.value).toBe('open');
        expect(snapshot.context.problem).toBe('Your current password is incorrect.');
        expect(snapshot.context.problemFields).toEqual(['currentPassword']);
        break;
      case 'updating':
        expect(snapshot.value).toBe('updating');
        expect(snapshot.hasTag(BUSY_TAG)).toBe(true);
        expect(snapshot.can({ type: 'form.cancel' })).toBe(false);
        expect(snapshot.can({ type: 'panel.toggle' })).toBe(false);
        break;
      default:
        throw new Error(`unknown model state ${modelState}`);
    }
    if (modelState in problems) {
      // Nothing reaches the server unless the form passed every rule.
      expect(world.changePassword.requests).toHaveLength(0);
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

describe('password change rules', () => {
  const valid = {
    currentPassword: 'Passw0rd!',
    newPassword: 'N3w-passw0rd',
    confirmPassword: 'N3w-passw0rd',
  };

  it('accepts a complete form', () => {
    expect(passwordChangeProblem(valid)).toBeUndefined();
    expect(
      passwordChangeProblem({ ...valid, newPassword: 'Engines1843', confirmPassword: 'Engines1843' }),
    ).toBeUndefined();
  });

  it('asks of a new password what sign up asks: letters of both cases and a digit, not spaces, not the current one', () => {
    const change = (newPassword: string) =>
      passwordChangeProblem({ currentPassword: 'Current1', newPassword, confirmPassword: newPassword });
    expect(change('12345678')).toBe(ACCOUNT_MESSAGES.passwordTooWeak);
    expect(change('        ')).toBe(ACCOUNT_MESSAGES.passwordTooWeak);
    expect(change('Current1')).toBe('Your new password must be different from your current one.');
  });

  it('checks the rules in order', () => {
    expect(passwordChangeProblem(EMPTY)).toBe(ACCOUNT_MESSAGES.passwordFieldsRequired);
    expect(passwordChangeProblem({ ...valid, currentPassword: '' })).toBe(ACCOUNT_MESSAGES.passwordFieldsRequired);
    expect(passwordChangeProblem({ ...valid, newPassword: '' })).toBe(ACCOUNT_MESSAGES.passwordFieldsRequired);
    expect(passwordChangeProblem({ ...valid, newPassword: 'short', confirmPassword: 'other' })).toBe(
      ACCOUNT_MESSAGES.newPasswordsDoNotMatch,
    );
    expect(passwordChangeProblem({ ...valid, newPassword: '1234567', confirmPassword: '1234567' })).toBe(
      ACCOUNT_MESSAGES.newPasswordTooShort,
    );
  });

  it("uses the change-password screen's words", () => {
    expect(ACCOUNT_MESSAGES.passwordFieldsRequired).toBe('Please fill in all password fields');
    expect(ACCOUNT_MESSAGES.newPasswordsDoNotMatch).toBe('New passwords do not match');
    expect(ACCOUNT_MESSAGES.newPasswordTooShort).toBe('Password must be at least 8 characters long');
    expect(PASSWORD_CHANGED_NOTICE.title).toBe('Password changed successfully');
  });

  it("uses the failure's message, else 'Failed to change password'", () => {
    expect(passwordChangeFailureMessage(new ApiError('Your current password is incorrect.'))).toBe(
      'Your current password is incorrect.',
    );
    expect(passwordChangeFailureMessage(undefined)).toBe(PASSWORD_CHANGE_FAILED_MESSAGE);
    expect(PASSWORD_CHANGE_FAILED_MESSAGE).toBe('Failed to change password');
  });

  it('clears a shown problem as soon as the person types', () => {
    const { actor } = createWorld();
    actor.send({ type: 'panel.toggle' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.problem).toBe(ACCOUNT_MESSAGES.passwordFieldsRequired);
    actor.send({ type: 'form.change', field: 'currentPassword', value: 'x' });
    expect(actor.getSnapshot().context.problem).toBeUndefined();
  });
});
