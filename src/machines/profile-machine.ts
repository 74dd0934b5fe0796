import { assign, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Profile } from '../api/auth';
import type { ProfileUpdatePayload } from '../api/profile';
import { ACCOUNT_MESSAGES, FULL_NAME_MAX_LENGTH, fullNameProblem } from '../../rules/account';
import { BUSY_TAG, messageOf, type FlowDestination, type Notice, type SessionRef } from './auth-flow';
import { INVALID_EMAIL_MESSAGE, isEmail, type FieldErrors } from './validation/auth-rules';
import { accountPhoneProblem } from './validation/phone-rules';

// spec §2 Profile settings, §4 Profile, §5 Profile save, §8 Profile load / update failure.

export const EMAIL_REQUIRED_MESSAGE = ACCOUNT_MESSAGES.emailRequired;
export { FULL_NAME_MAX_LENGTH };
export const FULL_NAME_TOO_LONG_MESSAGE = ACCOUNT_MESSAGES.fullNameTooLong;

export const PROFILE_LOAD_FAILED_MESSAGE = 'Failed to load profile information';
export const PROFILE_UPDATE_FAILED_MESSAGE = 'Failed to update profile';
export const PROFILE_UPDATED_NOTICE: Notice = { title: 'Profile updated successfully', variant: 'success' };
export const ACCOUNT_DELETE_FAILED_MESSAGE = 'Failed to delete account';
export const ACCOUNT_DELETED_NOTICE: Notice = {
  title: 'Account deleted',
  description: 'Your personal information has been removed and your CVs archived.',
  variant: 'success',
};

export interface ProfileValues {
  fullName: string;
  email: string;
  phoneNumber: string;
}

export type ProfileField = keyof ProfileValues;

/**
 * spec §5 Profile save: the email is required ('Email is required'). The account's other rules are the same as
 * at sign up (rules/account.ts): a full name of at least 3 characters, a phone number that can exist. The phone
 * may be blank (an account from a social sign-in may have none), and a number kept from before is not judged
 * again: only what the person changes has to pass.
 */
export function validateProfile(values: ProfileValues, saved?: ProfileValues): FieldErrors<ProfileField> {
  const errors: FieldErrors<ProfileField> = {};
  const nameProblem = fullNameProblem(values.fullName);
  if (nameProblem) errors.fullName = nameProblem;
  if (values.email.trim() === '') errors.email = EMAIL_REQUIRED_MESSAGE;
  else if (!isEmail(values.email)) errors.email = INVALID_EMAIL_MESSAGE;
  const phoneUnchanged = saved !== undefined && values.phoneNumber.trim() === saved.phoneNumber.trim();
  const phoneProblem = phoneUnchanged ? undefined : accountPhoneProblem(values.phoneNumber, { required: false });
  if (phoneProblem) errors.phoneNumber = phoneProblem;
  return errors;
}

/** The form's values for a profile; a stored number with spaces is written compactly for the phone input. */
export function valuesOf(profile: Profile): ProfileValues {
  const phone = (profile.phone_number ?? '').trim();
  return {
    fullName: profile.full_name,
    email: profile.email,
    phoneNumber: phone.startsWith('+') ? phone.replace(/[\s()-]/g, '') : phone,
  };
}

export function payloadOf(values: ProfileValues): ProfileUpdatePayload {
  return {
    full_name: values.fullName.trim(),
    email: values.email.trim(),
    phone_number: values.phoneNumber.trim(),
  };
}

/** The values as last saved: what the profile shows when not editing. */
function savedValuesOf(context: { profile?: Profile }): ProfileValues | undefined {
  return context.profile ? valuesOf(context.profile) : undefined;
}

/** spec §8: the error's message, else the flow's own. */
export function failureMessage(error: unknown, fallback: string): string {
  return messageOf(error) ?? fallback;
}

export interface ProfileContext {
  session: SessionRef;
  /** The last saved profile: Cancel goes back to it. */
  profile?: Profile;
  values: ProfileValues;
  errors: FieldErrors<ProfileField>;
  submitted: boolean;
  loadError?: string;
  /** The avatar shown outside editing: a local image address, never uploaded (spec §2). */
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
  | { type: 'account.deleteCancel' }
  | { type: 'account.deleteConfirm' };

const EMPTY_VALUES: ProfileValues = { fullName: '', email: '', phoneNumber: '' };

export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    input: {} as { session: SessionRef },
    tags: {} as typeof BUSY_TAG,
  },
  actors: {
    /** Settles once the session is known: true when the person is signed in. */
    waitForSession: fromPromise<boolean>(async () => {
      throw new Error('profileMachine: provide the waitForSession actor');
    }),
    fetchProfile: fromPromise<Profile>(async () => {
      throw new Error('profileMachine: provide the fetchProfile actor');
    }),
    updateProfile: fromPromise<Profile, ProfileUpdatePayload>(async () => {
      throw new Error('profileMachine: provide the updateProfile actor');
    }),
    deleteAccount: fromPromise<void>(async () => {
      throw new Error('profileMachine: provide the deleteAccount actor');
    }),
  },
  actions: {
    assignProfile: assign((_, params: { profile: Profile }) => ({
      profile: params.profile,
      values: valuesOf(params.profile),
      errors: {},
      submitted: false,
      loadError: undefined,
    })),
    setLoadError: assign({
      loadError: (_, params: { error: unknown }) => failureMessage(params.error, PROFILE_LOAD_FAILED_MESSAGE),
    }),
    assignValue: assign({
      values: ({ context, event }) =>
        event.type === 'form.change' ? { ...context.values, [event.field]: event.value } : context.values,
    }),
    revalidate: assign({
      errors: ({ context }) =>
        context.submitted ? validateProfile(context.values, savedValuesOf(context)) : context.errors,
    }),
    showFieldErrors: assign({
      errors: ({ context }) => validateProfile(context.values, savedValuesOf(context)),
      submitted: true,
    }),
    restoreSavedValues: assign({
      values: ({ context }) => (context.profile ? valuesOf(context.profile) : EMPTY_VALUES),
      errors: {},
      submitted: false,
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
    isSignedIn: (_, params: { signedIn: boolean }) => params.signedIn,
    isFormValid: ({ context }) =>
      Object.keys(validateProfile(context.values, savedValuesOf(context))).length === 0,
  },
}).createMachine({
  id: 'profile',
  context: ({ input }) => ({ session: input.session, values: EMPTY_VALUES, errors: {}, submitted: false }),
  initial: 'validatingSession',
  states: {
    validatingSession: {
      invoke: {
        src: 'waitForSession',
        onDone: [
          {
            guard: { type: 'isSignedIn', params: ({ event }) => ({ signedIn: event.output }) },
            target: 'loading',
          },
          { target: 'signedOut', actions: { type: 'redirect', params: { to: '/signin' } } },
        ],
        onError: { target: 'signedOut', actions: { type: 'redirect', params: { to: '/signin' } } },
      },
    },
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
              invoke: {
                src: 'updateProfile',
                input: ({ context }) => payloadOf(context.values),
                onDone: {
                  target: 'viewing',
                  actions: [
                    { type: 'assignProfile', params: ({ event }) => ({ profile: event.output }) },
                    'keepAvatarDraft',
                    { type: 'tellSessionProfileUpdated', params: ({ event }) => ({ profile: event.output }) },
                    { type: 'notify', params: PROFILE_UPDATED_NOTICE },
                  ],
                },
                onError: {
                  target: 'editing',
                  actions: {
                    type: 'notify',
                    params: ({ event }) => ({
                      title: failureMessage(event.error, PROFILE_UPDATE_FAILED_MESSAGE),
                      variant: 'destructive' as const,
                    }),
                  },
                },
              },
            },
          },
        },
        deletion: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'account.delete': 'confirming' },
            },
            confirming: {
              on: { 'account.deleteCancel': 'idle', 'account.deleteConfirm': 'deleting' },
            },
            deleting: {
              tags: [BUSY_TAG],
              invoke: {
                src: 'deleteAccount',
                onDone: {
                  target: '#profile.deleted',
                  actions: [
                    'endSession',
                    { type: 'notify', params: ACCOUNT_DELETED_NOTICE },
                    { type: 'redirect', params: { to: '/signin' } },
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: {
                    type: 'notify',
                    params: ({ event }) => ({
                      title: failureMessage(event.error, ACCOUNT_DELETE_FAILED_MESSAGE),
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
    signedOut: { type: 'final' },
  },
});

export type ProfileActor = ActorRefFrom<typeof profileMachine>;
export type ProfileSnapshot = SnapshotFrom<typeof profileMachine>;

/** spec §2: the avatar shows the initials of the first and last word of the full name, 'U' when there is none. */
export function initialsOf(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'U';
  const first = Array.from(words[0]!)[0]!;
  const last = words.length > 1 ? Array.from(words[words.length - 1]!)[0]! : '';
  return (first + last).toLocaleUpperCase();
}
