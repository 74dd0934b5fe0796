import { assign, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { PasswordResetConfirmPayload, PasswordResetConfirmResponse } from '../api/auth';
import { REDIRECT_AFTER_RESET_MS } from '../config/constants';
import { BUSY_TAG, messageOf, type FlowDestination, type SessionRef } from './auth-flow';
import {
  hasErrors,
  hasResetToken,
  validateResetPassword,
  type FieldErrors,
  type ResetPasswordValues,
} from './validation/auth-rules';

export type ResetPasswordField = keyof ResetPasswordValues;

export const RESET_FAILED_MESSAGE = 'An error occurred. Please try again.';

/** spec §8 Reset confirm failure: the error message, else the flow's own. */
export function resetFailureMessage(error: unknown): string {
  return messageOf(error) ?? RESET_FAILED_MESSAGE;
}

export interface ResetPasswordContext {
  session: SessionRef;
  uid: string;
  token: string;
  values: ResetPasswordValues;
  errors: FieldErrors<ResetPasswordField>;
  submitted: boolean;
  error?: string;
}

export type ResetPasswordEvent =
  { type: 'form.change'; field: ResetPasswordField; value: string } | { type: 'form.submit' };

// spec §2 Reset password, §4 Other flows: form, then success.
export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as { session: SessionRef; uid?: string; token?: string },
    tags: {} as typeof BUSY_TAG,
  },
  actors: {
    confirmPasswordReset: fromPromise<PasswordResetConfirmResponse, PasswordResetConfirmPayload>(async () => {
      throw new Error('resetPasswordMachine: provide the confirmPasswordReset actor');
    }),
  },
  actions: {
    assignValue: assign({
      values: ({ context, event }) =>
        event.type === 'form.change' ? { ...context.values, [event.field]: event.value } : context.values,
    }),
    revalidate: assign({
      errors: ({ context }) => (context.submitted ? validateResetPassword(context.values) : context.errors),
    }),
    showFieldErrors: assign({
      errors: ({ context }) => validateResetPassword(context.values),
      submitted: true,
    }),
    clearErrors: assign({ errors: {}, error: undefined }),
    setError: assign({ error: (_, params: { error: unknown }) => resetFailureMessage(params.error) }),
    signIntoSession: sendTo(
      ({ context }) => context.session,
      (_, params: { userId: string | number }) => ({
        type: 'session.signedIn' as const,
        userId: params.userId,
      }),
    ),
    redirect: (_, _params: { to: FlowDestination }) => undefined,
  },
  guards: {
    hasToken: ({ context }) => hasResetToken(context),
    isFormValid: ({ context }) => !hasErrors(validateResetPassword(context.values)),
    carriesUserId: (_, params: { response: PasswordResetConfirmResponse }) =>
      params.response.user_id !== undefined &&
      params.response.user_id !== null &&
      params.response.user_id !== '',
  },
  delays: {
    redirectHome: REDIRECT_AFTER_RESET_MS,
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({
    session: input.session,
    uid: input.uid?.trim() ?? '',
    token: input.token?.trim() ?? '',
    values: { newPassword: '', confirmPassword: '' },
    errors: {},
    submitted: false,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'hasToken', target: 'editing' }, { target: 'missingToken' }],
    },
    missingToken: {
      type: 'final',
      entry: { type: 'redirect', params: { to: '/signin' } },
    },
    editing: {
      on: {
        'form.change': { actions: ['assignValue', 'revalidate'] },
        'form.submit': [
          { guard: 'isFormValid', target: 'resetting', actions: 'clearErrors' },
          { actions: 'showFieldErrors' },
        ],
      },
    },
    resetting: {
      tags: [BUSY_TAG],
      invoke: {
        src: 'confirmPasswordReset',
        input: ({ context }) => ({
          uid: context.uid,
          token: context.token,
          new_password: context.values.newPassword,
        }),
        onDone: [
          {
            guard: { type: 'carriesUserId', params: ({ event }) => ({ response: event.output }) },
            target: 'signedIn',
            actions: { type: 'signIntoSession', params: ({ event }) => ({ userId: event.output.user_id! }) },
          },
          { target: 'reset' },
        ],
        onError: {
          target: 'editing',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    // The password is changed but the answer named no user: the success stays on screen with a way to sign in.
    reset: {},
    signedIn: {
      after: { redirectHome: 'leaving' },
    },
    leaving: {
      type: 'final',
      entry: { type: 'redirect', params: { to: '/' } },
    },
  },
});

export type ResetPasswordActor = ActorRefFrom<typeof resetPasswordMachine>;
export type ResetPasswordSnapshot = SnapshotFrom<typeof resetPasswordMachine>;
