import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { apiClient } from '../../api/client';
import {
  previewCoverLetter,
  previewCoverLetterPdf,
  type CoverLetterPreviewRequest,
} from '../../api/cover-letters';
import { PREVIEW_DEBOUNCE_MS } from '../../config/constants';
import { serverMessageOr, type Notice } from '../auth/auth-flow';
import { msg } from '../../../rules/languages';

export type LetterPreviewMode = 'html' | 'pdf';

export const LETTER_PREVIEW_FAILED_MESSAGE = msg('Failed to generate preview');
export const LETTER_PDF_PREVIEW_FAILED_MESSAGE = msg('Failed to generate PDF preview');

export type LetterPreviewResult = { kind: 'html'; html: string } | { kind: 'pdf'; pdf: Blob };

export interface LetterPreviewContext {
  letter: CoverLetterPreviewRequest;
  mode: LetterPreviewMode;
  result?: LetterPreviewResult;
  error?: string;
}

export type LetterPreviewEvent =
  | { type: 'letter.change'; letter: CoverLetterPreviewRequest }
  /** The look changed (another CV or template): shown at once, with no typing to wait for. */
  | { type: 'letter.restyle'; letter: CoverLetterPreviewRequest }
  | { type: 'mode.switch'; mode: LetterPreviewMode }
  | { type: 'preview.retry' };

export const LETTER_PREVIEW_LOADING_TAG = 'loading';

/**
 * The letter's live preview, as the CV builder's (src/machines/builder/preview-machine.ts): the letter as HTML or
 * as a PDF, in the linked CV's template and design (or its own template). Typing waits for the same pause as the
 * CV builder's preview (PREVIEW_DEBOUNCE_MS) and each change starts the wait again; choosing another CV or template
 * shows it at once. Leaving a state stops its request, so a newer request always aborts the older one.
 */
export const letterPreviewMachine = setup({
  types: {
    context: {} as LetterPreviewContext,
    events: {} as LetterPreviewEvent,
    input: {} as { letter: CoverLetterPreviewRequest; mode?: LetterPreviewMode },
    tags: {} as typeof LETTER_PREVIEW_LOADING_TAG,
  },
  actors: {
    renderLetter: fromPromise<
      LetterPreviewResult,
      { letter: CoverLetterPreviewRequest; mode: LetterPreviewMode }
    >(async ({ input, signal }) =>
      input.mode === 'pdf'
        ? { kind: 'pdf', pdf: await previewCoverLetterPdf(apiClient, input.letter, { signal }) }
        : { kind: 'html', html: await previewCoverLetter(apiClient, input.letter, { signal }) },
    ),
  },
  actions: {
    assignLetter: assign({ letter: (_, params: { letter: CoverLetterPreviewRequest }) => params.letter }),
    assignMode: assign({ mode: (_, params: { mode: LetterPreviewMode }) => params.mode }),
    assignResult: assign({
      result: (_, params: { result: LetterPreviewResult }) => params.result,
      error: undefined,
    }),
    assignError: assign({
      error: ({ context }, params: { error: unknown }) =>
        serverMessageOr(
          params.error,
          context.mode === 'pdf' ? LETTER_PDF_PREVIEW_FAILED_MESSAGE : LETTER_PREVIEW_FAILED_MESSAGE,
        ),
    }),
    notify: (_, _params: Notice) => undefined,
  },
  guards: {
    isOtherMode: ({ context }, params: { mode: LetterPreviewMode }) => params.mode !== context.mode,
  },
  delays: { previewDebounce: PREVIEW_DEBOUNCE_MS },
}).createMachine({
  id: 'letterPreview',
  context: ({ input }) => ({ letter: input.letter, mode: input.mode ?? 'html' }),
  initial: 'generating',
  on: {
    'letter.change': {
      target: '.debouncing',
      reenter: true,
      actions: { type: 'assignLetter', params: ({ event }) => ({ letter: event.letter }) },
    },
    'letter.restyle': {
      target: '.generating',
      reenter: true,
      actions: { type: 'assignLetter', params: ({ event }) => ({ letter: event.letter }) },
    },
    'mode.switch': {
      guard: { type: 'isOtherMode', params: ({ event }) => ({ mode: event.mode }) },
      target: '.generating',
      reenter: true,
      actions: { type: 'assignMode', params: ({ event }) => ({ mode: event.mode }) },
    },
  },
  states: {
    debouncing: {
      tags: [LETTER_PREVIEW_LOADING_TAG],
      after: { previewDebounce: 'generating' },
    },
    generating: {
      tags: [LETTER_PREVIEW_LOADING_TAG],
      invoke: {
        src: 'renderLetter',
        input: ({ context }) => ({ letter: context.letter, mode: context.mode }),
        onDone: {
          target: 'shown',
          actions: { type: 'assignResult', params: ({ event }) => ({ result: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    shown: {},
    failed: {
      entry: {
        type: 'notify',
        params: ({ context }) => ({
          title: context.mode === 'pdf' ? msg('PDF Preview Error') : msg('Preview Error'),
          description: context.error,
          variant: 'destructive' as const,
        }),
      },
      on: { 'preview.retry': 'generating' },
    },
  },
});

export type LetterPreviewActor = ActorRefFrom<typeof letterPreviewMachine>;
export type LetterPreviewSnapshot = SnapshotFrom<typeof letterPreviewMachine>;
