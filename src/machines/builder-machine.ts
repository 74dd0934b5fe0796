import {
  assign,
  enqueueActions,
  fromPromise,
  raise,
  sendTo,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate';
import { apiClient } from '../api/client';
import {
  createGeneratedCv,
  getGeneratedCv,
  updateGeneratedCv,
  type CvFileFormat,
  type CvReference,
  type GeneratedCvPayload,
  type SavedGeneratedCv,
} from '../api/cvs';
import {
  getTemplate,
  listTemplates,
  type Template,
  type TemplateDetail,
  type TemplateSection,
} from '../api/templates';
import type { Notice } from './auth-flow';
import { builderDownloadMachine } from './builder-download-machine';
import { readDraft, removeDraft, writeDraft, type BuilderDraft } from './builder/draft';
import {
  entriesFromFormData,
  entryCountOf,
  hasAnyValue,
  remapFormData,
  type CvFormData,
} from './builder/form-data';
import { firstOpenSection, loadBuilderCv, type BuilderCv, type LoadedCv } from './builder/load-cv';
import { previewMachine } from './preview-machine';
import {
  sectionFormMachine,
  type SectionFormActor,
  type SectionFormInput,
  type SectionFormOwner,
  type SectionFormReport,
} from './section-form-machine';
import { clearLocalStorageExceptUserId } from './storage';

// spec §8 builder messages
export const LOAD_FAILED_NOTICE: Notice = {
  title: 'Error',
  description: 'Failed to load CV data. Please try again.',
  variant: 'destructive',
};
export const NAME_REQUIRED_NOTICE: Notice = {
  title: 'Validation Error',
  description: 'Please enter a name for your CV before saving.',
  variant: 'warning',
};
export const SAVE_FAILED_NOTICE: Notice = {
  title: 'Error',
  description: 'There was an issue saving your CV. Please try again.',
  variant: 'destructive',
};
export function savedNotice(name: string): Notice {
  return {
    title: 'CV Saved',
    description: `Your CV "${name}" has been saved successfully.`,
    variant: 'success',
  };
}

/**
 * How long edits wait before they are written to local storage. Short, so a crash loses almost nothing; the
 * page also flushes on reload and close. Writes are throttled, not debounced: continuous typing still saves.
 */
export const DRAFT_WRITE_DELAY_MS = 300;

export const BUILDER_LOADING_TAG = 'loading';
export const BUILDER_SAVING_TAG = 'saving';
export const BUILDER_SWITCHING_TAG = 'switching';

export interface BuilderInput {
  /** The id in the address /dashboard/{id}: a template id, or a generated CV's id or uuid. */
  routeId: string;
}

export interface BuilderContext {
  routeId: string;
  cv: BuilderCv;
  template?: TemplateDetail;
  /** One form actor per template section, in template order. */
  sectionForms: SectionFormActor[];
  /** Every section's values (spec §3 Form data), mirrored from the section forms. */
  formData: CvFormData;
  entryCounts: number[];
  completedSections: number[];
  expandedSections: number[];
  isSaved: boolean;
  isEditing: boolean;
  /** The text of the save dialog's 'CV Name' box. */
  saveName: string;
  /** The templates the switcher offers. */
  templates: Template[];
  pendingTemplateId?: number;
}

export type BuilderEvent =
  | SectionFormReport
  | { type: 'section.toggle'; sectionIndex: number }
  | { type: 'save.open' }
  | { type: 'save.nameChange'; name: string }
  | { type: 'save.cancel' }
  | { type: 'save.submit' }
  | { type: 'cv.download'; format: CvFileFormat }
  | { type: 'template.switch'; templateId: number }
  | { type: 'draft.changed' }
  | { type: 'draft.flush' }
  | { type: 'draft.discard' }
  | { type: 'builder.retry' };

export interface SaveCvInput {
  reference?: CvReference;
  payload: GeneratedCvPayload;
}

function toDraft(context: BuilderContext): BuilderDraft {
  const { name, template, id, uuid } = context.cv;
  return {
    version: 1,
    cv: { name, template, ...(id !== undefined ? { id } : {}), ...(uuid !== undefined ? { uuid } : {}) },
    formData: context.formData,
    entryCounts: context.entryCounts,
    completedSections: context.completedSections,
    expandedSections: context.expandedSections,
    isSaved: context.isSaved,
    isEditing: context.isEditing,
  };
}

function savePayload(context: BuilderContext): SaveCvInput {
  const { cv } = context;
  return {
    reference: cv.id ?? cv.uuid,
    payload: { name: cv.name, template: cv.template, entries: entriesFromFormData(context.formData) },
  };
}

/** What each section's form starts with: its section, its values and how many entries it shows. */
function sectionFormInputs(
  owner: SectionFormOwner,
  sections: readonly TemplateSection[],
  state: { formData: CvFormData; entryCounts: readonly number[] },
): SectionFormInput[] {
  return sections.map((section, sectionIndex) => ({
    owner,
    sectionIndex,
    section,
    values: state.formData[section.name] ?? {},
    entryCount: state.entryCounts[sectionIndex] ?? 1,
  }));
}

const withoutIndex = (indexes: readonly number[], index: number) =>
  indexes.filter((candidate) => candidate !== index);

const builderSetup = setup({
  types: {
    context: {} as BuilderContext,
    events: {} as BuilderEvent,
    input: {} as BuilderInput,
    tags: {} as typeof BUILDER_LOADING_TAG | typeof BUILDER_SAVING_TAG | typeof BUILDER_SWITCHING_TAG,
  },
  actors: {
    loadCv: fromPromise<LoadedCv, { routeId: string }>(({ input, signal }) =>
      loadBuilderCv(
        input.routeId,
        {
          getGeneratedCv: (reference, abort) => getGeneratedCv(apiClient, reference, { signal: abort }),
          getTemplate: (id, abort) => getTemplate(apiClient, id, { signal: abort }),
          readDraft,
          removeDraft,
        },
        signal,
      ),
    ),
    loadTemplate: fromPromise<TemplateDetail, { templateId: number }>(({ input, signal }) =>
      getTemplate(apiClient, input.templateId, { signal }),
    ),
    loadTemplates: fromPromise<Template[]>(({ signal }) => listTemplates(apiClient, { signal })),
    createCv: fromPromise<SavedGeneratedCv, SaveCvInput>(({ input }) =>
      createGeneratedCv(apiClient, input.payload),
    ),
    updateCv: fromPromise<SavedGeneratedCv, SaveCvInput>(({ input }) =>
      updateGeneratedCv(apiClient, input.reference!, input.payload),
    ),
    sectionForm: sectionFormMachine,
    preview: previewMachine,
    downloads: builderDownloadMachine,
  },
  actions: {
    assignLoaded: assign(({ spawn, self }, loaded: LoadedCv) => ({
      cv: loaded.cv,
      template: loaded.template,
      formData: loaded.formData,
      entryCounts: loaded.entryCounts,
      completedSections: loaded.completedSections,
      expandedSections: loaded.expandedSections,
      isSaved: loaded.isSaved,
      isEditing: loaded.isEditing,
      sectionForms: sectionFormInputs(self as SectionFormOwner, loaded.template.sections, loaded).map(
        (input) => spawn('sectionForm', { input }),
      ),
    })),
    // The cast works around a known TypeScript limit of enqueueActions inside setup() (statelyai/xstate#4545):
    // without it the whole machine's types collapse.
    stopSectionForms: enqueueActions(({ context, enqueue }) => {
      for (const form of context.sectionForms) enqueue.stopChild(form);
    }) as never,
    assignSectionValues: assign(
      ({ context }, report: Extract<SectionFormReport, { type: 'section.changed' }>) => {
        const section = context.template?.sections[report.sectionIndex];
        if (!section) return {};
        const entryCounts = [...context.entryCounts];
        entryCounts[report.sectionIndex] = report.entryCount;
        return { formData: { ...context.formData, [section.name]: report.values }, entryCounts };
      },
    ),
    // spec §4 Sections: completed, collapsed, and the next one expanded.
    completeSection: assign(({ context }, params: { sectionIndex: number }) => {
      const next = params.sectionIndex + 1;
      const sectionCount = context.sectionForms.length;
      const expanded = withoutIndex(context.expandedSections, params.sectionIndex);
      return {
        completedSections: context.completedSections.includes(params.sectionIndex)
          ? context.completedSections
          : [...context.completedSections, params.sectionIndex].sort((a, b) => a - b),
        expandedSections: next < sectionCount && !expanded.includes(next) ? [...expanded, next] : expanded,
      };
    }),
    toggleSection: assign({
      expandedSections: ({ context }, params: { sectionIndex: number }) =>
        context.expandedSections.includes(params.sectionIndex)
          ? withoutIndex(context.expandedSections, params.sectionIndex)
          : [...context.expandedSections, params.sectionIndex],
    }),
    sendFormToPreview: sendTo('preview', ({ context }) => ({
      type: 'form.change' as const,
      formData: context.formData,
    })),
    sendTemplateToPreview: sendTo('preview', ({ context }) => ({
      type: 'template.change' as const,
      templateId: context.cv.template,
      formData: context.formData,
    })),
    forwardDownload: sendTo('downloads', ({ context }, params: { format: CvFileFormat }) => ({
      type: 'download.request' as const,
      format: params.format,
      // spec §2: download needs the CV saved and with a uuid; a renamed, unsaved CV waits for its save.
      uuid: context.isSaved ? context.cv.uuid : undefined,
      name: context.cv.name,
    })),
    markDraftChanged: raise({ type: 'draft.changed' }),
    discardDraftWrite: raise({ type: 'draft.discard' }),
    persistDraft: ({ context }) => writeDraft(context.routeId, toDraft(context)),
    // spec §4 Saving: local storage is cleared, except for the stored user id.
    clearLocalStorage: () => clearLocalStorageExceptUserId(),
    openSaveDialog: assign({ saveName: ({ context }) => context.cv.name }),
    assignSaveName: assign({ saveName: (_, params: { name: string }) => params.name }),
    // spec §4: renaming marks the CV unsaved.
    renameCv: assign(({ context }) => {
      const name = context.saveName.trim();
      return name === context.cv.name ? {} : { cv: { ...context.cv, name }, isSaved: false };
    }),
    assignSavedCv: assign(({ context }, saved: SavedGeneratedCv) => ({
      cv: {
        ...context.cv,
        id: saved.id,
        uuid: saved.uuid,
        name: saved.name || context.cv.name,
        entries: saved.entries.map(({ value, index, section_field }) => ({ value, index, section_field })),
      },
      routeId: saved.uuid,
      isSaved: true,
      isEditing: true,
    })),
    assignPendingTemplate: assign({
      pendingTemplateId: (_, params: { templateId: number }) => params.templateId,
    }),
    // spec §2: switching template keeps every value whose field name exists in the new template.
    switchTemplate: assign(({ context, spawn, self }, template: TemplateDetail) => {
      const formData = remapFormData(context.template?.sections ?? [], template.sections, context.formData);
      const sections = template.sections;
      const entryCounts = sections.map((section) => entryCountOf(formData[section.name]));
      const completedSections = sections.flatMap((section, index) =>
        hasAnyValue(formData[section.name]) ? [index] : [],
      );
      return {
        template,
        cv: { ...context.cv, template: template.id },
        routeId: String(template.id),
        formData,
        entryCounts,
        completedSections,
        expandedSections: firstOpenSection(sections.length, completedSections),
        pendingTemplateId: undefined,
        sectionForms: sectionFormInputs(self as SectionFormOwner, sections, { formData, entryCounts }).map(
          (input) => spawn('sectionForm', { input }),
        ),
      };
    }),
    assignTemplates: assign({ templates: (_, params: { templates: Template[] }) => params.templates }),
    /** spec §2: the address follows the CV (/dashboard/{templateId} after a switch) without navigating. */
    replaceAddress: (_, params: { routeId: string }) => {
      if (typeof window === 'undefined') return;
      window.history.replaceState(
        window.history.state,
        '',
        `/dashboard/${encodeURIComponent(params.routeId)}`,
      );
    },
    // spec §8: template list failures are only logged.
    logTemplatesFailure: (_, params: { error: unknown }) =>
      console.warn('Could not load the template list', params.error),
    notify: (_, _params: Notice) => undefined,
  },
  guards: {
    hasCompletedSection: ({ context }) => context.completedSections.length > 0,
    isSaveNameBlank: ({ context }) => context.saveName.trim() === '',
    isExistingCv: ({ context }) => context.cv.id !== undefined || context.cv.uuid !== undefined,
    isOtherTemplate: ({ context }, params: { templateId: number }) =>
      params.templateId !== context.cv.template,
  },
  delays: {
    draftWrite: DRAFT_WRITE_DELAY_MS,
  },
});

/** Sending the CV: the same answers whether it is created (POST) or updated (PUT). */
const sendingSave = (src: 'createCv' | 'updateCv') =>
  builderSetup.createStateConfig({
    invoke: {
      src,
      input: ({ context }) => savePayload(context),
      onDone: {
        target: '#builder.ready.saving.idle',
        actions: [
          { type: 'assignSavedCv', params: ({ event }) => event.output },
          'clearLocalStorage',
          'discardDraftWrite',
          { type: 'replaceAddress', params: ({ event }) => ({ routeId: event.output.uuid }) },
          { type: 'notify', params: ({ context }) => savedNotice(context.cv.name) },
        ],
      },
      onError: {
        target: '#builder.ready.saving.naming',
        actions: { type: 'notify', params: SAVE_FAILED_NOTICE },
      },
    },
  });

export const builderMachine = builderSetup.createMachine({
  id: 'builder',
  context: ({ input }) => ({
    routeId: input.routeId,
    cv: { name: '', template: 0, entries: [] },
    sectionForms: [],
    formData: {},
    entryCounts: [],
    completedSections: [],
    expandedSections: [],
    isSaved: false,
    isEditing: false,
    saveName: '',
    templates: [],
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: [BUILDER_LOADING_TAG],
      invoke: {
        src: 'loadCv',
        input: ({ context }) => ({ routeId: context.routeId }),
        onDone: { target: 'ready', actions: { type: 'assignLoaded', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'notify', params: LOAD_FAILED_NOTICE } },
      },
    },
    failed: {
      on: { 'builder.retry': 'loading' },
    },
    ready: {
      type: 'parallel',
      invoke: [
        {
          id: 'preview',
          src: 'preview',
          input: ({ context }) => ({ templateId: context.cv.template, formData: context.formData }),
        },
        { id: 'downloads', src: 'downloads' },
        {
          src: 'loadTemplates',
          onDone: {
            actions: { type: 'assignTemplates', params: ({ event }) => ({ templates: event.output }) },
          },
          onError: {
            actions: { type: 'logTemplatesFailure', params: ({ event }) => ({ error: event.error }) },
          },
        },
      ],
      on: {
        'section.changed': {
          actions: [
            { type: 'assignSectionValues', params: ({ event }) => event },
            'sendFormToPreview',
            'markDraftChanged',
          ],
        },
        'section.submitted': {
          actions: [
            { type: 'completeSection', params: ({ event }) => ({ sectionIndex: event.sectionIndex }) },
            'markDraftChanged',
          ],
        },
        'section.toggle': {
          actions: [
            { type: 'toggleSection', params: ({ event }) => ({ sectionIndex: event.sectionIndex }) },
            'markDraftChanged',
          ],
        },
        'cv.download': {
          actions: { type: 'forwardDownload', params: ({ event }) => ({ format: event.format }) },
        },
      },
      states: {
        saving: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'save.open': { guard: 'hasCompletedSection', target: 'naming', actions: 'openSaveDialog' },
              },
            },
            naming: {
              on: {
                'save.nameChange': {
                  actions: { type: 'assignSaveName', params: ({ event }) => ({ name: event.name }) },
                },
                'save.cancel': 'idle',
                'save.submit': [
                  { guard: 'isSaveNameBlank', actions: { type: 'notify', params: NAME_REQUIRED_NOTICE } },
                  { target: 'saving', actions: ['renameCv', 'markDraftChanged'] },
                ],
              },
            },
            saving: {
              tags: [BUILDER_SAVING_TAG],
              initial: 'choosing',
              states: {
                // spec §4 Saving: a new CV is created (POST), an existing one updated (PUT).
                choosing: {
                  always: [{ guard: 'isExistingCv', target: 'updating' }, { target: 'creating' }],
                },
                creating: sendingSave('createCv'),
                updating: sendingSave('updateCv'),
              },
            },
          },
        },
        template: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'template.switch': {
                  guard: {
                    type: 'isOtherTemplate',
                    params: ({ event }) => ({ templateId: event.templateId }),
                  },
                  target: 'switching',
                  actions: {
                    type: 'assignPendingTemplate',
                    params: ({ event }) => ({ templateId: event.templateId }),
                  },
                },
              },
            },
            switching: {
              tags: [BUILDER_SWITCHING_TAG],
              invoke: {
                src: 'loadTemplate',
                input: ({ context }) => ({ templateId: context.pendingTemplateId! }),
                onDone: {
                  target: 'idle',
                  actions: [
                    'stopSectionForms',
                    { type: 'switchTemplate', params: ({ event }) => event.output },
                    'sendTemplateToPreview',
                    { type: 'replaceAddress', params: ({ context }) => ({ routeId: context.routeId }) },
                    'markDraftChanged',
                  ],
                },
                onError: { target: 'idle', actions: { type: 'notify', params: LOAD_FAILED_NOTICE } },
              },
            },
          },
        },
        // spec §4: the CV and form state are persisted locally while editing.
        draft: {
          initial: 'clean',
          states: {
            clean: {
              on: { 'draft.changed': 'pending' },
            },
            pending: {
              after: { draftWrite: { target: 'clean', actions: 'persistDraft' } },
              on: {
                'draft.flush': { target: 'clean', actions: 'persistDraft' },
                'draft.discard': 'clean',
              },
            },
          },
        },
      },
    },
  },
});

export type BuilderActor = ActorRefFrom<typeof builderMachine>;
export type BuilderSnapshot = SnapshotFrom<typeof builderMachine>;

/** spec §2: 'Save CV' is disabled until at least one section is completed. */
export function canSave(snapshot: BuilderSnapshot): boolean {
  return snapshot.matches({ ready: { saving: 'idle' } }) && snapshot.context.completedSections.length > 0;
}

/** spec §2: Download is disabled until the CV is saved and has a uuid. */
export function canDownload(snapshot: BuilderSnapshot): boolean {
  return snapshot.context.isSaved && snapshot.context.cv.uuid !== undefined;
}
