import { assign, fromPromise, setup, stopChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  isUnconfirmedAccountError,
  login,
  needsSecondStep,
  resendConfirmation,
  type LoginOutcome,
  type LoginPayload,
} from '../../api/auth';
import type { SecondStepActor, SecondStepLogic, SecondStepReport } from './second-step-machine';
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
import { msg } from '../../../rules/languages';

export type SignInField = keyof SignInValues;

export const SIGN_IN_FAILED_MESSAGE = msg('Invalid credentials. Please try again.');
export const CONFIRMATION_RESENT_NOTICE: Notice = {
  title: msg('Confirmation email sent'),
  description: msg(
    'If your account is waiting for confirmation, a new link is on its way. Please check your email.',
  ),
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
  /** Just signed up: the address the confirmation link went to, which the screen says, with 'Resend'. */
  confirmationSentTo?: string;
  /** The server's refusal (wrong credentials, too many attempts), shown in the form as well as in a toast. */
  formError?: string;
  /** Counts refused submits: each one moves the focus to what needs the person's attention. */
  attempt: number;
  /** Opened for the second step of a Google or LinkedIn sign-in. */
  startAtCode: boolean;
  /** The second step (two-step sign-in) while it runs: its own flow, loaded when first needed. */
  secondStep?: SecondStepActor;
}

export type SignInEvent =
  | { type: 'form.change'; field: SignInField; value: string }
  | { type: 'form.submit' }
  | { type: 'confirmation.resend' }
  | SecondStepReport;

/** The second step's own flow, fetched the first time an account asks for a code (most visits never do). */
export const loadSecondStep = () =>
  import('./second-step-machine').then((module): SecondStepLogic => module.secondStepMachine);

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    /** `awaitingCode`: a Google or LinkedIn sign-in passed the first step and sent the person here for the code. */
    input: {} as { session: SessionRef; email?: string; awaitingCode?: boolean; confirmationSentTo?: string },
    tags: {} as typeof BUSY_TAG,
  },
  actors: {
    login: fromPromise<LoginOutcome, LoginPayload>(({ input }) => login(apiClient, input)),
    loadSecondStep: fromPromise<SecondStepLogic>(loadSecondStep),
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
    showLoadFailure: assign({
      formError: GENERIC_ERROR_MESSAGE,
      attempt: ({ context }) => context.attempt + 1,
    }),
    countAttempt: assign({ attempt: ({ context }) => context.attempt + 1 }),
    rememberUnconfirmedEmail: assign({ unconfirmedEmail: ({ context }) => context.values.email.trim() }),
    forgetUnconfirmedEmail: assign({ unconfirmedEmail: undefined, confirmationSentTo: undefined }),
    forgetPassword: assign({ values: ({ context }) => ({ ...context.values, password: '' }) }),
    startSecondStep: assign({
      secondStep: ({ spawn }, params: { logic: SecondStepLogic }) => spawn(params.logic),
    }),
    stopSecondStep: stopChild(({ context }) => context.secondStep ?? ''),
    forgetSecondStep: assign({ secondStep: undefined }),
    signIntoSession: signIntoSessionAction<SignInContext, SignInEvent>(),
    // The route gives the real toaster and router; the machine only says what and where.
    notify: (_, _params: Notice) => undefined,
    redirect: (_, _params: { to: FlowDestination }) => undefined,
  },
  guards: {
    isFormValid: ({ context }) => !hasErrors(validateSignIn(context.values)),
    awaitsConfirmation: ({ context }) => context.unconfirmedEmail !== undefined,
    isUnconfirmedAccount: (_, params: { error: unknown }) => isUnconfirmedAccountError(params.error),
    startsAtCode: ({ context }) => context.startAtCode,
    needsCode: (_, params: { outcome: LoginOutcome }) => needsSecondStep(params.outcome),
  },
}).createMachine({
  id: 'signIn',
  context: ({ input }) => ({
    session: input.session,
    values: { email: input.email ?? input.confirmationSentTo ?? '', password: '' },
    // After sign-up the account waits for its confirmation: the screen offers a resend straight away.
    unconfirmedEmail: input.confirmationSentTo,
    confirmationSentTo: input.confirmationSentTo,
    errors: {},
    submitted: false,
    attempt: 0,
    startAtCode: input.awaitingCode === true,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'startsAtCode', target: 'code' }, { target: 'editing' }],
    },
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
        onDone: [
          {
            guard: { type: 'needsCode', params: ({ event }) => ({ outcome: event.output }) },
            target: 'code',
            actions: ['forgetUnconfirmedEmail', 'forgetPassword'],
          },
          {
            target: 'signedIn',
            actions: ['forgetUnconfirmedEmail', ...SIGNED_IN_ACTIONS],
          },
        ],
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
    // Two-step sign-in: the password (or Google, or LinkedIn) was right; the second step's own flow asks for the
    // code from the app, or a recovery code, and says how it ended.
    code: {
      initial: 'loading',
      states: {
        loading: {
          tags: [BUSY_TAG],
          invoke: {
            src: 'loadSecondStep',
            onDone: {
              target: 'asking',
              actions: { type: 'startSecondStep', params: ({ event }) => ({ logic: event.output }) },
            },
            // The page could not fetch the second step (offline, or a new release replaced it): say so; the
            // password is asked again.
            onError: { target: '#signIn.editing', actions: 'showLoadFailure' },
          },
        },
        asking: {
          on: {
            'secondStep.signedIn': { target: '#signIn.signedIn', actions: SIGNED_IN_ACTIONS },
            'secondStep.refused': {
              actions: {
                type: 'notify',
                params: ({ event }) => ({
                  title: signInFailureMessage(event.error),
                  variant: 'destructive' as const,
                }),
              },
            },
            'secondStep.expired': {
              target: '#signIn.editing',
              actions: { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) },
            },
            'secondStep.back': { target: '#signIn.editing' },
          },
        },
      },
      exit: ['stopSecondStep', 'forgetSecondStep'],
    },
    signedIn: { type: 'final' },
  },
});

function resendFailureMessage(error: unknown): string {
  return messageOf(error) ?? GENERIC_ERROR_MESSAGE;
}

export type SignInActor = ActorRefFrom<typeof signInMachine>;
export type SignInSnapshot = SnapshotFrom<typeof signInMachine>;
