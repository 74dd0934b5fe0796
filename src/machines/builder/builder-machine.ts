import { fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { apiClient } from '../../api/client';
import { getGeneratedCv, type SavedGeneratedCv } from '../../api/cvs';
import { fetchCvPhoto } from '../../api/photo';
import { getTemplate, listTemplates, type Template, type TemplateDetail } from '../../api/templates';
import { PLAIN_DESIGN } from '../../cv/design';
import { emptyHistory } from '../../cv/history';
import { mintDraftId, resolveBuilderTarget } from '../../cv/identity';
import { EMPTY_LAYOUT } from '../../cv/layout';
import { readDraft, removeDraft } from '../../drafts/draft';
import type { DraftWork } from '../../drafts/keep-draft';
import { hasUnsavedChanges, loadBuilderCv, type LoadedCv } from '../../drafts/load-cv';
import type { Notice } from '../auth/auth-flow';
import { deliveryMachine } from '../delivery/delivery-machine';
import {
  BUILDER_LOADING_TAG,
  LOAD_FAILED_NOTICE,
  SHOW_ADDRESS,
  sendFromBuilder,
  assignBuilder,
  targetOf,
  type BuilderArgs,
  type BuilderContext,
  type BuilderEvent,
  type BuilderInput,
  type BuilderStep,
  type BuilderTag,
  type LoadCvInput,
} from './builder-context';
import { deliveryActions, deliveryGuards, exportTransitions } from './delivery';
import { designActions, designGuards, designTransitions } from './design';
import { designPanelMachine } from './design-panel-machine';
import { previewViewMachine } from './preview-view-machine';
import { draftKeeperMachine, type DraftKeeperEvent } from './draft-keeper-machine';
import { historyActions, historyGuards, historyTransitions } from './history';
import { previewMachine, type PreviewEvent } from './preview-machine';
import { sectionFormMachine, type SectionFormOwner } from './section-form-machine';
import {
  importTransitions,
  sectionActions,
  sectionFormInputs,
  sectionGuards,
  sectionTransitions,
  templateRegion,
} from './sections';
import {
  lockRegion,
  lockTransitions,
  savedIdentity,
  savingActions,
  savingActors,
  savingGuards,
  savingRegion,
  tabStates,
} from './saving';
import { removalRegion, structureActions, structureGuards, structureTransitions } from './structure';
import { versionsMachine } from '../versions/versions-machine';

export {
  BUILDER_LOADING_TAG,
  BUILDER_SAVING_TAG,
  BUILDER_SWITCHING_TAG,
  LOAD_FAILED_NOTICE,
  type BuilderContext,
  type BuilderEvent,
  type BuilderInput,
  type BuilderStep,
  type Delivery,
  type LoadCvInput,
  type SaveCvInput,
} from './builder-context';
export {
  NAME_REQUIRED_NOTICE,
  OPEN_IN_ANOTHER_TAB_TEXT,
  SAVE_FAILED_NOTICE,
  savedNotice,
  saveWaitsForASection,
} from './saving';
export { deliversAfterSave } from './delivery';
export { DRAFT_WRITE_DELAY_MS } from './draft-keeper-machine';

function initialTarget(input: BuilderInput): Pick<BuilderContext, 'target' | 'addressError'> {
  try {
    return { target: resolveBuilderTarget(input.routeId, input.draftId) };
  } catch (error) {
    return { addressError: error instanceof Error ? error.message : String(error) };
  }
}

/** What the draft keeper is told: the part of the builder's state the draft is made of. */
function workOf(context: BuilderContext): DraftWork {
  return {
    identity: context.identity,
    cv: context.cv,
    formData: context.formData,
    stash: context.stash,
    layout: context.layout,
    design: context.design,
    layoutStash: context.layoutStash,
    entryCounts: context.entryCounts,
    completedSections: context.completedSections,
    expandedSections: context.expandedSections,
    isSaved: context.isSaved,
    isEditing: context.isEditing,
    unsaved: context.unsaved,
    base: context.base,
  };
}

/** A message to the draft keeper (./draft-keeper-machine), the builder's only writer to local storage. */
const toDraftKeeper = <P extends object | undefined = undefined>(
  event: (args: BuilderArgs, params: P) => DraftKeeperEvent,
) => sendFromBuilder<P>('draftKeeper', event);

const builderSetup = setup({
  types: {
    context: {} as BuilderContext,
    events: {} as BuilderEvent,
    input: {} as BuilderInput,
    tags: {} as BuilderTag,
  },
  actors: {
    loadCv: fromPromise<LoadedCv, LoadCvInput>(({ input, signal }) =>
      loadBuilderCv(
        input.target,
        {
          getGeneratedCv: (reference, abort) => getGeneratedCv(apiClient, reference, { signal: abort }),
          getPhoto: (reference, abort) => fetchCvPhoto(apiClient, reference, { signal: abort }),
          getTemplate: (id, abort) => getTemplate(apiClient, id, { signal: abort }),
          readDraft: (cvKey) => readDraft(input.owner, cvKey),
          removeDraft: (cvKey) => removeDraft(input.owner, cvKey),
          mintDraftId,
        },
        signal,
        input.pageSize,
        input.language,
        input.account,
      ),
    ),
    loadTemplate: fromPromise<TemplateDetail, { templateId: number }>(({ input, signal }) =>
      getTemplate(apiClient, input.templateId, { signal }),
    ),
    loadTemplates: fromPromise<Template[]>(({ signal }) => listTemplates(apiClient, { signal })),
    ...savingActors,
    sectionForm: sectionFormMachine,
    preview: previewMachine,
    downloads: deliveryMachine,
    designPanel: designPanelMachine,
    previewView: previewViewMachine,
    draftKeeper: draftKeeperMachine,
    versions: versionsMachine,
  },
  actions: {
    assignLoaded: assignBuilder(({ spawn, self }, loaded: LoadedCv) => ({
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
    assignTemplates: assignBuilder({ templates: (_, params: { templates: Template[] }) => params.templates }),
    sendFormToPreview: sendFromBuilder('preview', ({ context }): PreviewEvent => ({
      type: 'form.change',
      formData: context.formData,
      layout: context.layout,
      design: context.design,
    })),
    sendTemplateToPreview: sendFromBuilder('preview', ({ context }): PreviewEvent => ({
      type: 'template.change',
      templateId: context.cv.template,
      formData: context.formData,
      layout: context.layout,
      design: context.design,
      sections: context.template?.sections ?? [],
    })),
    // The draft keeper holds what the screen shows; it writes only while the builder edits (`ready`).
    tellDraftKeeper: toDraftKeeper(({ context }) => ({ type: 'draft.update', work: workOf(context) })),
    resumeDraftKeeper: toDraftKeeper(({ context }) => ({ type: 'draft.open', work: workOf(context) })),
    pauseDraftKeeper: toDraftKeeper(() => ({ type: 'draft.pause' })),
    markDraftChanged: toDraftKeeper(({ context }) => ({ type: 'draft.changed', work: workOf(context) })),
    flushDraft: toDraftKeeper(({ context }) => ({ type: 'draft.flush', work: workOf(context) })),
    discardDraftWrite: toDraftKeeper(() => ({ type: 'draft.discard' })),
    persistDraft: toDraftKeeper(({ context }) => ({ type: 'draft.write', work: workOf(context) })),
    handDraftOver: toDraftKeeper(({ context }) => ({ type: 'draft.handOver', work: workOf(context) })),
    /** 'Reload' after a conflict: this CV's unsaved edits give way to the other copy. */
    dropDraft: toDraftKeeper(({ context }) => ({ type: 'draft.drop', work: workOf(context) })),
    /** A new CV once saved is known by its uuid: the draft under its draft id goes (others stay). */
    dropReplacedDraft: toDraftKeeper(({ context }, saved: SavedGeneratedCv) => ({
      type: 'draft.replace',
      from: context.identity,
      to: savedIdentity(saved),
    })),
    /**
     * The address follows the CV without navigating (docs/behaviour.md#cv-builder); the route reads it back on a
     * reload. The route provides it (the browser's history); here it does nothing.
     */
    showAddress: (_, _params: { address?: string }) => undefined,
    // Template list failures are only logged: the switcher keeps the current template.
    logTemplatesFailure: (_, params: { error: unknown }) =>
      console.warn('Could not load the template list', params.error),
    notify: (_, _params: Notice) => undefined,
    ...savingActions,
    ...deliveryActions,
    ...sectionActions,
    ...structureActions,
    ...designActions,
    ...historyActions,
  },
  guards: {
    isAddressValid: ({ context }) => context.target !== undefined,
    ...savingGuards,
    ...deliveryGuards,
    ...sectionGuards,
    ...structureGuards,
    ...designGuards,
    ...historyGuards,
  },
});

/** A state of the builder, as its region modules (./saving, ./sections, ./structure…) write them. */
export type BuilderStateConfig = Parameters<typeof builderSetup.createStateConfig>[0];

/**
 * The CV builder (/dashboard/{id}): one CV, its sections, its structure and design, saved to the server and kept
 * as a draft in the browser.
 *
 * It reads the address (a template for a new CV, or a saved CV) and loads the CV, the person's draft of it first
 * if there is one. One tab of the browser edits a CV at a time: if another tab holds it, 'This CV is open in
 * another tab.' until 'Take over here'. While `ready`, four regions run side by side:
 * - **lock**: this tab holds the CV; another tab claiming it gets this tab's last words, then this tab stops.
 * - **saving**: 'Save CV' names the CV, then creates or updates it; a newer copy on the server is 'This CV was
 *   changed elsewhere.' (Reload or Overwrite). Download and Email save first when the screen shows unsaved changes.
 * - **template**: another template for the same CV; values it has no place for wait for a switch back.
 * - **removal**: deleting a section of the CV's own asks first.
 *
 * Whatever those regions are doing, the person can type in a section, complete it, open and close sections,
 * reorder, hide and rename them, add sections of the CV's own, change the design, import, export, undo and redo.
 * Each change is an undo step, reaches the preview, and is written to the draft a moment later.
 *
 * The section values have one owner: the builder's `formData`. A section form edits one section and reports each
 * edit, which the builder records; after an undo, a redo or an import the builder shows its values in the forms.
 *
 * Its children: a section form per section, the preview, the Design panel, the preview's view (a phone's form or
 * preview, the zoom), downloads, and the draft keeper, the only one that writes local storage — the draft a moment
 * after each change, at once when the page is hidden or closed, nothing once the person signs out. The route provides `notify` and `showAddress` (the address bar).
 */
export const builderMachine = builderSetup.createMachine({
  id: 'builder',
  context: ({ input }) => ({
    owner: input.owner,
    session: input.session,
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
  invoke: {
    id: 'draftKeeper',
    src: 'draftKeeper',
    input: ({ context }) => ({ owner: context.owner, session: context.session }),
  },
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
          // A new CV's personal details start from the person's account.
          account: context.session?.getSnapshot().context.profile,
        }),
        onDone: {
          target: 'checkingTabs',
          actions: [
            { type: 'assignLoaded', params: ({ event }) => event.output },
            SHOW_ADDRESS,
            'tellDraftKeeper',
          ],
        },
        onError: { target: 'failed', actions: { type: 'notify', params: LOAD_FAILED_NOTICE } },
      },
    },
    ...tabStates,
    failed: {
      on: { 'builder.retry': { guard: 'isAddressValid', target: 'loading' } },
    },
    ready: {
      type: 'parallel',
      entry: 'resumeDraftKeeper',
      exit: 'pauseDraftKeeper',
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
        { id: 'view', src: 'previewView' },
        { id: 'versions', src: 'versions' },
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
        ...sectionTransitions,
        ...structureTransitions,
        ...designTransitions,
        ...exportTransitions,
        ...importTransitions,
        ...historyTransitions,
        ...lockTransitions,
        'draft.flush': { actions: 'flushDraft' },
        // A version restored on the server (../versions/versions-machine) is the CV now: read it again.
        'versions.restored': { target: 'loading', actions: ['dropDraft', 'discardDraftWrite'] },
      },
      states: {
        lock: lockRegion,
        saving: savingRegion,
        template: templateRegion,
        removal: removalRegion,
      },
    },
  },
});

export type BuilderActor = ActorRefFrom<typeof builderMachine>;
export type BuilderSnapshot = SnapshotFrom<typeof builderMachine>;
