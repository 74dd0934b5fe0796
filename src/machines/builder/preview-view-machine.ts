import { setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';

// How the builder's screen shows the CV being built, apart from the CV itself:
// - on a phone, the form or the preview fills the screen, and the person flips between them (both stay mounted, so
//   what was typed, scrolled or opened is still there when they flip back);
// - the HTML preview's zoom: the page as wide as the column, or a whole page at a time (to see where a page ends and
//   whether 'Fit to one page' fits).
// Nothing here is the CV's: it is neither saved nor an undo step, and a phone and a laptop share it harmlessly.

export type PhoneView = 'form' | 'preview';
export type PreviewZoom = 'width' | 'page';

export type PreviewViewEvent =
  { type: 'view.show'; view: PhoneView } | { type: 'zoom.set'; zoom: PreviewZoom };

export const previewViewMachine = setup({
  types: { events: {} as PreviewViewEvent },
  guards: {
    showsForm: ({ event }) => event.type === 'view.show' && event.view === 'form',
    showsPreview: ({ event }) => event.type === 'view.show' && event.view === 'preview',
    zoomsToWidth: ({ event }) => event.type === 'zoom.set' && event.zoom === 'width',
    zoomsToPage: ({ event }) => event.type === 'zoom.set' && event.zoom === 'page',
  },
}).createMachine({
  id: 'previewView',
  type: 'parallel',
  states: {
    /** Phones only: the form first, as the builder opens. */
    phone: {
      initial: 'form',
      states: {
        form: { on: { 'view.show': { guard: 'showsPreview', target: 'preview' } } },
        preview: { on: { 'view.show': { guard: 'showsForm', target: 'form' } } },
      },
    },
    zoom: {
      initial: 'width',
      states: {
        width: { on: { 'zoom.set': { guard: 'zoomsToPage', target: 'page' } } },
        page: { on: { 'zoom.set': { guard: 'zoomsToWidth', target: 'width' } } },
      },
    },
  },
});

export type PreviewViewActor = ActorRefFrom<typeof previewViewMachine>;
export type PreviewViewSnapshot = SnapshotFrom<typeof previewViewMachine>;

export const phoneViewOf = (snapshot: PreviewViewSnapshot | undefined): PhoneView =>
  snapshot?.matches({ phone: 'preview' }) ? 'preview' : 'form';

export const zoomOf = (snapshot: PreviewViewSnapshot | undefined): PreviewZoom =>
  snapshot?.matches({ zoom: 'page' }) ? 'page' : 'width';
