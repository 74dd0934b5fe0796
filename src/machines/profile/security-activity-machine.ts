import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { msg } from '../../../rules/languages';
import { ApiError } from '../../api/api-error';
import { apiClient } from '../../api/client';
import { listSecurityActivity, type SecurityActivityItem } from '../../api/security';

export const ACTIVITY_LOAD_FAILED_MESSAGE = msg('Your security activity could not be loaded.');

export interface SecurityActivityContext {
  items: SecurityActivityItem[];
  error?: string;
}

export type SecurityActivityEvent = { type: 'activity.refresh' } | { type: 'activity.retry' };

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : ACTIVITY_LOAD_FAILED_MESSAGE;
}

/**
 * Security activity: the profile's list of what happened to the person's account — sign-ins (refused ones too),
 * password, email, two-step and passkey changes, the newest first. It loads when the profile opens and again
 * when the person asks (Refresh), and offers Try Again when loading fails. A backend without the extension (404)
 * leaves the profile without the card.
 */
export const securityActivityMachine = setup({
  types: { context: {} as SecurityActivityContext, events: {} as SecurityActivityEvent },
  actors: {
    loadActivity: fromPromise<SecurityActivityItem[]>(({ signal }) =>
      listSecurityActivity(apiClient, { signal }),
    ),
  },
  actions: {
    assignItems: assign({
      items: (_, params: { items: SecurityActivityItem[] }) => params.items,
      error: undefined,
    }),
    assignError: assign({ error: (_, params: { error: unknown }) => messageOf(params.error) }),
  },
  guards: {
    isUnsupported: (_, params: { error: unknown }) =>
      params.error instanceof ApiError && params.error.status === 404,
  },
}).createMachine({
  id: 'securityActivity',
  context: { items: [] },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadActivity',
        onDone: {
          target: 'ready',
          actions: { type: 'assignItems', params: ({ event }) => ({ items: event.output }) },
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
    ready: { on: { 'activity.refresh': 'loading' } },
    failed: { on: { 'activity.retry': 'loading' } },
    unsupported: { type: 'final' },
  },
});

export type SecurityActivityActor = ActorRefFrom<typeof securityActivityMachine>;
export type SecurityActivitySnapshot = SnapshotFrom<typeof securityActivityMachine>;
