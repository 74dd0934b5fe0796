import { assign, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { LoginResponse } from '../../api/auth';
import { refusalCodeOf } from '../../api/api-error';
import { apiClient } from '../../api/client';
import { verifySignInCode, type SecondStepPayload } from '../../api/two-step';
import { codeProblem, typedCode, type CodeKind } from '../../account/two-step';
import { TWO_STEP_CODES } from '../../../rules/two-step';
import { BUSY_TAG, serverMessageOr } from './auth-flow';
import { SIGN_IN_FAILED_MESSAGE } from './sign-in-machine';

// Two-step sign-in, the second step: the password (or Google, or LinkedIn) was right and the account asks for a
// code. The person types the 6-digit code from their authenticator app — or switches to one of their recovery
// codes — may tick "Trust this device for 30 days", and sends it. A code that is not even the right shape is
// refused here, before anything is sent; a wrong code is refused by the server and cleared for the next try.
//
// It runs inside the sign-in flow (which loads it only when it is needed, so /signin stays small) and tells that
// flow how it ended: signed in, gone back to the password, or the first step expired (older than 5 minutes) so
// the password is asked again.

export interface SecondStepContext {
  /** The code typed, which kind, whether to trust this browser. */
  code: string;
  codeKind: CodeKind;
  trustDevice: boolean;
  /** Why the code was refused (the form's own check, or the server's words). */
  codeError?: string;
  /** Counts refused submits: each one moves the focus back to the code. */
  attempt: number;
}

export type SecondStepEvent =
  | { type: 'code.change'; value: string }
  | { type: 'code.kindToggle' }
  | { type: 'code.trustChange'; trust: boolean }
  | { type: 'code.submit' }
  | { type: 'code.back' };

/** What the second step tells the sign-in flow that runs it. */
export type SecondStepReport =
  | { type: 'secondStep.signedIn'; output: LoginResponse }
  | { type: 'secondStep.refused'; error: unknown }
  | { type: 'secondStep.expired'; error: unknown }
  | { type: 'secondStep.back' };

export const secondStepMachine = setup({
  types: {
    context: {} as SecondStepContext,
    events: {} as SecondStepEvent,
    tags: {} as typeof BUSY_TAG,
  },
  actors: {
    verifyCode: fromPromise<LoginResponse, SecondStepPayload>(({ input }) => verifySignInCode(apiClient, input)),
  },
  actions: {
    assignCode: assign({
      code: ({ context, event }) => (event.type === 'code.change' ? event.value : context.code),
      codeError: ({ context, event }) =>
        event.type === 'code.change' && context.codeError !== undefined
          ? codeProblem(event.value, context.codeKind)
          : context.codeError,
    }),
    toggleCodeKind: assign({
      codeKind: ({ context }) => (context.codeKind === 'app' ? 'recovery' : 'app'),
      code: '',
      codeError: undefined,
    }),
    assignTrust: assign({
      trustDevice: ({ context, event }) => (event.type === 'code.trustChange' ? event.trust : context.trustDevice),
    }),
    showCodeProblem: assign({
      codeError: ({ context }) => codeProblem(context.code, context.codeKind),
      attempt: ({ context }) => context.attempt + 1,
    }),
    showCodeRefusal: assign({
      codeError: (_, params: { error: unknown }) => serverMessageOr(params.error, SIGN_IN_FAILED_MESSAGE),
      code: '',
      attempt: ({ context }) => context.attempt + 1,
    }),
    reportSignedIn: sendParent((_, params: { output: LoginResponse }) => ({
      type: 'secondStep.signedIn' as const,
      output: params.output,
    })),
    reportRefused: sendParent((_, params: { error: unknown }) => ({
      type: 'secondStep.refused' as const,
      error: params.error,
    })),
    reportExpired: sendParent((_, params: { error: unknown }) => ({
      type: 'secondStep.expired' as const,
      error: params.error,
    })),
    reportBack: sendParent({ type: 'secondStep.back' as const }),
  },
  guards: {
    isCodeValid: ({ context }) => codeProblem(context.code, context.codeKind) === undefined,
    /** The first step is older than 5 minutes (or was never passed here): the password again. */
    isSignInExpired: (_, params: { error: unknown }) => refusalCodeOf(params.error) === TWO_STEP_CODES.expired,
  },
}).createMachine({
  id: 'secondStep',
  context: { code: '', codeKind: 'app', trustDevice: false, attempt: 0 },
  initial: 'code',
  states: {
    code: {
      on: {
        'code.change': { actions: 'assignCode' },
        'code.kindToggle': { actions: 'toggleCodeKind' },
        'code.trustChange': { actions: 'assignTrust' },
        'code.submit': [{ guard: 'isCodeValid', target: 'verifyingCode' }, { actions: 'showCodeProblem' }],
        'code.back': { target: 'ended', actions: 'reportBack' },
      },
    },
    verifyingCode: {
      tags: [BUSY_TAG],
      invoke: {
        src: 'verifyCode',
        input: ({ context }) => ({ code: typedCode(context.code), trust_device: context.trustDevice }),
        onDone: {
          target: 'ended',
          actions: { type: 'reportSignedIn', params: ({ event }) => ({ output: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isSignInExpired', params: ({ event }) => ({ error: event.error }) },
            target: 'ended',
            actions: { type: 'reportExpired', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'code',
            actions: [
              { type: 'showCodeRefusal', params: ({ event }) => ({ error: event.error }) },
              { type: 'reportRefused', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        ],
      },
    },
    // How it ended is told to the sign-in flow, which then stops this one (no final state: nothing waits for it).
    ended: {},
  },
});

export type SecondStepActor = ActorRefFrom<typeof secondStepMachine>;
export type SecondStepSnapshot = SnapshotFrom<typeof secondStepMachine>;
export type SecondStepLogic = typeof secondStepMachine;
