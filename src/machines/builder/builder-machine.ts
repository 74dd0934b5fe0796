import {
  assign,
  enqueueActions,
  fromCallback,
  fromPromise,
  raise,
  sendTo,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate';
import { isApiError } from '../../api/api-error';
import { apiClient } from '../../api/client';
import {
  CV_CHANGED_STATUS,
  type CvLayout,
  createGeneratedCv,
  getGeneratedCv,
  updateGeneratedCv,
  type CvFileFormat,
  type CvReference,
  type GeneratedCvPayload,
  type SavedGeneratedCv,
} from '../../api/cvs';
import {
  getTemplate,
  listTemplates,
  type Template,
  type TemplateDetail,
  type TemplateSection,
} from '../../api/templates';
import type { Notice } from '../auth/auth-flow';
import type { CvDataFormat } from '../../api/download';
import type { CvDesign } from '../../api/design';
import { TEMPLATE_NO_LONGER_OFFERED } from '../../../rules/cv';
import type { PageSize } from '../../../rules/design';
import { PLAIN_DESIGN, changeDesign, designForServer, isPlainDesign, resetDesign, sameDesign } from '../../cv/design';
import { deliveryMachine } from '../delivery/delivery-machine';
import { describeSaveProblem } from '../../cv/problems';
import { readDraft, removeDraft, writeDraft, type BuilderDraft } from '../../drafts/draft';
import { TAB_ID, hold, isHeldElsewhere, mayWrite, takeOver } from '../../drafts/edit-lock';
import {
  cvFingerprint,
  entriesFromFormData,
  entryCountOf,
  hasAnyValue,
  isFormDataEmpty,
  switchTemplateValues,
  type CvFormData,
} from '../../cv/form-data';
import {
  builderAddress,
  cvKeyOf,
  mintDraftId,
  resolveBuilderTarget,
  type BuilderTarget,
  type CvIdentity,
} from '../../cv/identity';
import {
  firstOpenSection,
  hasUnsavedChanges,
  loadBuilderCv,
  type BuilderCv,
  type LoadedCv,
  type SavedBase,
} from '../../drafts/load-cv';
import { emptyHistory, record, redo, undo, type History } from '../../cv/history';
import {
  EMPTY_LAYOUT,
  addCustomEntry,
  addCustomSection,
  canAddCustomSection,
  isDefaultLayout,
  isHidden,
  layoutForServer,
  layoutForTemplate,
  moveCustomEntry,
  moveSection,
  newCustomKey,
  removeCustomEntry,
  removeCustomSection,
  renameCustomSection,
  renameSection,
  setHidden,
  templateRef,
  updateCustomEntry,
  type CustomEntryField,
  type LayoutStash,
} from '../../cv/layout';
import { previewMachine } from './preview-machine';
import { designPanelMachine } from './design-panel-machine';
import {
  sectionFormMachine,
  type SectionFormActor,
  type SectionFormInput,
  type SectionFormOwner,
  type SectionFormReport,
} from './section-form-machine';

// Builder messages (docs/behaviour.md#messages; the README's Decisions for the ones it adds)
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
export const OPEN_IN_ANOTHER_TAB_TEXT = 'This CV is open in another tab.';

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
  /** A new CV's draft id (`?draft=`), minted when 'Create New CV' was clicked. */
  draftId?: string;
  /** The signed-in person's user id: drafts are theirs alone. */
  owner: string;
  /** A new CV's page size (issue 13): the route gives `pageSizeForLanguages(navigator.languages)`; A4 without. */
  pageSize?: PageSize;
  /** A new CV's language (issue 26): the route gives `newCvLanguage(navigator.languages)`; English without. */
  language?: string;
}

/** A download or an email asked for while the CV had unsaved changes: it follows the save. */
export type Delivery = { kind: 'download'; format: CvFileFormat } | { kind: 'email' };

export interface BuilderContext {
  owner: string;
  /** A new CV's page size (issue 13), from the browser's locale. */
  pageSize: PageSize;
  /** A new CV's language (issue 26), from the browser's languages. */
  language: string;
  /** What to load: the address's intent first, then the CV it turned out to be (a reload reopens the same). */
  target?: BuilderTarget;
  /** Set when the address cannot be a CV. */
  addressError?: string;
  identity?: CvIdentity;
  cv: BuilderCv;
  template?: TemplateDetail;
  /** One form actor per template section, in template order. */
  sectionForms: SectionFormActor[];
  /** Every section's values (docs/behaviour.md#form-data), mirrored from the section forms. */
  formData: CvFormData;
  /** Values the current template has no place for, kept for a switch back. */
  stash: CvFormData;
  /** How sections the current template has no place for were shaped (hidden, heading, place), for a switch back. */
  layoutStash: LayoutStash;
  entryCounts: number[];
  completedSections: number[];
  expandedSections: number[];
  isSaved: boolean;
  isEditing: boolean;
  /** The saved copy (what 'unsaved' is measured against, and the version a save is checked against). */
  base?: SavedBase;
  /** Whether the form differs from the saved copy. */
  unsaved: boolean;
  /** The text of the save dialog's 'CV Name' box. */
  saveName: string;
  /** What the save under way sends, so edits typed meanwhile stay unsaved. */
  savingFingerprint?: string;
  /** After 'This CV was changed elsewhere.', the person chose to save over the other copy. */
  overwrite: boolean;
  pendingDelivery?: Delivery;
  /** The templates the switcher offers. */
  templates: Template[];
  pendingTemplateId?: number;
  /** Where the work goes on after a section is completed: the next section's header takes the focus. */
  focusRequest?: { sectionIndex: number; sequence: number };
  /** The CV's own structure (issue 12): its section order, hidden sections, headings, sections of its own. */
  layout: CvLayout;
  /** The CV's design settings (issue 13): page size, margins, colour, font, sizes, fit to one page, direction. */
  design: CvDesign;
  /** The CV's own sections that are open, by key. */
  expandedCustom: string[];
  /** The CV's own section whose removal waits for the person's word. */
  removingCustom?: string;
  /** Undo and redo over the CV's values and structure alike (issue 12). */
  history: History<BuilderStep>;
}

/** What one step of the undo history puts back. */
export interface BuilderStep {
  formData: CvFormData;
  entryCounts: number[];
  layout: CvLayout;
  design: CvDesign;
}

export type BuilderEvent =
  | SectionFormReport
  | { type: 'section.toggle'; sectionIndex: number }
  | { type: 'save.open' }
  | { type: 'save.nameChange'; name: string }
  | { type: 'save.cancel' }
  | { type: 'save.submit' }
  | { type: 'save.reload' }
  | { type: 'save.overwrite' }
  | { type: 'cv.download'; format: CvFileFormat }
  | { type: 'cv.email' }
  /** JSON Resume, Markdown or plain text of what the screen shows (issue 14): no save needed, nothing leaves. */
  | { type: 'cv.export'; format: CvDataFormat }
  | { type: 'template.switch'; templateId: number }
  | { type: 'draft.changed' }
  | { type: 'draft.flush' }
  | { type: 'draft.discard' }
  /** The person signs out on purpose: their drafts are removed, and this builder writes none again. */
  | { type: 'draft.close' }
  /** Another tab claimed this CV: write the draft for it, then stop editing. */
  | { type: 'lock.handedOver' }
  /** Another tab took this CV while this one was quiet: its words are newer, write nothing. */
  | { type: 'lock.taken' }
  | { type: 'lock.takeOver' }
  /** The CV's identity changed (a new CV was saved): hold it under its new key. */
  | { type: 'lock.rekey' }
  | { type: 'builder.retry' }
  // The CV's own structure (issue 12). A section is named by its layout reference (a template section's id as
  // text, or a custom section's key); `toIndex` counts in the list after the pinned personal details.
  | { type: 'layout.moveSection'; ref: string; toIndex: number }
  | { type: 'layout.toggleHidden'; ref: string }
  | { type: 'layout.renameSection'; ref: string; title: string }
  | { type: 'section.moveEntry'; sectionIndex: number; from: number; to: number }
  | { type: 'custom.add' }
  | { type: 'custom.toggle'; key: string }
  | { type: 'custom.rename'; key: string; title: string }
  | { type: 'custom.remove'; key: string }
  | { type: 'custom.removeConfirm' }
  | { type: 'custom.removeCancel' }
  | { type: 'custom.entryAdd'; key: string }
  | { type: 'custom.entryRemove'; key: string; index: number }
  | {
      type: 'custom.entryChange';
      key: string;
      index: number;
      field: CustomEntryField;
      value: string | boolean;
    }
  | { type: 'custom.entryMove'; key: string; from: number; to: number }
  /** One or more design settings changed (issue 13); the same step as the change before it when `group` matches. */
  | { type: 'design.change'; change: Partial<CvDesign> }
  /** 'Reset to template defaults' (the page size stays). */
  | { type: 'design.reset' }
  | { type: 'history.undo' }
  | { type: 'history.redo' }
  /** An imported CV (issue 14) takes the place of the values and the structure on screen; Undo gives them back. */
  | { type: 'cv.import'; formData: CvFormData; layout: CvLayout };

export interface SaveCvInput {
  reference?: CvReference;
  payload: GeneratedCvPayload;
  /** The version the edit started from: the save is refused (412) if the server holds a newer one. */
  ifLastUpdated?: string;
}

export interface LoadCvInput {
  target: BuilderTarget;
  owner: string;
  /** A new CV's page size. */
  pageSize?: PageSize;
  /** A new CV's language (issue 26). */
  language?: string;
}

function toDraft(context: BuilderContext): BuilderDraft {
  const { name, template, id, uuid } = context.cv;
  return {
    version: 2,
    owner: context.owner,
    cv: { name, template, ...(id !== undefined ? { id } : {}), ...(uuid !== undefined ? { uuid } : {}) },
    formData: context.formData,
    ...(isDefaultLayout(context.layout) ? {} : { layout: context.layout }),
    ...(isPlainDesign(context.design) ? {} : { design: context.design }),
    stash: context.stash,
    ...(Object.keys(context.layoutStash).length > 0 ? { layoutStash: context.layoutStash } : {}),
    entryCounts: context.entryCounts,
    completedSections: context.completedSections,
    expandedSections: context.expandedSections,
    isSaved: context.isSaved,
    isEditing: context.isEditing,
    unsaved: context.unsaved,
    updatedAt: Date.now(),
    ...(context.base ? { base: context.base } : {}),
  };
}

/** A draft is worth keeping while it holds unsaved changes or values or shaping waiting for another template. */
function needsDraft(context: BuilderContext): boolean {
  return context.unsaved || !isFormDataEmpty(context.stash) || Object.keys(context.layoutStash).length > 0;
}

/** The name under which tabs agree who edits this CV. */
function lockKey(context: Pick<BuilderContext, 'owner' | 'identity'>): string {
  return `${context.owner}:${cvKeyOf(context.identity!)}`;
}

/**
 * Writes this CV's draft, or removes it when nothing in it differs from the saved copy. A tab that another tab
 * has taken the CV from writes nothing (unless it is handing over): the other tab's words are newer.
 */
function storeDraft(context: BuilderContext, handingOver = false): void {
  if (!context.identity) return;
  if (!handingOver && !mayWrite(lockKey(context), TAB_ID)) return;
  const key = cvKeyOf(context.identity);
  if (needsDraft(context)) writeDraft(context.owner, key, toDraft(context));
  else removeDraft(context.owner, key);
}

function savePayload(context: BuilderContext): SaveCvInput {
  const { cv } = context;
  return {
    reference: cv.id ?? cv.uuid,
    payload: {
      name: cv.name,
      template: cv.template,
      entries: entriesFromFormData(context.formData),
      // null gives a CV that had a structure of its own the template's back; an older server ignores the key.
      layout: isDefaultLayout(context.layout) ? null : layoutForServer(context.layout),
      // Likewise null gives a CV that had a design its template's look on A4 back.
      design: designForServer(context.design),
    },
    ...(context.base?.lastUpdated && !context.overwrite ? { ifLastUpdated: context.base.lastUpdated } : {}),
  };
}

/** A reload reopens the CV that was loaded, not what the address first asked for (a bare number, `?new`). */
function targetOf(identity: CvIdentity, templateId: number): BuilderTarget {
  return identity.kind === 'saved'
    ? { kind: 'saved', reference: identity.uuid }
    : { kind: 'new', templateId, draftId: identity.draftId };
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

/** The state one undo step puts back. */
function stepOf(context: BuilderContext): BuilderStep {
  return {
    formData: context.formData,
    entryCounts: context.entryCounts,
    layout: context.layout,
    design: context.design,
  };
}

/**
 * The undo group of a section's change: typing in one field (one key whose value changed) continues the step
 * of the keystroke before it; anything else (an entry added, removed or moved) is a step of its own.
 */
function fieldChangeGroup(
  context: BuilderContext,
  report: Extract<SectionFormReport, { type: 'section.changed' }>,
): string | undefined {
  const section = context.template?.sections[report.sectionIndex];
  if (!section || report.entryCount !== context.entryCounts[report.sectionIndex]) return undefined;
  const before = context.formData[section.name] ?? {};
  const keys = new Set([...Object.keys(before), ...Object.keys(report.values)]);
  const changed = [...keys].filter((key) => (before[key] ?? '') !== (report.values[key] ?? ''));
  return changed.length === 1 ? `field:${report.sectionIndex}:${changed[0]}` : undefined;
}

function initialTarget(input: BuilderInput): Pick<BuilderContext, 'target' | 'addressError'> {
  try {
    return { target: resolveBuilderTarget(input.routeId, input.draftId) };
  } catch (error) {
    return { addressError: error instanceof Error ? error.message : String(error) };
  }
}

const builderSetup = setup({
  types: {
    context: {} as BuilderContext,
    events: {} as BuilderEvent,
    input: {} as BuilderInput,
    tags: {} as typeof BUILDER_LOADING_TAG | typeof BUILDER_SAVING_TAG | typeof BUILDER_SWITCHING_TAG,
  },
  actors: {
    loadCv: fromPromise<LoadedCv, LoadCvInput>(({ input, signal }) =>
      loadBuilderCv(
        input.target,
        {
          getGeneratedCv: (reference, abort) => getGeneratedCv(apiClient, reference, { signal: abort }),
          getTemplate: (id, abort) => getTemplate(apiClient, id, { signal: abort }),
          readDraft: (cvKey) => readDraft(input.owner, cvKey),
          removeDraft: (cvKey) => removeDraft(input.owner, cvKey),
          mintDraftId,
        },
        signal,
        input.pageSize,
        input.language,
      ),
    ),
    /** Whether another tab of this browser is editing this CV. */
    checkEditLock: fromPromise<boolean, { key: string }>(async ({ input }) =>
      isHeldElsewhere(input.key, TAB_ID),
    ),
    takeOverEditLock: fromPromise<void, { key: string }>(({ input, signal }) =>
      takeOver(input.key, TAB_ID, signal),
    ),
    /** Holds the CV for this tab; another tab claiming or taking it is `lock.handedOver` / `lock.taken`. */
    holdEditLock: fromCallback<{ type: 'lock.handedOver' } | { type: 'lock.taken' }, { key: string }>(
      ({ input, sendBack }) =>
        hold(input.key, TAB_ID, (loss) =>
          sendBack({ type: loss === 'handedOver' ? 'lock.handedOver' : 'lock.taken' }),
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
      updateGeneratedCv(apiClient, input.reference!, input.payload, { ifLastUpdated: input.ifLastUpdated }),
    ),
    sectionForm: sectionFormMachine,
    preview: previewMachine,
    downloads: deliveryMachine,
    designPanel: designPanelMachine,
  },
  actions: {
    assignLoaded: assign(({ spawn, self }, loaded: LoadedCv) => ({
      identity: loaded.identity,
      target: targetOf(loaded.identity, loaded.cv.template),
      cv: loaded.cv,
      template: loaded.template,
      formData: loaded.formData,
      stash: loaded.stash,
      layoutStash: loaded.layoutStash ?? {},
      entryCounts: loaded.entryCounts,
      completedSections: loaded.completedSections,
      expandedSections: loaded.expandedSections,
      isSaved: loaded.isSaved,
      isEditing: loaded.isEditing,
      base: loaded.base,
      layout: loaded.layout,
      design: loaded.design ?? PLAIN_DESIGN,
      expandedCustom: [],
      history: emptyHistory<BuilderStep>(),
      unsaved: hasUnsavedChanges(loaded),
      overwrite: false,
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
    measureUnsaved: assign({ unsaved: ({ context }) => hasUnsavedChanges(context) }),
    // docs/behaviour.md#sections: completed, collapsed, and the next one expanded.
    completeSection: assign(({ context }, params: { sectionIndex: number }) => {
      const next = params.sectionIndex + 1;
      const sectionCount = context.sectionForms.length;
      const expanded = withoutIndex(context.expandedSections, params.sectionIndex);
      return {
        completedSections: context.completedSections.includes(params.sectionIndex)
          ? context.completedSections
          : [...context.completedSections, params.sectionIndex].sort((a, b) => a - b),
        expandedSections: next < sectionCount && !expanded.includes(next) ? [...expanded, next] : expanded,
        // The next section's header, or this one's when it was the last.
        focusRequest: {
          sectionIndex: next < sectionCount ? next : params.sectionIndex,
          sequence: (context.focusRequest?.sequence ?? 0) + 1,
        },
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
      layout: context.layout,
      design: context.design,
    })),
    sendTemplateToPreview: sendTo('preview', ({ context }) => ({
      type: 'template.change' as const,
      templateId: context.cv.template,
      formData: context.formData,
      layout: context.layout,
      design: context.design,
      sections: context.template?.sections ?? [],
    })),
    // ── the CV's own structure and the undo history (issue 12) ──
    recordStep: assign({
      history: ({ context }, params: { group?: string }) =>
        record(context.history, stepOf(context), params.group),
    }),
    recordFieldStep: assign({
      history: ({ context }, report: Extract<SectionFormReport, { type: 'section.changed' }>) =>
        record(context.history, stepOf(context), fieldChangeGroup(context, report)),
    }),
    changeDesign: assign({
      design: ({ context }, params: { change: Partial<CvDesign> }) => changeDesign(context.design, params.change),
    }),
    resetDesign: assign({ design: ({ context }) => resetDesign(context.design) }),
    clearHistory: assign({ history: () => emptyHistory<BuilderStep>() }),
    moveSection: assign({
      layout: ({ context }, params: { ref: string; toIndex: number }) =>
        moveSection(context.layout, context.template?.sections ?? [], params.ref, params.toIndex),
    }),
    toggleHidden: assign({
      layout: ({ context }, params: { ref: string }) =>
        setHidden(context.layout, params.ref, !isHidden(context.layout, params.ref)),
    }),
    renameSection: assign({
      layout: ({ context }, params: { ref: string; title: string }) =>
        renameSection(context.layout, params.ref, params.title),
    }),
    forwardEntryMove: sendTo(
      ({ context }, params: { sectionIndex: number; from: number; to: number }) =>
        context.sectionForms[params.sectionIndex]!,
      (_, params: { sectionIndex: number; from: number; to: number }) => ({
        type: 'entry.move' as const,
        from: params.from,
        to: params.to,
      }),
    ),
    addCustomSection: assign(({ context }) => {
      const key = newCustomKey(context.layout);
      return {
        layout: addCustomSection(context.layout, key),
        expandedCustom: [...context.expandedCustom, key],
      };
    }),
    toggleCustom: assign({
      expandedCustom: ({ context }, params: { key: string }) =>
        context.expandedCustom.includes(params.key)
          ? context.expandedCustom.filter((key) => key !== params.key)
          : [...context.expandedCustom, params.key],
    }),
    renameCustomSection: assign({
      layout: ({ context }, params: { key: string; title: string }) =>
        renameCustomSection(context.layout, params.key, params.title),
    }),
    askCustomRemoval: assign({ removingCustom: (_, params: { key: string }) => params.key }),
    forgetCustomRemoval: assign({ removingCustom: undefined }),
    removeCustomSection: assign(({ context }) => ({
      layout: removeCustomSection(context.layout, context.removingCustom ?? ''),
      expandedCustom: context.expandedCustom.filter((key) => key !== context.removingCustom),
      removingCustom: undefined,
    })),
    addCustomEntry: assign({
      layout: ({ context }, params: { key: string }) => addCustomEntry(context.layout, params.key),
    }),
    removeCustomEntry: assign({
      layout: ({ context }, params: { key: string; index: number }) =>
        removeCustomEntry(context.layout, params.key, params.index),
    }),
    changeCustomEntry: assign({
      layout: (
        { context },
        params: { key: string; index: number; field: CustomEntryField; value: string | boolean },
      ) => updateCustomEntry(context.layout, params.key, params.index, params.field, params.value),
    }),
    moveCustomEntry: assign({
      layout: ({ context }, params: { key: string; from: number; to: number }) =>
        moveCustomEntry(context.layout, params.key, params.from, params.to),
    }),
    undoStep: assign(({ context }) => {
      const step = undo(context.history, stepOf(context));
      return step ? { ...step.state, history: step.history } : {};
    }),
    redoStep: assign(({ context }) => {
      const step = redo(context.history, stepOf(context));
      return step ? { ...step.state, history: step.history } : {};
    }),
    applyImport: assign(({ context }, params: { formData: CvFormData; layout: CvLayout }) => {
      const sections = context.template?.sections ?? [];
      const formData = Object.fromEntries(
        sections.map((section) => [section.name, params.formData[section.name] ?? {}]),
      );
      const completedSections = sections.flatMap((section, index) =>
        hasAnyValue(formData[section.name]) ? [index] : [],
      );
      return {
        formData,
        layout: params.layout,
        entryCounts: sections.map((section) => entryCountOf(formData[section.name])),
        completedSections,
        expandedSections: firstOpenSection(sections.length, completedSections),
        expandedCustom: [],
        stash: {},
        layoutStash: {},
      };
    }),
    /** After an undo or a redo, each section form shows the values put back. */
    restoreSectionForms: enqueueActions(({ context, enqueue }) => {
      const builder = context as BuilderContext;
      builder.template?.sections.forEach((section: TemplateSection, index: number) => {
        const form = builder.sectionForms[index];
        if (!form) return;
        enqueue.sendTo(form, {
          type: 'values.restore',
          values: builder.formData[section.name] ?? {},
          entryCount: builder.entryCounts[index] ?? 1,
        } as never);
      });
    }) as never,
    forwardDelivery: sendTo('downloads', ({ context }, params: Delivery) =>
      // docs/behaviour.md#cv-builder: delivery needs the CV saved with a uuid; the download machine tells the
      // person otherwise.
      params.kind === 'download'
        ? {
            type: 'download.request' as const,
            format: params.format,
            uuid: context.cv.uuid,
            name: context.cv.name,
          }
        : { type: 'email.request' as const, uuid: context.cv.uuid, name: context.cv.name },
    ),
    forwardExport: sendTo('downloads', ({ context }, params: { format: CvDataFormat }) => ({
      type: 'export.request' as const,
      format: params.format,
      source: {
        name: context.cv.name,
        templateId: context.cv.template,
        sections: context.template?.sections ?? [],
        formData: context.formData,
        layout: context.layout,
      },
    })),
    assignPendingDelivery: assign({ pendingDelivery: (_, params: Delivery) => params }),
    deliverPending: enqueueActions(({ context, enqueue }) => {
      if (context.pendingDelivery) enqueue({ type: 'forwardDelivery', params: context.pendingDelivery });
      enqueue.assign({ pendingDelivery: undefined });
    }) as never,
    clearPendingDelivery: assign({ pendingDelivery: undefined }),
    markDraftChanged: raise({ type: 'draft.changed' }),
    discardDraftWrite: raise({ type: 'draft.discard' }),
    persistDraft: ({ context }) => storeDraft(context),
    handDraftOver: ({ context }) => storeDraft(context, true),
    rekeyLock: raise({ type: 'lock.rekey' }),
    /** 'Reload' after a conflict: this CV's unsaved edits give way to the other copy. */
    dropDraft: ({ context }) => {
      if (context.identity) removeDraft(context.owner, cvKeyOf(context.identity));
    },
    openSaveDialog: assign({ saveName: ({ context }) => context.cv.name }),
    assignSaveName: assign({ saveName: (_, params: { name: string }) => params.name }),
    // docs/behaviour.md#cv-editing-state: renaming marks the CV unsaved.
    renameCv: assign(({ context }) => {
      const name = context.saveName.trim();
      return name === context.cv.name ? {} : { cv: { ...context.cv, name }, isSaved: false };
    }),
    noteWhatIsSaved: assign({
      savingFingerprint: ({ context }) =>
        cvFingerprint(context.cv, context.formData, context.layout, context.design),
    }),
    allowOverwrite: assign({ overwrite: true }),
    /**
     * After a save the CV is known by its uuid: the draft of the new CV is removed and only this CV's draft is kept
     * (if anything still needs it); every other draft and preference in local storage stays as it was.
     */
    assignSavedCv: assign(({ context }, saved: SavedGeneratedCv) => {
      const previous = context.identity;
      const identity: CvIdentity = { kind: 'saved', uuid: saved.uuid };
      if (previous && cvKeyOf(previous) !== cvKeyOf(identity)) removeDraft(context.owner, cvKeyOf(previous));
      const cv = {
        ...context.cv,
        id: saved.id,
        uuid: saved.uuid,
        name: saved.name || context.cv.name,
        entries: saved.entries.map(({ value, index, section_field }) => ({ value, index, section_field })),
      };
      const base: SavedBase = {
        fingerprint:
          context.savingFingerprint ?? cvFingerprint(cv, context.formData, context.layout, context.design),
        ...(saved.last_updated ? { lastUpdated: saved.last_updated } : {}),
      };
      return {
        identity,
        target: targetOf(identity, cv.template),
        cv,
        base,
        unsaved: hasUnsavedChanges({
          cv,
          formData: context.formData,
          layout: context.layout,
          design: context.design,
          base,
        }),
        overwrite: false,
        savingFingerprint: undefined,
        isSaved: true,
        isEditing: true,
      };
    }),
    assignPendingTemplate: assign({
      pendingTemplateId: (_, params: { templateId: number }) => params.templateId,
    }),
    // docs/behaviour.md#cv-builder: switching template keeps every value whose field name exists in the new
    // template; the rest wait in the stash for a template that has a place for them. The CV stays the same CV.
    switchTemplate: assign(({ context, spawn, self }, template: TemplateDetail) => {
      const { formData, stash } = switchTemplateValues(
        context.template?.sections ?? [],
        template.sections,
        context.formData,
        context.stash,
      );
      const sections = template.sections;
      const entryCounts = sections.map((section) => entryCountOf(formData[section.name]));
      const completedSections = sections.flatMap((section, index) =>
        hasAnyValue(formData[section.name]) ? [index] : [],
      );
      const cv = { ...context.cv, template: template.id };
      const from = context.template?.sections ?? [];
      const shaped = layoutForTemplate(context.layout, from, sections, context.layoutStash);
      return {
        template,
        cv,
        // The CV's own sections and order carry over; the template's sections follow their match (see layout).
        layout: shaped.layout,
        layoutStash: shaped.stash,
        history: emptyHistory<BuilderStep>(),
        target: context.identity ? targetOf(context.identity, template.id) : context.target,
        formData,
        stash,
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
    /**
     * The address follows the CV without navigating (docs/behaviour.md#cv-builder); the route reads it back on
     * a reload.
     */
    showAddress: ({ context }) => {
      if (typeof window === 'undefined' || !context.identity) return;
      const address = builderAddress(context.identity, context.cv.template);
      if (`${window.location.pathname}${window.location.search}` !== address)
        window.history.replaceState(window.history.state, '', address);
    },
    // Template list failures are only logged: the switcher keeps the current template.
    logTemplatesFailure: (_, params: { error: unknown }) =>
      console.warn('Could not load the template list', params.error),
    notify: (_, _params: Notice) => undefined,
  },
  guards: {
    isAddressValid: ({ context }) => context.target !== undefined,
    /** A required section, and the pinned personal details, stay shown. */
    canHide: ({ context }, params: { ref: string }) => {
      const sections = context.template?.sections ?? [];
      const index = sections.findIndex((section) => templateRef(section) === params.ref);
      if (index === 0) return false;
      if (index > 0) return !sections[index]!.is_required;
      return context.layout.custom_sections.some((section) => section.key === params.ref);
    },
    canAddCustom: ({ context }) => canAddCustomSection(context.layout),
    /** A design event that would change nothing records no undo step. */
    changesDesign: ({ context }, params: { change: Partial<CvDesign> }) =>
      !sameDesign(changeDesign(context.design, params.change), context.design),
    canResetDesign: ({ context }) => !sameDesign(resetDesign(context.design), context.design),
    canUndo: ({ context }) => context.history.past.length > 0,
    canRedo: ({ context }) => context.history.future.length > 0,
    hasCompletedSection: ({ context }) => context.completedSections.length > 0,
    isSaveNameBlank: ({ context }) => context.saveName.trim() === '',
    isExistingCv: ({ context }) => context.cv.id !== undefined || context.cv.uuid !== undefined,
    isOtherTemplate: ({ context }, params: { templateId: number }) =>
      params.templateId !== context.cv.template,
    isHeldElsewhere: (_, params: { held: boolean }) => params.held,
    /** docs/behaviour.md#validation-rules: a download or an email needs a saved CV with a uuid. */
    hasSavedCopy: ({ context }) => context.cv.uuid !== undefined,
    mustSaveFirst: ({ context }) => savesBeforeDelivery(context),
    isDeliveryPending: ({ context }) => context.pendingDelivery !== undefined,
    isConflict: (_, params: { error: unknown }) =>
      isApiError(params.error) && params.error.status === CV_CHANGED_STATUS,
  },
  delays: {
    draftWrite: DRAFT_WRITE_DELAY_MS,
  },
});

/** The save's failure in the person's words: which section and field, when the server says. */
function saveFailedNotice(context: BuilderContext, error: unknown): Notice {
  const problem = isApiError(error)
    ? describeSaveProblem(
        error.serverMessage ?? error.detail,
        entriesFromFormData(context.formData),
        context.template?.sections ?? [],
      )
    : undefined;
  if (problem) return { ...SAVE_FAILED_NOTICE, description: problem };
  // A sentence the server words for people (rules/cv.ts): saying 'try again' would send them round in circles.
  if (isApiError(error) && (error.serverMessage ?? error.detail) === TEMPLATE_NO_LONGER_OFFERED)
    return { ...SAVE_FAILED_NOTICE, description: TEMPLATE_NO_LONGER_OFFERED };
  return SAVE_FAILED_NOTICE;
}

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
          'rekeyLock',
          'discardDraftWrite',
          'persistDraft',
          'showAddress',
          { type: 'notify', params: ({ context }) => savedNotice(context.cv.name) },
          'deliverPending',
        ],
      },
      onError: [
        {
          guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
          target: '#builder.ready.saving.conflict',
        },
        {
          guard: 'isDeliveryPending',
          target: '#builder.ready.saving.idle',
          actions: [
            { type: 'notify', params: ({ context, event }) => saveFailedNotice(context, event.error) },
            'clearPendingDelivery',
          ],
        },
        {
          target: '#builder.ready.saving.naming',
          actions: { type: 'notify', params: ({ context, event }) => saveFailedNotice(context, event.error) },
        },
      ],
    },
  });

/** After any change of the CV's values or structure: is it unsaved now, the preview, the draft. */
const STRUCTURE_CHANGED = ['measureUnsaved', 'sendFormToPreview', 'markDraftChanged'] as const;

/**
 * Download or email, once the CV is saved: straight away when the saved copy is what the screen shows, else after
 * saving it. Before the first save neither is possible (the view asks `snapshot.can`).
 */
const deliver = (delivery: (event: BuilderEvent) => Delivery) => [
  {
    guard: 'mustSaveFirst' as const,
    target: 'saving' as const,
    actions: [
      {
        type: 'assignPendingDelivery' as const,
        params: ({ event }: { event: BuilderEvent }) => delivery(event),
      },
      'markDraftChanged' as const,
    ],
  },
  {
    guard: 'hasSavedCopy' as const,
    actions: {
      type: 'forwardDelivery' as const,
      params: ({ event }: { event: BuilderEvent }) => delivery(event),
    },
  },
];

export const builderMachine = builderSetup.createMachine({
  id: 'builder',
  context: ({ input }) => ({
    owner: input.owner,
    pageSize: input.pageSize ?? PLAIN_DESIGN.page_size,
    language: input.language ?? PLAIN_DESIGN.language,
    ...initialTarget(input),
    cv: { name: '', template: 0, entries: [] },
    sectionForms: [],
    formData: {},
    stash: {},
    layoutStash: {},
    entryCounts: [],
    completedSections: [],
    expandedSections: [],
    isSaved: false,
    isEditing: false,
    unsaved: false,
    overwrite: false,
    saveName: '',
    templates: [],
    layout: EMPTY_LAYOUT,
    design: PLAIN_DESIGN,
    expandedCustom: [],
    history: emptyHistory<BuilderStep>(),
  }),
  initial: 'checkingAddress',
  states: {
    checkingAddress: {
      always: [{ guard: 'isAddressValid', target: 'loading' }, { target: 'failed' }],
    },
    loading: {
      tags: [BUILDER_LOADING_TAG],
      entry: 'stopSectionForms',
      invoke: {
        src: 'loadCv',
        input: ({ context }) => ({
          target: context.target!,
          owner: context.owner,
          pageSize: context.pageSize,
          language: context.language,
        }),
        onDone: {
          target: 'checkingTabs',
          actions: [{ type: 'assignLoaded', params: ({ event }) => event.output }, 'showAddress'],
        },
        onError: { target: 'failed', actions: { type: 'notify', params: LOAD_FAILED_NOTICE } },
      },
    },
    /** One tab edits a CV at a time: another tab may hold it already. */
    checkingTabs: {
      tags: [BUILDER_LOADING_TAG],
      invoke: {
        src: 'checkEditLock',
        input: ({ context }) => ({ key: lockKey(context) }),
        onDone: [
          {
            guard: { type: 'isHeldElsewhere', params: ({ event }) => ({ held: event.output }) },
            target: 'openElsewhere',
          },
          { target: 'ready' },
        ],
        onError: 'ready',
      },
    },
    /** 'This CV is open in another tab.': nothing here is edited until this tab takes it over. */
    openElsewhere: {
      on: { 'lock.takeOver': 'takingOver' },
    },
    takingOver: {
      tags: [BUILDER_LOADING_TAG],
      invoke: {
        src: 'takeOverEditLock',
        input: ({ context }) => ({ key: lockKey(context) }),
        // The other tab wrote its draft before letting go: reading the CV again picks its last words up.
        onDone: 'loading',
        onError: 'loading',
      },
    },
    failed: {
      on: { 'builder.retry': { guard: 'isAddressValid', target: 'loading' } },
    },
    ready: {
      type: 'parallel',
      invoke: [
        {
          id: 'preview',
          src: 'preview',
          input: ({ context }) => ({
            templateId: context.cv.template,
            formData: context.formData,
            layout: context.layout,
            design: context.design,
            sections: context.template?.sections ?? [],
          }),
        },
        { id: 'downloads', src: 'downloads' },
        { id: 'design', src: 'designPanel' },
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
            { type: 'recordFieldStep', params: ({ event }) => event },
            { type: 'assignSectionValues', params: ({ event }) => event },
            'measureUnsaved',
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
        // ── the CV's own structure (issue 12): each change is an undo step, updates the preview and the draft ──
        'layout.moveSection': {
          actions: [
            { type: 'recordStep', params: {} },
            { type: 'moveSection', params: ({ event }) => ({ ref: event.ref, toIndex: event.toIndex }) },
            ...STRUCTURE_CHANGED,
          ],
        },
        'layout.toggleHidden': {
          guard: { type: 'canHide', params: ({ event }) => ({ ref: event.ref }) },
          actions: [
            { type: 'recordStep', params: {} },
            { type: 'toggleHidden', params: ({ event }) => ({ ref: event.ref }) },
            ...STRUCTURE_CHANGED,
          ],
        },
        'layout.renameSection': {
          actions: [
            { type: 'recordStep', params: ({ event }) => ({ group: `title:${event.ref}` }) },
            { type: 'renameSection', params: ({ event }) => ({ ref: event.ref, title: event.title }) },
            ...STRUCTURE_CHANGED,
          ],
        },
        // The section form reorders its values and reports them (section.changed): that report is the undo step.
        'section.moveEntry': {
          actions: {
            type: 'forwardEntryMove',
            params: ({ event }) => ({ sectionIndex: event.sectionIndex, from: event.from, to: event.to }),
          },
        },
        'custom.add': {
          guard: 'canAddCustom',
          actions: [{ type: 'recordStep', params: {} }, 'addCustomSection', ...STRUCTURE_CHANGED],
        },
        'custom.toggle': {
          actions: [
            { type: 'toggleCustom', params: ({ event }) => ({ key: event.key }) },
            'markDraftChanged',
          ],
        },
        'custom.rename': {
          actions: [
            { type: 'recordStep', params: ({ event }) => ({ group: `custom-title:${event.key}` }) },
            { type: 'renameCustomSection', params: ({ event }) => ({ key: event.key, title: event.title }) },
            ...STRUCTURE_CHANGED,
          ],
        },
        'custom.entryAdd': {
          actions: [
            { type: 'recordStep', params: {} },
            { type: 'addCustomEntry', params: ({ event }) => ({ key: event.key }) },
            ...STRUCTURE_CHANGED,
          ],
        },
        'custom.entryRemove': {
          actions: [
            { type: 'recordStep', params: {} },
            { type: 'removeCustomEntry', params: ({ event }) => ({ key: event.key, index: event.index }) },
            ...STRUCTURE_CHANGED,
          ],
        },
        'custom.entryChange': {
          actions: [
            {
              type: 'recordStep',
              params: ({ event }) => ({ group: `custom:${event.key}:${event.index}:${event.field}` }),
            },
            {
              type: 'changeCustomEntry',
              params: ({ event }) => ({
                key: event.key,
                index: event.index,
                field: event.field,
                value: event.value,
              }),
            },
            ...STRUCTURE_CHANGED,
          ],
        },
        'custom.entryMove': {
          actions: [
            { type: 'recordStep', params: {} },
            {
              type: 'moveCustomEntry',
              params: ({ event }) => ({ key: event.key, from: event.from, to: event.to }),
            },
            ...STRUCTURE_CHANGED,
          ],
        },
        // ── the CV's design (issue 13): an undo step, the preview and the draft, as any other change ──
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
            ...STRUCTURE_CHANGED,
          ],
        },
        'design.reset': {
          guard: 'canResetDesign',
          actions: [{ type: 'recordStep', params: {} }, 'resetDesign', ...STRUCTURE_CHANGED],
        },
        'cv.export': {
          actions: { type: 'forwardExport', params: ({ event }) => ({ format: event.format }) },
        },
        'cv.import': {
          actions: [
            { type: 'recordStep', params: {} },
            {
              type: 'applyImport',
              params: ({ event }) => ({ formData: event.formData, layout: event.layout }),
            },
            'restoreSectionForms',
            ...STRUCTURE_CHANGED,
          ],
        },
        'history.undo': {
          guard: 'canUndo',
          actions: ['undoStep', 'restoreSectionForms', ...STRUCTURE_CHANGED],
        },
        'history.redo': {
          guard: 'canRedo',
          actions: ['redoStep', 'restoreSectionForms', ...STRUCTURE_CHANGED],
        },
        // Another tab claimed this CV: its last words are written for that tab before this one lets go.
        'lock.handedOver': { target: 'openElsewhere', actions: 'handDraftOver' },
        'lock.taken': 'openElsewhere',
      },
      states: {
        /** This tab holds the CV (under its identity's key; a new CV once saved is held by its uuid). */
        lock: {
          initial: 'holding',
          states: {
            holding: {
              invoke: { src: 'holdEditLock', input: ({ context }) => ({ key: lockKey(context) }) },
              on: { 'lock.rekey': { target: 'holding', reenter: true } },
            },
          },
        },
        saving: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'save.open': { guard: 'hasCompletedSection', target: 'naming', actions: 'openSaveDialog' },
                'cv.download': deliver((event) => ({
                  kind: 'download',
                  format: (event as Extract<BuilderEvent, { type: 'cv.download' }>).format,
                })),
                'cv.email': deliver(() => ({ kind: 'email' })),
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
                  { target: 'saving', actions: ['renameCv', 'measureUnsaved', 'markDraftChanged'] },
                ],
              },
            },
            saving: {
              tags: [BUILDER_SAVING_TAG],
              entry: 'noteWhatIsSaved',
              initial: 'choosing',
              states: {
                // docs/behaviour.md#saving: a new CV is created (POST), an existing one updated (PUT).
                choosing: {
                  always: [{ guard: 'isExistingCv', target: 'updating' }, { target: 'creating' }],
                },
                creating: sendingSave('createCv'),
                updating: sendingSave('updateCv'),
              },
            },
            /** 'This CV was changed elsewhere.': reload the other copy, or save this one over it. */
            conflict: {
              on: {
                'save.reload': { target: '#builder.loading', actions: ['dropDraft', 'discardDraftWrite'] },
                'save.overwrite': { target: 'saving', actions: 'allowOverwrite' },
                'save.cancel': { target: 'idle', actions: 'clearPendingDelivery' },
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
                    'measureUnsaved',
                    'sendTemplateToPreview',
                    'showAddress',
                    'markDraftChanged',
                  ],
                },
                onError: { target: 'idle', actions: { type: 'notify', params: LOAD_FAILED_NOTICE } },
              },
            },
          },
        },
        /** Removing a section of the CV's own asks first. */
        removal: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'custom.remove': {
                  target: 'confirming',
                  actions: { type: 'askCustomRemoval', params: ({ event }) => ({ key: event.key }) },
                },
              },
            },
            confirming: {
              on: {
                'custom.removeConfirm': {
                  target: 'idle',
                  actions: [{ type: 'recordStep', params: {} }, 'removeCustomSection', ...STRUCTURE_CHANGED],
                },
                'custom.removeCancel': { target: 'idle', actions: 'forgetCustomRemoval' },
              },
            },
          },
        },
        // The CV and form state are persisted locally while editing (docs/behaviour.md#cv-editing-state), a
        // moment after each change.
        draft: {
          initial: 'clean',
          states: {
            clean: {
              on: {
                'draft.changed': 'pending',
                'draft.flush': { actions: 'persistDraft' },
                'draft.close': 'closed',
              },
            },
            pending: {
              after: { draftWrite: { target: 'clean', actions: 'persistDraft' } },
              on: {
                'draft.discard': 'clean',
                'draft.flush': { target: 'clean', actions: 'persistDraft' },
                'draft.close': 'closed',
              },
            },
            closed: {},
          },
        },
      },
    },
  },
});

export type BuilderActor = ActorRefFrom<typeof builderMachine>;
export type BuilderSnapshot = SnapshotFrom<typeof builderMachine>;

/** Delivering now would send the last saved copy while the screen shows newer text: Download and Email save first. */
function savesBeforeDelivery(context: Pick<BuilderContext, 'cv' | 'unsaved'>): boolean {
  return context.cv.uuid !== undefined && context.unsaved;
}

/** What Download and Email say they do (they save first when the screen shows changes the saved copy lacks). */
export function deliversAfterSave(snapshot: BuilderSnapshot): boolean {
  return savesBeforeDelivery(snapshot.context);
}
