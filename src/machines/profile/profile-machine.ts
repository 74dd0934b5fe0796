import { assign, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { ApiError, refusedFieldOf } from '../../api/api-error';
import { getProfile, type Profile } from '../../api/auth';
import { apiClient } from '../../api/client';
import {
  cancelPendingEmailChange,
  deleteAccount,
  updateProfile,
  type AccountDeletion,
  type ProfileUpdatePayload,
  type ProfileUpdateResult,
} from '../../api/profile';
import { ACCOUNT_MESSAGES, fullNameProblem, sameEmailAddress } from '../../../rules/account';
import {
  ACCOUNT_CHANGE_MESSAGES,
  approvalSentToMessage,
  confirmationSentToMessage,
  deletionLinkSentToMessage,
} from '../../../rules/account-changes';
import { msg, type Message } from '../../../rules/languages';
import {
  BUSY_TAG,
  formProblemOf,
  messageOf,
  shownErrors,
  withoutField,
  type FlowDestination,
  type Notice,
  type SessionRef,
} from '../auth/auth-flow';
import { isEmail, type FieldErrors } from '../../account/auth-rules';
import { accountPhoneProblem } from '../../account/phone-rules';

// docs/behaviour.md#profile-settings, #other-flows, #validation-rules, #messages.

export const PROFILE_LOAD_FAILED_MESSAGE = msg('Failed to load profile information');
export const PROFILE_UPDATE_FAILED_MESSAGE = msg('Failed to update profile');
export const PROFILE_UPDATED_NOTICE: Notice = {
  title: msg('Profile updated successfully'),
  variant: 'success',
};
export const ACCOUNT_DELETE_FAILED_MESSAGE = msg('Failed to delete account');
export const EMAIL_CHANGE_CANCELLED_NOTICE: Notice = {
  title: msg('Email change cancelled'),
  description: msg('Your email address stays as it is.'),
  variant: 'success',
};
export const EMAIL_CHANGE_CANCEL_FAILED_MESSAGE = msg('Failed to cancel the email change');

export const EMAIL_CHANGE_STARTED_TITLE = msg('Confirm your new email address');

/** Where the confirmation link of a new address went, in the server's words when it gave some. */
export function emailChangeStartedNotice(profile: Profile, detail: string | undefined): Notice {
  const pending = profile.pending_email ?? '';
  const description: Message =
    detail ??
    (profile.has_password === false
      ? approvalSentToMessage(profile.email, pending)
      : confirmationSentToMessage(pending));
  // Not 'Profile updated successfully': the address in use has not changed yet, and the title must not say so.
  return { title: EMAIL_CHANGE_STARTED_TITLE, description, variant: 'success' };
}

/** What a deletion by mailed link tells the person (accounts without a password): the server's words, else ours. */
export function deletionLinkSentMessage(profile: Profile | undefined, detail: string | undefined): Message {
  if (detail !== undefined) return detail;
  if (profile === undefined)
    return msg('We sent a link to your email address. Open it to delete your account.');
  return deletionLinkSentToMessage(profile.email);
}
export const ACCOUNT_DELETED_NOTICE: Notice = {
  title: msg('Account deleted'),
  description: msg('Your personal information has been removed and your CVs archived.'),
  variant: 'success',
};

export interface ProfileValues {
  fullName: string;
  email: string;
  phoneNumber: string;
  /** Asked only while the email address differs from the saved one: the password re-authenticates the change. */
  currentPassword: string;
}

export type ProfileField = keyof ProfileValues;

/** The request's keys, as the server names the field it refuses. */
const PROFILE_FIELDS: Record<string, ProfileField> = {
  full_name: 'fullName',
  email: 'email',
  phone_number: 'phoneNumber',
  current_password: 'currentPassword',
};

/** An account that signs in with a password confirms an email change with it. */
export function needsPasswordForEmail(values: ProfileValues, profile: Profile | undefined): boolean {
  return (
    profile !== undefined && profile.has_password !== false && !sameEmailAddress(values.email, profile.email)
  );
}

/**
 * docs/behaviour.md#validation-rules: the email is required ('Email is required'). The account's other rules
 * are the same as at sign up (rules/account.ts): a full name of at least 3 characters, a phone number that can
 * exist. The phone may be blank (an account from a social sign-in may have none), and a number kept from before
 * is not judged again: only what the person changes has to pass.
 */
export function validateProfile(
  values: ProfileValues,
  saved?: ProfileValues,
  profile?: Profile,
): FieldErrors<ProfileField> {
  const errors: FieldErrors<ProfileField> = {};
  const nameProblem = fullNameProblem(values.fullName);
  if (nameProblem) errors.fullName = nameProblem;
  if (values.email.trim() === '') errors.email = ACCOUNT_MESSAGES.emailRequired;
  else if (!isEmail(values.email)) errors.email = ACCOUNT_MESSAGES.invalidEmail;
  const phoneUnchanged = saved !== undefined && values.phoneNumber.trim() === saved.phoneNumber.trim();
  const phoneProblem = phoneUnchanged
    ? undefined
    : accountPhoneProblem(values.phoneNumber, { required: false });
  if (phoneProblem) errors.phoneNumber = phoneProblem;
  if (!errors.email && needsPasswordForEmail(values, profile) && values.currentPassword === '') {
    errors.currentPassword = ACCOUNT_CHANGE_MESSAGES.currentPasswordForEmail;
  }
  return errors;
}

/** The form's values for a profile; a stored number with spaces is written compactly for the phone input. */
export function valuesOf(profile: Profile): ProfileValues {
  const phone = (profile.phone_number ?? '').trim();
  return {
    fullName: profile.full_name,
    email: profile.email,
    phoneNumber: phone.startsWith('+') ? phone.replace(/[\s()-]/g, '') : phone,
    currentPassword: '',
  };
}

export function payloadOf(values: ProfileValues, profile?: Profile): ProfileUpdatePayload {
  const payload: ProfileUpdatePayload = {
    full_name: values.fullName.trim(),
    email: values.email.trim(),
    phone_number: values.phoneNumber.trim(),
  };
  if (needsPasswordForEmail(values, profile)) payload.current_password = values.currentPassword;
  return payload;
}

/** The values as last saved: what the profile shows when not editing. */
function savedValuesOf(context: { profile?: Profile }): ProfileValues | undefined {
  return context.profile ? valuesOf(context.profile) : undefined;
}

function ownErrors(context: ProfileContext): FieldErrors<ProfileField> {
  return validateProfile(context.values, savedValuesOf(context), context.profile);
}

/** docs/behaviour.md#messages: the error's message, else the flow's own. */
export function failureMessage(error: unknown, fallback: string): string {
  return messageOf(error) ?? fallback;
}

export interface ProfileContext {
  session: SessionRef;
  /** The last saved profile: Cancel goes back to it. */
  profile?: Profile;
  values: ProfileValues;
  errors: FieldErrors<ProfileField>;
  /** What the server refused (a taken address, a wrong password), kept on its field until that field changes. */
  serverErrors: FieldErrors<ProfileField>;
  /** A refusal about no one field, shown in the card. */
  formError?: string;
  submitted: boolean;
  /** Counts refused saves: each one moves the focus to the first field at fault. */
  attempt: number;
  loadError?: string;
  /** The password typed in the deletion dialog (accounts with a password re-authenticate the deletion). */
  deletionPassword: string;
  /** Why the deletion was refused, shown in the dialog. */
  deletionError?: string;
  /** Counts refused deletions: each one moves the focus back to the dialog's password. */
  deletionAttempt: number;
  /** What the person reads after a deletion link was mailed (accounts without a password). */
  deletionLinkMessage?: Message;
  /** The avatar shown outside editing: a local image address, never uploaded (docs/behaviour.md#profile-settings). */
  avatarPreview?: string;
  /** The image picked during this edit; kept on save, dropped on Cancel. */
  avatarDraft?: string;
}

export type ProfileEvent =
  | { type: 'profile.retry' }
  | { type: 'profile.edit' }
  | { type: 'form.change'; field: ProfileField; value: string }
  | { type: 'avatar.select'; url: string }
  | { type: 'profile.save' }
  | { type: 'profile.cancel' }
  | { type: 'account.delete' }
  | { type: 'account.deletePasswordChange'; value: string }
  | { type: 'account.deleteCancel' }
  | { type: 'account.deleteConfirm' }
  | { type: 'emailChange.cancel' };

const EMPTY_VALUES: ProfileValues = { fullName: '', email: '', phoneNumber: '', currentPassword: '' };

export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    input: {} as { session: SessionRef },
    tags: {} as typeof BUSY_TAG,
  },
  actors: {
    fetchProfile: fromPromise<Profile>(({ signal }) => getProfile(apiClient, { signal })),
    updateProfile: fromPromise<ProfileUpdateResult, ProfileUpdatePayload>(({ input }) =>
      updateProfile(apiClient, input),
    ),
    deleteAccount: fromPromise<AccountDeletion, { current_password?: string }>(({ input }) =>
      deleteAccount(apiClient, input),
    ),
    cancelEmailChange: fromPromise<Profile>(() => cancelPendingEmailChange(apiClient)),
  },
  actions: {
    assignProfile: assign((_, params: { profile: Profile }) => ({
      profile: params.profile,
      values: valuesOf(params.profile),
      errors: {},
      serverErrors: {},
      formError: undefined,
      submitted: false,
      loadError: undefined,
    })),
    setLoadError: assign({
      loadError: (_, params: { error: unknown }) => failureMessage(params.error, PROFILE_LOAD_FAILED_MESSAGE),
    }),
    assignValue: assign(({ context, event }) =>
      event.type === 'form.change'
        ? {
            values: { ...context.values, [event.field]: event.value },
            serverErrors: withoutField(context.serverErrors, event.field),
          }
        : {},
    ),
    revalidate: assign({
      errors: ({ context }) => shownErrors(context.submitted ? ownErrors(context) : {}, context.serverErrors),
    }),
    showFieldErrors: assign({
      errors: ({ context }) => shownErrors(ownErrors(context), context.serverErrors),
      submitted: true,
      attempt: ({ context }) => context.attempt + 1,
    }),
    clearFormError: assign({ formError: undefined }),
    showRefusal: assign(({ context }, params: { error: unknown }) => {
      const problem = formProblemOf(
        params.error,
        PROFILE_FIELDS,
        failureMessage(params.error, PROFILE_UPDATE_FAILED_MESSAGE),
      );
      const serverErrors = problem.field ? { [problem.field]: problem.message } : {};
      return {
        serverErrors,
        errors: shownErrors(context.submitted ? ownErrors(context) : {}, serverErrors),
        formError: problem.field ? undefined : problem.message,
        attempt: context.attempt + 1,
      };
    }),
    restoreSavedValues: assign({
      values: ({ context }) => (context.profile ? valuesOf(context.profile) : EMPTY_VALUES),
      errors: {},
      serverErrors: {},
      formError: undefined,
      submitted: false,
    }),
    assignDeletionPassword: assign({
      deletionPassword: ({ event }) => (event.type === 'account.deletePasswordChange' ? event.value : ''),
      deletionError: undefined,
    }),
    askDeletionPassword: assign({
      deletionError: ACCOUNT_CHANGE_MESSAGES.passwordForDeletion,
      deletionAttempt: ({ context }) => context.deletionAttempt + 1,
    }),
    showDeletionRefusal: assign({
      deletionError: (_, params: { error: unknown }) =>
        failureMessage(params.error, ACCOUNT_DELETE_FAILED_MESSAGE),
      deletionAttempt: ({ context }) => context.deletionAttempt + 1,
    }),
    clearDeletion: assign({ deletionPassword: '', deletionError: undefined }),
    setDeletionLinkMessage: assign({
      deletionLinkMessage: ({ context }, params: { detail?: string }) =>
        deletionLinkSentMessage(context.profile, params.detail),
    }),
    startAvatarDraft: assign({ avatarDraft: ({ context }) => context.avatarPreview }),
    assignAvatarDraft: assign({
      avatarDraft: ({ event }) => (event.type === 'avatar.select' ? event.url : undefined),
    }),
    keepAvatarDraft: assign({ avatarPreview: ({ context }) => context.avatarDraft, avatarDraft: undefined }),
    dropAvatarDraft: assign({ avatarDraft: undefined }),
    tellSessionProfileUpdated: sendTo(
      ({ context }) => context.session,
      (_, params: { profile: Profile }) => ({
        type: 'session.profileUpdated' as const,
        profile: params.profile,
      }),
    ),
    // The account is gone: the session ends here without asking the server, which already ended it.
    endSession: sendTo(({ context }) => context.session, { type: 'session.expired' as const }),
    // The route gives the real toaster and router; the machine only says what and where.
    notify: (_, _params: Notice) => undefined,
    redirect: (_, _params: { to: FlowDestination }) => undefined,
  },
  guards: {
    isFormValid: ({ context }) => Object.keys(ownErrors(context)).length === 0,
    // Read before the answer is assigned: the saved request asked for another address, and it now waits.
    startedEmailChange: ({ context }, params: { profile: Profile }) =>
      Boolean(params.profile.pending_email) &&
      context.profile !== undefined &&
      !sameEmailAddress(context.values.email, context.profile.email),
    lacksDeletionPassword: ({ context }) =>
      context.profile?.has_password !== false && context.deletionPassword === '',
    wasDeleted: (_, params: { deletion: AccountDeletion }) => params.deletion.outcome === 'deleted',
    /** A refusal the person can mend in the dialog: a wrong password, or too many tries for now. */
    isDeletionRefusal: (_, params: { error: unknown }) =>
      refusedFieldOf(params.error) === 'current_password' ||
      (params.error instanceof ApiError && params.error.status === 429),
  },
}).createMachine({
  id: 'profile',
  context: ({ input }) => ({
    session: input.session,
    values: EMPTY_VALUES,
    errors: {},
    serverErrors: {},
    submitted: false,
    attempt: 0,
    deletionPassword: '',
    deletionAttempt: 0,
  }),
  // The page opens once the session is known to be signed in (src/routes/authenticated.tsx guards it).
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'fetchProfile',
        onDone: {
          target: 'loaded',
          actions: { type: 'assignProfile', params: ({ event }) => ({ profile: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: [
            { type: 'setLoadError', params: ({ event }) => ({ error: event.error }) },
            {
              type: 'notify',
              params: ({ event }) => ({
                title: failureMessage(event.error, PROFILE_LOAD_FAILED_MESSAGE),
                variant: 'destructive' as const,
              }),
            },
          ],
        },
      },
    },
    loadFailed: {
      on: { 'profile.retry': 'loading' },
    },
    loaded: {
      type: 'parallel',
      states: {
        details: {
          initial: 'viewing',
          states: {
            viewing: {
              on: { 'profile.edit': { target: 'editing', actions: 'startAvatarDraft' } },
            },
            editing: {
              on: {
                'form.change': { actions: ['assignValue', 'revalidate'] },
                'avatar.select': { actions: 'assignAvatarDraft' },
                'profile.save': [{ guard: 'isFormValid', target: 'saving' }, { actions: 'showFieldErrors' }],
                'profile.cancel': { target: 'viewing', actions: ['restoreSavedValues', 'dropAvatarDraft'] },
              },
            },
            saving: {
              tags: [BUSY_TAG],
              entry: 'clearFormError',
              invoke: {
                src: 'updateProfile',
                input: ({ context }) => payloadOf(context.values, context.profile),
                onDone: [
                  {
                    guard: {
                      type: 'startedEmailChange',
                      params: ({ event }) => ({ profile: event.output.profile }),
                    },
                    target: 'viewing',
                    actions: [
                      {
                        type: 'notify',
                        params: ({ event }) =>
                          emailChangeStartedNotice(event.output.profile, event.output.detail),
                      },
                      { type: 'assignProfile', params: ({ event }) => ({ profile: event.output.profile }) },
                      'keepAvatarDraft',
                      {
                        type: 'tellSessionProfileUpdated',
                        params: ({ event }) => ({ profile: event.output.profile }),
                      },
                    ],
                  },
                  {
                    target: 'viewing',
                    actions: [
                      { type: 'assignProfile', params: ({ event }) => ({ profile: event.output.profile }) },
                      'keepAvatarDraft',
                      {
                        type: 'tellSessionProfileUpdated',
                        params: ({ event }) => ({ profile: event.output.profile }),
                      },
                      { type: 'notify', params: PROFILE_UPDATED_NOTICE },
                    ],
                  },
                ],
                onError: {
                  target: 'editing',
                  actions: [
                    { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) },
                    {
                      type: 'notify',
                      params: ({ event }) => ({
                        title: failureMessage(event.error, PROFILE_UPDATE_FAILED_MESSAGE),
                        variant: 'destructive' as const,
                      }),
                    },
                  ],
                },
              },
            },
          },
        },
        deletion: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'account.delete': { target: 'confirming', actions: 'clearDeletion' } },
            },
            confirming: {
              on: {
                'account.deletePasswordChange': { actions: 'assignDeletionPassword' },
                'account.deleteCancel': { target: 'idle', actions: 'clearDeletion' },
                'account.deleteConfirm': [
                  { guard: 'lacksDeletionPassword', actions: 'askDeletionPassword' },
                  { target: 'deleting' },
                ],
              },
            },
            deleting: {
              tags: [BUSY_TAG],
              invoke: {
                src: 'deleteAccount',
                input: ({ context }) =>
                  context.profile?.has_password === false
                    ? {}
                    : { current_password: context.deletionPassword },
                onDone: [
                  {
                    guard: { type: 'wasDeleted', params: ({ event }) => ({ deletion: event.output }) },
                    target: '#profile.deleted',
                    actions: [
                      'endSession',
                      { type: 'notify', params: ACCOUNT_DELETED_NOTICE },
                      { type: 'redirect', params: { to: '/signin' } },
                    ],
                  },
                  // An account without a password confirms by the link mailed to it.
                  {
                    target: 'linkSent',
                    actions: [
                      'clearDeletion',
                      {
                        type: 'setDeletionLinkMessage',
                        params: ({ event }) => ({
                          detail: event.output.outcome === 'link-sent' ? event.output.detail : undefined,
                        }),
                      },
                    ],
                  },
                ],
                onError: [
                  {
                    guard: { type: 'isDeletionRefusal', params: ({ event }) => ({ error: event.error }) },
                    target: 'confirming',
                    actions: { type: 'showDeletionRefusal', params: ({ event }) => ({ error: event.error }) },
                  },
                  {
                    target: 'idle',
                    actions: [
                      'clearDeletion',
                      {
                        type: 'notify',
                        params: ({ event }) => ({
                          title: failureMessage(event.error, ACCOUNT_DELETE_FAILED_MESSAGE),
                          variant: 'destructive' as const,
                        }),
                      },
                    ],
                  },
                ],
              },
            },
            linkSent: {
              on: { 'account.delete': { target: 'confirming', actions: 'clearDeletion' } },
            },
          },
        },
        emailChange: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'emailChange.cancel': 'cancelling' },
            },
            cancelling: {
              tags: [BUSY_TAG],
              invoke: {
                src: 'cancelEmailChange',
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'assignProfile', params: ({ event }) => ({ profile: event.output }) },
                    { type: 'tellSessionProfileUpdated', params: ({ event }) => ({ profile: event.output }) },
                    { type: 'notify', params: EMAIL_CHANGE_CANCELLED_NOTICE },
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: {
                    type: 'notify',
                    params: ({ event }) => ({
                      title: failureMessage(event.error, EMAIL_CHANGE_CANCEL_FAILED_MESSAGE),
                      variant: 'destructive' as const,
                    }),
                  },
                },
              },
            },
          },
        },
      },
    },
    deleted: { type: 'final' },
  },
});

export type ProfileActor = ActorRefFrom<typeof profileMachine>;
export type ProfileSnapshot = SnapshotFrom<typeof profileMachine>;

/**
 * docs/behaviour.md#profile-settings: the avatar shows the initials of the first and last word of the full
 * name, 'U' when there is none.
 */
export function initialsOf(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'U';
  const first = Array.from(words[0]!)[0]!;
  const last = words.length > 1 ? Array.from(words[words.length - 1]!)[0]! : '';
  return (first + last).toLocaleUpperCase();
}
