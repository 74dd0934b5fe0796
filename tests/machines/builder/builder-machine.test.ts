import {
  SimulatedClock,
  createActor,
  createMachine,
  fromCallback,
  fromPromise,
  type EventObject,
} from 'xstate';
import { ApiError } from '../../../src/api/api-error';
import type { SavedGeneratedCv } from '../../../src/api/cvs';
import type { Template, TemplateDetail } from '../../../src/api/templates';
import type { Notice } from '../../../src/machines/auth-flow';
import {
  DRAFT_WRITE_DELAY_MS,
  LOAD_FAILED_NOTICE,
  NAME_REQUIRED_NOTICE,
  SAVE_FAILED_NOTICE,
  builderMachine,
  canDownload,
  canSave,
  savedNotice,
  type BuilderActor,
  type SaveCvInput,
} from '../../../src/machines/builder-machine';
import {
  MUST_SAVE_NOTICE,
  builderDownloadMachine,
  type BuilderDownloadRequest,
} from '../../../src/machines/builder-download-machine';
import { readDraft } from '../../../src/machines/builder/draft';
import { newCv, savedCv, type LoadedCv } from '../../../src/machines/builder/load-cv';
import { USER_ID_STORAGE_KEY } from '../../../src/machines/storage';
import { declaredTransitionCount, deferredActor, flush, runModelPath, transitionPaths } from '../model-paths';
import { classicTemplate, timelineTemplate } from './fixtures';

const UUID = '3f2b8c1e-6a4d-4e2f-9b7a-1c2d3e4f5a6b';

function saved(input: SaveCvInput): SavedGeneratedCv {
  return {
    id: 42,
    uuid: UUID,
    name: input.payload.name,
    template: input.payload.template,
    entries: input.payload.entries.map((entry, index) => ({ id: index + 1, ...entry })),
  };
}

function createWorld(routeId = '1') {
  const loadCv = deferredActor<LoadedCv, { routeId: string }>();
  const loadTemplate = deferredActor<TemplateDetail, { templateId: number }>();
  const createCv = deferredActor<SavedGeneratedCv, SaveCvInput>();
  const updateCv = deferredActor<SavedGeneratedCv, SaveCvInput>();
  const download = deferredActor<void, BuilderDownloadRequest>();
  const previewEvents: EventObject[] = [];
  const notify = vi.fn<(notice: Notice) => void>();
  const replaceAddress = vi.fn<(routeId: string) => void>();
  const clock = new SimulatedClock();
  const machine = builderMachine.provide({
    actors: {
      loadCv: loadCv.logic,
      loadTemplate: loadTemplate.logic,
      loadTemplates: fromPromise<Template[]>(async () => [classicTemplate, timelineTemplate]),
      createCv: createCv.logic,
      updateCv: updateCv.logic,
      // Stands in for the preview: records what the builder tells it.
      preview: fromCallback<EventObject>(({ receive }) => {
        receive((event) => previewEvents.push(event));
      }) as never,
      downloads: builderDownloadMachine.provide({
        actors: { downloadCv: download.logic },
        actions: { notify: (_, notice) => notify(notice) },
      }),
    },
    actions: {
      notify: (_, notice) => notify(notice),
      replaceAddress: (_, params) => replaceAddress(params.routeId),
    },
  });
  const actor: BuilderActor = createActor(machine, { input: { routeId }, clock }).start();
  return {
    actor,
    clock,
    loadCv,
    loadTemplate,
    createCv,
    updateCv,
    download,
    previewEvents,
    notify,
    replaceAddress,
  };
}
type World = ReturnType<typeof createWorld>;

/** The save request under way: POST for a new CV, PUT for one that exists. */
function pendingSave(world: World) {
  const updating = world.actor.getSnapshot().matches({ ready: { saving: { saving: 'updating' } } });
  return (updating ? world.updateCv : world.createCv).last();
}

const form = (world: World, index: number) => world.actor.getSnapshot().context.sectionForms[index];

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(USER_ID_STORAGE_KEY, '7');
});

describe('builder machine: model-based (spec §4 CV editing state, Sections, Saving; §8 builder messages)', () => {
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
        },
      },
      drafted: { on: { 'save.open': 'naming', 'template.switch': 'switching' } },
      naming: { on: { 'save.submitBlank': 'naming', 'save.cancel': 'drafted', 'save.submit': 'creating' } },
      creating: { on: { 'save.succeeds': 'saved', 'save.fails': 'naming' } },
      saved: { on: { 'save.open': 'renaming', 'cv.download': 'saved', 'template.switch': 'switchingSaved' } },
      renaming: { on: { 'save.submit': 'updating', 'save.cancel': 'saved' } },
      updating: { on: { 'save.succeeds': 'saved', 'save.fails': 'renaming' } },
      switching: { on: { 'switch.succeeds': 'drafted', 'switch.fails': 'drafted' } },
      switchingSaved: { on: { 'switch.succeeds': 'saved' } },
    },
  });
  const events = [
    'load.fails',
    'load.newCv',
    'load.savedCv',
    'builder.retry',
    'save.open',
    'section.submitEmpty',
    'section.complete',
    'cv.download',
    'save.submitBlank',
    'save.cancel',
    'save.submit',
    'save.succeeds',
    'save.fails',
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
  };

  const executors: Record<string, (world: World) => Promise<void> | void> = {
    'load.fails': async (world) => {
      world.loadCv.last().reject(new ApiError('Not found.', { status: 404 }));
      await flush();
    },
    'load.newCv': async (world) => {
      world.loadCv.last().resolve(newCv(classicTemplate));
      await flush();
    },
    'load.savedCv': async (world) => {
      world.loadCv.last().resolve(savedCv(detail, classicTemplate));
      await flush();
    },
    'builder.retry': (world) => world.actor.send({ type: 'builder.retry' }),
    'save.open': (world) => world.actor.send({ type: 'save.open' }),
    'section.submitEmpty': (world) => {
      form(world, 0).send({ type: 'section.submit' });
      expect(form(world, 0).getSnapshot().value).toBe('empty');
    },
    'section.complete': (world) => {
      form(world, 0).send({ type: 'field.change', key: 'full_name-1001-0', value: 'Ada Lovelace' });
      form(world, 0).send({ type: 'field.change', key: 'email-1003-0', value: '' });
      form(world, 0).send({ type: 'section.submit' });
    },
    'cv.download': (world) => {
      const startedBefore = world.download.requests.length;
      world.actor.send({ type: 'cv.download', format: 'pdf' });
      if (!canDownload(world.actor.getSnapshot())) {
        expect(world.notify).toHaveBeenLastCalledWith(MUST_SAVE_NOTICE);
        expect(world.download.requests).toHaveLength(startedBefore);
      } else {
        expect(world.download.last().input).toEqual({
          format: 'pdf',
          uuid: UUID,
          name: 'Software Engineer 2024',
        });
      }
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
      pending.resolve(saved(pending.input));
      await flush();
      expect(world.notify).toHaveBeenLastCalledWith(savedNotice('Software Engineer 2024'));
      expect(world.replaceAddress).toHaveBeenLastCalledWith(UUID);
      // spec §4 Saving: local storage is cleared, except for the stored user id.
      expect(localStorage.length).toBe(1);
      expect(localStorage.getItem(USER_ID_STORAGE_KEY)).toBe('7');
    },
    'save.fails': async (world) => {
      pendingSave(world).reject(new ApiError('Server error', { status: 500 }));
      await flush();
      expect(world.notify).toHaveBeenLastCalledWith(SAVE_FAILED_NOTICE);
    },
    'template.switch': (world) => world.actor.send({ type: 'template.switch', templateId: 4 }),
    'switch.succeeds': async (world) => {
      world.loadTemplate.last().resolve(timelineTemplate);
      await flush();
      expect(world.replaceAddress).toHaveBeenLastCalledWith('4');
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
      case 'loading':
        expect(snapshot.value).toBe('loading');
        expect(world.loadCv.last().input).toEqual({ routeId: '1' });
        break;
      case 'failed':
        expect(snapshot.value).toBe('failed');
        expect(world.notify).toHaveBeenLastCalledWith(LOAD_FAILED_NOTICE);
        break;
      case 'blank':
        // spec §4: a new CV starts with the template and no entries, not editing, not saved.
        expect(context).toMatchObject({
          cv: { name: '', template: 1, entries: [] },
          isEditing: false,
          isSaved: false,
          completedSections: [],
        });
        expect(context.sectionForms).toHaveLength(classicTemplate.sections.length);
        expect(canSave(snapshot)).toBe(false);
        expect(canDownload(snapshot)).toBe(false);
        expect(snapshot.matches({ ready: { saving: 'idle' } })).toBe(true);
        break;
      case 'drafted':
        expect(snapshot.matches({ ready: { saving: 'idle', template: 'idle' } })).toBe(true);
        expect(canSave(snapshot)).toBe(true);
        expect(context.cv.uuid).toBeUndefined();
        expect(context.completedSections).toEqual([0]);
        // The first section collapsed, the next one opened (spec §4 Sections).
        expect(context.expandedSections).toEqual([1]);
        expect(context.formData['Personal Details']).toEqual(
          onTimeline ? { 'full_name-4001-0': 'Ada Lovelace' } : { 'full_name-1001-0': 'Ada Lovelace' },
        );
        expect(context.routeId).toBe(onTimeline ? '4' : '1');
        break;
      case 'naming':
      case 'renaming':
        expect(snapshot.matches({ ready: { saving: 'naming' } })).toBe(true);
        break;
      case 'creating': {
        expect(snapshot.matches({ ready: { saving: { saving: 'creating' } } })).toBe(true);
        expect(snapshot.hasTag('saving')).toBe(true);
        const template = onTimeline ? 4 : 1;
        expect(world.createCv.last().input).toEqual({
          reference: undefined,
          payload: {
            name: 'Software Engineer 2024',
            template,
            entries: [{ value: 'Ada Lovelace', index: 0, section_field: onTimeline ? 4001 : 1001 }],
          },
        });
        break;
      }
      case 'updating':
        expect(snapshot.matches({ ready: { saving: { saving: 'updating' } } })).toBe(true);
        expect(world.updateCv.last().input.reference).toBe(42);
        expect(world.updateCv.last().input.payload.name).toBe('Software Engineer 2024');
        break;
      case 'saved':
        expect(snapshot.matches({ ready: { saving: 'idle', template: 'idle' } })).toBe(true);
        expect(context).toMatchObject({
          isSaved: true,
          isEditing: true,
          cv: { id: 42, uuid: UUID, name: 'Software Engineer 2024' },
        });
        expect(canDownload(snapshot)).toBe(true);
        expect(context.completedSections.length).toBeGreaterThan(0);
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

describe('builder machine: details', () => {
  async function ready(loaded: LoadedCv = newCv(classicTemplate)) {
    const world = createWorld();
    world.loadCv.last().resolve(loaded);
    await flush();
    return world;
  }

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
    });
  });

  it('writes the draft to local storage shortly after a change, and at once on flush', async () => {
    const world = await ready();
    form(world, 0).send({ type: 'field.change', key: 'full_name-1001-0', value: 'Ada' });
    expect(readDraft('1')).toBeUndefined();
    world.clock.increment(DRAFT_WRITE_DELAY_MS);
    expect(readDraft('1')?.formData['Personal Details']).toEqual({ 'full_name-1001-0': 'Ada' });
    form(world, 0).send({ type: 'field.change', key: 'full_name-1001-0', value: 'Ada L' });
    world.actor.send({ type: 'draft.flush' });
    expect(readDraft('1')?.formData['Personal Details']).toEqual({ 'full_name-1001-0': 'Ada L' });
  });

  it('keeps writing while typing never stops (throttled, not debounced)', async () => {
    const world = await ready();
    for (let key = 1; key <= 20; key += 1) {
      form(world, 0).send({ type: 'field.change', key: 'full_name-1001-0', value: 'A'.repeat(key) });
      world.clock.increment(100);
    }
    expect(readDraft('1')?.formData['Personal Details']['full_name-1001-0'].length).toBeGreaterThanOrEqual(
      18,
    );
  });

  it('lets any section be expanded or collapsed at any time', async () => {
    const world = await ready();
    world.actor.send({ type: 'section.toggle', sectionIndex: 3 });
    world.actor.send({ type: 'section.toggle', sectionIndex: 0 });
    expect(world.actor.getSnapshot().context.expandedSections).toEqual([3]);
  });

  it('marks a renamed CV unsaved until the save succeeds (spec §4)', async () => {
    const world = await ready(
      savedCv(
        {
          id: 42,
          uuid: UUID,
          name: 'Old',
          template: 1,
          entries: [{ value: 'Ada', index: 0, section_field: 1001 }],
        },
        classicTemplate,
      ),
    );
    world.actor.send({ type: 'save.open' });
    expect(world.actor.getSnapshot().context.saveName).toBe('Old');
    world.actor.send({ type: 'save.nameChange', name: 'New' });
    world.actor.send({ type: 'save.submit' });
    expect(world.actor.getSnapshot().context).toMatchObject({ isSaved: false, cv: { name: 'New' } });
    expect(canDownload(world.actor.getSnapshot())).toBe(false);
    world.actor.send({ type: 'cv.download', format: 'word' });
    expect(world.notify).toHaveBeenLastCalledWith(MUST_SAVE_NOTICE);
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
    expect(readDraft('1')?.cv.name).toBe('Mine');
  });

  it('ignores a switch to the template already in use', async () => {
    const world = await ready();
    world.actor.send({ type: 'template.switch', templateId: 1 });
    expect(world.loadTemplate.requests).toHaveLength(0);
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
});
