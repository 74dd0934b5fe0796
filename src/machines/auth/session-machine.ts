import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { getProfile, logout, type Profile } from '../../api/auth';
import { apiClient } from '../../api/client';
import { env } from '../../config/env';
import { countUnsavedDrafts, removeDraftsOf } from '../../drafts/draft-store';
import { readStoredUserId, removeStoredUserId, writeStoredUserId } from '../../drafts/storage';
import { msg, type Message } from '../../../rules/languages';

export interface SessionContext {
  userId?: string;
  profile?: Profile;
  /** How many of the person's CVs hold changes not saved yet, while signing out waits for a yes. */
  unsavedCvCount?: number;
  /** The server ended the session while the app was open (a 401): sign-in brings the person back. */
  ended?: boolean;
}

/** docs/behaviour.md#session: what a person reads when the server no longer knows their session. */
export const SESSION_ENDED_MESSAGE = msg('Your session has ended. Please sign in again.');

export type SessionEvent =
  | { type: 'session.signedIn'; userId: string | number }
  | { type: 'session.logout' }
  /** 'Sign out anyway': the person's unsaved drafts go with the session. */
  | { type: 'session.logoutConfirm' }
  /** 'Go back': stay signed in, drafts kept. */
  | { type: 'session.logoutCancel' }
  | { type: 'session.profileUpdated'; profile: Profile }
  /** Sent by a flow that ends the session on purpose (the account was deleted). */
  | { type: 'session.expired' }
  /** Any authenticated call was answered 401 (expired, or a password changed elsewhere): drafts stay. */
  | { type: 'session.ended' };

export const SESSION_SETTLED_TAG = 'settled';

/** The sign-out warning's text, e.g. 'You have unsaved changes in 2 CVs.' (the count as written, never grouped). */
export function unsavedChangesText(count: number): Message {
  return {
    id: msg('You have unsaved changes in {count, plural, one {{count} CV} other {{count} CVs}}.'),
    values: { count },
  };
}

function isAdminAccount(profile: Profile): boolean {
  return profile.is_staff || profile.is_superuser;
}

// docs/behaviour.md#session
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    tags: {} as typeof SESSION_SETTLED_TAG,
  },
  actors: {
    fetchProfile: fromPromise<Profile>(({ signal }) => getProfile(apiClient, { signal })),
    logout: fromPromise<void>(() => logout(apiClient)),
  },
  actions: {
    /** The id this computer remembers (docs/behaviour.md#data), read as the app starts. */
    restoreUserId: assign({ userId: () => readStoredUserId() ?? undefined }),
    assignUserId: assign({ userId: (_, params: { userId: string | number }) => String(params.userId) }),
    forgetUser: assign({ userId: undefined, profile: undefined }),
    storeUserId: (_, params: { userId: string | number }) => writeStoredUserId(params.userId),
    clearStoredUserId: () => removeStoredUserId(),
    assignProfile: assign({ profile: (_, params: { profile: Profile }) => params.profile }),
    countUnsavedDrafts: assign({
      unsavedCvCount: ({ context }) => (context.userId ? countUnsavedDrafts(context.userId) : 0),
    }),
    /** Signing out on purpose: nothing of this person's work stays on the computer for the next person. */
    removeDrafts: ({ context }) => {
      if (context.userId) removeDraftsOf(context.userId);
    },
    markEnded: assign({ ended: true }),
    clearEnded: assign({ ended: false }),
    /** The toast saying so; main.tsx provides it (machines do not draw). */
    announceSessionEnded: () => undefined,
    /**
     * A page that needs a session leaves for /signin: with a way back (`?redirect=`) when the server ended the
     * session, plain after signing out. main.tsx provides it with the router (src/routes/authenticated.tsx).
     */
    redirectToSignIn: (_, _params: { returnHere: boolean }) => undefined,
    redirectToAdmin: () => {
      window.location.assign(env.adminUrl);
    },
  },
  guards: {
    hasUserId: ({ context }) => context.userId !== undefined,
    hasUnsavedDrafts: ({ context }) => (context.unsavedCvCount ?? 0) > 0,
    isAdminAccount: (_, params: { profile: Profile }) => isAdminAccount(params.profile),
  },
}).createMachine({
  id: 'session',
  initial: 'checking',
  context: {},
  states: {
    checking: {
      entry: 'restoreUserId',
      always: [{ guard: 'hasUserId', target: 'validating' }, { target: 'anonymous' }],
    },
    validating: {
      invoke: {
        src: 'fetchProfile',
        onDone: [
          {
            guard: { type: 'isAdminAccount', params: ({ event }) => ({ profile: event.output }) },
            target: 'anonymous',
            actions: 'redirectToAdmin',
          },
          {
            target: 'authenticated',
            actions: { type: 'assignProfile', params: ({ event }) => ({ profile: event.output }) },
          },
        ],
        // The stored session is not the server's any more: sign-in will bring the person back to this page.
        onError: {
          target: 'anonymous',
          actions: ['markEnded', { type: 'redirectToSignIn', params: { returnHere: true } }],
        },
      },
    },
    authenticated: {
      tags: [SESSION_SETTLED_TAG],
      on: {
        'session.logout': 'checkingDrafts',
        // The account is gone (deleted here or by a mailed link): the person leaves as after signing out.
        'session.expired': {
          target: 'anonymous',
          actions: { type: 'redirectToSignIn', params: { returnHere: false } },
        },
        'session.ended': {
          target: 'anonymous',
          actions: [
            'markEnded',
            'announceSessionEnded',
            { type: 'redirectToSignIn', params: { returnHere: true } },
          ],
        },
        'session.profileUpdated': {
          actions: { type: 'assignProfile', params: ({ event }) => ({ profile: event.profile }) },
        },
        'session.signedIn': {
          target: 'validating',
          actions: [
            { type: 'assignUserId', params: ({ event }) => ({ userId: event.userId }) },
            { type: 'storeUserId', params: ({ event }) => ({ userId: event.userId }) },
          ],
        },
      },
    },
    /** Signing out asks first when this person's drafts hold changes not saved yet. */
    checkingDrafts: {
      entry: 'countUnsavedDrafts',
      always: [{ guard: 'hasUnsavedDrafts', target: 'confirmingLogout' }, { target: 'loggingOut' }],
    },
    /** 'You have unsaved changes in 2 CVs.' with 'Sign out anyway' and 'Go back'. */
    confirmingLogout: {
      on: {
        'session.logoutConfirm': 'loggingOut',
        'session.logoutCancel': 'authenticated',
      },
    },
    loggingOut: {
      entry: 'removeDrafts',
      invoke: {
        src: 'logout',
        onDone: { target: 'anonymous', actions: { type: 'redirectToSignIn', params: { returnHere: false } } },
        onError: {
          target: 'anonymous',
          actions: { type: 'redirectToSignIn', params: { returnHere: false } },
        },
      },
    },
    // Nobody is signed in: whoever was is forgotten here and on this computer (docs/behaviour.md#session:
    // whatever the server said).
    anonymous: {
      tags: [SESSION_SETTLED_TAG],
      entry: ['forgetUser', 'clearStoredUserId'],
      on: {
        'session.signedIn': {
          target: 'validating',
          actions: [
            'clearEnded',
            { type: 'assignUserId', params: ({ event }) => ({ userId: event.userId }) },
            { type: 'storeUserId', params: ({ event }) => ({ userId: event.userId }) },
          ],
        },
      },
    },
  },
});

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export function isAuthenticated(snapshot: SessionSnapshot): boolean {
  return snapshot.matches('authenticated');
}

/** Whether the session knows whose it is (the stored user id, docs/behaviour.md#data), validated or not. */
export function hasUserId(snapshot: SessionSnapshot): boolean {
  return snapshot.context.userId !== undefined;
}
