import { assign, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { isApiError, refusedFieldOf } from '../../api/api-error';
import { apiClient } from '../../api/client';
import type { CvReference } from '../../api/cvs';
import { createShare, listShares, revokeShare, type NewShare, type Share } from '../../api/shares';
import { listVersions, type CvVersion } from '../../api/versions';
import {
  EMPTY_SHARE_DRAFT,
  hasProblems,
  newShareOf,
  refusalAtField,
  refusedDraftField,
  shareDraftProblems,
  type ShareDraft,
  type ShareDraftField,
  type ShareDraftProblems,
} from '../../cv/share-links';
import { msg } from '../../../rules/languages';

// What the panel says when something goes wrong: English words the view shows through its `t`.
export const SHARES_LOAD_FAILED_MESSAGE = msg('The links of this CV could not be loaded. Please try again.');
export const SHARES_REFRESH_FAILED_MESSAGE = msg(
  'The counts could not be brought up to date. Please try again.',
);
export const SHARE_CREATE_FAILED_MESSAGE = msg('The link could not be made. Please try again.');
export const SHARE_REVOKE_FAILED_MESSAGE = msg(
  'The link could not be revoked. It still works. Please try again.',
);
export const COPY_FALLBACK_MESSAGE = msg(
  'Your browser did not let us copy the link. It is selected below: copy it with Ctrl+C (⌘C on a Mac), or press and hold it on a phone.',
);

/** While the list is shown, the counts are read again this often (a recruiter may be reading right now). */
export const COUNTS_REFRESH_MS = 60_000;

/** What the panel is opened with: the CV (none for a new CV, never saved) and whether the screen holds unsaved edits. */
export interface ShareOpening {
  cv?: CvReference;
  cvName: string;
  /** Links show the CV as last saved: the panel says so when the builder holds changes not yet saved. */
  unsaved: boolean;
}

export interface ShareContext {
  opening: ShareOpening;
  shares: Share[];
  /** The versions a link can be pinned to; empty while unknown or where the server keeps none. */
  versions: CvVersion[];
  draft: ShareDraft;
  /** What is wrong with the form, field by field: the web app's checks, or the server's refusal of a field. */
  draftProblems: ShareDraftProblems;
  /** A refusal of the whole form (too many links, the CV gone). */
  formError?: string;
  /** What went wrong in the list (loading, refreshing, revoking). */
  problem?: string;
  /** The link just made: the panel shows it first, with its Copy button focused. */
  createdId?: number;
  /** The link whose address is being put on the clipboard. */
  copyingId?: number;
  /** The link whose address is on the clipboard. */
  copiedId?: number;
  /** The link whose address the browser would not copy: shown selected, to copy by hand. */
  copyFallbackId?: number;
  /** The link asked about, then being revoked. */
  revokingId?: number;
  /** When the counts were last read (ISO). */
  refreshedAt?: string;
}

export type ShareEvent =
  | { type: 'share.close' }
  | { type: 'share.retry' }
  | { type: 'links.refresh' }
  | { type: 'link.copy'; id: number }
  | { type: 'link.revoke'; id: number }
  | { type: 'revoke.confirm' }
  | { type: 'revoke.cancel' }
  | { type: 'form.open' }
  | { type: 'form.change'; field: ShareDraftField; value: string }
  | { type: 'form.submit' }
  | { type: 'form.cancel' };

/** A server's words when it has some for a person (a 4xx with a detail), else ours. */
const messageOf = (error: unknown, fallback: string) =>
  isApiError(error) && error.serverMessage && error.status !== undefined && error.status < 500
    ? error.serverMessage
    : fallback;

const shareOf = (context: ShareContext, id: number | undefined) =>
  context.shares.find((share) => share.id === id);

/**
 * Share a saved CV by link, one link per recipient. The panel opens from the builder's 'Share' button or from a CV
 * in CV management.
 *
 * - A CV never saved has nothing to share yet: the panel says to save it first.
 * - Otherwise it lists the CV's links (newest first, revoked ones too), each with its label, when it was made and
 *   last viewed, its views and downloads and a 30-day chart. The counts are read again every minute while the list
 *   is shown, when the person comes back to the tab, and on 'Refresh'.
 * - 'New link' opens a form: a label (required: who it is for), and optionally a password, an expiry date and a
 *   version to pin (else the link shows the latest saved CV). What is wrong is said at the field before anything is
 *   sent; a refusal from the server is said at its field, or above the form. Nothing typed is lost on a refusal.
 * - The new link comes first in the list, its Copy button ready. Copy puts the address on the clipboard; where the
 *   browser refuses, the address is shown selected to copy by hand.
 * - Revoke asks first; a revoked link answers 'no longer available' for good and stays listed with its counts.
 */
export const shareMachine = setup({
  types: {
    input: {} as ShareOpening,
    context: {} as ShareContext,
    events: {} as ShareEvent,
  },
  actors: {
    loadShares: fromPromise<Share[], { cv: CvReference }>(({ input, signal }) =>
      listShares(apiClient, input.cv, { signal }),
    ),
    loadVersions: fromPromise<CvVersion[], { cv: CvReference }>(({ input, signal }) =>
      listVersions(apiClient, input.cv, { signal }),
    ),
    createShare: fromPromise<Share, { cv: CvReference; share: NewShare }>(({ input }) =>
      createShare(apiClient, input.cv, input.share),
    ),
    revokeShare: fromPromise<void, { cv: CvReference; id: number }>(({ input }) =>
      revokeShare(apiClient, input.cv, input.id),
    ),
    copyText: fromPromise<void, { text: string }>(async ({ input }) => {
      if (typeof navigator === 'undefined' || !navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(input.text);
    }),
    /** Coming back to the tab (from the chat the link was pasted into) reads the counts again. */
    watchReturn: fromCallback<ShareEvent>(({ sendBack }) => {
      if (typeof document === 'undefined') return undefined;
      const onVisible = () => {
        if (document.visibilityState === 'visible') sendBack({ type: 'links.refresh' });
      };
      document.addEventListener('visibilitychange', onVisible);
      return () => document.removeEventListener('visibilitychange', onVisible);
    }),
  },
  actions: {
    assignShares: assign({
      shares: (_, params: { shares: Share[] }) => params.shares,
      refreshedAt: () => new Date().toISOString(),
      problem: undefined,
    }),
    assignProblem: assign({ problem: (_, params: { message: string }) => params.message }),
    clearFeedback: assign({
      problem: undefined,
      copiedId: undefined,
      copyFallbackId: undefined,
      createdId: undefined,
    }),
    assignVersions: assign({ versions: (_, params: { versions: CvVersion[] }) => params.versions }),
    clearVersions: assign({ versions: [] }),
    assignDraftField: assign({
      draft: ({ context }, params: { field: ShareDraftField; value: string }) => ({
        ...context.draft,
        [params.field]: params.value,
      }),
      draftProblems: ({ context }, params: { field: ShareDraftField; value: string }) => {
        const { [params.field]: _, ...others } = context.draftProblems;
        return others;
      },
      formError: undefined,
    }),
    assignDraftProblems: assign({
      draftProblems: ({ context }) => shareDraftProblems(context.draft, new Date()),
    }),
    assignRefusal: assign(({ context }, params: { error: unknown }) => {
      const message = messageOf(params.error, SHARE_CREATE_FAILED_MESSAGE);
      const field =
        message === SHARE_CREATE_FAILED_MESSAGE
          ? undefined
          : refusedDraftField(message, refusedFieldOf(params.error));
      return field
        ? {
            draftProblems: { ...context.draftProblems, [field]: refusalAtField(message) },
            formError: undefined,
          }
        : { formError: message };
    }),
    resetDraft: assign({ draft: EMPTY_SHARE_DRAFT, draftProblems: {}, formError: undefined }),
    addCreated: assign({
      shares: ({ context }, params: { share: Share }) => [
        params.share,
        ...context.shares.filter((share) => share.id !== params.share.id),
      ],
      createdId: (_, params: { share: Share }) => params.share.id,
    }),
    assignCopying: assign({
      copyingId: (_, params: { id: number }) => params.id,
      copiedId: undefined,
      copyFallbackId: undefined,
    }),
    assignCopied: assign({ copiedId: ({ context }) => context.copyingId, copyingId: undefined }),
    assignCopyFallback: assign({ copyFallbackId: ({ context }) => context.copyingId, copyingId: undefined }),
    assignRevoking: assign({ revokingId: (_, params: { id: number }) => params.id }),
    markRevoked: assign({
      shares: ({ context }) =>
        context.shares.map((share) =>
          share.id === context.revokingId && !share.revokedAt
            ? { ...share, revokedAt: new Date().toISOString() }
            : share,
        ),
      revokingId: undefined,
    }),
    clearRevoking: assign({ revokingId: undefined }),
  },
  guards: {
    isNewCv: ({ context }) => context.opening.cv === undefined,
    isUnsupported: (_, params: { error: unknown }) => isApiError(params.error) && params.error.status === 404,
    isDraftWrong: ({ context }) => hasProblems(shareDraftProblems(context.draft, new Date())),
    isLiveShare: ({ context }, params: { id: number }) => {
      const share = shareOf(context, params.id);
      return share !== undefined && !share.revokedAt;
    },
    isKnownShare: ({ context }, params: { id: number }) => shareOf(context, params.id) !== undefined,
  },
  delays: { countsRefresh: COUNTS_REFRESH_MS },
}).createMachine({
  id: 'share',
  context: ({ input }) => ({
    opening: input,
    shares: [],
    versions: [],
    draft: EMPTY_SHARE_DRAFT,
    draftProblems: {},
  }),
  initial: 'checking',
  on: { 'share.close': '.closed' },
  states: {
    checking: {
      always: [{ guard: 'isNewCv', target: 'notSaved' }, { target: 'loading' }],
    },
    /** A new CV: nothing is shared before it is saved. */
    notSaved: {},
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadShares',
        input: ({ context }) => ({ cv: context.opening.cv! }),
        onDone: {
          target: 'ready',
          actions: { type: 'assignShares', params: ({ event }) => ({ shares: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isUnsupported', params: ({ event }) => ({ error: event.error }) },
            target: 'unsupported',
          },
          {
            target: 'failed',
            actions: {
              type: 'assignProblem',
              params: ({ event }) => ({ message: messageOf(event.error, SHARES_LOAD_FAILED_MESSAGE) }),
            },
          },
        ],
      },
    },
    failed: { on: { 'share.retry': 'loading' } },
    /** A server without share links (404), or a CV no longer there. */
    unsupported: {},
    ready: {
      invoke: { src: 'watchReturn' },
      initial: 'list',
      states: {
        list: {
          after: { countsRefresh: 'refreshing' },
          on: {
            'links.refresh': { target: 'refreshing', actions: 'clearFeedback' },
            'form.open': { target: 'form', actions: 'clearFeedback' },
            'link.copy': {
              guard: { type: 'isKnownShare', params: ({ event }) => ({ id: event.id }) },
              target: 'copying',
              actions: { type: 'assignCopying', params: ({ event }) => ({ id: event.id }) },
            },
            'link.revoke': {
              guard: { type: 'isLiveShare', params: ({ event }) => ({ id: event.id }) },
              target: 'confirmingRevoke',
              actions: [
                'clearFeedback',
                { type: 'assignRevoking', params: ({ event }) => ({ id: event.id }) },
              ],
            },
          },
        },
        refreshing: {
          tags: ['busy'],
          invoke: {
            src: 'loadShares',
            input: ({ context }) => ({ cv: context.opening.cv! }),
            onDone: {
              target: 'list',
              actions: { type: 'assignShares', params: ({ event }) => ({ shares: event.output }) },
            },
            onError: {
              target: 'list',
              actions: {
                type: 'assignProblem',
                params: ({ event }) => ({ message: messageOf(event.error, SHARES_REFRESH_FAILED_MESSAGE) }),
              },
            },
          },
        },
        copying: {
          invoke: {
            src: 'copyText',
            input: ({ context }) => ({ text: shareOf(context, context.copyingId)?.url ?? '' }),
            onDone: { target: 'list', actions: 'assignCopied' },
            onError: { target: 'list', actions: 'assignCopyFallback' },
          },
        },
        confirmingRevoke: {
          on: {
            'revoke.confirm': 'revoking',
            'revoke.cancel': { target: 'list', actions: 'clearRevoking' },
          },
        },
        revoking: {
          tags: ['busy'],
          invoke: {
            src: 'revokeShare',
            input: ({ context }) => ({ cv: context.opening.cv!, id: context.revokingId! }),
            onDone: { target: 'list', actions: 'markRevoked' },
            onError: {
              target: 'list',
              actions: [
                'clearRevoking',
                {
                  type: 'assignProblem',
                  params: ({ event }) => ({ message: messageOf(event.error, SHARE_REVOKE_FAILED_MESSAGE) }),
                },
              ],
            },
          },
        },
        form: {
          invoke: {
            src: 'loadVersions',
            input: ({ context }) => ({ cv: context.opening.cv! }),
            onDone: {
              actions: { type: 'assignVersions', params: ({ event }) => ({ versions: event.output }) },
            },
            // No versions (an older server): the form has no version to pin, links show the latest saved CV.
            onError: { actions: 'clearVersions' },
          },
          on: { 'form.cancel': { target: 'list', actions: 'resetDraft' } },
          initial: 'editing',
          states: {
            editing: {
              on: {
                'form.change': {
                  actions: {
                    type: 'assignDraftField',
                    params: ({ event }) => ({ field: event.field, value: event.value }),
                  },
                },
                'form.submit': [
                  { guard: 'isDraftWrong', actions: 'assignDraftProblems' },
                  { target: 'creating' },
                ],
              },
            },
            creating: {
              tags: ['busy'],
              invoke: {
                src: 'createShare',
                input: ({ context }) => ({ cv: context.opening.cv!, share: newShareOf(context.draft) }),
                onDone: {
                  target: '#share.ready.list',
                  actions: [
                    { type: 'addCreated', params: ({ event }) => ({ share: event.output }) },
                    'resetDraft',
                  ],
                },
                onError: {
                  target: 'editing',
                  actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
          },
        },
      },
    },
    closed: { type: 'final' },
  },
});

export type ShareActor = ActorRefFrom<typeof shareMachine>;
export type ShareSnapshot = SnapshotFrom<typeof shareMachine>;
