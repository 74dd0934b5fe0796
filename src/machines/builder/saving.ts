import { and, fromCallback, fromPromise, raise } from 'xstate';
import { isApiError, refusalCodeOf } from '../../api/api-error';
import { apiClient } from '../../api/client';
import {
  CV_CHANGED_STATUS,
  createGeneratedCv,
  updateGeneratedCv,
  type SavedGeneratedCv,
} from '../../api/cvs';
import { CV_REFUSAL_CODES, TEMPLATE_NO_LONGER_OFFERED } from '../../../rules/cv';
import { msg } from '../../../rules/languages';
import { designForServer } from '../../cv/design';
import { photoKey, photoSync, type PhotoSync } from '../../cv/photo';
import { dataUrlParts, deleteCvPhoto, uploadCvPhoto } from '../../api/photo';
import { cvFingerprint, entriesFromFormData } from '../../cv/form-data';
import type { CvIdentity } from '../../cv/identity';
import { isDefaultLayout, layoutForServer } from '../../cv/layout';
import { fieldProblems } from '../../cv/field-rules';
import { describeSaveProblem } from '../../cv/problems';
import { TAB_ID, hold, isHeldElsewhere, takeOver } from '../../drafts/edit-lock';
import { hasUnsavedChanges, type SavedBase } from '../../drafts/load-cv';
import type { Notice } from '../auth/auth-flow';
import {
  BUILDER_LOADING_TAG,
  BUILDER_SAVING_TAG,
  SHOW_ADDRESS,
  assignBuilder,
  lockKey,
  targetOf,
  type BuilderContext,
  type BuilderEvent,
  type SaveCvInput,
} from './builder-context';
import type { BuilderStateConfig } from './builder-machine';
import { deliveryTransitions, emailConfirmation } from './delivery';
import { copyName } from '../delivery/delivery-machine';

// Saving and its conflicts, and the one tab that edits a CV.
//
// 'Save CV' (or Ctrl/⌘+S) saves a CV that has a name at once; a new CV is named first. 'Rename' names a saved CV
// again and saves it; 'Save as…' makes a copy under another name, which the builder edits from then on (the
// original stays as it was last saved: docs/decisions/0041-saves-and-notices.md).
// A save creates the CV (POST) or updates it (PUT) against the version the edit started from;
// a newer copy on the server is 'This CV was changed elsewhere.' (412): Reload reads that copy, Overwrite saves
// over it. One tab of the browser edits a CV at a time: another tab holding it shows 'This CV is open in another
// tab.' until 'Take over here'; a tab that is claimed writes its draft for the other tab and stops editing.

export const NAME_REQUIRED_NOTICE: Notice = {
  title: msg('Validation Error'),
  description: msg('Please enter a name for your CV before saving.'),
  variant: 'warning',
};
export const SAVE_FAILED_NOTICE: Notice = {
  title: msg('Error'),
  description: msg('There was an issue saving your CV. Please try again.'),
  variant: 'destructive',
};
export function savedNotice(name: string): Notice {
  return {
    title: msg('CV Saved'),
    description: { id: msg('Your CV "{name}" has been saved successfully.'), values: { name } },
    variant: 'success',
  };
}
/**
 * Why Save is not offered yet: nothing is completed, so there is nothing to save. Said as text beside the Save bar,
 * not only as a disabled button's tooltip, which a phone never shows (docs/decisions/0044-cv-list-pages-and-phone-reasons.md).
 */
export function saveWaitsForASection(context: Pick<BuilderContext, 'completedSections'>): boolean {
  return context.completedSections.length === 0;
}

export const OPEN_IN_ANOTHER_TAB_TEXT = msg('This CV is open in another tab.');

function savePayload(context: BuilderContext): SaveCvInput {
  const { cv } = context;
  const copy = context.saveMode === 'copy';
  return {
    reference: copy ? undefined : (cv.id ?? cv.uuid),
    payload: {
      name: cv.name,
      template: cv.template,
      entries: entriesFromFormData(context.formData),
      // null gives a CV that had a structure of its own the template's back; an older server ignores the key.
      layout: isDefaultLayout(context.layout) ? null : layoutForServer(context.layout),
      // Likewise null gives a CV that had a design its template's look on A4 back.
      design: designForServer(context.design),
      // [extension] What this save's version is kept as; a server without versions ignores it.
      ...(context.importedSinceSave ? { version_reason: 'import' as const } : {}),
    },
    ...(context.base?.lastUpdated && !context.overwrite && !copy
      ? { ifLastUpdated: context.base.lastUpdated }
      : {}),
    ...photoOf(context, copy),
  };
}

/** What the save does with the photo, when anything: a photo that did not change is not sent again. */
function photoOf(context: BuilderContext, copy: boolean): { photo?: PhotoSync } {
  const sync = photoSync({
    image: context.design.photo.image,
    savedKey: context.base?.photo,
    fresh: copy || !isExisting(context),
  });
  return sync.kind === 'keep' ? {} : { photo: sync };
}

/**
 * The photo after the CV itself is saved: uploaded, removed or left. A photo that fails leaves the CV saved and
 * 'Unsaved changes' on (the next save tries again), rather than failing a save that happened.
 */
async function savePhoto(saved: SavedGeneratedCv, sync: PhotoSync | undefined): Promise<SavedCv> {
  if (!sync || sync.kind === 'keep') return saved;
  const reference = saved.uuid ?? saved.id;
  try {
    if (sync.kind === 'remove') await deleteCvPhoto(apiClient, reference);
    else {
      const image = dataUrlParts(sync.image);
      if (!image) return { ...saved, photoSaved: false };
      await uploadCvPhoto(apiClient, reference, image);
    }
    return saved;
  } catch {
    return { ...saved, photoSaved: false };
  }
}

/** A save's answer, and whether the photo was saved with it (false: it was not; see savePhoto). */
export type SavedCv = SavedGeneratedCv & { photoSaved?: false };

/** The save's failure in the person's words: which section and field, when the server says. */
function saveFailedNotice(context: BuilderContext, error: unknown): Notice {
  const problem = isApiError(error)
    ? describeSaveProblem(
        error.serverMessage ?? error.detail,
        entriesFromFormData(context.formData),
        context.template?.sections ?? [],
        refusalCodeOf(error),
      )
    : undefined;
  if (problem) return { ...SAVE_FAILED_NOTICE, description: problem };
  // A sentence the server words for people (rules/cv.ts): saying 'try again' would send them round in circles. Its
  // code says it in any language; an older server sends only the English words.
  if (
    isApiError(error) &&
    (refusalCodeOf(error) === CV_REFUSAL_CODES.templateNotOffered ||
      (error.serverMessage ?? error.detail) === TEMPLATE_NO_LONGER_OFFERED)
  )
    return { ...SAVE_FAILED_NOTICE, description: TEMPLATE_NO_LONGER_OFFERED };
  return SAVE_FAILED_NOTICE;
}

/** The identity a saved CV is known by from now on. */
export const savedIdentity = (saved: Pick<SavedGeneratedCv, 'uuid'>): CvIdentity => ({
  kind: 'saved',
  uuid: saved.uuid,
});

export const savingActors = {
  createCv: fromPromise<SavedCv, SaveCvInput>(async ({ input }) =>
    savePhoto(await createGeneratedCv(apiClient, input.payload), input.photo),
  ),
  updateCv: fromPromise<SavedCv, SaveCvInput>(async ({ input }) =>
    savePhoto(
      await updateGeneratedCv(apiClient, input.reference!, input.payload, {
        ifLastUpdated: input.ifLastUpdated,
      }),
      input.photo,
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
};

export const savingActions = {
  measureUnsaved: assignBuilder({ unsaved: ({ context }) => hasUnsavedChanges(context) }),
  openSaveDialog: assignBuilder({ saveName: ({ context }) => context.cv.name, saveMode: 'first' }),
  openRenameDialog: assignBuilder({ saveName: ({ context }) => context.cv.name, saveMode: 'rename' }),
  openCopyDialog: assignBuilder({ saveName: ({ context }) => copyName(context.cv.name), saveMode: 'copy' }),
  forgetSaveMode: assignBuilder({ saveMode: undefined }),
  assignSaveName: assignBuilder({ saveName: (_, params: { name: string }) => params.name }),
  // docs/behaviour.md#cv-editing-state: renaming marks the CV unsaved.
  renameCv: assignBuilder(({ context }) => {
    const name = context.saveName.trim();
    return name === context.cv.name ? {} : { cv: { ...context.cv, name }, isSaved: false };
  }),
  noteWhatIsSaved: assignBuilder({
    savingFingerprint: ({ context }) =>
      cvFingerprint(context.cv, context.formData, context.layout, context.design),
  }),
  allowOverwrite: assignBuilder({ overwrite: true }),
  /** After a save the CV is known by its uuid (its draft follows: see dropReplacedDraft). */
  assignSavedCv: assignBuilder(({ context }, saved: SavedCv) => {
    const identity = savedIdentity(saved);
    const cv = {
      ...context.cv,
      id: saved.id,
      uuid: saved.uuid,
      name: saved.name || context.cv.name,
      entries: saved.entries.map(({ value, index, section_field }) => ({ value, index, section_field })),
    };
    const photoFailed = saved.photoSaved === false;
    const base: SavedBase = {
      // A photo that was not saved keeps the CV unsaved.
      fingerprint: photoFailed
        ? ''
        : (context.savingFingerprint ?? cvFingerprint(cv, context.formData, context.layout, context.design)),
      ...(saved.last_updated ? { lastUpdated: saved.last_updated } : {}),
      ...((photoFailed ? context.base?.photo : photoKey(context.design.photo.image))
        ? { photo: photoFailed ? context.base!.photo! : photoKey(context.design.photo.image) }
        : {}),
    };
    const { formData, layout, design } = context;
    return {
      identity,
      target: targetOf(identity, cv.template),
      cv,
      base,
      unsaved: hasUnsavedChanges({ cv, formData, layout, design, base }),
      overwrite: false,
      savingFingerprint: undefined,
      importedSinceSave: false,
      saveMode: undefined,
      isSaved: true,
      isEditing: true,
    };
  }),
  rekeyLock: raise<BuilderContext, BuilderEvent, BuilderEvent, undefined, never, never>({
    type: 'lock.rekey',
  }),
};

export const savingGuards = {
  hasCompletedSection: ({ context }: { context: BuilderContext }) => context.completedSections.length > 0,
  /** Save is offered (a section is completed) and a value on screen breaks its field's rules. */
  mayPointAtProblem: ({ context }: { context: BuilderContext }) =>
    context.completedSections.length > 0 &&
    fieldProblems(context.template?.sections ?? [], context.formData).length > 0,
  isSaveNameBlank: ({ context }: { context: BuilderContext }) => context.saveName.trim() === '',
  isExistingCv: ({ context }: { context: BuilderContext }) => isExisting(context),
  isNewCv: ({ context }: { context: BuilderContext }) => !isExisting(context),
  /** A saved CV with a name: 'Save CV' saves it without asking. */
  isNamedExistingCv: ({ context }: { context: BuilderContext }) =>
    isExisting(context) && context.cv.name.trim() !== '',
  isSavingCopy: ({ context }: { context: BuilderContext }) => context.saveMode === 'copy',
  isSavingWithoutDialog: ({ context }: { context: BuilderContext }) => context.saveMode === undefined,
  isConflict: (_: unknown, params: { error: unknown }) =>
    isApiError(params.error) && params.error.status === CV_CHANGED_STATUS,
  isHeldElsewhere: (_: unknown, params: { held: boolean }) => params.held,
};

function isExisting(context: Pick<BuilderContext, 'cv'>): boolean {
  return context.cv.id !== undefined || context.cv.uuid !== undefined;
}

/** Sending the CV: the same answers whether it is created (POST) or updated (PUT). */
const sendingSave = (src: 'createCv' | 'updateCv') =>
  ({
    invoke: {
      src,
      input: ({ context }) => savePayload(context),
      onDone: {
        target: '#builder.ready.saving.idle',
        actions: [
          { type: 'dropReplacedDraft', params: ({ event }) => event.output },
          { type: 'assignSavedCv', params: ({ event }) => event.output },
          'rekeyLock',
          'discardDraftWrite',
          'persistDraft',
          SHOW_ADDRESS,
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
        // A save that asked for no name (a saved CV's 'Save CV') has no dialog to go back to.
        {
          guard: 'isSavingWithoutDialog',
          target: '#builder.ready.saving.idle',
          actions: [
            { type: 'notify', params: ({ context, event }) => saveFailedNotice(context, event.error) },
            'forgetSaveMode',
          ],
        },
        {
          target: '#builder.ready.saving.naming',
          actions: { type: 'notify', params: ({ context, event }) => saveFailedNotice(context, event.error) },
        },
      ],
    },
  }) satisfies BuilderStateConfig;

/** The name dialog's Save: a blank name is refused with a notice, any other is saved. */
const submitName = [
  { guard: 'isSaveNameBlank', actions: { type: 'notify', params: NAME_REQUIRED_NOTICE } },
  { target: 'saving', actions: ['renameCv', 'measureUnsaved', 'markDraftChanged'] },
] as const;

export const savingRegion = {
  initial: 'idle',
  states: {
    idle: {
      on: {
        'save.open': [
          // A value its field refuses would come back as the server's refusal: the field is shown instead.
          {
            guard: 'mayPointAtProblem',
            actions: [{ type: 'pointAtProblem', params: {} }, 'markDraftChanged'],
          },
          // A saved CV with a name: saved at once, no question asked.
          {
            guard: and(['hasCompletedSection', 'isNamedExistingCv']),
            target: 'saving',
            actions: ['measureUnsaved', 'markDraftChanged'],
          },
          { guard: 'hasCompletedSection', target: 'naming', actions: 'openSaveDialog' },
        ],
        'save.as': [
          {
            guard: and(['isExistingCv', 'mayPointAtProblem']),
            actions: [{ type: 'pointAtProblem', params: {} }, 'markDraftChanged'],
          },
          {
            guard: and(['isExistingCv', 'hasCompletedSection']),
            target: 'naming',
            actions: 'openCopyDialog',
          },
        ],
        'save.rename': [
          {
            guard: and(['isExistingCv', 'mayPointAtProblem']),
            actions: [{ type: 'pointAtProblem', params: {} }, 'markDraftChanged'],
          },
          { guard: 'isExistingCv', target: 'naming', actions: 'openRenameDialog' },
        ],
        ...deliveryTransitions,
      },
    },
    ...emailConfirmation,
    naming: {
      on: {
        'save.nameChange': {
          actions: { type: 'assignSaveName', params: ({ event }) => ({ name: event.name }) },
        },
        // A download or an email that waited for the name waits no more.
        'save.cancel': { target: 'idle', actions: ['forgetSaveMode', 'clearPendingDelivery'] },
        'save.submit': submitName,
        // Ctrl/⌘+S (or +Shift+S, the key that opens 'Save as…') with the name dialog open saves under the name
        // typed, as its Save button does: the key that asked for the name is the one pressed again to confirm it.
        'save.open': submitName,
        'save.as': submitName,
      },
    },
    saving: {
      tags: [BUILDER_SAVING_TAG],
      entry: 'noteWhatIsSaved',
      initial: 'choosing',
      states: {
        // docs/behaviour.md#saving: a new CV is created (POST), an existing one updated (PUT).
        // 'Save as…' creates a copy whatever the CV was.
        choosing: {
          always: [
            { guard: 'isSavingCopy', target: 'creating' },
            { guard: 'isExistingCv', target: 'updating' },
            { target: 'creating' },
          ],
        },
        creating: sendingSave('createCv'),
        updating: sendingSave('updateCv'),
      },
    },
    /** 'This CV was changed elsewhere.': reload the other copy, or save this one over it. */
    conflict: {
      // The name chosen is the CV's already: saving over the other copy asks for nothing more.
      entry: 'forgetSaveMode',
      on: {
        'save.reload': { target: '#builder.loading', actions: ['dropDraft', 'discardDraftWrite'] },
        'save.overwrite': { target: 'saving', actions: 'allowOverwrite' },
        'save.cancel': { target: 'idle', actions: 'clearPendingDelivery' },
      },
    },
  },
} satisfies BuilderStateConfig;

/** This tab holds the CV (under its identity's key; a new CV once saved is held by its uuid). */
export const lockRegion = {
  initial: 'holding',
  states: {
    holding: {
      invoke: { src: 'holdEditLock', input: ({ context }) => ({ key: lockKey(context) }) },
      on: { 'lock.rekey': { target: 'holding', reenter: true } },
    },
  },
} satisfies BuilderStateConfig;

/** While editing: another tab claiming the CV has its last words written for it before this one lets go. */
export const lockTransitions = {
  'lock.handedOver': { target: 'openElsewhere', actions: 'handDraftOver' },
  'lock.taken': 'openElsewhere',
} satisfies BuilderStateConfig['on'];

/** Before editing: one tab edits a CV at a time, and another tab may hold it already. */
export const tabStates = {
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
} satisfies BuilderStateConfig['states'];
