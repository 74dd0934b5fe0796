import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { PasswordChangePayload } from '../api/profile';
import { ACCOUNT_MESSAGES, newPasswordProblem } from '../../rules/account';
import { BUSY_TAG, messageOf, type Notice } from './auth-flow';

// spec §2 Profile settings (Change Password card), §4 Change-password panel, §5 Profile password change, §8.

export const PASSWORD_FIELDS_REQUIRED_MESSAGE = ACCOUNT_MESSAGES.passwordFieldsRequired;
export const NEW_PASSWORDS_DIFFER_MESSAGE = ACCOUNT_MESSAGES.newPasswordsDoNotMatch;
export const NEW_PASSWORD_TOO_SHORT_MESSAGE = ACCOUNT_MESSAGES.newPasswordTooShort;
export const PASSWORD_CHANGE_FAILED_MESSAGE = 'Failed to change password';
export const PASSWORD_CHANGED_NOTICE: Notice = { title: 'Password changed successfully', variant: 'success' };

export interface PasswordChangeValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordChangeField = keyof PasswordChangeValues;

/**
 * spec §5 Profile password change, in the spec's order, then the rule every new password follows (rules/account.ts:
 * lower case, upper case and a digit, never only spaces, not the current password). The first broken rule's
 * message, or undefined.
 */
export function passwordChangeProblem(values: PasswordChangeValues): string | undefined {
  if (values.currentPassword === '' || values.newPassword === '') return PASSWORD_FIELDS_REQUIRED_MESSAGE;
  if (values.newPassword !== values.confirmPassword) return NEW_PASSWORDS_DIFFER_MESSAGE;
  return newPasswordProblem(values.newPassword, {
    tooShort: NEW_PASSWORD_TOO_SHORT_MESSAGE,
    current: values.currentPassword,
  });
}

/** spec §8 Password change failure: the error's message, else the flow's own. */
export function passwordChangeFailureMessage(error: unknown): string {
  return messageOf(error) ?? PASSWORD_CHANGE_FAILED_MESSAGE;
}

export interface ChangePasswordContext {
  values: PasswordChangeValues;
  /** The broken rule shown in the open panel, until the next change or submit. */
  problem?: string;
}

export type ChangePasswordEvent =
  | { type: 'panel.toggle' }
  | { type: 'form.change'; field: PasswordChangeField; value: string }
  | { type: 'form.submit' }
  | { type: 'form.cancel' };

const EMPTY_VALUES: PasswordChangeValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
    tags: {} as typeof BUSY_TAG,
  },
  actors: {
    changePassword: fromPromise<void, PasswordChangePayload>(async () => {
      throw new Error('changePasswordMachine: provide the changePassword actor');
    }),
  },
  actions: {
    assignValue: assign({
      values: ({ context, event }) =>
        event.type === 'form.change' ? { ...context.values, [event.field]: event.value } : context.values,
      problem: undefined,
    }),
    showProblem: assign({ problem: ({ context }) => passwordChangeProblem(context.values) }),
    clearForm: assign({ values: EMPTY_VALUES, problem: undefined }),
    notify: (_, _params: Notice) => undefined,
  },
  guards: {
    isFormValid: ({ context }) => passwordChangeProblem(context.values) === undefined,
  },
}).createMachine({
  id: 'changePassword',
  context: { values: EMPTY_VALUES },
  initial: 'closed',
  states: {
    closed: {
      on: { 'panel.toggle': 'open' },
    },
    open: {
      on: {
        'panel.toggle': { target: 'closed', actions: 'clearForm' },
        'form.change': { actions: 'assignValue' },
        'form.submit': [{ guard: 'isFormValid', target: 'updating' }, { actions: 'showProblem' }],
        // spec §2: Cancel clears the fields; only success (and the toggle) closes the panel.
        'form.cancel': { actions: 'clearForm' },
      },
    },
    updating: {
      tags: [BUSY_TAG],
      invoke: {
        src: 'changePassword',
        input: ({ context }) => ({
          current_password: context.values.currentPassword,
          new_password: context.values.newPassword,
        }),
        onDone: {
          target: 'closed',
          actions: ['clearForm', { type: 'notify', params: PASSWORD_CHANGED_NOTICE }],
        },
        onError: {
          target: 'open',
          actions: {
            type: 'notify',
            params: ({ event }) => ({
              title: passwordChangeFailureMessage(event.error),
              variant: 'destructive' as const,
            }),
          },
        },
      },
    },
  },
});

export type ChangePasswordActor = ActorRefFrom<typeof changePasswordMachine>;
export type ChangePasswordSnapshot = SnapshotFrom<typeof changePasswordMachine>;
