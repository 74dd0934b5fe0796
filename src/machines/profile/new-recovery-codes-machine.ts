import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { ApiError, refusedFieldOf } from '../../api/api-error';
import { apiClient } from '../../api/client';
import { newRecoveryCodes, type NewRecoveryCodesPayload } from '../../api/two-step';
import { codeProblem, TWO_STEP_MESSAGES, typedCode } from '../../account/two-step';
import { msg } from '../../../rules/languages';

/*
 * Profile → Security → Two-step sign-in → "New recovery codes" (a child of the two-step card's machine, while
 * two-step sign-in is on). It asks for the password (accounts that have one) and a code from the authenticator
 * app; the server answers ten new codes and the old ones stop working. It ends with the new codes, which the card
 * then shows to download or print exactly as when two-step sign-in was turned on; Cancel ends it with none.
 */

export const NEW_RECOVERY_CODES_UNAVAILABLE = msg(
  'New recovery codes cannot be made here. Turn two-step sign-in off and on again instead.',
);

export interface NewRecoveryCodesInput {
  hasPassword: boolean;
}

export interface NewRecoveryCodesContext {
  hasPassword: boolean;
  password: string;
  code: string;
  passwordError?: string;
  codeError?: string;
  /** Counts refused submits: each one moves the focus to what needs attention. */
  attempt: number;
  /** The new codes once the server made them. */
  codes?: string[];
}

export type NewRecoveryCodesEvent =
  | { type: 'password.change'; value: string }
  | { type: 'code.change'; value: string }
  | { type: 'submit' }
  | { type: 'cancel' };

/** What the card's machine gets when this ends: the new codes, or none after Cancel. */
export interface NewRecoveryCodesOutput {
  codes?: string[];
}

function refusalOf(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return NEW_RECOVERY_CODES_UNAVAILABLE;
  return error instanceof ApiError && error.message.trim() !== ''
    ? error.message
    : msg('Something went wrong. Please try again.');
}

export const newRecoveryCodesMachine = setup({
  types: {
    context: {} as NewRecoveryCodesContext,
    events: {} as NewRecoveryCodesEvent,
    input: {} as NewRecoveryCodesInput,
    output: {} as NewRecoveryCodesOutput,
  },
  actors: {
    replaceCodes: fromPromise<string[], NewRecoveryCodesPayload>(({ input }) =>
      newRecoveryCodes(apiClient, input),
    ),
  },
  actions: {
    assignPassword: assign({
      password: ({ context, event }) => (event.type === 'password.change' ? event.value : context.password),
      passwordError: undefined,
    }),
    assignCode: assign({
      code: ({ context, event }) => (event.type === 'code.change' ? event.value : context.code),
      codeError: undefined,
    }),
    showProblems: assign({
      passwordError: ({ context }) =>
        context.hasPassword && context.password === '' ? TWO_STEP_MESSAGES.passwordRequired : undefined,
      codeError: ({ context }) => codeProblem(context.code, 'app'),
      attempt: ({ context }) => context.attempt + 1,
    }),
    showRefusal: assign(({ context }, params: { error: unknown }) => {
      const message = refusalOf(params.error);
      const onPassword = refusedFieldOf(params.error) === 'password';
      return {
        passwordError: onPassword ? message : undefined,
        codeError: onPassword ? undefined : message,
        // A code is good once: the next try needs the app's newer one.
        code: '',
        attempt: context.attempt + 1,
      };
    }),
    assignCodes: assign({ codes: (_, params: { codes: string[] }) => params.codes }),
  },
  guards: {
    isFormValid: ({ context }) =>
      (!context.hasPassword || context.password !== '') && codeProblem(context.code, 'app') === undefined,
  },
}).createMachine({
  id: 'newRecoveryCodes',
  context: ({ input }) => ({ hasPassword: input.hasPassword, password: '', code: '', attempt: 0 }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'password.change': { actions: 'assignPassword' },
        'code.change': { actions: 'assignCode' },
        submit: [{ guard: 'isFormValid', target: 'replacing' }, { actions: 'showProblems' }],
        cancel: 'cancelled',
      },
    },
    replacing: {
      tags: ['busy'],
      invoke: {
        src: 'replaceCodes',
        input: ({ context }) => ({
          ...(context.hasPassword ? { password: context.password } : {}),
          code: typedCode(context.code),
        }),
        onDone: {
          target: 'replaced',
          actions: { type: 'assignCodes', params: ({ event }) => ({ codes: event.output }) },
        },
        onError: {
          target: 'editing',
          actions: { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    replaced: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => (context.codes ? { codes: context.codes } : {}),
});

export type NewRecoveryCodesActor = ActorRefFrom<typeof newRecoveryCodesMachine>;
export type NewRecoveryCodesSnapshot = SnapshotFrom<typeof newRecoveryCodesMachine>;
