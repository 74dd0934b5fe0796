import { TEMPLATE_NO_LONGER_OFFERED } from '../../../rules/cv';
import { t } from '../../../src/i18n/i18n';
import { PLAIN_DESIGN } from '../../../src/cv/design';
import { createMachine } from 'xstate';
import { ApiError } from '../../../src/api/api-error';
import {
  DRAFT_WRITE_DELAY_MS,
  LOAD_FAILED_NOTICE,
  NAME_REQUIRED_NOTICE,
  SAVE_FAILED_NOTICE,
  deliversAfterSave,
  savedNotice,
} from '../../../src/machines/builder/builder-machine';
import { MUST_SAVE_NOTICE } from '../../../src/machines/delivery/delivery-notices';
import { readDraft, writeDraft, draftKey } from '../../../src/drafts/draft';
import { EMPTY_LAYOUT } from '../../../src/cv/layout';
import { newCv, savedCv, type LoadedCv } from '../../../src/drafts/load-cv';
import { declaredTransitionCount, flush, runModelPath, transitionPaths } from '../model-paths';
import {
  DRAFT_ID,
  LAST_UPDATED,
  OWNER,
  UUID,
  answerLoad,
  createWorld,
  form,
  newDraftKey,
  pendingSave,
  saved,
  savedDraftKey,
  type World,
} from './builder-world';
import { classicTemplate, timelineTemplate } from './fixtures';

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('user_id', OWNER);
});

describe('builder machine: model-based (editing state, sections, saving, messages)', () => {
  const model = createMachine({
    id: 'builderModel',
    initial: 'loading',
    states: {
      loading: { on: { 'load.fails': 'failed', 'load.newCv': 'blank', 'load.savedCv': 'saved' } },
      failed: { on: { 'builder.retry': 'loading' } },
      blank: {
        on: {
          'save.open': 'blank',
          'section.submitEmpty': 'blank',
          'section.complete': 'drafted',
          'cv.download': 'blank',
          'cv.email': 'blank',
        },
      },
      drafted: {
        on: {
          'save.open': 'naming',
          'template.switch': 'switching',
          // A CV never saved: Download and Email name it first, save it, then deliver.
          'cv.download': 'namingToDeliver',
          'cv.email': 'confirmingNew',
        },
      },
      /** 'Email this CV?' before the CV was ever saved. */
      confirmingNew: { on: { 'email.confirm': 'namingToDeliver', 'email.cancel': 'drafted' } },
      naming: { on: { 'save.submitBlank': 'naming', 'save.cancel': 'drafted', 'save.submit': 'creating' } },
      namingToDeliver: { on: { 'save.cancel': 'drafted', 'save.submit': 'creatingToDeliver' } },
      creating: { on: { 'save.succeeds': 'saved', 'save.fails': 'naming' } },
      creatingToDeliver: { on: { 'save.succeeds': 'saved', 'save.fails': 'drafted' } },
      saved: {
        on: {
          // A saved CV with a name: saved at once, no dialog.
          'save.open': 'updating',
          'save.rename': 'renaming',
          'save.as': 'copying',
          'cv.download': 'saved',
          'cv.email': 'confirming',
          'template.switch': 'switchingSaved',
          'field.edit': 'edited',
        },
      },
      /** 'Email this CV?' names the address; Send sends, Cancel sends nothing. */
      confirming: { on: { 'email.confirm': 'saved', 'email.cancel': 'saved' } },
      /** A saved CV with changes the saved copy lacks: Download and Email save first. */
      edited: {
        on: { 'cv.download': 'savingToDeliver', 'cv.email': 'confirmingEdited', 'field.revert': 'saved' },
      },
      confirmingEdited: { on: { 'email.confirm': 'savingToDeliver', 'email.cancel': 'edited' } },
      savingToDeliver: {
        on: { 'save.succeeds': 'saved', 'save.fails': 'edited', 'save.conflicts': 'conflict' },
      },
      renaming: { on: { 'save.submit': 'renamingSave', 'save.cancel': 'saved' } },
      renamingSave: { on: { 'save.succeeds': 'saved', 'save.fails': 'renaming' } },
      updating: { on: { 'save.succeeds': 'saved', 'save.fails': 'saved' } },
      /** 'Save as…': a copy under another name. */
      copying: { on: { 'save.submit': 'creatingCopy', 'save.cancel': 'saved' } },
      creatingCopy: { on: { 'save.succeeds': 'saved', 'save.fails': 'copying' } },
      /** 'This CV was changed elsewhere.' */
      conflict: {
        on: { 'conflict.overwrite': 'overwriting', 'conflict.reload': 'loading', 'save.cancel': 'edited' },
      },
      overwriting: { on: { 'save.succeeds': 'saved' } },
      switching: { on: { 'switch.succeeds': 'drafted', 'switch.fails': 'drafted' } },
      switchingSaved: { on: { 'switch.succeeds': 'edited' } },
    },
  });
  const events = [
    'load.fails',
    'load.newCv',
    'load.savedCv',
    'builder.retry',
    'save.open',
    'save.as',
    'save.rename',
    'email.confirm',
    'email.cancel',
    'section.submitEmpty',
    'section.complete',
    'cv.download',
    'cv.email',
    'field.edit',
    'field.revert',
    'save.submitBlank',
    'save.cancel',
    'save.submit',
    'save.succeeds',
    'save.fails',
    'save.conflicts',
    'conflict.overwrite',
    'conflict.reload',
    'template.switch',
    'switch.succeeds',
    'switch.fails',
  ].map((type) => ({ type }));

  const detail = {
    id: 42,
    uuid: UUID,
    name: 'Software Engineer 2024',
    template: 1,
    entries: [
      { value: 'Ada Lovelace', index: 0, section_field: 1001 },
      { value: 'Engineer', index: 0, section_field: 1009 },
      { value: 'CTO', index: 1, section_field: 1009 },
    ],
    last_updated: LAST_UPDATED,
  };

  const executors: Record<string, (world: World) => Promise<void> | void> = {
    'load.fails': async (world) => {
      world.loadCv.last().reject(new ApiError('Not found.', { status: 404 }));
      await flush();
    },
    'load.newCv': (world) => answerLoad(world, newCv(classicTemplate, DRAFT_ID)),
    'load.savedCv': (world) => answerLoad(world, savedCv(detail, classicTemplate)),
    'builder.retry': (world) => world.actor.send({ type: 'builder.retry' }),
    'save.open': (world) => world.actor.send({ type: 'save.open' }),
    'save.as': (world) => {
      world.actor.send({ type: 'save.as' });
      expect(world.actor.getSnapshot().context.saveName).toBe('Software Engineer 2024 (2)');
    },
    'save.rename': (world) => {
      world.actor.send({ type: 'save.rename' });
      expect(world.actor.getSnapshot().context.saveName).toBe('Software Engineer 2024');
    },
    'email.confirm': (world) => {
      const before = world.email.requests.length;
      const sendsNow = !deliversAfterSave(world.actor.getSnapshot());
      world.actor.send({ type: 'email.confirm' });
      expect(world.email.requests).toHaveLength(sendsNow ? before + 1 : before);
      if (sendsNow) expect(world.email.last().input).toEqual({ uuid: UUID });
    },
    'email.cancel': (world) => {
      world.actor.send({ type: 'email.cancel' });
      expect(world.email.requests).toHaveLength(0);
    },
    'section.submitEmpty': (world) => {
      form(world, 0).send({ type: 'section.submit' });
      expect(form(world, 0).getSnapshot().value).toBe('empty');
    },
    'section.complete': (world) => {
      form(world, 0).send({ type: 'field.change', key: 'full_name-1001-0', value: 'Ada Lovelace' });
      form(world, 0).send({ type: 'field.change', key: 'email-1003-0', value: '' });
      form(world, 0).send({ type: 'section.submit' });
    },
    'field.edit': (world) => {
      form(world, 2).send({ type: 'field.change', key: 'job_title-1009-0', value: 'Engineer II' });
    },
    'field.revert': (world) => {
      form(world, 2).send({ type: 'field.change', key: 'job_title-1009-0', value: 'Engineer' });
    },
    'cv.download': (world) => {
      const startedBefore = world.download.requests.length;
      const snapshot = world.actor.getSnapshot();
      const savesFirst = deliversAfterSave(snapshot);
      world.actor.send({ type: 'cv.download', format: 'pdf' });
      if (!snapshot.can({ type: 'cv.download', format: 'pdf' }) || !snapshot.context.cv.uuid) {
        // docs/behaviour.md#validation-rules: not before the CV is saved (the screen's Download is disabled
        // until then).
        expect(world.notify).not.toHaveBeenCalledWith(MUST_SAVE_NOTICE);
        expect(world.download.requests).toHaveLength(startedBefore);
      } else if (savesFirst) {
        expect(world.download.requests).toHaveLength(startedBefore);
      } else {
        expect(world.download.last().input).toEqual({
          format: 'pdf',
          uuid: UUID,
          name: 'Software Engineer 2024',
        });
      }
    },
    'cv.email': (world) => {
      world.actor.send({ type: 'cv.email' });
      // Nothing is sent before the person has read where it goes.
      expect(world.email.requests).toHaveLength(0);
    },
    'save.submitBlank': (world) => {
      world.actor.send({ type: 'save.nameChange', name: '   ' });
      world.actor.send({ type: 'save.submit' });
      expect(world.notify).toHaveBeenLastCalledWith(NAME_REQUIRED_NOTICE);
    },
    'save.cancel': (world) => world.actor.send({ type: 'save.cancel' }),
    'save.submit': (world) => {
      world.actor.send({ type: 'save.nameChange', name: '  Software Engineer 2024 ' });
      world.actor.send({ type: 'save.submit' });
    },
    'save.succeeds': async (world) => {
      const pending = pendingSave(world);
      const deliveriesBefore = world.download.requests.length + world.email.requests.length;
      const delivering = world.actor.getSnapshot().context.pendingDelivery !== undefined;
      localStorage.setItem('chakra-ui-color-mode', 'dark');
      writeDraft(OWNER, 'new:another-cv', { ...draftOf(), cv: { name: 'Other', template: 1 } });
      pending.resolve(saved(pending.input));
      await flush();
      expect(world.notify.mock.calls.map(([notice]) => notice)).toContainEqual(
        savedNotice('Software Engineer 2024'),
      );
      expect(world.addresses.at(-1)).toBe(`/dashboard/${UUID}`);
      // Only this CV's draft goes; other drafts and preferences stay.
      expect(readDraft(OWNER, newDraftKey)).toBeUndefined();
      expect(readDraft(OWNER, savedDraftKey)).toBeUndefined();
      expect(readDraft(OWNER, 'new:another-cv')?.cv.name).toBe('Other');
      expect(localStorage.getItem('chakra-ui-color-mode')).toBe('dark');
      expect(localStorage.getItem('user_id')).toBe(OWNER);
      // A download or an email asked for before the save follows it.
      if (delivering)
        expect(world.download.requests.length + world.email.requests.length).toBe(deliveriesBefore + 1);
    },
    'save.fails': async (world) => {
      pendingSave(world).reject(new ApiError('Server error', { status: 500 }));
      await flush();
      expect(world.notify).toHaveBeenLastCalledWith(SAVE_FAILED_NOTICE);
    },
    'save.conflicts': async (world) => {
      pendingSave(world).reject(new ApiError('This CV was changed elsewhere.', { status: 412 }));
      await flush();
    },
    'conflict.overwrite': (world) => world.actor.send({ type: 'save.overwrite' }),
    'conflict.reload': (world) => world.actor.send({ type: 'save.reload' }),
    'template.switch': (world) => world.actor.send({ type: 'template.switch', templateId: 4 }),
    'switch.succeeds': async (world) => {
      world.loadTemplate.last().resolve(timelineTemplate);
      await flush();
      expect(world.previewEvents.at(-1)).toMatchObject({ type: 'template.change', templateId: 4 });
    },
    'switch.fails': async (world) => {
      world.loadTemplate.last().reject(new ApiError('Template not found.', { status: 404 }));
      await flush();
      expect(world.notify).toHaveBeenLastCalledWith(LOAD_FAILED_NOTICE);
    },
  };

  function assertState(world: World, modelState: string) {
    const snapshot = world.actor.getSnapshot();
    const { context } = snapshot;
    const onTimeline = context.template?.id === 4;
    switch (modelState) {
      case 'loading': {
        expect(snapshot.value).toBe('loading');
        const { target } = world.loadCv.last().input;
        // The address's intent first; after a conflict, the saved CV itself.
        expect([
          { kind: 'new', templateId: 1, draftId: DRAFT_ID },
          { kind: 'saved', reference: UUID },
        ]).toContainEqual(target);
        expect(world.loadCv.last().input.owner).toBe(OWNER);
        break;
      }
      case 'failed':
        expect(snapshot.value).toBe('failed');
        expect(world.notify).toHaveBeenLastCalledWith(LOAD_FAILED_NOTICE);
        break;
      case 'blank':
        // docs/behaviour.md#cv-editing-state: a new CV starts with the template and no entries, not editing,
        // not saved.
        expect(context).toMatchObject({
          cv: { name: '', template: 1, entries: [] },
          identity: { kind: 'new', draftId: DRAFT_ID },
          isEditing: false,
          isSaved: false,
          unsaved: false,
          completedSections: [],
        });
        expect(context.sectionForms).toHaveLength(classicTemplate.sections.length);
        expect(snapshot.can({ type: 'save.open' })).toBe(false);
        expect(snapshot.can({ type: 'cv.download', format: 'pdf' })).toBe(false);
        expect(snapshot.matches({ ready: { saving: 'idle' } })).toBe(true);
        expect(world.lock.held).toEqual([`${OWNER}:${newDraftKey}`]);
        break;
      case 'drafted':
        expect(snapshot.matches({ ready: { saving: 'idle', template: 'idle' } })).toBe(true);
        expect(snapshot.can({ type: 'save.open' })).toBe(true);
        expect(context.cv.uuid).toBeUndefined();
        expect(context.unsaved).toBe(true);
        expect(context.completedSections).toEqual([0]);
        // The first section collapsed, the next one opened (docs/behaviour.md#sections).
        expect(context.expandedSections).toEqual([1]);
        expect(context.formData['Personal Details']).toEqual(
          onTimeline ? { 'full_name-4001-0': 'Ada Lovelace' } : { 'full_name-1001-0': 'Ada Lovelace' },
        );
        // A new CV keeps its draft id whatever the template; the address shows the template.
        expect(context.identity).toEqual({ kind: 'new', draftId: DRAFT_ID });
        expect(world.addresses.at(-1)).toBe(`/dashboard/${onTimeline ? 4 : 1}?draft=${DRAFT_ID}`);
        break;
      case 'naming':
        expect(snapshot.matches({ ready: { saving: 'naming' } })).toBe(true);
        expect(context.saveMode).toBe('first');
        expect(context.pendingDelivery).toBeUndefined();
        break;
      case 'namingToDeliver':
        expect(snapshot.matches({ ready: { saving: 'naming' } })).toBe(true);
        expect(context.saveMode).toBe('first');
        expect(context.pendingDelivery).toBeDefined();
        expect(deliversAfterSave(snapshot)).toBe(true);
        break;
      case 'renaming':
        expect(snapshot.matches({ ready: { saving: 'naming' } })).toBe(true);
        expect(context.saveMode).toBe('rename');
        break;
      case 'copying':
        expect(snapshot.matches({ ready: { saving: 'naming' } })).toBe(true);
        expect(context.saveMode).toBe('copy');
        break;
      case 'confirming':
      case 'confirmingNew':
      case 'confirmingEdited':
        expect(snapshot.matches({ ready: { saving: 'confirmingEmail' } })).toBe(true);
        expect(world.email.requests).toHaveLength(0);
        break;
      case 'creatingCopy':
        expect(snapshot.matches({ ready: { saving: { saving: 'creating' } } })).toBe(true);
        // A new CV (POST), never a change of the one it was copied from; no version to check against.
        expect(world.createCv.last().input.reference).toBeUndefined();
        expect(world.createCv.last().input.ifLastUpdated).toBeUndefined();
        expect(world.createCv.last().input.payload).toMatchObject({ name: 'Software Engineer 2024', template: 1 });
        break;
      case 'creating':
      case 'creatingToDeliver': {
        expect(snapshot.matches({ ready: { saving: { saving: 'creating' } } })).toBe(true);
        expect(snapshot.hasTag('saving')).toBe(true);
        const template = onTimeline ? 4 : 1;
        expect(world.createCv.last().input).toEqual({
          reference: undefined,
          payload: {
            name: 'Software Engineer 2024',
            template,
            entries: [{ value: 'Ada Lovelace', index: 0, section_field: onTimeline ? 4001 : 1001 }],
            // A CV without a structure of its own says so (null), so a saved one loses nothing stale.
            layout: null,
            // Likewise the design (a new CV on A4 in its template's look has none).
            design: null,
          },
        });
        break;
      }
      case 'updating':
      case 'renamingSave':
      case 'savingToDeliver':
        expect(snapshot.matches({ ready: { saving: { saving: 'updating' } } })).toBe(true);
        expect(world.updateCv.last().input.reference).toBe(42);
        expect(world.updateCv.last().input.payload.name).toBe('Software Engineer 2024');
        // The save is checked against the version the edit started from.
        expect(world.updateCv.last().input.ifLastUpdated).toBe(context.base?.lastUpdated);
        expect(world.updateCv.last().input.ifLastUpdated).toBeDefined();
        break;
      case 'overwriting':
        expect(snapshot.matches({ ready: { saving: { saving: 'updating' } } })).toBe(true);
        expect(world.updateCv.last().input.ifLastUpdated).toBeUndefined();
        break;
      case 'conflict':
        expect(snapshot.matches({ ready: { saving: 'conflict' } })).toBe(true);
        expect(context.unsaved).toBe(true);
        break;
      case 'saved':
        expect(snapshot.matches({ ready: { saving: 'idle', template: 'idle' } })).toBe(true);
        expect(context).toMatchObject({
          isSaved: true,
          isEditing: true,
          unsaved: false,
          identity: { kind: 'saved', uuid: UUID },
          cv: { id: 42, uuid: UUID, name: 'Software Engineer 2024' },
        });
        expect(snapshot.can({ type: 'cv.download', format: 'pdf' })).toBe(true);
        expect(deliversAfterSave(snapshot)).toBe(false);
        expect(context.completedSections.length).toBeGreaterThan(0);
        break;
      case 'edited':
        expect(snapshot.matches({ ready: { saving: 'idle' } })).toBe(true);
        expect(context.unsaved).toBe(true);
        expect(deliversAfterSave(snapshot)).toBe(true);
        // A saved CV keeps its address whatever the template.
        expect(world.addresses.at(-1)).toBe(`/dashboard/${UUID}`);
        break;
      case 'switching':
      case 'switchingSaved':
        expect(snapshot.hasTag('switching')).toBe(true);
        expect(world.loadTemplate.last().input).toEqual({ templateId: 4 });
        break;
      default:
        throw new Error(`unchecked model state ${modelState}`);
    }
  }

  const paths = transitionPaths(model, events);

  it('covers every transition of the model', () => {
    expect(paths).toHaveLength(declaredTransitionCount(model));
  });

  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_, path) => {
    const world = createWorld();
    await runModelPath(model, path, world, executors, assertState);
    world.actor.stop();
  });
});

function draftOf(overrides: Partial<ReturnType<typeof readDraft> & object> = {}) {
  return {
    version: 2 as const,
    owner: OWNER,
    cv: { name: '', template: 1 },
    formData: {},
    stash: {},
    entryCounts: [1, 1, 1, 1],
    completedSections: [],
    expandedSections: [0],
    isSaved: false,
    isEditing: false,
    unsaved: true,
    updatedAt: 1,
    ...overrides,
  };
}

describe('builder machine: details', () => {
  async function ready(loaded: LoadedCv = newCv(classicTemplate, DRAFT_ID)) {
    const world = createWorld();
    await answerLoad(world, loaded);
    return world;
  }

  const savedClassic = () =>
    savedCv(
      {
        id: 42,
        uuid: UUID,
        name: 'Old',
        template: 1,
        entries: [
          { value: 'Ada', index: 0, section_field: 1001 },
          { value: 'Builds things', index: 0, section_field: 1008 },
        ],
        last_updated: LAST_UPDATED,
      },
      classicTemplate,
    );

  it('mirrors every keystroke into the form data and the preview', async () => {
    const world = await ready();
    form(world, 2).send({ type: 'field.change', key: 'job_title-1009-0', value: 'E' });
    form(world, 2).send({ type: 'field.change', key: 'job_title-1009-0', value: 'En' });
    expect(world.actor.getSnapshot().context.formData['Work Experience']).toEqual({
      'job_title-1009-0': 'En',
    });
    expect(world.previewEvents.at(-1)).toEqual({
      type: 'form.change',
      formData: expect.objectContaining({ 'Work Experience': { 'job_title-1009-0': 'En' } }),
      layout: EMPTY_LAYOUT,
      design: PLAIN_DESIGN,
    });
  });

  it("writes the person's draft of this CV shortly after a change, and at once on flush", async () => {
    const world = await ready();
    form(world, 0).send({ type: 'field.change', key: 'full_name-1001-0', value: 'Ada' });
    expect(readDraft(OWNER, newDraftKey)).toBeUndefined();
    world.clock.increment(DRAFT_WRITE_DELAY_MS);
    expect(readDraft(OWNER, newDraftKey)?.formData['Personal Details']).toEqual({
      'full_name-1001-0': 'Ada',
    });
    form(world, 0).send({ type: 'field.change', key: 'full_name-1001-0', value: 'Ada L' });
    world.actor.send({ type: 'draft.flush' });
    expect(readDraft(OWNER, newDraftKey)?.formData['Personal Details']).toEqual({
      'full_name-1001-0': 'Ada L',
    });
    expect(readDraft(OWNER, newDraftKey)?.unsaved).toBe(true);
    // Nobody else can read it: another person's key holds nothing.
    expect(readDraft('8', newDraftKey)).toBeUndefined();
    expect(localStorage.getItem(draftKey(OWNER, newDraftKey))).toContain('Ada L');
  });

  it('keeps writing while typing never stops (throttled, not debounced)', async () => {
    const world = await ready();
    for (let key = 1; key <= 20; key += 1) {
      form(world, 0).send({ type: 'field.change', key: 'full_name-1001-0', value: 'A'.repeat(key) });
      world.clock.increment(100);
    }
    expect(
      readDraft(OWNER, newDraftKey)?.formData['Personal Details']['full_name-1001-0'].length,
    ).toBeGreaterThanOrEqual(18);
  });

  it('leaves no draft behind for a new CV nobody typed in', async () => {
    const world = await ready();
    world.actor.send({ type: 'section.toggle', sectionIndex: 2 });
    world.actor.send({ type: 'draft.flush' });
    expect(readDraft(OWNER, newDraftKey)).toBeUndefined();
  });

  it('lets any section be expanded or collapsed at any time', async () => {
    const world = await ready();
    world.actor.send({ type: 'section.toggle', sectionIndex: 3 });
    world.actor.send({ type: 'section.toggle', sectionIndex: 0 });
    expect(world.actor.getSnapshot().context.expandedSections).toEqual([3]);
  });

  it("takes Ctrl+S (save.open) or Ctrl+Shift+S (save.as) in the name dialog as its Save: blank refused, a name saved", async () => {
    const world = await ready();
    form(world, 0).send({ type: 'field.change', key: 'full_name-1001-0', value: 'Ada' });
    form(world, 0).send({ type: 'section.submit' });
    world.actor.send({ type: 'save.open' });
    expect(world.actor.getSnapshot().matches({ ready: { saving: 'naming' } })).toBe(true);
    world.actor.send({ type: 'save.open' });
    expect(world.notify).toHaveBeenLastCalledWith(NAME_REQUIRED_NOTICE);
    expect(world.createCv.requests).toHaveLength(0);
    world.actor.send({ type: 'save.nameChange', name: 'Mine' });
    world.actor.send({ type: 'save.as' });
    expect(world.createCv.requests).toHaveLength(1);
    expect(world.createCv.last().input.payload).toMatchObject({ name: 'Mine' });
  });

  it('marks a renamed CV unsaved until the save succeeds', async () => {
    const world = await ready(savedClassic());
    world.actor.send({ type: 'save.rename' });
    expect(world.actor.getSnapshot().context.saveName).toBe('Old');
    world.actor.send({ type: 'save.nameChange', name: 'New' });
    world.actor.send({ type: 'save.submit' });
    expect(world.actor.getSnapshot().context).toMatchObject({
      isSaved: false,
      unsaved: true,
      cv: { name: 'New' },
    });
    const pending = world.updateCv.last();
    pending.resolve(saved(pending.input));
    await flush();
    expect(world.actor.getSnapshot().context).toMatchObject({ isSaved: true, unsaved: false });
  });

  it('keeps everything entered when a save fails', async () => {
    const world = await ready();
    form(world, 0).send({ type: 'field.change', key: 'full_name-1001-0', value: 'Ada' });
    form(world, 0).send({ type: 'section.submit' });
    world.actor.send({ type: 'save.open' });
    world.actor.send({ type: 'save.nameChange', name: 'Mine' });
    world.actor.send({ type: 'save.submit' });
    world.createCv.last().reject(new ApiError('boom', { status: 500 }));
    await flush();
    const { context } = world.actor.getSnapshot();
    expect(context).toMatchObject({
      isSaved: false,
      cv: { name: 'Mine' },
      completedSections: [0],
      formData: { 'Personal Details': { 'full_name-1001-0': 'Ada' } },
    });
    world.actor.send({ type: 'draft.flush' });
    expect(readDraft(OWNER, newDraftKey)?.cv.name).toBe('Mine');
  });

  it("tells a refused save by section and field in the person's words, never the server's keys", async () => {
    const world = await ready();
    form(world, 2).send({ type: 'field.change', key: 'job_title-1009-0', value: 'Engineer' });
    form(world, 2).send({ type: 'field.change', key: 'job_title-1009-1', value: 'x'.repeat(30) });
    form(world, 2).send({ type: 'section.submit' });
    world.actor.send({ type: 'save.open' });
    world.actor.send({ type: 'save.nameChange', name: 'Mine' });
    world.actor.send({ type: 'save.submit' });
    world.createCv.last().reject(
      new ApiError('entries[1].value: must be at most 20000 characters', {
        status: 400,
        serverMessage: 'entries[1].value: must be at most 20000 characters',
      }),
    );
    await flush();
    const description = {
      id: '{section}, entry {entry}: {field} is too long (at most {max, number} characters).',
      values: { section: 'Work Experience', entry: 2, field: "'Job Title'", max: 20_000 },
    };
    expect(world.notify).toHaveBeenLastCalledWith({ ...SAVE_FAILED_NOTICE, description });
    expect(t(description)).toBe("Work Experience, entry 2: 'Job Title' is too long (at most 20,000 characters).");
  });

  it('says a switched-off template makes no new CV in the server\'s words, and keeps the work', async () => {
    const world = await ready();
    form(world, 2).send({ type: 'field.change', key: 'job_title-1009-0', value: 'Engineer' });
    form(world, 2).send({ type: 'section.submit' });
    world.actor.send({ type: 'save.open' });
    world.actor.send({ type: 'save.nameChange', name: 'Mine' });
    world.actor.send({ type: 'save.submit' });
    world.createCv
      .last()
      .reject(new ApiError(TEMPLATE_NO_LONGER_OFFERED, { status: 400, serverMessage: TEMPLATE_NO_LONGER_OFFERED }));
    await flush();
    expect(world.notify).toHaveBeenLastCalledWith({ ...SAVE_FAILED_NOTICE, description: TEMPLATE_NO_LONGER_OFFERED });
    expect(world.actor.getSnapshot().context.formData).toMatchObject({
      'Work Experience': { 'job_title-1009-0': 'Engineer' },
    });
  });

  it('knows a switched-off template by its code when the server says it in another language', async () => {
    const world = await ready();
    form(world, 2).send({ type: 'field.change', key: 'job_title-1009-0', value: 'Engineer' });
    form(world, 2).send({ type: 'section.submit' });
    world.actor.send({ type: 'save.open' });
    world.actor.send({ type: 'save.nameChange', name: 'Mine' });
    world.actor.send({ type: 'save.submit' });
    const german = 'Diese Vorlage wird nicht mehr angeboten.';
    world.createCv.last().reject(
      new ApiError(german, {
        status: 400,
        serverMessage: german,
        data: { detail: german, code: 'template_not_offered' },
      }),
    );
    await flush();
    expect(world.notify).toHaveBeenLastCalledWith({ ...SAVE_FAILED_NOTICE, description: TEMPLATE_NO_LONGER_OFFERED });
  });

  it('says which field a refusal in another language is about, and what is wrong, from its code', async () => {
    const world = await ready();
    form(world, 2).send({ type: 'field.change', key: 'job_title-1009-0', value: 'Engineer' });
    form(world, 2).send({ type: 'field.change', key: 'job_title-1009-1', value: 'Lead' });
    form(world, 2).send({ type: 'section.submit' });
    world.actor.send({ type: 'save.open' });
    world.actor.send({ type: 'save.nameChange', name: 'Mine' });
    world.actor.send({ type: 'save.submit' });
    const german = 'entries[1].value: darf höchstens 20000 Zeichen lang sein';
    world.createCv.last().reject(
      new ApiError(german, { status: 400, serverMessage: german, data: { detail: german, code: 'too_long' } }),
    );
    await flush();
    expect(world.notify).toHaveBeenLastCalledWith({
      ...SAVE_FAILED_NOTICE,
      description: {
        id: '{section}, entry {entry}: {field} is too long (at most {max, number} characters).',
        values: { section: 'Work Experience', entry: 2, field: "'Job Title'", max: 20_000 },
      },
    });
  });

  it('keeps edits typed while the save was under way unsaved', async () => {
    const world = await ready(savedClassic());
    form(world, 0).send({ type: 'field.change', key: 'full_name-1001-0', value: 'Ada L' });
    world.actor.send({ type: 'save.open' });
    world.actor.send({ type: 'save.submit' });
    form(world, 0).send({ type: 'field.change', key: 'full_name-1001-0', value: 'Ada Lovelace' });
    const pending = world.updateCv.last();
    pending.resolve(saved(pending.input));
    await flush();
    expect(world.actor.getSnapshot().context.unsaved).toBe(true);
  });

  it('ignores a switch to the template already in use', async () => {
    const world = await ready();
    world.actor.send({ type: 'template.switch', templateId: 1 });
    expect(world.loadTemplate.requests).toHaveLength(0);
  });

  it('keeps every value over template switches and lists what the template cannot show (1 → 4 → 1)', async () => {
    const world = await ready(savedClassic());
    world.actor.send({ type: 'template.switch', templateId: 4 });
    world.loadTemplate.last().resolve(timelineTemplate);
    await flush();
    let { context } = world.actor.getSnapshot();
    expect(context.stash).toEqual({ 'Professional Summary': { 'summary-1008-0': 'Builds things' } });
    expect(context.identity).toEqual({ kind: 'saved', uuid: UUID });
    world.actor.send({ type: 'draft.flush' });
    expect(readDraft(OWNER, savedDraftKey)?.stash).toEqual(context.stash);
    world.actor.send({ type: 'template.switch', templateId: 1 });
    world.loadTemplate.last().resolve(classicTemplate);
    await flush();
    context = world.actor.getSnapshot().context;
    expect(context.stash).toEqual({});
    expect(context.formData['Professional Summary']).toEqual({ 'summary-1008-0': 'Builds things' });
    expect(context.unsaved).toBe(false);
  });

  it('saves the new template on the same CV (PUT by its id), never a second CV', async () => {
    const world = await ready(savedClassic());
    world.actor.send({ type: 'template.switch', templateId: 4 });
    world.loadTemplate.last().resolve(timelineTemplate);
    await flush();
    world.actor.send({ type: 'save.open' });
    world.actor.send({ type: 'save.submit' });
    expect(world.createCv.requests).toHaveLength(0);
    expect(world.updateCv.last().input).toMatchObject({ reference: 42, payload: { template: 4 } });
  });

  it('stops the old section forms when the template changes', async () => {
    const world = await ready();
    const old = world.actor.getSnapshot().context.sectionForms;
    world.actor.send({ type: 'template.switch', templateId: 4 });
    world.loadTemplate.last().resolve(timelineTemplate);
    await flush();
    expect(old.every((ref) => ref.getSnapshot().status === 'stopped')).toBe(true);
    expect(world.actor.getSnapshot().context.sectionForms).toHaveLength(timelineTemplate.sections.length);
  });

  it('saves first, then downloads, when the screen shows changes the saved copy lacks', async () => {
    const world = await ready(savedClassic());
    form(world, 0).send({ type: 'field.change', key: 'full_name-1001-0', value: 'Ada Lovelace' });
    world.actor.send({ type: 'cv.download', format: 'word' });
    expect(world.download.requests).toHaveLength(0);
    const pending = world.updateCv.last();
    expect(pending.input.payload.entries).toContainEqual({
      value: 'Ada Lovelace',
      index: 0,
      section_field: 1001,
    });
    pending.resolve(saved(pending.input));
    await flush();
    expect(world.download.last().input).toEqual({ format: 'word', uuid: UUID, name: 'Old' });
  });

  it('emails the saved CV once the person has seen where it goes', async () => {
    const world = await ready(savedClassic());
    world.actor.send({ type: 'cv.email' });
    expect(world.email.requests).toHaveLength(0);
    world.actor.send({ type: 'email.confirm' });
    expect(world.email.last().input).toEqual({ uuid: UUID });
  });

  it("saves a named saved CV at once: 'Save CV' asks no name, and PUTs", async () => {
    const world = await ready(savedClassic());
    form(world, 0).send({ type: 'field.change', key: 'full_name-1001-0', value: 'Ada L' });
    world.actor.send({ type: 'save.open' });
    const snapshot = world.actor.getSnapshot();
    expect(snapshot.matches({ ready: { saving: { saving: 'updating' } } })).toBe(true);
    expect(snapshot.context.saveMode).toBeUndefined();
    expect(world.updateCv.last().input).toMatchObject({ reference: 42, payload: { name: 'Old' } });
    world.updateCv.last().reject(new ApiError('Server error', { status: 500 }));
    await flush();
    // No dialog to go back to: the CV stays on screen, unsaved, and Save tries again.
    expect(world.actor.getSnapshot().matches({ ready: { saving: 'idle' } })).toBe(true);
    expect(world.actor.getSnapshot().context.unsaved).toBe(true);
  });

  it("'Save as…' creates a copy under the new name and edits the copy from then on", async () => {
    const world = await ready(savedClassic());
    world.actor.send({ type: 'save.as' });
    expect(world.actor.getSnapshot().context.saveName).toBe('Old (2)');
    world.actor.send({ type: 'save.nameChange', name: 'Old for banks' });
    world.actor.send({ type: 'save.submit' });
    expect(world.updateCv.requests).toHaveLength(0);
    const pending = world.createCv.last();
    expect(pending.input.reference).toBeUndefined();
    expect(pending.input.payload.name).toBe('Old for banks');
    pending.resolve({ ...saved(pending.input), id: 43, uuid: '00000000-0000-4000-8000-000000000043' });
    await flush();
    const { context } = world.actor.getSnapshot();
    expect(context.cv).toMatchObject({ id: 43, name: 'Old for banks' });
    expect(context.identity).toEqual({ kind: 'saved', uuid: '00000000-0000-4000-8000-000000000043' });
    expect(world.addresses.at(-1)).toBe('/dashboard/00000000-0000-4000-8000-000000000043');
  });

  it('names a new CV first when Download is chosen, then saves and downloads it', async () => {
    const world = await ready();
    form(world, 0).send({ type: 'field.change', key: 'full_name-1001-0', value: 'Ada' });
    form(world, 0).send({ type: 'section.submit' });
    expect(deliversAfterSave(world.actor.getSnapshot())).toBe(true);
    world.actor.send({ type: 'cv.download', format: 'pdf' });
    expect(world.actor.getSnapshot().matches({ ready: { saving: 'naming' } })).toBe(true);
    world.actor.send({ type: 'save.nameChange', name: 'Mine' });
    world.actor.send({ type: 'save.submit' });
    const pending = world.createCv.last();
    pending.resolve(saved(pending.input));
    await flush();
    expect(world.download.last().input).toEqual({ format: 'pdf', uuid: UUID, name: 'Mine' });
  });

  it('forgets the download when the new CV is not named after all', async () => {
    const world = await ready();
    form(world, 0).send({ type: 'field.change', key: 'full_name-1001-0', value: 'Ada' });
    form(world, 0).send({ type: 'section.submit' });
    world.actor.send({ type: 'cv.download', format: 'word' });
    world.actor.send({ type: 'save.cancel' });
    expect(world.actor.getSnapshot().context.pendingDelivery).toBeUndefined();
    world.actor.send({ type: 'save.open' });
    world.actor.send({ type: 'save.nameChange', name: 'Mine' });
    world.actor.send({ type: 'save.submit' });
    const pending = world.createCv.last();
    pending.resolve(saved(pending.input));
    await flush();
    expect(world.download.requests).toHaveLength(0);
  });

  it('after a conflict, Reload drops the draft and reads the other copy', async () => {
    const world = await ready(savedClassic());
    form(world, 0).send({ type: 'field.change', key: 'full_name-1001-0', value: 'Mine' });
    world.actor.send({ type: 'draft.flush' });
    world.actor.send({ type: 'cv.download', format: 'pdf' });
    world.updateCv.last().reject(new ApiError('This CV was changed elsewhere.', { status: 412 }));
    await flush();
    expect(world.actor.getSnapshot().matches({ ready: { saving: 'conflict' } })).toBe(true);
    expect(readDraft(OWNER, savedDraftKey)).toBeDefined();
    world.actor.send({ type: 'save.reload' });
    expect(readDraft(OWNER, savedDraftKey)).toBeUndefined();
    expect(world.loadCv.last().input.target).toEqual({ kind: 'saved', reference: UUID });
    expect(world.download.requests).toHaveLength(0);
  });

  it('says so when another tab edits this CV, and takes over only when asked', async () => {
    const world = createWorld();
    form(world, 0);
    world.loadCv.last().resolve(savedClassic());
    await flush();
    expect(world.checkEditLock.last().input).toEqual({ key: `${OWNER}:${savedDraftKey}` });
    world.checkEditLock.last().resolve(true);
    await flush();
    expect(world.actor.getSnapshot().value).toBe('openElsewhere');
    expect(world.lock.held).toEqual([]);
    world.actor.send({ type: 'lock.takeOver' });
    expect(world.takeOverEditLock.last().input).toEqual({ key: `${OWNER}:${savedDraftKey}` });
    world.takeOverEditLock.last().resolve();
    await flush();
    // The other tab wrote its draft before letting go: this tab reads the CV again.
    expect(world.actor.getSnapshot().value).toBe('loading');
    expect(world.loadCv.last().input.target).toEqual({ kind: 'saved', reference: UUID });
  });

  it('writes its draft and stops editing when another tab claims the CV', async () => {
    const world = await ready(savedClassic());
    form(world, 0).send({ type: 'field.change', key: 'full_name-1001-0', value: 'Typed here' });
    world.lock.handOver!();
    expect(world.actor.getSnapshot().value).toBe('openElsewhere');
    expect(readDraft(OWNER, savedDraftKey)?.formData['Personal Details']).toMatchObject({
      'full_name-1001-0': 'Typed here',
    });
  });

  it('writes nothing when it finds another tab took the CV while it was quiet', async () => {
    const world = await ready(savedClassic());
    form(world, 0).send({ type: 'field.change', key: 'full_name-1001-0', value: 'Stale words' });
    world.lock.take!();
    expect(world.actor.getSnapshot().value).toBe('openElsewhere');
    expect(readDraft(OWNER, savedDraftKey)).toBeUndefined();
  });

  it('holds a new CV under its uuid once it is saved', async () => {
    const world = await ready();
    expect(world.lock.held).toEqual([`${OWNER}:${newDraftKey}`]);
    form(world, 0).send({ type: 'field.change', key: 'full_name-1001-0', value: 'Ada' });
    form(world, 0).send({ type: 'section.submit' });
    world.actor.send({ type: 'save.open' });
    world.actor.send({ type: 'save.nameChange', name: 'Mine' });
    world.actor.send({ type: 'save.submit' });
    const pending = world.createCv.last();
    pending.resolve(saved(pending.input));
    await flush();
    expect(world.lock.held).toEqual([`${OWNER}:${savedDraftKey}`]);
  });

  it('reopens a bare number as what the loader found, and a reload reopens that same CV', async () => {
    const world = createWorld({ routeId: '4' });
    expect(world.loadCv.last().input.target).toEqual({ kind: 'numeric', id: 4 });
    await answerLoad(world, newCv(classicTemplate, DRAFT_ID));
    expect(world.addresses.at(-1)).toBe(`/dashboard/1?draft=${DRAFT_ID}`);
    expect(world.actor.getSnapshot().context.target).toEqual({
      kind: 'new',
      templateId: 1,
      draftId: DRAFT_ID,
    });
  });

  it('fails at once for an address that cannot be a CV', () => {
    const world = createWorld({ routeId: 'not-a-cv' });
    expect(world.actor.getSnapshot().value).toBe('failed');
    expect(world.loadCv.requests).toHaveLength(0);
  });
});
