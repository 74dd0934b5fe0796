import { assign, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { apiClient } from '../../api/client';
import { followAccountLink, type AccountLinkAction } from '../../api/profile';
import { GENERIC_ERROR_MESSAGE } from '../../config/constants';
import { msg } from '../../../rules/languages';
import { BUSY_TAG, messageOf, type FlowDestination, type SessionRef } from '../auth/auth-flow';

export type { AccountLinkAction };

// The links mailed about an account: confirm a new email address, approve a change from an account
// without a password, cancel a change ('this was not me'), complete a deletion, and unlock an account that
// wrong passwords locked (the browser that opens it may then sign in, whoever else keeps guessing). Each
// opens a page that follows the link once and says what happened; a deletion asks first
// (docs/behaviour.md#account-links).

export interface AccountLinkWords {
  /** While the link is followed. */
  working: string;
  /** The title once done, and what it says when the server gave no words of its own. */
  doneTitle: string;
  doneDescription: string;
}

export const ACCOUNT_LINK_WORDS: Record<AccountLinkAction, AccountLinkWords> = {
  'confirm-email-change': {
    working: msg('Confirming your new email address...'),
    doneTitle: msg('Email address changed'),
    doneDescription: msg('Your new email address is confirmed. Use it the next time you sign in.'),
  },
  'approve-email-change': {
    working: msg('Confirming that it is you...'),
    doneTitle: msg('Check your new inbox'),
    doneDescription: msg(
      'We sent a confirmation link to your new email address. Open it to finish the change.',
    ),
  },
  'cancel-email-change': {
    working: msg('Cancelling the email change...'),
    doneTitle: msg('Email change cancelled'),
    doneDescription: msg('The change was cancelled and your account was signed out everywhere.'),
  },
  'unlock-account': {
    working: msg('Unlocking your account...'),
    doneTitle: msg('Account unlocked'),
    doneDescription: msg('You can sign in again from this browser.'),
  },
  'delete-account': {
    working: msg('Deleting your account...'),
    doneTitle: msg('Account deleted'),
    doneDescription: msg('Your personal information has been removed and your CVs archived.'),
  },
};

export const INCOMPLETE_LINK_MESSAGE = msg(
  'This link is incomplete. Please open the link from the email again.',
);
export const LINK_REFUSED_TITLE = msg('This link cannot be used');
/** Said after a cancelled change: whoever asked for it may know the password. */
export const AFTER_CANCEL_ADVICE = msg(
  'If you did not ask for this change, reset your password now: someone may know it.',
);

/** Following a link twice (React's development double mount, a reload) must not spend it twice. */
const followed = new Map<string, Promise<string | undefined>>();

function followOnce(
  action: AccountLinkAction,
  link: { uid: string; token: string },
): Promise<string | undefined> {
  const key = `${action}\n${link.uid}\n${link.token}`;
  let pending = followed.get(key);
  if (!pending) {
    pending = followAccountLink(apiClient, action, link);
    followed.set(key, pending);
    pending.catch(() => followed.delete(key));
  }
  return pending;
}

export interface AccountLinkContext {
  action: AccountLinkAction;
  uid: string;
  token: string;
  session: SessionRef;
  /** What the server said once the link worked. */
  outcome?: string;
  /** Why the link could not be used. */
  problem?: string;
}

export type AccountLinkEvent = { type: 'link.confirm' } | { type: 'link.keep' };

export const accountLinkMachine = setup({
  types: {
    context: {} as AccountLinkContext,
    events: {} as AccountLinkEvent,
    input: {} as { action: AccountLinkAction; uid?: string; token?: string; session: SessionRef },
    tags: {} as typeof BUSY_TAG,
  },
  actors: {
    followLink: fromPromise<string | undefined, { action: AccountLinkAction; uid: string; token: string }>(
      ({ input }) => followOnce(input.action, { uid: input.uid, token: input.token }),
    ),
  },
  actions: {
    setIncompleteLink: assign({ problem: INCOMPLETE_LINK_MESSAGE }),
    setOutcome: assign({ outcome: (_, params: { detail: string | undefined }) => params.detail }),
    setProblem: assign({
      problem: (_, params: { error: unknown }) => messageOf(params.error) ?? GENERIC_ERROR_MESSAGE,
    }),
    // The server ended every session of the account; this tab forgets its own without calling it again.
    endSession: sendTo(({ context }) => context.session, { type: 'session.expired' as const }),
    redirect: (_, _params: { to: FlowDestination }) => undefined,
  },
  guards: {
    hasLink: ({ context }) => context.uid !== '' && context.token !== '',
    asksFirst: ({ context }) => context.action === 'delete-account',
    endsSessions: ({ context }) =>
      context.action === 'delete-account' || context.action === 'cancel-email-change',
  },
}).createMachine({
  id: 'accountLink',
  context: ({ input }) => ({
    action: input.action,
    uid: input.uid?.trim() ?? '',
    token: input.token?.trim() ?? '',
    session: input.session,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: 'hasLink', target: 'deciding' },
        { target: 'failed', actions: 'setIncompleteLink' },
      ],
    },
    deciding: {
      always: [{ guard: 'asksFirst', target: 'asking' }, { target: 'following' }],
    },
    // A deletion is never done by merely opening a link (a mail scanner may open it): the person confirms.
    asking: {
      on: {
        'link.confirm': 'following',
        'link.keep': { target: 'kept', actions: { type: 'redirect', params: { to: '/' } } },
      },
    },
    following: {
      tags: [BUSY_TAG],
      invoke: {
        src: 'followLink',
        input: ({ context }) => ({ action: context.action, uid: context.uid, token: context.token }),
        onDone: [
          {
            guard: 'endsSessions',
            target: 'done',
            actions: [
              { type: 'setOutcome', params: ({ event }) => ({ detail: event.output }) },
              'endSession',
            ],
          },
          {
            target: 'done',
            actions: { type: 'setOutcome', params: ({ event }) => ({ detail: event.output }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'setProblem', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    done: { type: 'final' },
    failed: { type: 'final' },
    kept: { type: 'final' },
  },
});

export type AccountLinkActor = ActorRefFrom<typeof accountLinkMachine>;
export type AccountLinkSnapshot = SnapshotFrom<typeof accountLinkMachine>;
