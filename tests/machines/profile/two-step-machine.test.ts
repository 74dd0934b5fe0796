import { createActor, createMachine, fromPromise } from 'xstate';
import { ApiError } from '../../../src/api/api-error';
import type { DisableTwoStepPayload, NewRecoveryCodesPayload } from '../../../src/api/two-step';
import type { Notice } from '../../../src/machines/auth/auth-flow';
import { newRecoveryCodesMachine } from '../../../src/machines/profile/new-recovery-codes-machine';
import {
  NEW_CODES_NOTICE,
  TURNED_OFF_NOTICE,
  TURNED_ON_NOTICE,
  twoStepMachine,
  type KeyToScan,
  type TwoStepActor,
} from '../../../src/machines/profile/two-step-machine';
import { TWO_STEP_MESSAGES } from '../../../rules/two-step';
import { declaredTransitionCount, deferredActor, flush, runModelPath, transitionPaths } from '../model-paths';

// Profile → Security → Two-step sign-in: turn on (key, code, recovery codes) and off (password and code).

const KEY: KeyToScan = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/x',
  qrCode: 'data:image/svg+xml,x',
};
const CODES = ['abcde-23456', 'fghjk-78923'];

interface Status {
  supported: boolean;
  on: boolean;
  email: string;
  hasPassword: boolean;
}

function createWorld(status: Partial<Status> = {}) {
  const startSetup = deferredActor<KeyToScan, unknown>();
  const enable = deferredActor<string[], { code: string }>();
  const disable = deferredActor<void, DisableTwoStepPayload>();
  const replace = deferredActor<string[], NewRecoveryCodesPayload>();
  const notify = vi.fn<(notice: Notice) => void>();
  const download = vi.fn<(params: { codes: string[]; email: string }) => void>();
  const print = vi.fn<(params: { codes: string[]; email: string }) => void>();
  const machine = twoStepMachine.provide({
    actors: {
      loadStatus: fromPromise(async () => ({
        supported: true,
        on: false,
        email: 'ada@example.com',
        hasPassword: true,
        ...status,
      })),
      startSetup: startSetup.logic,
      enable: enable.logic,
      disable: disable.logic,
      newRecoveryCodes: newRecoveryCodesMachine.provide({ actors: { replaceCodes: replace.logic } }),
    },
    actions: {
      notify: (_, params) => notify(params),
      downloadRecoveryCodes: (_, params) => download(params),
      printRecoveryCodes: (_, params) => print(params),
    },
  });
  const actor: TwoStepActor = createActor(machine).start();
  return { actor, startSetup, enable, disable, replace, notify, download, print };
}
type World = ReturnType<typeof createWorld>;

describe('two-step machine: model-based', () => {
  const model = createMachine({
    id: 'twoStepModel',
    initial: 'off',
    states: {
      off: { on: { 'setup.start': 'starting' } },
      starting: { on: { 'setup.keyArrives': 'scanning', 'setup.fails': 'off' } },
      scanning: {
        on: { 'code.submitInvalid': 'scanning', 'code.submitValid': 'enabling', 'setup.cancel': 'off' },
      },
      enabling: { on: { 'enable.succeeds': 'codesShown', 'enable.wrongCode': 'scanning' } },
      codesShown: { on: { 'codes.download': 'codesShown', 'codes.print': 'codesShown', 'codes.done': 'on' } },
      on: { on: { 'disable.start': 'confirmingOff', 'codes.renew': 'renewing' } },
      renewing: { on: { 'renew.cancel': 'on', 'renew.succeeds': 'codesShown' } },
      confirmingOff: {
        on: {
          'disable.submitInvalid': 'confirmingOff',
          'disable.submitValid': 'turningOff',
          'disable.cancel': 'on',
        },
      },
      turningOff: { on: { 'disable.succeeds': 'off', 'disable.wrongPassword': 'confirmingOff' } },
    },
  });
  const events = [
    'setup.start',
    'setup.keyArrives',
    'setup.fails',
    'code.submitInvalid',
    'code.submitValid',
    'setup.cancel',
    'enable.succeeds',
    'enable.wrongCode',
    'codes.download',
    'codes.print',
    'codes.done',
    'disable.start',
    'disable.submitInvalid',
    'disable.submitValid',
    'disable.cancel',
    'disable.succeeds',
    'disable.wrongPassword',
    'codes.renew',
    'renew.cancel',
    'renew.succeeds',
  ].map((type) => ({ type }));

  const executors: Record<string, (world: World) => Promise<void> | void> = {
    'setup.start': ({ actor }) => actor.send({ type: 'setup.start' }),
    'setup.keyArrives': async ({ startSetup }) => {
      startSetup.last().resolve(KEY);
      await flush();
    },
    'setup.fails': async ({ startSetup, notify }) => {
      startSetup.last().reject(new ApiError('Too many attempts.', { status: 429 }));
      await flush();
      expect(notify).toHaveBeenLastCalledWith({ title: 'Too many attempts.', variant: 'destructive' });
    },
    'code.submitInvalid': ({ actor, enable }) => {
      const before = enable.requests.length;
      actor.send({ type: 'code.change', value: '12a' });
      actor.send({ type: 'setup.submit' });
      expect(enable.requests).toHaveLength(before);
      expect(actor.getSnapshot().context.codeError).toBe(TWO_STEP_MESSAGES.codeMalformed);
    },
    'code.submitValid': ({ actor, enable }) => {
      actor.send({ type: 'code.change', value: '123 456' });
      actor.send({ type: 'setup.submit' });
      expect(enable.last().input).toEqual({ code: '123456' });
    },
    'setup.cancel': ({ actor }) => actor.send({ type: 'setup.cancel' }),
    'enable.succeeds': async ({ enable, notify }) => {
      enable.last().resolve(CODES);
      await flush();
      expect(notify).toHaveBeenLastCalledWith(TURNED_ON_NOTICE);
    },
    'enable.wrongCode': async ({ actor, enable }) => {
      enable
        .last()
        .reject(new ApiError(TWO_STEP_MESSAGES.codeWrong, { status: 400, data: { field: 'code' } }));
      await flush();
      expect(actor.getSnapshot().context.codeError).toBe(TWO_STEP_MESSAGES.codeWrong);
    },
    'codes.download': ({ actor, download }) => {
      actor.send({ type: 'codes.download' });
      expect(download).toHaveBeenLastCalledWith({ codes: CODES, email: 'ada@example.com' });
    },
    'codes.print': ({ actor, print }) => {
      actor.send({ type: 'codes.print' });
      expect(print).toHaveBeenLastCalledWith({ codes: CODES, email: 'ada@example.com' });
    },
    'codes.done': ({ actor }) => actor.send({ type: 'codes.done' }),
    'disable.start': ({ actor }) => actor.send({ type: 'disable.start' }),
    'disable.submitInvalid': ({ actor, disable }) => {
      const before = disable.requests.length;
      actor.send({ type: 'password.change', value: '' });
      actor.send({ type: 'code.change', value: '' });
      actor.send({ type: 'disable.submit' });
      expect(disable.requests).toHaveLength(before);
      expect(actor.getSnapshot().context).toMatchObject({
        passwordError: TWO_STEP_MESSAGES.passwordRequired,
        codeError: TWO_STEP_MESSAGES.codeRequired,
      });
    },
    'disable.submitValid': ({ actor, disable }) => {
      actor.send({ type: 'password.change', value: 'Passw0rd!' });
      actor.send({ type: 'code.change', value: 'abcde-23456' });
      actor.send({ type: 'disable.submit' });
      expect(disable.last().input).toEqual({ current_password: 'Passw0rd!', code: 'abcde-23456' });
    },
    'disable.cancel': ({ actor }) => actor.send({ type: 'disable.cancel' }),
    'disable.succeeds': async ({ disable, notify }) => {
      disable.last().resolve();
      await flush();
      expect(notify).toHaveBeenLastCalledWith(TURNED_OFF_NOTICE);
    },
    'disable.wrongPassword': async ({ actor, disable }) => {
      disable
        .last()
        .reject(
          new ApiError('Your current password is incorrect.', {
            status: 400,
            data: { field: 'current_password' },
          }),
        );
      await flush();
      expect(actor.getSnapshot().context.passwordError).toBe('Your current password is incorrect.');
    },
    // The child's own flow is tested in new-recovery-codes-machine.test.ts; here only how the card hands over.
    'codes.renew': ({ actor }) => actor.send({ type: 'codes.renew' }),
    'renew.cancel': ({ actor }) => actor.getSnapshot().children.newCodes!.send({ type: 'cancel' }),
    'renew.succeeds': async ({ actor, replace, notify }) => {
      const child = actor.getSnapshot().children.newCodes!;
      child.send({ type: 'password.change', value: 'Passw0rd!' });
      child.send({ type: 'code.change', value: '654321' });
      child.send({ type: 'submit' });
      expect(replace.last().input).toEqual({ password: 'Passw0rd!', code: '654321' });
      replace.last().resolve(CODES);
      await flush();
      expect(notify).toHaveBeenLastCalledWith(NEW_CODES_NOTICE);
    },
  };

  const STATES: Record<string, string> = {
    renewing: 'renewingCodes',
    off: 'off',
    starting: 'startingSetup',
    scanning: 'confirming',
    enabling: 'enabling',
    codesShown: 'showingRecoveryCodes',
    on: 'on',
    confirmingOff: 'confirmingOff',
    turningOff: 'turningOff',
  };

  function assertState(world: World, modelState: string) {
    const snapshot = world.actor.getSnapshot();
    expect(snapshot.value).toBe(STATES[modelState]);
    expect(snapshot.hasTag('busy')).toBe(['starting', 'enabling', 'turningOff'].includes(modelState));
    // The key is on screen only while it is being scanned; the recovery codes only until they are saved.
    expect(snapshot.context.key !== undefined).toBe(['scanning', 'enabling'].includes(modelState));
    expect(snapshot.context.recoveryCodes.length > 0).toBe(modelState === 'codesShown');
  }

  const paths = transitionPaths(model, events);

  it('covers every transition of the model', () => {
    expect(paths).toHaveLength(declaredTransitionCount(model));
  });

  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_, path) => {
    const world = createWorld();
    await flush();
    await runModelPath(model, path, world, executors, assertState);
    world.actor.stop();
  });
});

describe('two-step machine: edges', () => {
  it('leaves the card out for a backend without two-step sign-in', async () => {
    const world = createWorld({ supported: false });
    await flush();
    expect(world.actor.getSnapshot().status).toBe('done');
  });

  it('opens as on when the profile says so', async () => {
    const world = createWorld({ on: true });
    await flush();
    expect(world.actor.getSnapshot().value).toBe('on');
  });

  it('asks an account without a password only for the code', async () => {
    const world = createWorld({ on: true, hasPassword: false });
    await flush();
    world.actor.send({ type: 'disable.start' });
    world.actor.send({ type: 'code.change', value: '654321' });
    world.actor.send({ type: 'disable.submit' });
    expect(world.disable.last().input).toEqual({ code: '654321' });
  });
});
