import { createActor, createMachine, fromCallback, fromPromise } from 'xstate';
import { ApiError } from '../../../src/api/api-error';
import type { CoverLetter, CoverLetterPayload } from '../../../src/api/cover-letters';
import { LETTER_NAME_REQUIRED, letterFingerprint } from '../../../src/cv/cover-letter';
import { readLetterDraft, writeLetterDraft, type LetterKey } from '../../../src/drafts/letter-draft';
import { type letterPreviewMachine } from '../../../src/machines/cover-letters/letter-preview-machine';
import {
  LETTER_NOT_FOUND_MESSAGE,
  letterEditorMachine,
  type LetterEditorActor,
  type LetterEditorEvent,
  type LetterEditorInput,
  type LoadedLetter,
} from '../../../src/machines/cover-letters/letter-editor-machine';
import type { Notice } from '../../../src/machines/auth/auth-flow';
import { declaredTransitionCount, deferredActor, flush, runModelPath, transitionPaths } from '../model-paths';

const OWNER = '1';
const SAVED: CoverLetter = {
  id: 31,
  uuid: '9a1c2e3f-4b5d-4c6e-8f70-1a2b3c4d5e60',
  name: 'Letter to Acme',
  template: null,
  cv: 7,
  recipient_name: 'Jane Roe',
  company: 'Acme Ltd',
  address: '1 Main Street\nSpringfield',
  date: '2024-05-03',
  subject: 'Application',
  salutation: 'Dear Ms Roe,',
  body: '<p>I am writing to apply.</p>',
  closing: 'Yours sincerely,',
  signature_name: 'Ada Lovelace',
  created: '2024-05-03T09:00:00.000Z',
  last_updated: '2024-05-03T09:30:00.000Z',
};
const CHOICES = { cvs: [{ id: 7, name: 'Analyst' }], templates: [{ id: 1, name: 'Executive Classic' }] };
const loaded = (extra: Partial<LoadedLetter> = {}): LoadedLetter => ({ saved: SAVED, ...CHOICES, ...extra });

function createWorld() {
  return {
    load: deferredActor<LoadedLetter, { owner: string; key: LetterKey }>(),
    create: deferredActor<CoverLetter, { payload: CoverLetterPayload }>(),
    update: deferredActor<CoverLetter, { id: number; payload: CoverLetterPayload; ifLastUpdated?: string }>(),
    previewEvents: [] as { type: string }[],
    notices: [] as Notice[],
    addresses: [] as number[],
    left: 0,
    heldElsewhere: false,
    actor: undefined as LetterEditorActor | undefined,
  };
}
type World = ReturnType<typeof createWorld>;

function start(world: World, input: LetterEditorInput = { owner: OWNER, letterId: SAVED.id }) {
  world.actor = createActor(
    letterEditorMachine.provide({
      actors: {
        loadLetter: world.load.logic,
        createLetter: world.create.logic,
        updateLetter: world.update.logic,
        takeOverLock: fromPromise<void, { key: string }>(async () => undefined),
        holdLock: fromCallback(() => () => undefined),
        pageLifecycle: fromCallback(() => () => undefined),
        // What the editor tells its preview, heard instead of rendered.
        preview: fromCallback(({ receive }) => {
          receive((event) => world.previewEvents.push(event));
        }) as unknown as typeof letterPreviewMachine,
      },
      guards: { isHeldElsewhere: () => world.heldElsewhere },
      actions: {
        notify: (_, notice) => void world.notices.push(notice),
        showAddress: (_, { id }) => void world.addresses.push(id),
        leave: () => void (world.left += 1),
      },
    }),
    { input },
  ).start();
  return world.actor;
}

const send = (world: World, event: LetterEditorEvent) => world.actor!.send(event);
const snapshot = (world: World) => world.actor!.getSnapshot();
const context = (world: World) => snapshot(world).context;

function savingState(world: World): string {
  const state = snapshot(world);
  if (state.matches('loading')) return 'loading';
  if (state.matches('failed')) return 'failed';
  const saving = (state.value as { editing?: { saving?: unknown } }).editing?.saving;
  return typeof saving === 'string' ? saving : Object.keys(saving as object)[0]!;
}

beforeEach(() => localStorage.clear());

describe('letter editor: model-based (open, edit, save, conflict)', () => {
  const model = createMachine({
    id: 'letterEditorModel',
    initial: 'loading',
    states: {
      loading: { on: { 'load.done': 'idle', 'load.fails': 'failed' } },
      failed: { on: { retry: 'loading' } },
      idle: { on: { type: 'idle', 'save.open': 'naming' } },
      naming: { on: { 'submit.blank': 'naming', submit: 'sending', cancel: 'idle' } },
      sending: { on: { 'save.done': 'idle', 'save.conflict': 'conflict', 'save.fails': 'naming' } },
      conflict: { on: { 'conflict.cancel': 'idle', reload: 'loading', overwrite: 'sending' } },
    },
  });
  const events = [
    'load.done',
    'load.fails',
    'retry',
    'type',
    'save.open',
    'submit.blank',
    'submit',
    'cancel',
    'save.done',
    'save.conflict',
    'save.fails',
    'conflict.cancel',
    'reload',
    'overwrite',
  ].map((type) => ({ type }));

  const executors: Record<string, (world: World) => Promise<void> | void> = {
    'load.done': async (world) => {
      world.load.last().resolve(loaded());
      await flush();
      expect(context(world).unsaved).toBe(false);
    },
    'load.fails': async (world) => {
      world.load.last().reject(new ApiError('Not found.', { status: 404 }));
      await flush();
      expect(context(world).loadError).toBe(LETTER_NOT_FOUND_MESSAGE);
    },
    retry: (world) => send(world, { type: 'letter.retry' }),
    type: (world) => {
      send(world, { type: 'field.change', field: 'subject', value: 'Application for Analyst' });
      expect(context(world).unsaved).toBe(true);
      // Kept at once: a reload loses nothing.
      expect(readLetterDraft(OWNER, { id: SAVED.id })?.fields.subject).toBe('Application for Analyst');
      expect(world.previewEvents.at(-1)?.type).toBe('letter.change');
    },
    'save.open': (world) => send(world, { type: 'save.open' }),
    'submit.blank': (world) => {
      send(world, { type: 'save.nameChange', name: '   ' });
      send(world, { type: 'save.submit' });
      expect(context(world).saveProblem).toBe(LETTER_NAME_REQUIRED);
      send(world, { type: 'save.nameChange', name: SAVED.name });
    },
    submit: (world) => send(world, { type: 'save.submit' }),
    cancel: (world) => send(world, { type: 'save.cancel' }),
    'save.done': async (world) => {
      const request = world.update.last();
      request.resolve({ ...SAVED, ...request.input.payload, last_updated: '2024-05-04T10:00:00.000Z' });
      await flush();
      expect(context(world).unsaved).toBe(false);
      expect(context(world).base.lastUpdated).toBe('2024-05-04T10:00:00.000Z');
      expect(readLetterDraft(OWNER, { id: SAVED.id })).toBeUndefined();
    },
    'save.conflict': async (world) => {
      world.update.last().reject(new ApiError('This cover letter was changed elsewhere.', { status: 412 }));
      await flush();
    },
    'save.fails': async (world) => {
      world.update.last().reject(new ApiError('Server error', { status: 500 }));
      await flush();
      expect(world.notices.at(-1)?.title).toBe('Save failed');
    },
    'conflict.cancel': (world) => send(world, { type: 'save.cancel' }),
    reload: (world) => {
      send(world, { type: 'save.reload' });
      // The other copy wins: this tab's draft goes.
      expect(readLetterDraft(OWNER, { id: SAVED.id })).toBeUndefined();
    },
    overwrite: (world) => {
      send(world, { type: 'save.overwrite' });
      expect(world.update.last().input.ifLastUpdated).toBeUndefined();
    },
  };

  const paths = transitionPaths(model, events);

  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_name, path) => {
    const world = createWorld();
    start(world);
    await runModelPath(model, path, world, executors, (w, state) => expect(savingState(w)).toBe(state));
  });

  it('covers every transition of the model', () => {
    expect(paths).toHaveLength(declaredTransitionCount(model));
  });
});

describe('letter editor: edge cases', () => {
  it('opens a draft kept over the saved copy, unsaved, and saves it over the version it started from', async () => {
    writeLetterDraft(
      OWNER,
      { id: SAVED.id },
      {
        name: SAVED.name,
        fields: { ...SAVED, subject: 'Typed before a crash' },
        lastUpdated: '2024-05-03T08:00:00.000Z',
      },
    );
    const world = createWorld();
    start(world);
    world.load.last().resolve(loaded({ draft: readLetterDraft(OWNER, { id: SAVED.id }) }));
    await flush();
    expect(context(world).fields.subject).toBe('Typed before a crash');
    expect(context(world).unsaved).toBe(true);
    send(world, { type: 'save.open' });
    send(world, { type: 'save.submit' });
    // Saved elsewhere since the draft began: the server is asked about that older version (and answers 412).
    expect(world.update.last().input.ifLastUpdated).toBe('2024-05-03T08:00:00.000Z');
  });

  it('keeps edits typed while a save is under way unsaved', async () => {
    const world = createWorld();
    start(world);
    world.load.last().resolve(loaded());
    await flush();
    send(world, { type: 'field.change', field: 'company', value: 'Globex' });
    send(world, { type: 'save.open' });
    send(world, { type: 'save.submit' });
    send(world, { type: 'field.change', field: 'company', value: 'Globex Corp' });
    const request = world.update.last();
    request.resolve({ ...SAVED, ...request.input.payload, last_updated: '2024-05-04T10:00:00.000Z' });
    await flush();
    expect(context(world).unsaved).toBe(true);
    expect(context(world).base.fingerprint).toBe(
      letterFingerprint(SAVED.name, { ...context(world).fields, company: 'Globex' }),
    );
  });

  it('a new letter from a CV: linked to it; saved, it is known by its id and can be delivered', async () => {
    const world = createWorld();
    start(world, { owner: OWNER, draftId: 'draft-1', cv: 7 });
    world.load.last().resolve({ ...CHOICES });
    await flush();
    expect(context(world).fields.cv).toBe(7);
    expect(context(world).unsaved).toBe(true);
    expect(snapshot(world).children.delivery).toBeUndefined();
    send(world, { type: 'field.change', field: 'company', value: 'Acme Ltd' });
    expect(readLetterDraft(OWNER, { draftId: 'draft-1' })?.fields.company).toBe('Acme Ltd');
    send(world, { type: 'save.open' });
    expect(context(world).saveName).toBe('Letter to Acme Ltd');
    send(world, { type: 'save.submit' });
    const request = world.create.last();
    expect(request.input.payload).toMatchObject({ name: 'Letter to Acme Ltd', cv: 7, company: 'Acme Ltd' });
    request.resolve({ ...SAVED, ...request.input.payload, id: 40 });
    await flush();
    expect(context(world).key).toEqual({ id: 40 });
    expect(readLetterDraft(OWNER, { draftId: 'draft-1' })).toBeUndefined();
    expect(world.addresses).toEqual([40]);
    expect(snapshot(world).children.delivery).toBeDefined();
    expect(context(world).unsaved).toBe(false);
  });

  it("a new letter is signed with the person's name; a saved one keeps the name it was signed with", async () => {
    const world = createWorld();
    start(world, { owner: OWNER, draftId: 'draft-2', cv: 7, signatureName: '  Ada Lovelace ' });
    expect(context(world).fields.signature_name).toBe('Ada Lovelace');
    world.load.last().resolve({ ...CHOICES });
    await flush();
    expect(context(world).fields.signature_name).toBe('Ada Lovelace');
    expect(context(world).fields.closing).toBe('Yours sincerely,');

    const other = createWorld();
    start(other, { owner: OWNER, letterId: SAVED.id, signatureName: 'Ada Lovelace' });
    other.load.last().resolve({ ...CHOICES, saved: { ...SAVED, signature_name: 'A. Lovelace' } });
    await flush();
    expect(context(other).fields.signature_name).toBe('A. Lovelace');
  });

  it('choosing another CV or template restyles the preview at once', async () => {
    const world = createWorld();
    start(world);
    world.load.last().resolve(loaded());
    await flush();
    send(world, { type: 'letter.relink', cv: null });
    expect(world.previewEvents.at(-1)?.type).toBe('letter.restyle');
    send(world, { type: 'letter.template', template: 1 });
    expect(context(world).fields).toMatchObject({ cv: null, template: 1 });
    expect(context(world).unsaved).toBe(true);
  });

  it('another tab holds the letter: it waits to be taken over, then reads the letter again', async () => {
    const world = createWorld();
    world.heldElsewhere = true;
    start(world);
    world.load.last().resolve(loaded());
    await flush();
    expect(snapshot(world).matches('elsewhere')).toBe(true);
    world.heldElsewhere = false;
    send(world, { type: 'lock.takeOver' });
    await flush();
    expect(snapshot(world).matches('loading')).toBe(true);
    expect(world.load.requests).toHaveLength(2);
  });

  it('losing the letter to another tab stops editing here', async () => {
    const world = createWorld();
    start(world);
    world.load.last().resolve(loaded());
    await flush();
    send(world, { type: 'lock.lost' });
    expect(snapshot(world).matches('elsewhere')).toBe(true);
  });

  it('leaving with unsaved changes asks first; with none it does not', async () => {
    const world = createWorld();
    start(world);
    world.load.last().resolve(loaded());
    await flush();
    const calm = { preventDefault: vi.fn(), returnValue: undefined as unknown };
    send(world, { type: 'page.unload', event: calm });
    expect(calm.preventDefault).not.toHaveBeenCalled();
    send(world, { type: 'field.change', field: 'closing', value: 'Kind regards,' });
    const leaving = { preventDefault: vi.fn(), returnValue: undefined as unknown };
    send(world, { type: 'page.unload', event: leaving });
    expect(leaving.preventDefault).toHaveBeenCalled();
  });

  it('a deleted letter leaves the editor and its draft', async () => {
    const world = createWorld();
    start(world);
    world.load.last().resolve(loaded());
    await flush();
    send(world, { type: 'field.change', field: 'closing', value: 'Kind regards,' });
    send(world, { type: 'letter.deleted', id: SAVED.id });
    expect(snapshot(world).status).toBe('done');
    expect(world.left).toBe(1);
    expect(readLetterDraft(OWNER, { id: SAVED.id })).toBeUndefined();
  });

  it('a field too long is said before anything is sent', async () => {
    const world = createWorld();
    start(world);
    world.load.last().resolve(loaded());
    await flush();
    send(world, { type: 'field.change', field: 'subject', value: 'x'.repeat(501) });
    send(world, { type: 'save.open' });
    send(world, { type: 'save.submit' });
    expect(world.update.requests).toHaveLength(0);
    expect(world.notices.at(-1)?.description).toContain('Subject is too long');
    expect(savingState(world)).toBe('naming');
  });
});
