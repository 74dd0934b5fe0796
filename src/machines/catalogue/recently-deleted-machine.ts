import {
  assign,
  enqueueActions,
  fromPromise,
  sendTo,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate';
import { ApiError } from '../../api/api-error';
import { deleteFromBin, listBin, restoreFromBin, type BinnedCv } from '../../api/bin';
import { apiClient } from '../../api/client';
import type { GeneratedCv } from '../../api/cvs';
import type { Notice } from '../auth/auth-flow';
import type { CvListRef } from '../delivery/delivery-machine';
import { letterBinMachine } from './letter-bin-machine';
import { msg } from '../../../rules/languages';

/*
 * Recently deleted (docs/features/bin.md): CV management's list of the person's deleted CVs. It loads the bin;
 * Restore brings a CV back (it leaves this list and joins the CV list at once); Delete forever asks first, then
 * removes the CV for good. A CV deleted from the list makes this list load again. A server without a bin (404)
 * leaves the list out altogether. Deleted cover letters are their own group beside the CVs, run by a child
 * (letter-bin-machine.ts, id LETTER_BIN_ID) whose notices come here to be shown; Reload loads both.
 */

export const LETTER_BIN_ID = 'letterBin';

export const BIN_LOAD_FAILED_MESSAGE = msg('Your recently deleted CVs could not be loaded.');
export const restoredNotice = (name: string): Notice => ({
  title: msg('CV restored'),
  description: { id: msg('“{name}” is back in your CVs.'), values: { name } },
  variant: 'success',
});
export const RESTORE_FAILED_NOTICE: Notice = {
  title: msg('Restore failed'),
  description: msg('Could not restore the CV. Please try again.'),
  variant: 'destructive',
};
export const deletedForeverNotice = (name: string): Notice => ({
  title: msg('CV deleted forever'),
  description: { id: msg('“{name}” has been removed for good.'), values: { name } },
  variant: 'success',
});
export const DELETE_FOREVER_FAILED_NOTICE: Notice = {
  title: msg('Delete failed'),
  description: msg('Could not delete the CV forever. Please try again.'),
  variant: 'destructive',
};
export const NO_LONGER_IN_BIN_NOTICE: Notice = {
  title: msg('Not in Recently deleted'),
  description: msg('This CV is no longer in Recently deleted: it was restored or removed elsewhere.'),
  variant: 'warning',
};

export interface RecentlyDeletedContext {
  items: BinnedCv[];
  /** The list of saved CVs a restored CV joins. */
  list?: CvListRef;
  /** The CV being restored, or asked about, or deleted forever. */
  pending?: BinnedCv;
  /** The bin changed while busy (a CV was deleted from the list): load again once done. */
  stale: boolean;
  error?: string;
}

export type RecentlyDeletedEvent =
  | { type: 'bin.reload' }
  | { type: 'bin.restore'; uuid: string }
  | { type: 'bin.deleteForever'; uuid: string }
  | { type: 'purge.confirm' }
  | { type: 'purge.cancel' }
  /** From the cover letters' group: a notice to show. */
  | { type: 'bin.notify'; notice: Notice };

export const RECENTLY_DELETED_BUSY_TAG = 'busy';

const isGone = (error: unknown) => error instanceof ApiError && error.status === 404;

export const recentlyDeletedMachine = setup({
  types: {
    context: {} as RecentlyDeletedContext,
    events: {} as RecentlyDeletedEvent,
    input: {} as { list?: CvListRef } | undefined,
  },
  actors: {
    loadBin: fromPromise<BinnedCv[]>(({ signal }) => listBin(apiClient, { signal })),
    restoreCv: fromPromise<GeneratedCv, { uuid: string }>(({ input }) =>
      restoreFromBin(apiClient, input.uuid),
    ),
    deleteForever: fromPromise<void, { uuid: string }>(({ input }) => deleteFromBin(apiClient, input.uuid)),
    letterBin: letterBinMachine,
  },
  actions: {
    assignItems: assign((_, params: { items: BinnedCv[] }) => ({
      items: params.items,
      error: undefined,
      stale: false,
    })),
    assignError: assign({
      error: (_, params: { error: unknown }) =>
        params.error instanceof ApiError ? params.error.message : BIN_LOAD_FAILED_MESSAGE,
    }),
    assignPending: assign({
      pending: ({ context }, params: { uuid: string }) =>
        context.items.find((item) => item.uuid === params.uuid),
    }),
    clearPending: assign({ pending: undefined }),
    markStale: assign({ stale: true }),
    dropPending: assign({
      items: ({ context }) => context.items.filter((item) => item.uuid !== context.pending?.uuid),
    }),
    reportRestored: enqueueActions(({ context, enqueue }, params: { cv: GeneratedCv }) => {
      if (context.list) enqueue.sendTo(context.list, { type: 'cv.added', cv: params.cv });
    }),
    reloadLetters: sendTo(LETTER_BIN_ID, { type: 'letters.reload' }),
    // The route gives the real toaster.
    notify: (_, _params: Notice) => undefined,
  },
  guards: {
    isListed: ({ context }, params: { uuid: string }) =>
      context.items.some((item) => item.uuid === params.uuid),
    isUnsupported: (_, params: { error: unknown }) => isGone(params.error),
    isGone: (_, params: { error: unknown }) => isGone(params.error),
    isStale: ({ context }) => context.stale,
  },
}).createMachine({
  id: 'recentlyDeleted',
  context: ({ input }) => ({ items: [], stale: false, ...(input?.list ? { list: input.list } : {}) }),
  invoke: { id: LETTER_BIN_ID, src: 'letterBin' },
  on: { 'bin.notify': { actions: { type: 'notify', params: ({ event }) => event.notice } } },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadBin',
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
      on: { 'bin.reload': { target: 'loading', reenter: true } },
    },
    ready: {
      on: {
        'bin.reload': { target: 'loading', actions: 'reloadLetters' },
        'bin.restore': {
          guard: { type: 'isListed', params: ({ event }) => ({ uuid: event.uuid }) },
          target: 'restoring',
          actions: { type: 'assignPending', params: ({ event }) => ({ uuid: event.uuid }) },
        },
        'bin.deleteForever': {
          guard: { type: 'isListed', params: ({ event }) => ({ uuid: event.uuid }) },
          target: 'confirmingPurge',
          actions: { type: 'assignPending', params: ({ event }) => ({ uuid: event.uuid }) },
        },
      },
    },
    restoring: {
      tags: [RECENTLY_DELETED_BUSY_TAG],
      on: { 'bin.reload': { actions: 'markStale' } },
      invoke: {
        src: 'restoreCv',
        input: ({ context }) => ({ uuid: context.pending!.uuid }),
        onDone: {
          target: 'settled',
          actions: [
            'dropPending',
            { type: 'reportRestored', params: ({ event }) => ({ cv: event.output }) },
            { type: 'notify', params: ({ context }) => restoredNotice(context.pending!.name) },
            'clearPending',
          ],
        },
        onError: [
          {
            guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) },
            target: 'loading',
            actions: [{ type: 'notify', params: NO_LONGER_IN_BIN_NOTICE }, 'clearPending'],
          },
          { target: 'settled', actions: [{ type: 'notify', params: RESTORE_FAILED_NOTICE }, 'clearPending'] },
        ],
      },
    },
    // docs/features/bin.md: 'Delete forever' asks first.
    confirmingPurge: {
      on: {
        'bin.reload': { actions: 'markStale' },
        'purge.confirm': 'purging',
        'purge.cancel': { target: 'settled', actions: 'clearPending' },
      },
    },
    purging: {
      tags: [RECENTLY_DELETED_BUSY_TAG],
      on: { 'bin.reload': { actions: 'markStale' } },
      invoke: {
        src: 'deleteForever',
        input: ({ context }) => ({ uuid: context.pending!.uuid }),
        onDone: {
          target: 'settled',
          actions: [
            'dropPending',
            { type: 'notify', params: ({ context }) => deletedForeverNotice(context.pending!.name) },
            'clearPending',
          ],
        },
        onError: [
          {
            guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) },
            target: 'loading',
            actions: [{ type: 'notify', params: NO_LONGER_IN_BIN_NOTICE }, 'clearPending'],
          },
          {
            target: 'settled',
            actions: [{ type: 'notify', params: DELETE_FOREVER_FAILED_NOTICE }, 'clearPending'],
          },
        ],
      },
    },
    // Back to the list, loading it first if it changed meanwhile.
    settled: {
      always: [{ guard: 'isStale', target: 'loading' }, { target: 'ready' }],
    },
    failed: { on: { 'bin.reload': { target: 'loading', actions: 'reloadLetters' } } },
    // A server without the bin: nothing to show, and nothing to reload.
    unsupported: {},
  },
});

export type RecentlyDeletedActor = ActorRefFrom<typeof recentlyDeletedMachine>;
export type RecentlyDeletedSnapshot = SnapshotFrom<typeof recentlyDeletedMachine>;
