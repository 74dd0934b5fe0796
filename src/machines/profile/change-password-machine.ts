import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { refusedFieldOf } from '../../api/api-error';
import { apiClient } from '../../api/client';
import { changePassword, type PasswordChangePayload } from '../../api/profile';
import { ACCOUNT_MESSAGES, newPasswordProblem } from '../../../rules/account';
import { msg } from '../../../rules/languages';
import { BUSY_TAG, messageOf, type Notice } from '../auth/auth-flow';

// docs/behaviour.md#profile-settings (the Change Password card), #other-flows, #validation-rules, #messages.

export const PASSWORD_CHANGE_FAILED_MESSAGE = msg('Failed to change password');
export const PASSWORD_CHANGED_NOTICE: Notice = {
  title: msg('Password changed successfully'),
  variant: 'success',
};

export interface PasswordChangeValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordChangeField = keyof PasswordChangeValues;

/**
 * docs/behaviour.md#validation-rules (change password), in that order, then the rule every new password follows
 * (rules/account.ts: lower case, upper case and a digit, never only spaces, not the current password). The
 * first broken rule's message, or undefined.
 */
export function passwordChangeProblem(values: PasswordChangeValues): string | undefined {
  if (values.currentPassword === '' || values.newPassword === '')
    return ACCOUNT_MESSAGES.passwordFieldsRequired;
  if (values.newPassword !== values.confirmPassword) return ACCOUNT_MESSAGES.newPasswordsDoNotMatch;
  return newPasswordProblem(values.newPassword, {
    tooShort: ACCOUNT_MESSAGES.newPasswordTooShort,
    current: values.currentPassword,
  });
}

/** The fields a broken rule is about, so they show as invalid next to the message. */
export function fieldsOfProblem(values: PasswordChangeValues): PasswordChangeField[] {
  const problem = passwordChangeProblem(values);
  if (problem === undefined) return [];
  if (problem === ACCOUNT_MESSAGES.passwordFieldsRequired) {
    return (['currentPassword', 'newPassword'] as const).filter((field) => values[field] === '');
  }
  if (problem === ACCOUNT_MESSAGES.newPasswordsDoNotMatch) return ['confirmPassword'];
  return ['newPassword'];
}

const SERVER_FIELDS: Record<string, PasswordChangeField> = {
  current_password: 'currentPassword',
  new_password: 'newPassword',
};

/** docs/behaviour.md#messages: the error's message, else the flow's own. */
export function passwordChangeFailureMessage(error: unknown): string {
  return messageOf(error) ?? PASSWORD_CHANGE_FAILED_MESSAGE;
}

export interface ChangePasswordContext {
  values: PasswordChangeValues;
  /** The broken rule (or the server's refusal) shown in the open panel, until the next change or submit. */
  problem?: string;
  /** The fields that problem is about, shown as invalid; none when it concerns the form as a whole. */
  problemFields: PasswordChangeField[];
  /** Counts refused submits: each one moves the focus to the first field at fault, else to the message. */
  attempt: number;
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
    changePassword: fromPromise<void, PasswordChangePayload>(({ input }) => changePassword(apiClient, input)),
  },
  actions: {
    assignValue: assign({
      values: ({ context, event }) =>
        event.type === 'form.change' ? { ...context.values, [event.field]: event.value } : context.values,
      problem: undefined,
      problemFields: [],
    }),
    showProblem: assign({
      problem: ({ context }) => passwordChangeProblem(context.values),
      problemFields: ({ context }) => fieldsOfProblem(context.values),
      attempt: ({ context }) => context.attempt + 1,
    }),
    // Shown in the panel as well as in the toast, on the field the server names.
    showRefusal: assign(({ context }, params: { error: unknown }) => {
      const field = SERVER_FIELDS[refusedFieldOf(params.error) ?? ''];
      return {
        problem: passwordChangeFailureMessage(params.error),
        problemFields: field ? [field] : [],
        attempt: context.attempt + 1,
      };
    }),
    clearForm: assign({ values: EMPTY_VALUES, problem: undefined, problemFields: [] }),
    notify: (_, _params: Notice) => undefined,
  },
  guards: {
    isFormValid: ({ context }) => passwordChangeProblem(context.values) === undefined,
  },
}).createMachine({
  id: 'changePassword',
  context: { values: EMPTY_VALUES, problemFields: [], attempt: 0 },
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
        // docs/behaviour.md#profile-settings: Cancel clears the fields; only success (and the toggle) closes
        // the panel.
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
          actions: [
            { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) },
            {
              type: 'notify',
              params: ({ event }) => ({
                title: passwordChangeFailureMessage(event.error),
                variant: 'destructive' as const,
              }),
            },
          ],
        },
      },
    },
  },
});

export type ChangePasswordActor = ActorRefFrom<typeof changePasswordMachine>;
export type ChangePasswordSnapshot = SnapshotFrom<typeof changePasswordMachine>;
