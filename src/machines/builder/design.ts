import type { CvDesign } from '../../api/design';
import { changeDesign, resetDesign, sameDesign } from '../../cv/design';
import { AFTER_CHANGE, assignBuilder, type BuilderContext } from './builder-context';
import type { BuilderStateConfig } from './builder-machine';

// The CV's design (page size, margins, colour, font, sizes, fit to one page, direction): each change is an undo
// step, reaches the preview and the draft, as any other change. The Design panel's own choices (which fonts it
// offers) live in ./design-panel-machine.

export const designActions = {
  changeDesign: assignBuilder({
    design: ({ context }, params: { change: Partial<CvDesign> }) =>
      changeDesign(context.design, params.change),
  }),
  resetDesign: assignBuilder({ design: ({ context }) => resetDesign(context.design) }),
};

export const designGuards = {
  /** A design event that would change nothing records no undo step. */
  changesDesign: ({ context }: { context: BuilderContext }, params: { change: Partial<CvDesign> }) =>
    !sameDesign(changeDesign(context.design, params.change), context.design),
  canResetDesign: ({ context }: { context: BuilderContext }) =>
    !sameDesign(resetDesign(context.design), context.design),
};

export const designTransitions = {
  'design.change': {
    guard: { type: 'changesDesign', params: ({ event }) => ({ change: event.change }) },
    actions: [
      {
        type: 'recordStep',
        // Dragging through the colour input is one step, as typing in one field is.
        params: ({ event }) => ({
          group: Object.keys(event.change).join(',') === 'accent_color' ? 'design:accent_color' : undefined,
        }),
      },
      { type: 'changeDesign', params: ({ event }) => ({ change: event.change }) },
      ...AFTER_CHANGE,
    ],
  },
  'design.reset': {
    guard: 'canResetDesign',
    actions: [{ type: 'recordStep', params: {} }, 'resetDesign', ...AFTER_CHANGE],
  },
} satisfies BuilderStateConfig['on'];
