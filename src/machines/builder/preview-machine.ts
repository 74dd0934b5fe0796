import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { apiClient } from '../../api/client';
import { refusalCodeOf } from '../../api/api-error';
import {
  previewPdfWithFit,
  previewText,
  previewWithFit,
  templatePreview,
  templatePreviewPdf,
  type AtsReport,
} from '../../api/preview';
import { PREVIEW_DEBOUNCE_MS } from '../../config/constants';
import type { TemplateSection } from '../../api/templates';
import type { Notice } from '../auth/auth-flow';
import { describePreviewProblem } from '../../cv/problems';
import type { CvLayout } from '../../api/cvs';
import { compactFormData, isFormDataEmpty, type CvFormData } from '../../cv/form-data';
import { EMPTY_LAYOUT, isDefaultLayout, layoutForServer } from '../../cv/layout';
import type { CvDesign } from '../../api/design';
import { PLAIN_DESIGN, isPlainDesign } from '../../cv/design';
import { msg, type Message } from '../../../rules/languages';

/** The HTML and PDF previews of the spec, and the ATS view: what a parser reads from the PDF. */
export type PreviewMode = 'html' | 'pdf' | 'ats';

export const PREVIEW_FAILED_MESSAGE = msg('Failed to generate preview');
export const PDF_PREVIEW_FAILED_MESSAGE = msg('Failed to generate PDF preview');
export const ATS_PREVIEW_FAILED_MESSAGE = msg('Failed to generate ATS view');

const FAILED_MESSAGES: Record<PreviewMode, string> = {
  html: PREVIEW_FAILED_MESSAGE,
  pdf: PDF_PREVIEW_FAILED_MESSAGE,
  ats: ATS_PREVIEW_FAILED_MESSAGE,
};
const FAILED_TITLES: Record<PreviewMode, string> = {
  html: msg('Preview Error'),
  pdf: msg('PDF Preview Error'),
  ats: msg('ATS View Error'),
};

/**
 * What the pane shows: the CV as HTML, as a PDF, or, before anything is typed, the template. The PDF stays a
 * Blob here: the viewer makes the object URL and gives it back when the PDF is replaced or the pane closes.
 */
export type PreviewResult =
  /** `fitsOnePage`: with fit to one page on, whether the CV fits; undefined otherwise. */
  | { kind: 'html'; html: string; fitsOnePage?: boolean }
  | { kind: 'pdf'; pdf: Blob; fitsOnePage?: boolean }
  | { kind: 'template'; templateName: string; iconUrl: string | null }
  /** What a parser reads and the checklist; none while nothing is entered (there is no CV to read yet). */
  | { kind: 'ats'; report?: AtsReport };

export interface PreviewInput {
  templateId: number;
  formData: CvFormData;
  /** The CV's own structure, applied by the server as it is to the downloads. */
  layout?: CvLayout;
  /** The CV's design settings, applied by the server as to the downloads. */
  design?: CvDesign;
  mode?: PreviewMode;
  /** The template's sections: a failure about one field is told by its section and label. */
  sections?: readonly TemplateSection[];
}

export interface PreviewContext {
  templateId: number;
  formData: CvFormData;
  layout: CvLayout;
  design: CvDesign;
  mode: PreviewMode;
  sections: readonly TemplateSection[];
  /** With fit to one page on, what the last HTML or PDF answer said: false is 'Needs 2 pages…'. */
  fitsOnePage?: boolean;
  result?: PreviewResult;
  /** What the pane and the toast say went wrong: English words, or a Message naming a field (cv/problems). */
  error?: Message;
}

export interface RenderPreviewInput {
  templateId: number;
  formData: CvFormData;
  layout?: CvLayout;
  design?: CvDesign;
  mode: PreviewMode;
}

export type PreviewEvent =
  | { type: 'form.change'; formData: CvFormData; layout?: CvLayout; design?: CvDesign }
  | {
      type: 'template.change';
      templateId: number;
      formData: CvFormData;
      layout?: CvLayout;
      design?: CvDesign;
      sections?: readonly TemplateSection[];
    }
  | { type: 'mode.switch'; mode: PreviewMode }
  | { type: 'preview.retry' };

export const PREVIEW_LOADING_TAG = 'loading';

/**
 * docs/behaviour.md#messages, in the person's words: a problem with one field names its section and label; anything
 * else is the flow's own message. The server's text (internal keys, engine errors) is never shown.
 */
export function previewFailureMessage(
  error: unknown,
  mode: PreviewMode,
  sections: readonly TemplateSection[] = [],
): Message {
  const serverMessage = (error as { serverMessage?: unknown } | null)?.serverMessage;
  const problem =
    typeof serverMessage === 'string'
      ? describePreviewProblem(serverMessage, sections, refusalCodeOf(error))
      : undefined;
  return problem ?? FAILED_MESSAGES[mode];
}

// docs/behaviour.md#live-preview, #validation-rules. Leaving a state stops its request: the actor's AbortSignal
// fires, so a newer request always aborts the older one and never two are in flight.
const previewSetup = setup({
  types: {
    context: {} as PreviewContext,
    events: {} as PreviewEvent,
    input: {} as PreviewInput,
    tags: {} as typeof PREVIEW_LOADING_TAG,
  },
  actors: {
    renderPreview: fromPromise<PreviewResult, RenderPreviewInput>(async ({ input, signal }) => {
      const request = {
        templateId: input.templateId,
        cvData: compactFormData(input.formData),
        ...(input.layout && !isDefaultLayout(input.layout) ? { layout: layoutForServer(input.layout) } : {}),
        ...(input.design && !isPlainDesign(input.design) ? { design: input.design } : {}),
      };
      if (input.mode === 'pdf') {
        const answer = await previewPdfWithFit(apiClient, request, { signal });
        return { kind: 'pdf', pdf: answer.pdf, fitsOnePage: answer.fitsOnePage };
      }
      if (input.mode === 'ats')
        return { kind: 'ats', report: await previewText(apiClient, request, { signal }) };
      const answer = await previewWithFit(apiClient, request, { signal });
      return { kind: 'html', html: answer.html, fitsOnePage: answer.fitsOnePage };
    }),
    renderTemplatePreview: fromPromise<PreviewResult, RenderPreviewInput>(async ({ input, signal }) => {
      if (input.mode === 'pdf')
        return { kind: 'pdf', pdf: await templatePreviewPdf(apiClient, input.templateId, { signal }) };
      if (input.mode === 'ats') return { kind: 'ats' };
      const answer = await templatePreview(apiClient, input.templateId, { signal });
      return { kind: 'template', templateName: answer.template_name, iconUrl: answer.icon_url ?? null };
    }),
  },
  actions: {
    assignFormData: assign(
      ({ context }, params: { formData: CvFormData; layout?: CvLayout; design?: CvDesign }) => {
        const design = params.design ?? context.design;
        return {
          formData: params.formData,
          layout: params.layout ?? context.layout,
          design,
          // Fit to one page turned off: nothing more to tell.
          fitsOnePage: design.fit_one_page ? context.fitsOnePage : undefined,
        };
      },
    ),
    assignTemplate: assign(
      ({ context }, params: { templateId: number; sections?: readonly TemplateSection[] }) => ({
        templateId: params.templateId,
        sections: params.sections ?? context.sections,
      }),
    ),
    assignMode: assign({ mode: (_, params: { mode: PreviewMode }) => params.mode }),
    assignResult: assign(({ context }, params: { result: PreviewResult }) => ({
      result: params.result,
      error: undefined,
      // The ATS view and the template alone do not say; the last answer that did stands.
      fitsOnePage:
        params.result.kind === 'html' || params.result.kind === 'pdf'
          ? context.design.fit_one_page
            ? params.result.fitsOnePage
            : undefined
          : context.fitsOnePage,
    })),
    assignError: assign({
      error: ({ context }, params: { error: unknown }) =>
        previewFailureMessage(params.error, context.mode, context.sections),
    }),
    notify: (_, _params: Notice) => undefined,
  },
  guards: {
    // A CV's own sections are content too, even before any template field is filled in.
    hasFormData: ({ context }) => !isFormDataEmpty(context.formData) || !isDefaultLayout(context.layout),
    isOtherMode: ({ context }, params: { mode: PreviewMode }) => params.mode !== context.mode,
  },
  delays: {
    previewDebounce: PREVIEW_DEBOUNCE_MS,
  },
});

/** One request under way; its answer is shown, its failure told. */
const rendering = (src: 'renderPreview' | 'renderTemplatePreview') =>
  previewSetup.createStateConfig({
    invoke: {
      src,
      input: ({ context }) => ({
        templateId: context.templateId,
        formData: context.formData,
        layout: context.layout,
        design: context.design,
        mode: context.mode,
      }),
      onDone: {
        target: '#preview.shown',
        actions: { type: 'assignResult', params: ({ event }) => ({ result: event.output }) },
      },
      onError: {
        target: '#preview.failed',
        actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
      },
    },
  });

export const previewMachine = previewSetup.createMachine({
  id: 'preview',
  context: ({ input }) => ({
    templateId: input.templateId,
    formData: input.formData,
    layout: input.layout ?? EMPTY_LAYOUT,
    design: input.design ?? PLAIN_DESIGN,
    mode: input.mode ?? 'html',
    sections: input.sections ?? [],
  }),
  initial: 'generating',
  on: {
    'form.change': {
      target: '.debouncing',
      actions: {
        type: 'assignFormData',
        params: ({ event }) => ({ formData: event.formData, layout: event.layout, design: event.design }),
      },
    },
    'template.change': {
      target: '.generating',
      reenter: true,
      actions: [
        {
          type: 'assignTemplate',
          params: ({ event }) => ({ templateId: event.templateId, sections: event.sections }),
        },
        {
          type: 'assignFormData',
          params: ({ event }) => ({ formData: event.formData, layout: event.layout, design: event.design }),
        },
      ],
    },
    'mode.switch': {
      guard: { type: 'isOtherMode', params: ({ event }) => ({ mode: event.mode }) },
      target: '.generating',
      reenter: true,
      actions: { type: 'assignMode', params: ({ event }) => ({ mode: event.mode }) },
    },
  },
  states: {
    /**
     * docs/behaviour.md#limits-and-timings: the preview follows typing 1000 ms after the last change; each
     * change starts the wait again.
     */
    debouncing: {
      tags: [PREVIEW_LOADING_TAG],
      on: {
        'form.change': {
          target: 'debouncing',
          reenter: true,
          actions: {
            type: 'assignFormData',
            params: ({ event }) => ({ formData: event.formData, layout: event.layout, design: event.design }),
          },
        },
      },
      after: { previewDebounce: 'generating' },
    },
    generating: {
      tags: [PREVIEW_LOADING_TAG],
      initial: 'choosing',
      states: {
        // docs/behaviour.md#validation-rules: form data is posted only if non-empty, otherwise a template-only
        // preview is fetched.
        choosing: {
          always: [{ guard: 'hasFormData', target: 'withFormData' }, { target: 'templateOnly' }],
        },
        withFormData: rendering('renderPreview'),
        templateOnly: rendering('renderTemplatePreview'),
      },
    },
    shown: {},
    failed: {
      entry: {
        type: 'notify',
        params: ({ context }) => ({
          title: FAILED_TITLES[context.mode],
          description: context.error,
          variant: 'destructive' as const,
        }),
      },
      on: { 'preview.retry': 'generating' },
    },
  },
});

export type PreviewActor = ActorRefFrom<typeof previewMachine>;
export type PreviewSnapshot = SnapshotFrom<typeof previewMachine>;
