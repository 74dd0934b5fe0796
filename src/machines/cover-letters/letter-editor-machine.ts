import {
  assign,
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
  LETTER_CHANGED_STATUS,
  createCoverLetter,
  getCoverLetter,
  updateCoverLetter,
  type CoverLetter,
  type CoverLetterFields,
  type CoverLetterPayload,
  type CoverLetterTextField,
} from '../../api/cover-letters';
import { listGeneratedCvs } from '../../api/cvs';
import { listTemplates } from '../../api/templates';
import {
  fieldsOf,
  letterFieldProblems,
  letterFingerprint,
  letterNameProblem,
  letterPayload,
  localDate,
  newLetterFields,
  suggestedLetterName,
} from '../../cv/cover-letter';
import { TAB_ID, hold, isHeldElsewhere, takeOver } from '../../drafts/edit-lock';
import {
  letterKeyOf,
  readLetterDraft,
  removeLetterDraft,
  writeLetterDraft,
  type LetterDraft,
  type LetterKey,
} from '../../drafts/letter-draft';
import { BUSY_TAG, serverMessageOr, type Notice } from '../auth/auth-flow';
import { letterDeliveryMachine, type LetterRef } from './letter-delivery-machine';
import { letterPreviewMachine } from './letter-preview-machine';
import { previewViewMachine } from '../builder/preview-view-machine';
import { msg } from '../../../rules/languages';
import { t } from '../../i18n/i18n';

export const LETTER_NOT_FOUND_MESSAGE = msg(
  'This cover letter could not be found. It may have been deleted.',
);
export const LETTER_LOAD_FAILED_MESSAGE = msg('The cover letter could not be loaded. Please try again.');
export const LETTER_SAVE_FAILED_MESSAGE = msg('The cover letter could not be saved. Please try again.');
export const LETTER_CHANGED_ELSEWHERE = msg('This cover letter was changed elsewhere.');
export const LETTER_SAVED_NOTICE: Notice = { title: msg('Cover letter saved'), variant: 'success' };

/** A CV the letter can be linked to, and a template it can take. */
export interface LetterChoice {
  id: number;
  name: string;
}

export interface LetterEditorInput {
  owner: string;
  /** A saved letter's id; none for a new one. */
  letterId?: number;
  /** A new letter's draft id (its address carries it, so a reload reopens the same new letter). */
  draftId?: string;
  /** The CV a new letter is written from. */
  cv?: number;
  /** The name a new letter is signed with: the person's own, from their profile. */
  signatureName?: string;
}

export interface LoadedLetter {
  saved?: CoverLetter;
  draft?: LetterDraft;
  cvs: LetterChoice[];
  templates: LetterChoice[];
}

export interface LetterEditorContext {
  owner: string;
  key: LetterKey;
  /** The CV a new letter starts linked to. */
  startCv: number | null;
  startSignature: string;
  name: string;
  fields: CoverLetterFields;
  /** The saved copy the edit started from: what 'Unsaved changes' is measured against, and its version. */
  base: { fingerprint: string; lastUpdated?: string };
  /** The saved letter, for downloads, email and delete; none before the first save. */
  saved?: LetterRef;
  unsaved: boolean;
  cvs: LetterChoice[];
  templates: LetterChoice[];
  saveName: string;
  /** What the save dialog says is wrong with its name. */
  saveProblem?: string;
  /** What a save sends: its fingerprint becomes the base once it lands (edits typed meanwhile stay unsaved). */
  sending?: string;
  overwrite: boolean;
  loadError?: string;
}

export type LetterEditorEvent =
  | { type: 'field.change'; field: CoverLetterTextField; value: string }
  | { type: 'letter.relink'; cv: number | null }
  | { type: 'letter.template'; template: number | null }
  | { type: 'save.open' }
  | { type: 'save.nameChange'; name: string }
  | { type: 'save.submit' }
  | { type: 'save.cancel' }
  | { type: 'save.reload' }
  | { type: 'save.overwrite' }
  | { type: 'letter.retry' }
  | { type: 'lock.takeOver' }
  | { type: 'lock.lost' }
  | { type: 'lock.rekey' }
  | { type: 'letter.saved' }
  | { type: 'letter.deleted'; id: number }
  | { type: 'page.unload'; event: Pick<BeforeUnloadEvent, 'preventDefault'> & { returnValue?: unknown } };

const refOf = (letter: CoverLetter): LetterRef => ({ id: letter.id, name: letter.name, cv: letter.cv });
const lockKey = (key: LetterKey) => `cover-${letterKeyOf(key)}`;
const previewOf = (context: Pick<LetterEditorContext, 'name' | 'fields'>) => ({
  ...context.fields,
  ...(context.name.trim() ? { name: context.name.trim() } : {}),
});

/** The editor's state once loaded: the saved copy, with this person's draft of it over it when one is kept. */
function opened(context: LetterEditorContext, loaded: LoadedLetter): Partial<LetterEditorContext> {
  const { saved, draft } = loaded;
  const savedName = saved?.name ?? '';
  const savedFields = saved
    ? fieldsOf(saved)
    : newLetterFields(context.startCv, localDate(), context.startSignature);
  const base = saved
    ? { fingerprint: letterFingerprint(savedName, savedFields), lastUpdated: saved.last_updated }
    : { fingerprint: '' };
  const name = draft?.name ?? savedName;
  const fields = draft?.fields ?? savedFields;
  // A draft written over an older copy keeps that copy's version: saving it then asks (412) rather than
  // silently replacing what was saved elsewhere since.
  const lastUpdated = draft ? (draft.lastUpdated ?? base.lastUpdated) : base.lastUpdated;
  return {
    name,
    fields,
    base: { ...base, ...(lastUpdated ? { lastUpdated } : {}) },
    saved: saved ? refOf(saved) : undefined,
    unsaved: !saved || letterFingerprint(name, fields) !== base.fingerprint,
    cvs: loaded.cvs,
    templates: loaded.templates,
    loadError: undefined,
  };
}

/**
 * The cover letter editor: it opens a saved letter (or starts a new one, from a CV or on its own) with this person's
 * draft of it, and holds it for this tab (another tab editing it is asked to hand it over). Every change is kept as
 * a draft at once and shown in the live preview after a pause; 'Unsaved changes' measures it against the saved
 * copy, and leaving the page with some asks first. Save asks for a name, then saves over the version the edit
 * started from: if the letter changed elsewhere meanwhile the person chooses Reload or Overwrite. Once saved the
 * letter can be downloaded, emailed and deleted (the delivery child).
 */
export const letterEditorMachine = setup({
  types: {
    context: {} as LetterEditorContext,
    events: {} as LetterEditorEvent,
    input: {} as LetterEditorInput,
    tags: {} as typeof BUSY_TAG,
  },
  actors: {
    loadLetter: fromPromise<LoadedLetter, { owner: string; key: LetterKey }>(async ({ input, signal }) => {
      const [saved, cvs, templates] = await Promise.all([
        'id' in input.key ? getCoverLetter(apiClient, input.key.id, { signal }) : undefined,
        listGeneratedCvs(apiClient, { signal }),
        listTemplates(apiClient, { signal }),
      ]);
      return {
        saved,
        draft: readLetterDraft(input.owner, input.key),
        cvs: cvs.map((cv) => ({ id: cv.id, name: cv.name })),
        templates: templates.map((template) => ({ id: template.id, name: template.name })),
      };
    }),
    createLetter: fromPromise<CoverLetter, { payload: CoverLetterPayload }>(({ input }) =>
      createCoverLetter(apiClient, input.payload),
    ),
    updateLetter: fromPromise<
      CoverLetter,
      { id: number; payload: CoverLetterPayload; ifLastUpdated?: string }
    >(({ input }) =>
      updateCoverLetter(apiClient, input.id, input.payload, { ifLastUpdated: input.ifLastUpdated }),
    ),
    takeOverLock: fromPromise<void, { key: string }>(({ input, signal }) =>
      takeOver(input.key, TAB_ID, signal),
    ),
    holdLock: fromCallback<LetterEditorEvent, { key: string }>(({ input, sendBack }) =>
      hold(input.key, TAB_ID, () => sendBack({ type: 'lock.lost' })),
    ),
    pageLifecycle: fromCallback<LetterEditorEvent>(({ sendBack }) => {
      if (typeof window === 'undefined') return undefined;
      const unload = (event: BeforeUnloadEvent) => sendBack({ type: 'page.unload', event });
      window.addEventListener('beforeunload', unload);
      return () => window.removeEventListener('beforeunload', unload);
    }),
    preview: letterPreviewMachine,
    /** The phone's Form/Preview flip and the preview's zoom, as the CV builder's. */
    view: previewViewMachine,
    delivery: letterDeliveryMachine,
  },
  actions: {
    assignLoaded: assign(({ context }, params: { loaded: LoadedLetter }) => opened(context, params.loaded)),
    assignLoadError: assign({
      loadError: (_, params: { error: unknown }) =>
        isApiError(params.error) && params.error.status === 404
          ? LETTER_NOT_FOUND_MESSAGE
          : LETTER_LOAD_FAILED_MESSAGE,
    }),
    assignField: assign({
      fields: ({ context }, params: { field: CoverLetterTextField; value: string }) => ({
        ...context.fields,
        [params.field]: params.value,
      }),
    }),
    assignCv: assign({
      fields: ({ context }, params: { cv: number | null }) => ({ ...context.fields, cv: params.cv }),
    }),
    assignTemplate: assign({
      fields: ({ context }, params: { template: number | null }) => ({
        ...context.fields,
        template: params.template,
      }),
    }),
    measureUnsaved: assign({
      unsaved: ({ context }) =>
        !context.saved || letterFingerprint(context.name, context.fields) !== context.base.fingerprint,
    }),
    keepDraft: ({ context }) => {
      if (context.unsaved)
        writeLetterDraft(context.owner, context.key, {
          name: context.name,
          fields: context.fields,
          lastUpdated: context.base.lastUpdated,
        });
      else removeLetterDraft(context.owner, context.key);
    },
    dropDraft: ({ context }) => removeLetterDraft(context.owner, context.key),
    tellPreview: sendTo('preview', ({ context }) => ({
      type: 'letter.change' as const,
      letter: previewOf(context),
    })),
    restylePreview: sendTo('preview', ({ context }) => ({
      type: 'letter.restyle' as const,
      letter: previewOf(context),
    })),
    openSaveDialog: assign({
      saveName: ({ context }) => context.name || suggestedLetterName(context.fields),
      saveProblem: undefined,
    }),
    assignSaveName: assign({
      saveName: (_, params: { name: string }) => params.name,
      saveProblem: undefined,
    }),
    assignSaveProblem: assign({ saveProblem: ({ context }) => letterNameProblem(context.saveName) }),
    takeSaveName: assign({ name: ({ context }) => context.saveName.trim() }),
    noteWhatIsSent: assign({ sending: ({ context }) => letterFingerprint(context.name, context.fields) }),
    allowOverwrite: assign({ overwrite: true }),
    assignSaved: assign(({ context }, params: { letter: CoverLetter }) => {
      const fingerprint = context.sending ?? letterFingerprint(params.letter.name, fieldsOf(params.letter));
      return {
        key: { id: params.letter.id },
        saved: refOf(params.letter),
        base: { fingerprint, lastUpdated: params.letter.last_updated },
        unsaved: letterFingerprint(context.name, context.fields) !== fingerprint,
        overwrite: false,
        sending: undefined,
      };
    }),
    /** A new letter's draft was kept under its draft id; from now on it is kept under the letter's id. */
    dropNewDraft: ({ context }) => {
      if (!('id' in context.key)) removeLetterDraft(context.owner, context.key);
    },
    rekeyLock: raise({ type: 'lock.rekey' }),
    announceSaved: raise({ type: 'letter.saved' }),
    updateDelivery: sendTo('delivery', ({ context }) => ({
      type: 'letter.update' as const,
      letter: context.saved!,
    })),
    askBeforeLeaving: (_, params: { event: LetterEditorEvent & { type: 'page.unload' } }) => {
      params.event.event.preventDefault();
      // Older browsers ask only when returnValue is set.
      params.event.event.returnValue = '';
    },
    /** The address names the saved letter (the route writes it without navigating). */
    showAddress: (_, _params: { id: number }) => undefined,
    /** The letter is gone: the route takes the person back to CV management. */
    leave: () => undefined,
    notify: (_, _params: Notice) => undefined,
  },
  guards: {
    isHeldElsewhere: ({ context }) => isHeldElsewhere(lockKey(context.key), TAB_ID),
    isSaved: ({ context }) => context.saved !== undefined,
    hasNameProblem: ({ context }) => letterNameProblem(context.saveName) !== undefined,
    hasFieldProblems: ({ context }) => letterFieldProblems(context.fields).length > 0,
    isConflict: (_, params: { error: unknown }) =>
      isApiError(params.error) && params.error.status === LETTER_CHANGED_STATUS,
    isUnsaved: ({ context }) => context.unsaved,
  },
}).createMachine({
  id: 'letterEditor',
  context: ({ input }) => {
    const startCv = input.cv ?? null;
    const startSignature = input.signatureName?.trim() ?? '';
    return {
      owner: input.owner,
      key: input.letterId !== undefined ? { id: input.letterId } : { draftId: input.draftId ?? 'unnamed' },
      startCv,
      startSignature,
      name: '',
      fields: newLetterFields(startCv, localDate(), startSignature),
      base: { fingerprint: '' },
      unsaved: false,
      cvs: [],
      templates: [],
      saveName: '',
      overwrite: false,
    };
  },
  initial: 'loading',
  states: {
    loading: {
      tags: [BUSY_TAG],
      invoke: {
        src: 'loadLetter',
        input: ({ context }) => ({ owner: context.owner, key: context.key }),
        onDone: {
          target: 'checkingLock',
          actions: { type: 'assignLoaded', params: ({ event }) => ({ loaded: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: { on: { 'letter.retry': 'loading' } },
    checkingLock: {
      always: [{ guard: 'isHeldElsewhere', target: 'elsewhere' }, { target: 'editing' }],
    },
    /** Another tab edits this letter: this one shows it and offers to take it over. */
    elsewhere: { on: { 'lock.takeOver': 'takingOver' } },
    takingOver: {
      tags: [BUSY_TAG],
      invoke: {
        src: 'takeOverLock',
        input: ({ context }) => ({ key: lockKey(context.key) }),
        // The other tab wrote its draft as it let go: read again.
        onDone: 'loading',
        onError: 'loading',
      },
    },
    editing: {
      type: 'parallel',
      invoke: [
        { id: 'preview', src: 'preview', input: ({ context }) => ({ letter: previewOf(context) }) },
        { id: 'view', src: 'view' },
        { src: 'pageLifecycle' },
      ],
      on: {
        'field.change': {
          actions: [
            { type: 'assignField', params: ({ event }) => ({ field: event.field, value: event.value }) },
            'measureUnsaved',
            'keepDraft',
            'tellPreview',
          ],
        },
        'letter.relink': {
          actions: [
            { type: 'assignCv', params: ({ event }) => ({ cv: event.cv }) },
            'measureUnsaved',
            'keepDraft',
            'restylePreview',
          ],
        },
        'letter.template': {
          actions: [
            { type: 'assignTemplate', params: ({ event }) => ({ template: event.template }) },
            'measureUnsaved',
            'keepDraft',
            'restylePreview',
          ],
        },
        'lock.lost': '#letterEditor.elsewhere',
        'letter.deleted': { target: '#letterEditor.deleted', actions: 'dropDraft' },
        'page.unload': {
          guard: 'isUnsaved',
          actions: { type: 'askBeforeLeaving', params: ({ event }) => ({ event }) },
        },
      },
      states: {
        lock: {
          initial: 'holding',
          states: {
            holding: {
              invoke: { src: 'holdLock', input: ({ context }) => ({ key: lockKey(context.key) }) },
              on: { 'lock.rekey': { target: 'holding', reenter: true } },
            },
          },
        },
        saving: {
          initial: 'idle',
          states: {
            idle: { on: { 'save.open': { target: 'naming', actions: 'openSaveDialog' } } },
            naming: {
              on: {
                'save.nameChange': {
                  actions: { type: 'assignSaveName', params: ({ event }) => ({ name: event.name }) },
                },
                'save.cancel': 'idle',
                'save.submit': [
                  { guard: 'hasNameProblem', actions: 'assignSaveProblem' },
                  {
                    guard: 'hasFieldProblems',
                    actions: {
                      type: 'notify',
                      params: ({ context }) => ({
                        title: msg('Cannot save'),
                        // One sentence per field too long, each a message: said in the interface's language now
                        // (the toast shows them at once), one after the other.
                        description: letterFieldProblems(context.fields)
                          .map((problem) => t(problem))
                          .join(' '),
                        variant: 'destructive' as const,
                      }),
                    },
                  },
                  { target: 'sending', actions: ['takeSaveName', 'measureUnsaved', 'keepDraft'] },
                ],
              },
            },
            sending: {
              tags: [BUSY_TAG],
              entry: 'noteWhatIsSent',
              initial: 'choosing',
              states: {
                choosing: { always: [{ guard: 'isSaved', target: 'updating' }, { target: 'creating' }] },
                creating: {
                  invoke: {
                    src: 'createLetter',
                    input: ({ context }) => ({ payload: letterPayload(context.name, context.fields) }),
                    onDone: {
                      target: '#letterEditor.editing.saving.idle',
                      actions: [
                        'dropNewDraft',
                        { type: 'assignSaved', params: ({ event }) => ({ letter: event.output }) },
                        'keepDraft',
                        'rekeyLock',
                        { type: 'showAddress', params: ({ event }) => ({ id: event.output.id }) },
                        { type: 'notify', params: LETTER_SAVED_NOTICE },
                        'announceSaved',
                      ],
                    },
                    onError: '#letterEditor.editing.saving.refused',
                  },
                },
                updating: {
                  invoke: {
                    src: 'updateLetter',
                    input: ({ context }) => ({
                      id: context.saved!.id,
                      payload: letterPayload(context.name, context.fields),
                      ifLastUpdated: context.overwrite ? undefined : context.base.lastUpdated,
                    }),
                    onDone: {
                      target: '#letterEditor.editing.saving.idle',
                      actions: [
                        { type: 'assignSaved', params: ({ event }) => ({ letter: event.output }) },
                        'keepDraft',
                        'updateDelivery',
                        { type: 'notify', params: LETTER_SAVED_NOTICE },
                      ],
                    },
                    onError: [
                      {
                        guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
                        target: '#letterEditor.editing.saving.conflict',
                      },
                      { target: '#letterEditor.editing.saving.refused' },
                    ],
                  },
                },
              },
            },
            refused: {
              entry: {
                type: 'notify',
                params: ({ event }) => ({
                  title: msg('Save failed'),
                  description: serverMessageOr(
                    (event as { error?: unknown }).error,
                    LETTER_SAVE_FAILED_MESSAGE,
                  ),
                  variant: 'destructive' as const,
                }),
              },
              always: 'naming',
            },
            conflict: {
              on: {
                'save.cancel': 'idle',
                'save.reload': { target: '#letterEditor.loading', actions: 'dropDraft' },
                'save.overwrite': { target: 'sending', actions: 'allowOverwrite' },
              },
            },
          },
        },
        delivery: {
          initial: 'choosing',
          states: {
            choosing: { always: [{ guard: 'isSaved', target: 'available' }, { target: 'unavailable' }] },
            /** A letter never saved has nothing to download, email or delete yet. */
            unavailable: { on: { 'letter.saved': 'available' } },
            available: {
              invoke: {
                id: 'delivery',
                src: 'delivery',
                input: ({ context }) => ({ letter: context.saved! }),
              },
            },
          },
        },
      },
    },
    deleted: { type: 'final', entry: 'leave' },
  },
});

export type LetterEditorActor = ActorRefFrom<typeof letterEditorMachine>;
export type LetterEditorSnapshot = SnapshotFrom<typeof letterEditorMachine>;
