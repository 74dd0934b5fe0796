import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { ApiError, refusalCodeOf, refusedFieldOf } from '../../api/api-error';
import {
  confirmPasswordReset,
  validatePasswordResetLink,
  type PasswordResetConfirmPayload,
  type PasswordResetConfirmResponse,
} from '../../api/auth';
import { apiClient } from '../../api/client';
import { REDIRECT_AFTER_RESET_MS } from '../../config/constants';
import {
  BUSY_TAG,
  messageOf,
  signIntoSessionAction,
  type FlowDestination,
  type Notice,
  type SessionRef,
} from './auth-flow';
import {
  hasErrors,
  hasResetToken,
  validateResetPassword,
  type FieldErrors,
  type ResetPasswordValues,
} from '../../account/auth-rules';
import { LINK_ERROR_CODES } from '../../../rules/account-changes';
import { msg } from '../../../rules/languages';

export type ResetPasswordField = keyof ResetPasswordValues;

export const RESET_FAILED_MESSAGE = msg('An error occurred. Please try again.');
export const RESET_LINK_REFUSED_MESSAGE = msg('This password reset link is invalid or has expired.');
/** Said on the page the person lands on after the reset (the success is not lost in the redirect). */
export const PASSWORD_RESET_NOTICE: Notice = {
  title: msg('Password Reset Successful!'),
  description: msg('Your password has been updated and you are signed in.'),
  variant: 'success',
};

const LINK_REFUSAL_CODES = new Set<string>(Object.values(LINK_ERROR_CODES));

/**
 * Whether the server refused the link itself (its signature, its age, its use) rather than the new password: the
 * page then offers a new link instead of the form. The reference server says so with a `code`. Without one, the
 * link check (`call: 'validate'`) is only about the link, so any 4xx but 404/405 (a backend without that optional
 * call) and 429 is; on submit, a 400 that names no field and speaks of the link or token is.
 */
export function isLinkRefusal(error: unknown, call: 'validate' | 'submit'): boolean {
  if (!(error instanceof ApiError) || error.status === undefined) return false;
  const code = refusalCodeOf(error);
  if (code !== undefined) return LINK_REFUSAL_CODES.has(code);
  if (call === 'validate')
    return error.status >= 400 && error.status < 500 && ![404, 405, 429].includes(error.status);
  return (
    error.status === 400 && refusedFieldOf(error) === undefined && /\b(link|token)\b/i.test(error.message)
  );
}

/** docs/behaviour.md#messages: the error message, else the flow's own. */
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
  /** Why the link cannot be used, when the server refused it. */
  linkProblem?: string;
  /** Counts refused submits: each one moves the focus to the field at fault or to the error alert. */
  attempt: number;
}

export type ResetPasswordEvent =
  { type: 'form.change'; field: ResetPasswordField; value: string } | { type: 'form.submit' };

// docs/behaviour.md#reset-password, #other-flows: form, then success.
export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as { session: SessionRef; uid?: string; token?: string },
    tags: {} as typeof BUSY_TAG,
  },
  actors: {
    validateLink: fromPromise<boolean, { uid: string; token: string }>(({ input, signal }) =>
      validatePasswordResetLink(apiClient, input, { signal }),
    ),
    confirmPasswordReset: fromPromise<PasswordResetConfirmResponse, PasswordResetConfirmPayload>(
      ({ input }) => confirmPasswordReset(apiClient, input),
    ),
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
      attempt: ({ context }) => context.attempt + 1,
    }),
    clearErrors: assign({ errors: {}, error: undefined }),
    showRefusal: assign(({ context }, params: { error: unknown }) => {
      const message = resetFailureMessage(params.error);
      const onNewPassword = refusedFieldOf(params.error) === 'new_password';
      return {
        errors: onNewPassword ? { ...context.errors, newPassword: message } : context.errors,
        error: onNewPassword ? undefined : message,
        attempt: context.attempt + 1,
      };
    }),
    setLinkProblem: assign({
      linkProblem: (_, params: { error: unknown }) =>
        (params.error instanceof ApiError ? params.error.serverMessage : undefined) ??
        RESET_LINK_REFUSED_MESSAGE,
    }),
    signIntoSession: signIntoSessionAction<ResetPasswordContext, ResetPasswordEvent>(),
    redirect: (_, _params: { to: FlowDestination }) => undefined,
    notify: (_, _params: Notice) => undefined,
  },
  guards: {
    hasToken: ({ context }) => hasResetToken(context),
    isLinkRefusal: (_, params: { error: unknown; call: 'validate' | 'submit' }) =>
      isLinkRefusal(params.error, params.call),
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
    attempt: 0,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'hasToken', target: 'validatingLink' }, { target: 'missingToken' }],
    },
    // The link is checked as the page opens, so nobody types a new password twice for a link that is spent.
    validatingLink: {
      invoke: {
        src: 'validateLink',
        input: ({ context }) => ({ uid: context.uid, token: context.token }),
        onDone: 'editing',
        onError: [
          {
            guard: {
              type: 'isLinkRefusal',
              params: ({ event }) => ({ error: event.error, call: 'validate' as const }),
            },
            target: 'linkRefused',
            actions: { type: 'setLinkProblem', params: ({ event }) => ({ error: event.error }) },
          },
          // Not an answer about the link (offline, busy, 429): the form is shown and the link judged on submit.
          { target: 'editing' },
        ],
      },
    },
    linkRefused: {},
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
        onError: [
          {
            guard: {
              type: 'isLinkRefusal',
              params: ({ event }) => ({ error: event.error, call: 'submit' as const }),
            },
            target: 'linkRefused',
            actions: { type: 'setLinkProblem', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'editing',
            actions: { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    // The password is changed but the answer named no user: the success stays on screen with a way to sign in.
    reset: {},
    signedIn: {
      after: { redirectHome: 'leaving' },
    },
    leaving: {
      type: 'final',
      entry: [
        { type: 'redirect', params: { to: '/' } },
        { type: 'notify', params: PASSWORD_RESET_NOTICE },
      ],
    },
  },
});

export type ResetPasswordActor = ActorRefFrom<typeof resetPasswordMachine>;
export type ResetPasswordSnapshot = SnapshotFrom<typeof resetPasswordMachine>;
