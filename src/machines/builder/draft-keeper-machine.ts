import { assign, fromCallback, setup, type ActorRefFrom } from 'xstate';
import { cvKeyOf, type CvIdentity } from '../../cv/identity';
import { removeOwnerlessDrafts } from '../../drafts/draft';
import { dropDraft, keepDraft, type DraftWork } from '../../drafts/keep-draft';
import type { SessionActor } from '../auth/session-machine';

/**
 * How long edits wait before they are written to local storage. Short, so a crash loses almost nothing; the
 * page also flushes on reload and close. Writes are throttled, not debounced: continuous typing still saves.
 */
export const DRAFT_WRITE_DELAY_MS = 300;

export interface DraftKeeperInput {
  /** The signed-in person's user id: drafts are theirs alone. */
  owner: string;
  /** The person's session: signing out on purpose removes their drafts, and none may be written back after. */
  session?: SessionActor;
}

export interface DraftKeeperContext extends DraftKeeperInput {
  /** What the builder shows now, as it last said: what a write puts down. */
  work?: DraftWork;
}

/** Leaving the page: `event.preventDefault()` makes the browser ask first. */
type LeavingPage = Pick<Event, 'preventDefault'>;

export type DraftKeeperEvent =
  /** The builder shows this work (after a load): kept for the question before leaving, nothing written. */
  | { type: 'draft.update'; work: DraftWork }
  /** The builder edits: from now on changes are written. */
  | { type: 'draft.open'; work: DraftWork }
  /** The builder stops editing (another tab has the CV, the CV is read again): a write waiting is dropped. */
  | { type: 'draft.pause' }
  /** Something changed: it is written a moment later. */
  | { type: 'draft.changed'; work: DraftWork }
  /** Write now (the page goes, the builder closes). */
  | { type: 'draft.flush'; work: DraftWork }
  /** A save wrote the CV: the draft written at once (the write waiting, if any, was discarded first). */
  | { type: 'draft.write'; work: DraftWork }
  | { type: 'draft.discard' }
  /** Another tab claimed the CV: written for that tab, whoever holds the CV now. */
  | { type: 'draft.handOver'; work: DraftWork }
  /** This CV's edits give way to the other copy: its draft goes. */
  | { type: 'draft.drop'; work: DraftWork }
  /** A save gave the CV another identity (a new CV got its uuid): the draft under the old one goes. */
  | { type: 'draft.replace'; from?: CvIdentity; to: CvIdentity }
  /** The person signs out on purpose: their drafts are removed, and this builder writes none again. */
  | { type: 'draft.close' }
  /** The page is hidden or about to go (reload, closed tab, another site). */
  | { type: 'page.hide' }
  /** The page is about to unload: with unsaved changes the browser asks first. */
  | { type: 'page.unload'; event: LeavingPage };

/**
 * The builder's draft keeper: the only one that writes the builder's draft to local storage, so a reload, a crash
 * or a closed tab loses nothing. While the builder edits, a change is written a moment later (throttled: steady
 * typing still saves), and at once when the page is hidden, reloaded or closed; leaving with unsaved changes asks
 * first. A hand-over to another tab is written whatever the state; a save moves the draft to the CV's uuid. Once
 * the person signs out on purpose nothing is written again. It watches the page and the session itself, so the
 * route relays nothing; as it starts, drafts from before drafts had an owner are removed unread.
 */
export const draftKeeperMachine = setup({
  types: {
    context: {} as DraftKeeperContext,
    events: {} as DraftKeeperEvent,
    input: {} as DraftKeeperInput,
  },
  actors: {
    /** `page.hide` when the page is hidden or goes; `page.unload` (after `page.hide`) as it unloads. */
    pageLifecycle: fromCallback<DraftKeeperEvent>(({ sendBack }) => {
      if (typeof window === 'undefined') return undefined;
      const hide = () => sendBack({ type: 'page.hide' });
      const hideWhenHidden = () => {
        if (document.visibilityState === 'hidden') hide();
      };
      const unload = (event: BeforeUnloadEvent) => {
        hide();
        sendBack({ type: 'page.unload', event });
      };
      window.addEventListener('pagehide', hide);
      window.addEventListener('beforeunload', unload);
      document.addEventListener('visibilitychange', hideWhenHidden);
      return () => {
        window.removeEventListener('pagehide', hide);
        window.removeEventListener('beforeunload', unload);
        document.removeEventListener('visibilitychange', hideWhenHidden);
      };
    }),
    /** `draft.close` when the person signs out on purpose. */
    watchSignOut: fromCallback<DraftKeeperEvent, { session?: SessionActor }>(({ input, sendBack }) => {
      const subscription = input.session?.subscribe((state) => {
        if (state.matches('loggingOut')) sendBack({ type: 'draft.close' });
      });
      return () => subscription?.unsubscribe();
    }),
  },
  actions: {
    keepWork: assign({ work: (_, params: { work: DraftWork }) => params.work }),
    writeDraft: ({ context }) => {
      if (context.work) keepDraft(context.owner, context.work);
    },
    handDraftOver: ({ context }) => {
      if (context.work) keepDraft(context.owner, context.work, true);
    },
    removeDraft: ({ context }) => {
      if (context.work?.identity) dropDraft(context.owner, context.work.identity);
    },
    removeReplacedDraft: ({ context }, params: { from?: CvIdentity; to: CvIdentity }) => {
      if (params.from && cvKeyOf(params.from) !== cvKeyOf(params.to)) dropDraft(context.owner, params.from);
    },
    // Drafts from before drafts had an owner could be anyone's: they go before any draft is read.
    removeOwnerlessDrafts: () => removeOwnerlessDrafts(),
    // The draft keeps every word, but the person may not know that: leaving with unsaved changes asks first.
    askBeforeLeaving: (_, params: { event: LeavingPage }) => params.event.preventDefault(),
  },
  guards: {
    isUnsaved: ({ context }) => context.work?.unsaved === true,
  },
  delays: {
    draftWrite: DRAFT_WRITE_DELAY_MS,
  },
}).createMachine({
  id: 'draftKeeper',
  context: ({ input }) => ({ ...input }),
  entry: 'removeOwnerlessDrafts',
  invoke: [
    { src: 'pageLifecycle' },
    { src: 'watchSignOut', input: ({ context }) => ({ session: context.session }) },
  ],
  // Whatever the state, the keeper holds the builder's latest work, writes a hand-over and drops what is dropped.
  on: {
    'draft.update': { actions: { type: 'keepWork', params: ({ event }) => event } },
    'draft.changed': { actions: { type: 'keepWork', params: ({ event }) => event } },
    'draft.flush': { actions: { type: 'keepWork', params: ({ event }) => event } },
    'draft.write': { actions: [{ type: 'keepWork', params: ({ event }) => event }, 'writeDraft'] },
    'draft.handOver': { actions: [{ type: 'keepWork', params: ({ event }) => event }, 'handDraftOver'] },
    'draft.drop': { actions: [{ type: 'keepWork', params: ({ event }) => event }, 'removeDraft'] },
    'draft.replace': { actions: { type: 'removeReplacedDraft', params: ({ event }) => event } },
    'page.unload': {
      guard: 'isUnsaved',
      actions: { type: 'askBeforeLeaving', params: ({ event }) => ({ event: event.event }) },
    },
  },
  initial: 'idle',
  states: {
    /** The builder is not editing (loading, or the CV is open in another tab): nothing is written on its own. */
    idle: {
      on: {
        'draft.open': { target: 'editing', actions: { type: 'keepWork', params: ({ event }) => event } },
      },
    },
    /** The CV and form state are kept locally while editing (docs/behaviour.md#cv-editing-state). */
    editing: {
      initial: 'clean',
      on: { 'draft.pause': 'idle', 'draft.close': 'closed' },
      states: {
        clean: {
          on: {
            'draft.changed': {
              target: 'pending',
              actions: { type: 'keepWork', params: ({ event }) => event },
            },
            'draft.flush': { actions: [{ type: 'keepWork', params: ({ event }) => event }, 'writeDraft'] },
            'page.hide': { actions: 'writeDraft' },
          },
        },
        /** A change waits a moment to be written. */
        pending: {
          after: { draftWrite: { target: 'clean', actions: 'writeDraft' } },
          on: {
            'draft.discard': 'clean',
            'draft.flush': {
              target: 'clean',
              actions: [{ type: 'keepWork', params: ({ event }) => event }, 'writeDraft'],
            },
            'page.hide': { target: 'clean', actions: 'writeDraft' },
          },
        },
      },
    },
    /** Signed out: nothing is written again until the builder edits anew. */
    closed: {
      on: { 'draft.pause': 'idle' },
    },
  },
});

export type DraftKeeperActor = ActorRefFrom<typeof draftKeeperMachine>;
