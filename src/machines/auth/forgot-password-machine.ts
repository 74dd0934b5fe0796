import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { ApiError } from '../../api/api-error';
import { requestPasswordReset } from '../../api/auth';
import { apiClient } from '../../api/client';
import { BUSY_TAG, messageOf } from './auth-flow';
import {
  hasErrors,
  validateForgotPassword,
  type FieldErrors,
  type ForgotPasswordValues,
} from '../../account/auth-rules';
import { msg } from '../../../rules/languages';

export const RESET_LINK_SENT_MESSAGE = msg(
  'Password reset instructions have been sent to your email address.',
);
export const UNEXPECTED_RESPONSE_MESSAGE = msg('Unexpected server response. Please try again later.');
export const UNABLE_TO_RESET_MESSAGE = msg('Unable to reset password. Please try again later.');
export const UNKNOWN_ERROR_MESSAGE = msg('An unknown error occurred. Please try again.');

function textField(body: unknown, key: string): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function isRequestFailure(error: ApiError): boolean {
  const cause = error.cause as { isAxiosError?: unknown } | undefined;
  return error.status !== undefined || cause?.isAxiosError === true;
}

/**
 * docs/behaviour.md#messages: a non-200 answer, a failed request (the server's detail, else its error field) and
 * any other error each have their own message.
 */
export function forgotPasswordFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status !== undefined && error.status >= 200 && error.status < 300)
      return UNEXPECTED_RESPONSE_MESSAGE;
    if (isRequestFailure(error)) {
      return textField(error.data, 'detail') ?? textField(error.data, 'error') ?? UNABLE_TO_RESET_MESSAGE;
    }
  }
  return messageOf(error) ?? UNKNOWN_ERROR_MESSAGE;
}

export interface ForgotPasswordContext {
  values: ForgotPasswordValues;
  errors: FieldErrors<keyof ForgotPasswordValues>;
  submitted: boolean;
  /** The text of the success or error alert. */
  outcome?: string;
  /** Counts refused submits: each one moves the focus to the field at fault or to the error alert. */
  attempt: number;
}

export type ForgotPasswordEvent =
  { type: 'form.change'; field: keyof ForgotPasswordValues; value: string } | { type: 'form.submit' };

const formHandlers = {
  'form.change': { actions: ['assignValue', 'revalidate'] },
  'form.submit': [
    { guard: 'isFormValid', target: 'sending', actions: 'clearErrors' },
    { actions: 'showFieldErrors' },
  ],
} as const;

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
    tags: {} as typeof BUSY_TAG,
  },
  actors: {
    requestPasswordReset: fromPromise<void, { email: string }>(({ input }) =>
      requestPasswordReset(apiClient, input),
    ),
  },
  actions: {
    assignValue: assign({
      values: ({ context, event }) =>
        event.type === 'form.change' ? { ...context.values, [event.field]: event.value } : context.values,
    }),
    revalidate: assign({
      errors: ({ context }) => (context.submitted ? validateForgotPassword(context.values) : context.errors),
    }),
    showFieldErrors: assign({
      errors: ({ context }) => validateForgotPassword(context.values),
      submitted: true,
      attempt: ({ context }) => context.attempt + 1,
    }),
    clearErrors: assign({ errors: {} }),
    setSent: assign({ outcome: RESET_LINK_SENT_MESSAGE }),
    setFailure: assign({
      outcome: (_, params: { error: unknown }) => forgotPasswordFailureMessage(params.error),
      attempt: ({ context }) => context.attempt + 1,
    }),
    clearOutcome: assign({ outcome: undefined }),
  },
  guards: {
    isFormValid: ({ context }) => !hasErrors(validateForgotPassword(context.values)),
  },
}).createMachine({
  id: 'forgotPassword',
  context: { values: { email: '' }, errors: {}, submitted: false, attempt: 0 },
  initial: 'editing',
  states: {
    editing: { on: formHandlers },
    sending: {
      tags: [BUSY_TAG],
      entry: 'clearOutcome',
      invoke: {
        src: 'requestPasswordReset',
        input: ({ context }) => ({ email: context.values.email.trim() }),
        onDone: { target: 'sent', actions: 'setSent' },
        onError: {
          target: 'failed',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    sent: { on: formHandlers },
    failed: { on: formHandlers },
  },
});

export type ForgotPasswordActor = ActorRefFrom<typeof forgotPasswordMachine>;
export type ForgotPasswordSnapshot = SnapshotFrom<typeof forgotPasswordMachine>;
