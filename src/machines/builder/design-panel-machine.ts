import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { apiClient } from '../../api/client';
import { listFonts, type BundledFont } from '../../api/design';
import { msg } from '../../../rules/languages';

// The builder's Design panel: whether it is open, and the bundled fonts it offers (GET /v1/fonts/),
// fetched the first time it opens. The settings themselves live in the builder's context (they are the CV's, with
// its undo history, draft and save); the panel's view sends `design.change` to the builder.

export const FONTS_FAILED_MESSAGE = msg(
  'Could not load the fonts. The template’s own font is still available.',
);

export interface DesignPanelContext {
  fonts: BundledFont[];
  error?: string;
}

export type DesignPanelEvent = { type: 'panel.toggle' } | { type: 'panel.close' } | { type: 'fonts.retry' };

export const designPanelMachine = setup({
  types: {
    context: {} as DesignPanelContext,
    events: {} as DesignPanelEvent,
  },
  actors: {
    loadFonts: fromPromise<BundledFont[]>(({ signal }) => listFonts(apiClient, { signal })),
  },
  actions: {
    assignFonts: assign({ fonts: (_, params: { fonts: BundledFont[] }) => params.fonts, error: undefined }),
    assignFontsError: assign({ error: () => FONTS_FAILED_MESSAGE }),
    clearFontsError: assign({ error: undefined }),
  },
}).createMachine({
  id: 'designPanel',
  context: { fonts: [] },
  type: 'parallel',
  states: {
    visibility: {
      initial: 'closed',
      states: {
        closed: { on: { 'panel.toggle': 'open' } },
        open: { on: { 'panel.toggle': 'closed', 'panel.close': 'closed' } },
      },
    },
    fonts: {
      initial: 'idle',
      states: {
        /** Nothing fetched until the panel first opens: most visits to the builder never open it. */
        idle: { on: { 'panel.toggle': 'loading' } },
        loading: {
          entry: 'clearFontsError',
          invoke: {
            src: 'loadFonts',
            onDone: {
              target: 'loaded',
              actions: { type: 'assignFonts', params: ({ event }) => ({ fonts: event.output }) },
            },
            onError: { target: 'failed', actions: 'assignFontsError' },
          },
        },
        loaded: {},
        failed: { on: { 'fonts.retry': 'loading' } },
      },
    },
  },
});

export type DesignPanelActor = ActorRefFrom<typeof designPanelMachine>;
export type DesignPanelSnapshot = SnapshotFrom<typeof designPanelMachine>;
