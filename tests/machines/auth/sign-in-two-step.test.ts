import { createActor, createMachine, fromPromise } from 'xstate';
import { ApiError } from '../../../src/api/api-error';
import type { LoginOutcome, LoginPayload, LoginResponse } from '../../../src/api/auth';
import type { SecondStepPayload } from '../../../src/api/two-step';
import { BUSY_TAG, SIGNED_IN_NOTICE, type Notice } from '../../../src/machines/auth/auth-flow';
import { signInMachine, type SignInActor } from '../../../src/machines/auth/sign-in-machine';
import { secondStepMachine, type SecondStepActor } from '../../../src/machines/auth/second-step-machine';
import { TWO_STEP_MESSAGES } from '../../../rules/two-step';
import {
  declaredTransitionCount,
  deferredActor,
  flush,
  recordingSession,
  runModelPath,
  transitionPaths,
} from '../model-paths';

// The sign-in screen's second step (two-step sign-in): after the password, the code from the authenticator app or
// a recovery code, and "Trust this device for 30 days". The second step is a flow of its own that the sign-in flow
// loads and runs; these tests drive both, as the screen does.

function createWorld(input: { awaitingCode?: boolean } = {}) {
  const login = deferredActor<LoginOutcome, LoginPayload>();
  const verifyCode = deferredActor<LoginResponse, SecondStepPayload>();
  const session = recordingSession();
  const notify = vi.fn<(notice: Notice) => void>();
  const redirect = vi.fn<(to: string) => void>();
  const machine = signInMachine.provide({
    actors: {
      login: login.logic,
      loadSecondStep: fromPromise(async () => secondStepMachine.provide({ actors: { verifyCode: verifyCode.logic } })),
    },
    actions: {
      notify: (_, params) => notify(params),
      redirect: (_, params) => redirect(params.to),
    },
  });
  const actor: SignInActor = createActor(machine, { input: { session: session.actor, ...input } }).start();
  /** The second step's flow while the sign-in flow runs it. */
  const step = (): SecondStepActor => {
    const child = actor.getSnapshot().context.secondStep;
    if (child === undefined) throw new Error('the second step is not running');
    return child;
  };
  return { actor, step, login, verifyCode, session, notify, redirect };
}
type World = ReturnType<typeof createWorld>;

async function passFirstStep({ actor, login }: World) {
  actor.send({ type: 'form.change', field: 'email', value: 'ada@example.com' });
  actor.send({ type: 'form.change', field: 'password', value: 'Passw0rd!' });
  actor.send({ type: 'form.submit' });
  login.last().resolve({ two_factor_required: true });
  await flush();
  await flush();
}

describe('sign-in machine, second step: model-based', () => {
  const model = createMachine({
    id: 'secondStepModel',
    initial: 'code',
    states: {
      code: {
        on: {
          'code.submitInvalid': 'codeInvalid',
          'code.submitValid': 'verifying',
          'code.useRecovery': 'recovery',
          'code.back': 'password',
        },
      },
      codeInvalid: { on: { 'code.fix': 'code' } },
      recovery: { on: { 'recovery.submitValid': 'verifying', 'code.useApp': 'code' } },
      verifying: {
        on: {
          'verify.succeeds': 'signedIn',
          'verify.wrongCode': 'codeRefused',
          'verify.expired': 'password',
        },
      },
      codeRefused: { on: { 'code.submitValid': 'verifying' } },
      password: {},
      signedIn: { type: 'final' },
    },
  });
  const events = [
    'code.submitInvalid',
    'code.submitValid',
    'code.useRecovery',
    'code.useApp',
    'code.back',
    'code.fix',
    'recovery.submitValid',
    'verify.succeeds',
    'verify.wrongCode',
    'verify.expired',
  ].map((type) => ({ type }));

  const executors: Record<string, (world: World) => Promise<void> | void> = {
    'code.submitInvalid': ({ step }) => {
      step().send({ type: 'code.change', value: '12' });
      step().send({ type: 'code.submit' });
    },
    'code.fix': ({ step }) => step().send({ type: 'code.change', value: '123 456' }),
    'code.submitValid': ({ step, verifyCode }) => {
      step().send({ type: 'code.trustChange', trust: true });
      step().send({ type: 'code.change', value: '123 456' });
      step().send({ type: 'code.submit' });
      expect(verifyCode.last().input).toEqual({ code: '123456', trust_device: true });
    },
    'code.useRecovery': ({ step }) => step().send({ type: 'code.kindToggle' }),
    'code.useApp': ({ step }) => step().send({ type: 'code.kindToggle' }),
    'recovery.submitValid': ({ step, verifyCode }) => {
      step().send({ type: 'code.change', value: 'abcde-23456' });
      step().send({ type: 'code.submit' });
      expect(verifyCode.last().input).toEqual({ code: 'abcde-23456', trust_device: false });
    },
    'code.back': ({ step }) => step().send({ type: 'code.back' }),
    'verify.succeeds': async ({ verifyCode }) => {
      verifyCode.last().resolve({ user_id: 42 });
      await flush();
    },
    'verify.wrongCode': async ({ verifyCode, notify }) => {
      verifyCode
        .last()
        .reject(
          new ApiError(TWO_STEP_MESSAGES.codeWrong, {
            status: 400,
            serverMessage: TWO_STEP_MESSAGES.codeWrong,
          }),
        );
      await flush();
      expect(notify).toHaveBeenLastCalledWith({ title: TWO_STEP_MESSAGES.codeWrong, variant: 'destructive' });
    },
    'verify.expired': async ({ verifyCode }) => {
      verifyCode.last().reject(
        new ApiError(TWO_STEP_MESSAGES.signInExpired, {
          status: 401,
          serverMessage: TWO_STEP_MESSAGES.signInExpired,
          data: { detail: TWO_STEP_MESSAGES.signInExpired, code: 'two_factor_expired' },
        }),
      );
      await flush();
    },
  };

  function assertState(world: World, modelState: string) {
    const flow = world.actor.getSnapshot();
    // The code states are the second step's own; leaving it, the sign-in flow stops it.
    const step = flow.matches('code') ? world.step().getSnapshot() : undefined!;
    switch (modelState) {
      case 'code':
        expect(step.value).toBe('code');
        expect(step.context.codeKind).toBe('app');
        expect(step.context.codeError).toBeUndefined();
        break;
      case 'codeInvalid':
        expect(step.value).toBe('code');
        expect(step.context.codeError).toBe(TWO_STEP_MESSAGES.codeMalformed);
        break;
      case 'recovery':
        expect(step.value).toBe('code');
        expect(step.context.codeKind).toBe('recovery');
        expect(step.context.code).toBe('');
        break;
      case 'verifying':
        expect(step.value).toBe('verifyingCode');
        expect(step.hasTag(BUSY_TAG)).toBe(true);
        expect(step.can({ type: 'code.submit' })).toBe(false);
        break;
      case 'codeRefused':
        expect(step.value).toBe('code');
        expect(step.context.codeError).toBe(TWO_STEP_MESSAGES.codeWrong);
        // The refused code is cleared for the next one; the choice to trust the browser stays.
        expect(step.context.code).toBe('');
        break;
      case 'password':
        expect(flow.value).toBe('editing');
        expect(flow.context.values).toEqual({ email: 'ada@example.com', password: '' });
        break;
      case 'signedIn':
        expect(flow.status).toBe('done');
        expect(world.session.received).toEqual([{ type: 'session.signedIn', userId: 42 }]);
        expect(world.notify).toHaveBeenLastCalledWith(SIGNED_IN_NOTICE);
        expect(world.redirect).toHaveBeenCalledWith('/');
        break;
      default:
        throw new Error(`unknown model state ${modelState}`);
    }
    if (modelState !== 'signedIn') expect(world.session.received).toEqual([]);
  }

  const paths = transitionPaths(model, events);

  it('covers every transition of the model', () => {
    expect(paths).toHaveLength(declaredTransitionCount(model));
  });

  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_, path) => {
    const world = createWorld();
    await passFirstStep(world);
    await runModelPath(model, path, world, executors, assertState);
    world.actor.stop();
  });
});

describe('sign-in machine, second step: edges', () => {
  it('starts no session and forgets the password when the server asks for the code', async () => {
    const world = createWorld();
    await passFirstStep(world);
    const snapshot = world.actor.getSnapshot();
    expect(snapshot.value).toEqual({ code: 'asking' });
    expect(world.step().getSnapshot().value).toBe('code');
    expect(snapshot.context.values.password).toBe('');
    expect(world.session.received).toEqual([]);
    expect(world.redirect).not.toHaveBeenCalled();
  });

  it('opens at the code for a Google or LinkedIn sign-in sent here for it', async () => {
    const world = createWorld({ awaitingCode: true });
    await flush();
    expect(world.step().getSnapshot().value).toBe('code');
    expect(createWorld().actor.getSnapshot().value).toBe('editing');
  });

  it('signs straight in when the account has no two-step sign-in', async () => {
    const world = createWorld();
    world.actor.send({ type: 'form.change', field: 'email', value: 'ada@example.com' });
    world.actor.send({ type: 'form.change', field: 'password', value: 'Passw0rd!' });
    world.actor.send({ type: 'form.submit' });
    world.login.last().resolve({ user_id: 7 });
    await flush();
    expect(world.session.received).toEqual([{ type: 'session.signedIn', userId: 7 }]);
    expect(world.verifyCode.requests).toHaveLength(0);
  });

  it('sends nothing for an empty code, and says so', async () => {
    const world = createWorld();
    await passFirstStep(world);
    world.step().send({ type: 'code.submit' });
    expect(world.step().getSnapshot().context.codeError).toBe(TWO_STEP_MESSAGES.codeRequired);
    expect(world.verifyCode.requests).toHaveLength(0);
  });

  it('tells an expired first step in the password form', async () => {
    const world = createWorld();
    await passFirstStep(world);
    world.step().send({ type: 'code.change', value: '123456' });
    world.step().send({ type: 'code.submit' });
    world.verifyCode.last().reject(
      new ApiError(TWO_STEP_MESSAGES.signInExpired, {
        status: 401,
        serverMessage: TWO_STEP_MESSAGES.signInExpired,
        data: { code: 'two_factor_expired' },
      }),
    );
    await flush();
    expect(world.actor.getSnapshot().context.formError).toBe(TWO_STEP_MESSAGES.signInExpired);
  });
});
