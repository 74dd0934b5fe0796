import { assign, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { ApiError } from '../../api/api-error';
import {
  deleteLetterFromBin,
  listLetterBin,
  restoreLetterFromBin,
  type BinnedCoverLetter,
  type RestoredCoverLetter,
} from '../../api/bin';
import { apiClient } from '../../api/client';
import type { Notice } from '../auth/auth-flow';
import { msg } from '../../../rules/languages';

/*
 * Recently deleted cover letters (docs/features/bin.md): the "Cover letters" group under Recently deleted. It
 * loads the deleted letters; Restore brings one back (it leaves this list); Delete forever asks first, then removes
 * the letter for good. A server without cover letters in its bin (404) shows no group. It runs inside Recently
 * deleted (recently-deleted-machine.ts), which passes its notices to the page's toaster.
 */

export const LETTER_BIN_LOAD_FAILED_MESSAGE = msg('Your recently deleted cover letters could not be loaded.');
export const letterRestoredNotice = (name: string): Notice => ({
  title: msg('Cover letter restored'),
  description: { id: msg('“{name}” is back in your cover letters.'), values: { name } },
  variant: 'success',
});
export const LETTER_RESTORE_FAILED_NOTICE: Notice = {
  title: msg('Restore failed'),
  description: msg('Could not restore the cover letter. Please try again.'),
  variant: 'destructive',
};
export const letterDeletedForeverNotice = (name: string): Notice => ({
  title: msg('Cover letter deleted forever'),
  description: { id: msg('“{name}” has been removed for good.'), values: { name } },
  variant: 'success',
});
export const LETTER_DELETE_FOREVER_FAILED_NOTICE: Notice = {
  title: msg('Delete failed'),
  description: msg('Could not delete the cover letter forever. Please try again.'),
  variant: 'destructive',
};
export const LETTER_NO_LONGER_IN_BIN_NOTICE: Notice = {
  title: msg('Not in Recently deleted'),
  description: msg(
    'This cover letter is no longer in Recently deleted: it was restored or removed elsewhere.',
  ),
  variant: 'warning',
};

export interface LetterBinContext {
  items: BinnedCoverLetter[];
  /** The letter being restored, or asked about, or deleted forever. */
  pending?: BinnedCoverLetter;
  error?: string;
}

export type LetterBinEvent =
  | { type: 'letters.reload' }
  | { type: 'letters.restore'; uuid: string }
  | { type: 'letters.deleteForever'; uuid: string }
  | { type: 'letters.purge.confirm' }
  | { type: 'letters.purge.cancel' };

export const LETTER_BIN_BUSY_TAG = 'busy';

const isGone = (error: unknown) => error instanceof ApiError && error.status === 404;

export const letterBinMachine = setup({
  types: {
    context: {} as LetterBinContext,
    events: {} as LetterBinEvent,
  },
  actors: {
    loadLetterBin: fromPromise<BinnedCoverLetter[]>(({ signal }) => listLetterBin(apiClient, { signal })),
    restoreLetter: fromPromise<RestoredCoverLetter, { uuid: string }>(({ input }) =>
      restoreLetterFromBin(apiClient, input.uuid),
    ),
    deleteLetterForever: fromPromise<void, { uuid: string }>(({ input }) =>
      deleteLetterFromBin(apiClient, input.uuid),
    ),
  },
  actions: {
    assignItems: assign((_, params: { items: BinnedCoverLetter[] }) => ({
      items: params.items,
      error: undefined,
    })),
    assignError: assign({
      error: (_, params: { error: unknown }) =>
        params.error instanceof ApiError ? params.error.message : LETTER_BIN_LOAD_FAILED_MESSAGE,
    }),
    assignPending: assign({
      pending: ({ context }, params: { uuid: string }) =>
        context.items.find((item) => item.uuid === params.uuid),
    }),
    clearPending: assign({ pending: undefined }),
    dropPending: assign({
      items: ({ context }) => context.items.filter((item) => item.uuid !== context.pending?.uuid),
    }),
    // Recently deleted holds the page's toaster: it shows what this group has to say.
    notify: sendParent((_, notice: Notice) => ({ type: 'bin.notify' as const, notice })),
  },
  guards: {
    isListed: ({ context }, params: { uuid: string }) =>
      context.items.some((item) => item.uuid === params.uuid),
    isGone: (_, params: { error: unknown }) => isGone(params.error),
  },
}).createMachine({
  id: 'letterBin',
  context: { items: [] },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadLetterBin',
        onDone: {
          target: 'ready',
          actions: { type: 'assignItems', params: ({ event }) => ({ items: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) },
            target: 'unsupported',
          },
          {
            target: 'failed',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
      on: { 'letters.reload': { target: 'loading', reenter: true } },
    },
    ready: {
      on: {
        'letters.reload': 'loading',
        'letters.restore': {
          guard: { type: 'isListed', params: ({ event }) => ({ uuid: event.uuid }) },
          target: 'restoring',
          actions: { type: 'assignPending', params: ({ event }) => ({ uuid: event.uuid }) },
        },
        'letters.deleteForever': {
          guard: { type: 'isListed', params: ({ event }) => ({ uuid: event.uuid }) },
          target: 'confirmingPurge',
          actions: { type: 'assignPending', params: ({ event }) => ({ uuid: event.uuid }) },
        },
      },
    },
    restoring: {
      tags: [LETTER_BIN_BUSY_TAG],
      invoke: {
        src: 'restoreLetter',
        input: ({ context }) => ({ uuid: context.pending!.uuid }),
        onDone: {
          target: 'ready',
          actions: [
            'dropPending',
            { type: 'notify', params: ({ context }) => letterRestoredNotice(context.pending!.name) },
            'clearPending',
          ],
        },
        onError: [
          {
            guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) },
            target: 'loading',
            actions: [{ type: 'notify', params: LETTER_NO_LONGER_IN_BIN_NOTICE }, 'clearPending'],
          },
          {
            target: 'ready',
            actions: [{ type: 'notify', params: LETTER_RESTORE_FAILED_NOTICE }, 'clearPending'],
          },
        ],
      },
    },
    // As for CVs: 'Delete forever' asks first.
    confirmingPurge: {
      on: {
        'letters.purge.confirm': 'purging',
        'letters.purge.cancel': { target: 'ready', actions: 'clearPending' },
      },
    },
    purging: {
      tags: [LETTER_BIN_BUSY_TAG],
      invoke: {
        src: 'deleteLetterForever',
        input: ({ context }) => ({ uuid: context.pending!.uuid }),
        onDone: {
          target: 'ready',
          actions: [
            'dropPending',
            { type: 'notify', params: ({ context }) => letterDeletedForeverNotice(context.pending!.name) },
            'clearPending',
          ],
        },
        onError: [
          {
            guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) },
            target: 'loading',
            actions: [{ type: 'notify', params: LETTER_NO_LONGER_IN_BIN_NOTICE }, 'clearPending'],
          },
          {
            target: 'ready',
            actions: [{ type: 'notify', params: LETTER_DELETE_FOREVER_FAILED_NOTICE }, 'clearPending'],
          },
        ],
      },
    },
    failed: { on: { 'letters.reload': 'loading' } },
    // A server whose bin keeps CVs only: no group, nothing to reload.
    unsupported: {},
  },
});

export type LetterBinActor = ActorRefFrom<typeof letterBinMachine>;
export type LetterBinSnapshot = SnapshotFrom<typeof letterBinMachine>;
