import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { ApiError } from '../../api/api-error';
import { apiClient } from '../../api/client';
import { endOtherSessions, endSession, listSessions, type ActiveSession } from '../../api/sessions';
import { msg } from '../../../rules/languages';
import type { Notice } from '../auth/auth-flow';

export const SESSIONS_LOAD_FAILED_MESSAGE = msg('Your sessions could not be loaded.');
export const SESSION_ENDED_NOTICE: Notice = { title: msg('Session ended'), variant: 'success' };
export const OTHER_SESSIONS_ENDED_NOTICE: Notice = {
  title: msg('All other sessions ended'),
  variant: 'success',
};

export interface ActiveSessionsContext {
  sessions: ActiveSession[];
  /** The session being ended, while its request is out. */
  endingId?: string;
  error?: string;
}

export type ActiveSessionsEvent =
  { type: 'session.end'; id: string } | { type: 'sessions.endOthers' } | { type: 'sessions.retry' };

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : SESSIONS_LOAD_FAILED_MESSAGE;
}

/**
 * Sessions you can see: the profile's list of the person's active sessions; ending another one, or all
 * others, reloads the list. A backend without the extension (404) leaves the profile without the card.
 */
export const activeSessionsMachine = setup({
  types: { context: {} as ActiveSessionsContext, events: {} as ActiveSessionsEvent },
  actors: {
    loadSessions: fromPromise<ActiveSession[]>(({ signal }) => listSessions(apiClient, { signal })),
    endSession: fromPromise<void, { id: string }>(({ input }) => endSession(apiClient, input.id)),
    endOtherSessions: fromPromise<void>(() => endOtherSessions(apiClient)),
  },
  actions: {
    assignSessions: assign({
      sessions: (_, params: { sessions: ActiveSession[] }) => params.sessions,
      error: undefined,
    }),
    assignEndingId: assign({ endingId: (_, params: { id: string }) => params.id }),
    clearEndingId: assign({ endingId: undefined }),
    assignError: assign({ error: (_, params: { error: unknown }) => messageOf(params.error) }),
    notify: (_, _params: Notice) => undefined,
  },
  guards: {
    isOtherSession: ({ context }, params: { id: string }) =>
      context.sessions.some((session) => session.id === params.id && !session.current),
    hasOtherSessions: ({ context }) => context.sessions.some((session) => !session.current),
    isUnsupported: (_, params: { error: unknown }) =>
      params.error instanceof ApiError && params.error.status === 404,
  },
}).createMachine({
  id: 'activeSessions',
  context: { sessions: [] },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadSessions',
        onDone: {
          target: 'ready',
          actions: { type: 'assignSessions', params: ({ event }) => ({ sessions: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isUnsupported', params: ({ event }) => ({ error: event.error }) },
            target: 'unsupported',
          },
          {
            target: 'failed',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    ready: {
      on: {
        'session.end': {
          guard: { type: 'isOtherSession', params: ({ event }) => ({ id: event.id }) },
          target: 'ending',
          actions: { type: 'assignEndingId', params: ({ event }) => ({ id: event.id }) },
        },
        'sessions.endOthers': { guard: 'hasOtherSessions', target: 'endingOthers' },
      },
    },
    ending: {
      tags: ['busy'],
      invoke: {
        src: 'endSession',
        input: ({ context }) => ({ id: context.endingId! }),
        onDone: {
          target: 'loading',
          actions: ['clearEndingId', { type: 'notify', params: SESSION_ENDED_NOTICE }],
        },
        // Already ended elsewhere (404) or a failure: the list is read again either way.
        onError: {
          target: 'loading',
          actions: [
            'clearEndingId',
            {
              type: 'notify',
              params: ({ event }) => ({ title: messageOf(event.error), variant: 'destructive' as const }),
            },
          ],
        },
      },
    },
    endingOthers: {
      tags: ['busy'],
      invoke: {
        src: 'endOtherSessions',
        onDone: { target: 'loading', actions: { type: 'notify', params: OTHER_SESSIONS_ENDED_NOTICE } },
        onError: {
          target: 'loading',
          actions: {
            type: 'notify',
            params: ({ event }) => ({ title: messageOf(event.error), variant: 'destructive' as const }),
          },
        },
      },
    },
    failed: { on: { 'sessions.retry': 'loading' } },
    unsupported: { type: 'final' },
  },
});

export type ActiveSessionsActor = ActorRefFrom<typeof activeSessionsMachine>;
export type ActiveSessionsSnapshot = SnapshotFrom<typeof activeSessionsMachine>;
