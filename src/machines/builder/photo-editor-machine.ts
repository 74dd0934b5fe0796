import { assign, fromPromise, sendTo, setup, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from 'xstate';
import type { CvDesign } from '../../api/design';
import { PHOTO_CHOOSE_MESSAGES, photoFileProblem } from '../../cv/photo';
import { cropToDataUrl, readFileAsDataUrl, type CropArea } from '../../cv/photo-image';

// The photo's cropper. A person chooses a file: a JPEG, PNG or WebP of at most 10 MB opens in the cropper (anything
// else says why, and the photo stays as it was). They drag and zoom it; 'Use photo' makes the framed square (at most
// 600 px) and hands it to the builder as a design change — one undo step, in the draft and the preview like any
// other. 'Cancel' leaves the photo as it was. The file never leaves the browser until the CV is saved.

export interface PhotoEditorContext {
  builder: AnyActorRef;
  /** The photo as it will go in: the chosen file, read. */
  source?: string;
  crop: { x: number; y: number };
  zoom: number;
  area?: CropArea;
  problem?: string;
}

export type PhotoEditorEvent =
  | { type: 'photo.choose'; file: File }
  | { type: 'photo.move'; crop: { x: number; y: number } }
  | { type: 'photo.zoom'; zoom: number }
  | { type: 'photo.frame'; area: CropArea }
  | { type: 'photo.apply' }
  | { type: 'photo.cancel' };

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 3;

export const photoEditorMachine = setup({
  types: {
    context: {} as PhotoEditorContext,
    events: {} as PhotoEditorEvent,
    input: {} as { builder: AnyActorRef },
  },
  actors: {
    readFile: fromPromise<string, { file: File }>(({ input }) => readFileAsDataUrl(input.file)),
    cropImage: fromPromise<string, { source: string; area: CropArea }>(({ input }) =>
      cropToDataUrl(input.source, input.area),
    ),
  },
  guards: {
    isUsableFile: (_, params: { file: File }) => photoFileProblem(params.file) === undefined,
    isFramed: ({ context }) => context.area !== undefined && context.source !== undefined,
  },
  actions: {
    assignFileProblem: assign({ problem: (_, params: { file: File }) => photoFileProblem(params.file) }),
    assignUnreadable: assign({ problem: PHOTO_CHOOSE_MESSAGES.unreadable }),
    clearProblem: assign({ problem: undefined }),
    assignSource: assign({
      source: (_, params: { source: string }) => params.source,
      crop: { x: 0, y: 0 },
      zoom: MIN_ZOOM,
      area: undefined,
    }),
    assignCrop: assign({ crop: (_, params: { crop: { x: number; y: number } }) => params.crop }),
    assignZoom: assign({
      zoom: (_, params: { zoom: number }) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, params.zoom)),
    }),
    assignArea: assign({ area: (_, params: { area: CropArea }) => params.area }),
    forgetSource: assign({ source: undefined, area: undefined }),
    handToBuilder: sendTo(
      ({ context }) => context.builder,
      (_, params: { image: string; photo: CvDesign['photo'] }) => ({
        type: 'design.change',
        change: { photo: { ...params.photo, image: params.image } },
      }),
    ),
  },
}).createMachine({
  id: 'photoEditor',
  context: ({ input }) => ({ builder: input.builder, crop: { x: 0, y: 0 }, zoom: MIN_ZOOM }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'photo.choose': [
          {
            guard: { type: 'isUsableFile', params: ({ event }) => ({ file: event.file }) },
            target: 'reading',
            actions: 'clearProblem',
          },
          { actions: { type: 'assignFileProblem', params: ({ event }) => ({ file: event.file }) } },
        ],
      },
    },
    reading: {
      invoke: {
        src: 'readFile',
        input: ({ event }) => ({ file: (event as Extract<PhotoEditorEvent, { type: 'photo.choose' }>).file }),
        onDone: {
          target: 'cropping',
          actions: { type: 'assignSource', params: ({ event }) => ({ source: event.output }) },
        },
        onError: { target: 'idle', actions: 'assignUnreadable' },
      },
    },
    cropping: {
      on: {
        'photo.move': { actions: { type: 'assignCrop', params: ({ event }) => ({ crop: event.crop }) } },
        'photo.zoom': { actions: { type: 'assignZoom', params: ({ event }) => ({ zoom: event.zoom }) } },
        'photo.frame': { actions: { type: 'assignArea', params: ({ event }) => ({ area: event.area }) } },
        'photo.apply': { guard: 'isFramed', target: 'making' },
        'photo.cancel': { target: 'idle', actions: 'forgetSource' },
      },
    },
    making: {
      invoke: {
        src: 'cropImage',
        input: ({ context }) => ({ source: context.source!, area: context.area! }),
        onDone: {
          target: 'idle',
          actions: [
            {
              type: 'handToBuilder',
              params: ({ context, event }) => ({
                image: event.output,
                photo: (context.builder.getSnapshot() as { context: { design: CvDesign } }).context.design.photo,
              }),
            },
            'forgetSource',
          ],
        },
        onError: { target: 'cropping', actions: 'assignUnreadable' },
      },
    },
  },
});

export type PhotoEditorActor = ActorRefFrom<typeof photoEditorMachine>;
export type PhotoEditorSnapshot = SnapshotFrom<typeof photoEditorMachine>;
