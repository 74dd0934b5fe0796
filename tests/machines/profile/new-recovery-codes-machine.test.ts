import { createActor, createMachine } from 'xstate';
import { ApiError } from '../../../src/api/api-error';
import type { NewRecoveryCodesPayload } from '../../../src/api/two-step';
import {
  NEW_RECOVERY_CODES_UNAVAILABLE,
  newRecoveryCodesMachine,
  type NewRecoveryCodesActor,
} from '../../../src/machines/profile/new-recovery-codes-machine';
import { TWO_STEP_MESSAGES } from '../../../rules/two-step';
import { declaredTransitionCount, deferredActor, flush, runModelPath, transitionPaths } from '../model-paths';

// Profile → Security → Two-step sign-in → New recovery codes: the password and an app code, then the new codes
// (or none after Cancel) as the child's output.

const CODES = ['abcde-23456', 'fghjk-78923'];

function createWorld(hasPassword = true) {
  const replace = deferredActor<string[], NewRecoveryCodesPayload>();
  const machine = newRecoveryCodesMachine.provide({ actors: { replaceCodes: replace.logic } });
  const actor: NewRecoveryCodesActor = createActor(machine, { input: { hasPassword } }).start();
  return { actor, replace };
}
type World = ReturnType<typeof createWorld>;

describe('new recovery codes machine: model-based', () => {
  const model = createMachine({
    id: 'newRecoveryCodesModel',
    initial: 'editing',
    states: {
      editing: { on: { submitInvalid: 'editing', submitValid: 'replacing', cancel: 'cancelled' } },
      replacing: {
        on: { succeeds: 'replaced', wrongPassword: 'editing', wrongCode: 'editing', tooMany: 'editing' },
      },
      replaced: {},
      cancelled: {},
    },
  });
  const events = [
    'submitInvalid',
    'submitValid',
    'cancel',
    'succeeds',
    'wrongPassword',
    'wrongCode',
    'tooMany',
  ].map((type) => ({ type }));

  const executors: Record<string, (world: World) => Promise<void> | void> = {
    submitInvalid: ({ actor, replace }) => {
      const before = replace.requests.length;
      actor.send({ type: 'password.change', value: '' });
      // A recovery code is not an app code: refused before it is sent.
      actor.send({ type: 'code.change', value: 'abcde-23456' });
      actor.send({ type: 'submit' });
      expect(replace.requests).toHaveLength(before);
      expect(actor.getSnapshot().context).toMatchObject({
        passwordError: TWO_STEP_MESSAGES.passwordRequired,
        codeError: TWO_STEP_MESSAGES.codeMalformed,
      });
    },
    submitValid: ({ actor, replace }) => {
      actor.send({ type: 'password.change', value: 'Passw0rd!' });
      actor.send({ type: 'code.change', value: '123 456' });
      actor.send({ type: 'submit' });
      expect(replace.last().input).toEqual({ password: 'Passw0rd!', code: '123456' });
    },
    cancel: ({ actor }) => actor.send({ type: 'cancel' }),
    succeeds: async ({ actor, replace }) => {
      replace.last().resolve(CODES);
      await flush();
      expect(actor.getSnapshot().output).toEqual({ codes: CODES });
    },
    wrongPassword: async ({ actor, replace }) => {
      replace
        .last()
        .reject(
          new ApiError('Your current password is incorrect.', { status: 400, data: { field: 'password' } }),
        );
      await flush();
      expect(actor.getSnapshot().context).toMatchObject({
        passwordError: 'Your current password is incorrect.',
        codeError: undefined,
        code: '',
      });
    },
    wrongCode: async ({ actor, replace }) => {
      replace
        .last()
        .reject(new ApiError(TWO_STEP_MESSAGES.codeWrong, { status: 400, data: { field: 'code' } }));
      await flush();
      expect(actor.getSnapshot().context).toMatchObject({
        passwordError: undefined,
        codeError: TWO_STEP_MESSAGES.codeWrong,
        code: '',
      });
    },
    tooMany: async ({ actor, replace }) => {
      replace
        .last()
        .reject(new ApiError('Too many attempts. Please try again in 15 minutes.', { status: 429 }));
      await flush();
      expect(actor.getSnapshot().context.codeError).toBe(
        'Too many attempts. Please try again in 15 minutes.',
      );
    },
  };

  function assertState(world: World, modelState: string) {
    const snapshot = world.actor.getSnapshot();
    expect(snapshot.value).toBe(modelState);
    expect(snapshot.hasTag('busy')).toBe(modelState === 'replacing');
    expect(snapshot.status).toBe(['replaced', 'cancelled'].includes(modelState) ? 'done' : 'active');
    if (modelState === 'cancelled') expect(snapshot.output).toEqual({});
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

describe('new recovery codes machine: edges', () => {
  it('asks an account without a password only for the code', () => {
    const { actor, replace } = createWorld(false);
    actor.send({ type: 'code.change', value: '654321' });
    actor.send({ type: 'submit' });
    expect(replace.last().input).toEqual({ code: '654321' });
  });

  it('says so in words on a backend without the extension (404)', async () => {
    const { actor, replace } = createWorld();
    actor.send({ type: 'password.change', value: 'Passw0rd!' });
    actor.send({ type: 'code.change', value: '654321' });
    actor.send({ type: 'submit' });
    replace.last().reject(new ApiError('Not found.', { status: 404 }));
    await flush();
    expect(actor.getSnapshot().context.codeError).toBe(NEW_RECOVERY_CODES_UNAVAILABLE);
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('clears a field’s message as soon as it is typed in, and counts each refused submit', () => {
    const { actor } = createWorld();
    actor.send({ type: 'submit' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.attempt).toBe(2);
    actor.send({ type: 'password.change', value: 'x' });
    expect(actor.getSnapshot().context.passwordError).toBeUndefined();
    expect(actor.getSnapshot().context.codeError).toBe(TWO_STEP_MESSAGES.codeRequired);
    actor.send({ type: 'code.change', value: '1' });
    expect(actor.getSnapshot().context.codeError).toBeUndefined();
  });

  it('ignores edits and a second submit while the request is out', () => {
    const { actor, replace } = createWorld();
    actor.send({ type: 'password.change', value: 'Passw0rd!' });
    actor.send({ type: 'code.change', value: '654321' });
    actor.send({ type: 'submit' });
    actor.send({ type: 'submit' });
    actor.send({ type: 'code.change', value: '000000' });
    actor.send({ type: 'cancel' });
    expect(replace.requests).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('replacing');
    expect(actor.getSnapshot().context.code).toBe('654321');
  });
});
