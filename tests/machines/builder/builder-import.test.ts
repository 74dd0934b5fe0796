import { fromJsonResume } from '../../../src/cv-data/json-resume';
import { newCv } from '../../../src/drafts/load-cv';
import { t } from '../../../src/i18n/i18n';
import { flush } from '../model-paths';
import {
  DRAFT_ID,
  OWNER,
  answerLoad,
  createWorld,
  form,
  pendingSave,
  saved,
  type World,
} from './builder-world';
import { classicTemplate } from './fixtures';

// An imported JSON Resume takes the place of what the builder shows, unsaved, and can be undone.

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('user_id', OWNER);
});

async function ready() {
  const world = createWorld();
  await answerLoad(world, newCv(classicTemplate, DRAFT_ID));
  return world;
}

const imported = fromJsonResume(
  {
    basics: { name: '李雷', summary: 'Builds things.' },
    work: [{ name: 'Hooli', position: 'Engineer', startDate: '2020-01', highlights: ['Shipped'] }],
    volunteer: [{ organization: 'CoderDojo', position: 'Mentor' }],
  },
  classicTemplate.sections,
  classicTemplate.id,
);

function importInto(world: World) {
  world.actor.send({ type: 'cv.import', formData: imported.formData, layout: imported.layout });
}

describe('builder machine: an imported CV', () => {
  it('fills the section forms, the layout and the preview, and is unsaved', async () => {
    const world = await ready();
    importInto(world);
    await flush();
    const context = world.actor.getSnapshot().context;
    expect(context.formData['Personal Details']).toEqual({ 'full_name-1001-0': '李雷' });
    expect(context.formData['Work Experience']).toMatchObject({
      'company-1010-0': 'Hooli',
      'currently_working-1014-0': 'true',
    });
    expect(context.completedSections).toEqual([0, 1, 2]);
    expect(context.layout.custom_sections.map((section) => section.title)).toEqual(['Volunteering']);
    expect(context.unsaved).toBe(true);
    expect(form(world, 2)!.getSnapshot().context.values).toMatchObject({ 'job_title-1009-0': 'Engineer' });
    expect(world.previewEvents.at(-1)).toMatchObject({ type: 'form.change', formData: context.formData });
  });

  it('Undo gives back what was there before', async () => {
    const world = await ready();
    importInto(world);
    world.actor.send({ type: 'history.undo' });
    const context = world.actor.getSnapshot().context;
    expect(context.formData['Personal Details'] ?? {}).toEqual({});
    expect(context.layout.custom_sections).toEqual([]);
  });

  it('the save after an import keeps its version as an import; the next save does not', async () => {
    const world = await ready();
    importInto(world);
    world.actor.send({ type: 'save.open' });
    world.actor.send({ type: 'save.nameChange', name: 'Imported CV' });
    world.actor.send({ type: 'save.submit' });
    const first = pendingSave(world);
    expect(first.input.payload.version_reason).toBe('import');
    first.resolve(saved(first.input));
    await flush();
    world.actor.send({ type: 'save.open' });
    world.actor.send({ type: 'save.submit' });
    expect(pendingSave(world).input.payload.version_reason).toBeUndefined();
  });
});

describe('builder machine: an imported value its field refuses', () => {
  const flagged = fromJsonResume(
    {
      basics: { name: 'Richard Hendriks', phone: '(912) 555-4321' },
      work: [{ name: 'Pied Piper', position: 'CEO' }],
    },
    classicTemplate.sections,
    classicTemplate.id,
  );

  async function importFlagged() {
    const world = await ready();
    world.actor.send({ type: 'cv.import', formData: flagged.formData, layout: flagged.layout });
    await flush();
    return world;
  }

  it('is kept as written; its section is not completed, the others are', async () => {
    const world = await importFlagged();
    const context = world.actor.getSnapshot().context;
    expect(context.formData['Personal Details']).toMatchObject({ 'phone-1004-0': '(912) 555-4321' });
    expect(context.completedSections).toEqual([2]);
    expect(flagged.summary.flagged).toEqual([
      expect.objectContaining({
        place: { id: '{section}: {field}', values: { section: 'Personal Details', field: "'Phone'" } },
        value: '(912) 555-4321',
      }),
    ]);
    expect(t(flagged.summary.flagged![0]!.place)).toBe("Personal Details: 'Phone'");
  });

  it('Save opens its section and asks its field to take the focus, sending nothing to the server', async () => {
    const world = await importFlagged();
    world.actor.send({ type: 'section.toggle', sectionIndex: 0 });
    expect(world.actor.getSnapshot().context.expandedSections).not.toContain(0);
    world.actor.send({ type: 'save.open' });
    const context = world.actor.getSnapshot().context;
    expect(world.actor.getSnapshot().matches({ ready: { saving: 'idle' } })).toBe(true);
    expect(context.expandedSections).toContain(0);
    expect(context.focusRequest).toMatchObject({ sectionIndex: 0, fieldKey: 'phone-1004-0' });
    expect(world.createCv.requests).toHaveLength(0);
    expect(world.notify).not.toHaveBeenCalled();
  });

  it('completing its section points at the field too; once put right, it completes and Save names the CV', async () => {
    const world = await importFlagged();
    const personal = form(world, 0)!;
    personal.send({ type: 'section.submit' });
    expect(world.actor.getSnapshot().context.completedSections).not.toContain(0);
    expect(world.actor.getSnapshot().context.focusRequest).toMatchObject({ fieldKey: 'phone-1004-0' });
    personal.send({ type: 'field.change', key: 'phone-1004-0', value: '+1 (912) 555-4321' });
    personal.send({ type: 'section.submit' });
    expect(world.actor.getSnapshot().context.completedSections).toContain(0);
    world.actor.send({ type: 'save.open' });
    expect(world.actor.getSnapshot().matches({ ready: { saving: 'naming' } })).toBe(true);
  });
});

describe('builder machine: an imported photo', () => {
  const PHOTO =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

  it('becomes the CV’s photo as one chosen in the builder (unsaved, in the design); Undo takes it away too', async () => {
    const world = await ready();
    world.actor.send({
      type: 'cv.import',
      formData: imported.formData,
      layout: imported.layout,
      photo: PHOTO,
    });
    await flush();
    expect(world.actor.getSnapshot().context.design.photo.image).toBe(PHOTO);
    expect(world.actor.getSnapshot().context.unsaved).toBe(true);
    world.actor.send({ type: 'history.undo' });
    expect(world.actor.getSnapshot().context.design.photo.image).toBeUndefined();
  });

  it('an import without one leaves the photo on screen as it was', async () => {
    const world = await ready();
    world.actor.send({
      type: 'design.change',
      change: { photo: { ...world.actor.getSnapshot().context.design.photo, image: PHOTO } },
    });
    importInto(world);
    expect(world.actor.getSnapshot().context.design.photo.image).toBe(PHOTO);
  });
});
