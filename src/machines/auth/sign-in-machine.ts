import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  isUnconfirmedAccountError,
  login,
  resendConfirmation,
  type LoginPayload,
  type LoginResponse,
} from '../../api/auth';
import { apiClient } from '../../api/client';
import { GENERIC_ERROR_MESSAGE } from '../../config/constants';
import {
  BUSY_TAG,
  messageOf,
  signIntoSessionAction,
  serverMessageOr,
  SIGNED_IN_ACTIONS,
  type FlowDestination,
  type Notice,
  type SessionRef,
} from './auth-flow';
import { hasErrors, validateSignIn, type FieldErrors, type SignInValues } from '../../account/auth-rules';

export type SignInField = keyof SignInValues;

export const SIGN_IN_FAILED_MESSAGE = 'Invalid credentials. Please try again.';
export const CONFIRMATION_RESENT_NOTICE: Notice = {
  title: 'Confirmation email sent',
  description:
    'If your account is waiting for confirmation, a new link is on its way. Please check your email.',
  variant: 'success',
};

/** docs/behaviour.md#messages: the server's message, else the flow's own. */
export function signInFailureMessage(error: unknown): string {
  return serverMessageOr(error, SIGN_IN_FAILED_MESSAGE);
}

export interface SignInContext {
  session: SessionRef;
  values: SignInValues;
  errors: FieldErrors<SignInField>;
  /** Errors show after the first submit and then follow every change. */
  submitted: boolean;
  /** Set when the server refused the sign-in because the email is not confirmed yet: the screen offers a resend. */
  unconfirmedEmail?: string;
  /** The server's refusal (wrong credentials, too many attempts), shown in the form as well as in a toast. */
  formError?: string;
  /** Counts refused submits: each one moves the focus to what needs the person's attention. */
  attempt: number;
}

export type SignInEvent =
  | { type: 'form.change'; field: SignInField; value: string }
  | { type: 'form.submit' }
  | { type: 'confirmation.resend' };

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as { session: SessionRef; email?: string },
    tags: {} as typeof BUSY_TAG,
  },
  actors: {
    login: fromPromise<LoginResponse, LoginPayload>(({ input }) => login(apiClient, input)),
    resendConfirmation: fromPromise<void, { email: string }>(({ input }) =>
      resendConfirmation(apiClient, input),
    ),
  },
  actions: {
    assignValue: assign({
      values: ({ context, event }) =>
        event.type === 'form.change' ? { ...context.values, [event.field]: event.value } : context.values,
    }),
    revalidate: assign({
      errors: ({ context }) => (context.submitted ? validateSignIn(context.values) : context.errors),
    }),
    showFieldErrors: assign({
      errors: ({ context }) => validateSignIn(context.values),
      submitted: true,
      attempt: ({ context }) => context.attempt + 1,
    }),
    clearErrors: assign({ errors: {}, formError: undefined }),
    showRefusal: assign({
      formError: (_, params: { error: unknown }) => signInFailureMessage(params.error),
      attempt: ({ context }) => context.attempt + 1,
    }),
    countAttempt: assign({ attempt: ({ context }) => context.attempt + 1 }),
    rememberUnconfirmedEmail: assign({ unconfirmedEmail: ({ context }) => context.values.email.trim() }),
    forgetUnconfirmedEmail: assign({ unconfirmedEmail: undefined }),
    signIntoSession: signIntoSessionAction<SignInContext, SignInEvent>(),
    // The route gives the real toaster and router; the machine only says what and where.
    notify: (_, _params: Notice) => undefined,
    redirect: (_, _params: { to: FlowDestination }) => undefined,
  },
  guards: {
    isFormValid: ({ context }) => !hasErrors(validateSignIn(context.values)),
    awaitsConfirmation: ({ context }) => context.unconfirmedEmail !== undefined,
    isUnconfirmedAccount: (_, params: { error: unknown }) => isUnconfirmedAccountError(params.error),
  },
}).createMachine({
  id: 'signIn',
  context: ({ input }) => ({
    session: input.session,
    values: { email: input.email ?? '', password: '' },
    errors: {},
    submitted: false,
    attempt: 0,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.change': { actions: ['assignValue', 'revalidate'] },
        'form.submit': [
          { guard: 'isFormValid', target: 'signingIn', actions: 'clearErrors' },
          { actions: 'showFieldErrors' },
        ],
        'confirmation.resend': { guard: 'awaitsConfirmation', target: 'resendingConfirmation' },
      },
    },
    signingIn: {
      tags: [BUSY_TAG],
      invoke: {
        src: 'login',
        input: ({ context }) => ({ email: context.values.email.trim(), password: context.values.password }),
        onDone: {
          target: 'signedIn',
          actions: ['forgetUnconfirmedEmail', ...SIGNED_IN_ACTIONS],
        },
        onError: [
          {
            guard: { type: 'isUnconfirmedAccount', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: [
              'rememberUnconfirmedEmail',
              'countAttempt',
              {
                type: 'notify',
                params: ({ event }) => ({
                  title: signInFailureMessage(event.error),
                  variant: 'destructive' as const,
                }),
              },
            ],
          },
          {
            target: 'editing',
            actions: [
              'forgetUnconfirmedEmail',
              { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) },
              {
                type: 'notify',
                params: ({ event }) => ({
                  title: signInFailureMessage(event.error),
                  variant: 'destructive' as const,
                }),
              },
            ],
          },
        ],
      },
    },
    resendingConfirmation: {
      tags: [BUSY_TAG],
      invoke: {
        src: 'resendConfirmation',
        input: ({ context }) => ({ email: context.unconfirmedEmail ?? context.values.email.trim() }),
        onDone: { target: 'editing', actions: { type: 'notify', params: CONFIRMATION_RESENT_NOTICE } },
        onError: {
          target: 'editing',
          actions: {
            type: 'notify',
            params: ({ event }) => ({
              title: resendFailureMessage(event.error),
              variant: 'destructive' as const,
            }),
          },
        },
      },
    },
    signedIn: { type: 'final' },
  },
});

function resendFailureMessage(error: unknown): string {
  return messageOf(error) ?? GENERIC_ERROR_MESSAGE;
}

export type SignInActor = ActorRefFrom<typeof signInMachine>;
export type SignInSnapshot = SnapshotFrom<typeof signInMachine>;
