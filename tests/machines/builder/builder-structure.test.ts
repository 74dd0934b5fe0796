import { createMachine } from 'xstate';
import type { CvLayout } from '../../../src/api/cvs';
import { draftKey, readDraft } from '../../../src/drafts/draft';
import { EMPTY_LAYOUT, sectionOrder } from '../../../src/cv/layout';
import { draftCv, newCv, savedCv } from '../../../src/drafts/load-cv';
import { declaredTransitionCount, flush, runModelPath, transitionPaths } from '../model-paths';
import { DRAFT_ID, OWNER, UUID, answerLoad, createWorld, form, newDraftKey, type World } from './builder-world';
import { classicTemplate, timelineTemplate } from './fixtures';

// The person shapes the CV in the builder — order, hidden sections, headings, sections of their own,
// entries in their order — and every change can be undone, reaches the preview and survives in the draft.
// Classic's sections: 101 Personal Details (pinned first), 102 Professional Summary, 103 Work Experience,
// 105 Skills.

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('user_id', OWNER);
});

async function ready(loaded = newCv(classicTemplate, DRAFT_ID)) {
  const world = createWorld();
  await answerLoad(world, loaded);
  return world;
}

const layoutOf = (world: World) => world.actor.getSnapshot().context.layout;
const order = (world: World) =>
  sectionOrder(classicTemplate.sections, layoutOf(world)).map((item) => item.ref);
const customKey = (world: World) => layoutOf(world).custom_sections[0]!.key;

/** What the preview was last told (the builder sends the structure with the form data). */
function previewLayout(world: World): CvLayout | undefined {
  const last = world.previewEvents.at(-1) as { layout?: CvLayout } | undefined;
  return last?.layout;
}

describe('builder machine: the CV’s own structure, model-based', () => {
  // A chain of structure changes, each undoable back to the one before.
  const model = createMachine({
    id: 'structureModel',
    initial: 'plain',
    states: {
      plain: { on: { 'section.move': 'moved' } },
      moved: { on: { 'section.hide': 'hidden', 'history.undo': 'plainAgain' } },
      plainAgain: { on: { 'history.redo': 'moved' } },
      hidden: { on: { 'section.rename': 'renamed', 'history.undo': 'moved' } },
      renamed: { on: { 'custom.add': 'withCustom', 'history.undo': 'hidden' } },
      withCustom: { on: { 'custom.type': 'customTyped', 'history.undo': 'renamed' } },
      customTyped: { on: { 'custom.remove': 'customRemoved', 'history.undo': 'withCustom' } },
      customRemoved: { on: { 'history.undo': 'customTyped' } },
    },
  });
  const events = [
    'section.move',
    'section.hide',
    'section.rename',
    'custom.add',
    'custom.type',
    'custom.remove',
    'history.undo',
    'history.redo',
  ].map((type) => ({ type }));

  const executors: Record<string, (world: World) => Promise<void> | void> = {
    // Skills to the top of the list.
    'section.move': ({ actor }) => actor.send({ type: 'layout.moveSection', ref: '105', toIndex: 0 }),
    'section.hide': ({ actor }) => actor.send({ type: 'layout.toggleHidden', ref: '102' }),
    'section.rename': ({ actor }) => {
      for (const title of ['P', 'Pr', 'Professional Experience']) {
        actor.send({ type: 'layout.renameSection', ref: '103', title });
      }
    },
    'custom.add': ({ actor }) => actor.send({ type: 'custom.add' }),
    'custom.type': (world) => {
      for (const value of ['T', 'Ta', 'Talks']) {
        world.actor.send({ type: 'custom.rename', key: customKey(world), title: value });
      }
    },
    'custom.remove': (world) => {
      world.actor.send({ type: 'custom.remove', key: customKey(world) });
      // Nothing goes until the person confirms.
      expect(layoutOf(world).custom_sections).toHaveLength(1);
      world.actor.send({ type: 'custom.removeConfirm' });
    },
    'history.undo': ({ actor }) => actor.send({ type: 'history.undo' }),
    'history.redo': ({ actor }) => actor.send({ type: 'history.redo' }),
  };

  function assertState(world: World, modelState: string) {
    const layout = layoutOf(world);
    const expected: Record<string, { order: string[]; hidden: (number | string)[]; titles: object; custom: number }> =
      {
        plain: { order: ['102', '103', '105'], hidden: [], titles: {}, custom: 0 },
        plainAgain: { order: ['102', '103', '105'], hidden: [], titles: {}, custom: 0 },
        moved: { order: ['105', '102', '103'], hidden: [], titles: {}, custom: 0 },
        hidden: { order: ['105', '102', '103'], hidden: [102], titles: {}, custom: 0 },
        renamed: { order: ['105', '102', '103'], hidden: [102], titles: { '103': 'Professional Experience' }, custom: 0 },
        withCustom: { order: ['105', '102', '103'], hidden: [102], titles: { '103': 'Professional Experience' }, custom: 1 },
        customTyped: { order: ['105', '102', '103'], hidden: [102], titles: { '103': 'Professional Experience' }, custom: 1 },
        customRemoved: { order: ['105', '102', '103'], hidden: [102], titles: { '103': 'Professional Experience' }, custom: 0 },
      };
    const want = expected[modelState]!;
    expect(order(world).filter((ref) => !ref.startsWith('custom-'))).toEqual(want.order);
    expect(layout.hidden_sections).toEqual(want.hidden);
    expect(layout.section_titles).toEqual(want.titles);
    expect(layout.custom_sections).toHaveLength(want.custom);
    if (modelState === 'customTyped') {
      // Typing a title letter by letter was one step: one undo takes the whole word back.
      expect(layout.custom_sections[0]!.title).toBe('Talks');
    }
    if (modelState === 'withCustom') expect(layout.custom_sections[0]!.title).toBe('Custom Section');
    // Every state reaches the preview, and makes the (new) CV unsaved once it differs from the template's.
    if (modelState !== 'plain') expect(previewLayout(world)).toEqual(layout);
    const shaped = modelState !== 'plain' && modelState !== 'plainAgain';
    expect(world.actor.getSnapshot().context.unsaved).toBe(shaped);
  }

  const paths = transitionPaths(model, events);

  it('covers every transition of the model', () => {
    expect(paths).toHaveLength(declaredTransitionCount(model));
  });

  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_, path) => {
    const world = await ready();
    await runModelPath(model, path, world, executors, assertState);
    world.actor.stop();
  });
});

describe('builder machine: the CV’s own structure, details', () => {
  it('never hides the personal details or a required section', async () => {
    const world = await ready();
    world.actor.send({ type: 'layout.toggleHidden', ref: '101' });
    expect(layoutOf(world).hidden_sections).toEqual([]);
    expect(world.actor.getSnapshot().can({ type: 'layout.toggleHidden', ref: '101' })).toBe(false);
    expect(world.actor.getSnapshot().can({ type: 'layout.toggleHidden', ref: '105' })).toBe(true);
  });

  it('undoes typing in one field as one step, and puts the values back in the section form', async () => {
    const world = await ready();
    for (const value of ['A', 'Ad', 'Ada']) {
      form(world, 0).send({ type: 'field.change', key: 'full_name-1001-0', value });
    }
    form(world, 0).send({ type: 'field.change', key: 'email-1003-0', value: 'ada@example.com' });
    world.actor.send({ type: 'history.undo' });
    expect(world.actor.getSnapshot().context.formData['Personal Details']).toEqual({ 'full_name-1001-0': 'Ada' });
    expect(form(world, 0).getSnapshot().context.values).toEqual({ 'full_name-1001-0': 'Ada' });
    world.actor.send({ type: 'history.undo' });
    expect(form(world, 0).getSnapshot().context.values).toEqual({});
    expect(world.actor.getSnapshot().can({ type: 'history.undo' })).toBe(false);
    world.actor.send({ type: 'history.redo' });
    world.actor.send({ type: 'history.redo' });
    expect(form(world, 0).getSnapshot().context.values).toEqual({
      'full_name-1001-0': 'Ada',
      'email-1003-0': 'ada@example.com',
    });
  });

  it('reorders the entries of a repeatable section, and an undo puts them back', async () => {
    const world = await ready();
    const experience = form(world, 2);
    experience.send({ type: 'entry.add' });
    experience.send({ type: 'field.change', key: 'job_title-1009-0', value: 'Analyst' });
    experience.send({ type: 'field.change', key: 'job_title-1009-1', value: 'Engineer' });
    world.actor.send({ type: 'section.moveEntry', sectionIndex: 2, from: 1, to: 0 });
    expect(world.actor.getSnapshot().context.formData['Work Experience']).toEqual({
      'job_title-1009-0': 'Engineer',
      'job_title-1009-1': 'Analyst',
    });
    world.actor.send({ type: 'history.undo' });
    expect(form(world, 2).getSnapshot().context.values).toEqual({
      'job_title-1009-0': 'Analyst',
      'job_title-1009-1': 'Engineer',
    });
  });

  it('edits the entries of a section of the CV’s own: typed, added, moved, removed', async () => {
    const world = await ready();
    world.actor.send({ type: 'custom.add' });
    const key = customKey(world);
    world.actor.send({ type: 'custom.entryChange', key, index: 0, field: 'title', value: 'NordicJS' });
    world.actor.send({ type: 'custom.entryAdd', key });
    world.actor.send({ type: 'custom.entryChange', key, index: 1, field: 'title', value: 'JSConf' });
    world.actor.send({ type: 'custom.entryChange', key, index: 1, field: 'current', value: true });
    world.actor.send({ type: 'custom.entryMove', key, from: 1, to: 0 });
    expect(layoutOf(world).custom_sections[0]!.entries.map((entry) => [entry.title, entry.current])).toEqual([
      ['JSConf', true],
      ['NordicJS', false],
    ]);
    world.actor.send({ type: 'custom.entryRemove', key, index: 0 });
    expect(layoutOf(world).custom_sections[0]!.entries.map((entry) => entry.title)).toEqual(['NordicJS']);
    world.actor.send({ type: 'history.undo' });
    expect(layoutOf(world).custom_sections[0]!.entries).toHaveLength(2);
  });

  it('keeps at least 50 steps', async () => {
    const world = await ready();
    for (let i = 0; i < 60; i++) world.actor.send({ type: 'layout.toggleHidden', ref: '105' });
    let undone = 0;
    while (world.actor.getSnapshot().can({ type: 'history.undo' })) {
      world.actor.send({ type: 'history.undo' });
      undone += 1;
    }
    expect(undone).toBeGreaterThanOrEqual(50);
  });

  it('saves the structure with the CV, and a saved CV with one is not unsaved until it changes', async () => {
    const layout: CvLayout = { ...EMPTY_LAYOUT, hidden_sections: [105] };
    const world = await ready(
      savedCv(
        { id: 42, uuid: UUID, name: 'Mine', template: 1, entries: [{ value: 'Ada', index: 0, section_field: 1001 }], layout },
        classicTemplate,
      ),
    );
    expect(world.actor.getSnapshot().context.unsaved).toBe(false);
    expect(layoutOf(world)).toEqual(layout);
    // The first preview of the reopened CV is already shaped by it.
    expect(world.previewInputs.at(-1)).toMatchObject({ layout });
    world.actor.send({ type: 'layout.renameSection', ref: '103', title: 'Career' });
    expect(world.actor.getSnapshot().context.unsaved).toBe(true);
    world.actor.send({ type: 'save.open' });
    world.actor.send({ type: 'save.submit' });
    await flush();
    expect(world.updateCv.last().input.payload.layout).toEqual({
      ...layout,
      section_titles: { '103': 'Career' },
    });
  });

  it('keeps the structure in the draft, and a draft brings it back', async () => {
    const world = await ready();
    world.actor.send({ type: 'custom.add' });
    world.actor.send({ type: 'layout.moveSection', ref: customKey(world), toIndex: 0 });
    world.actor.send({ type: 'draft.flush' });
    const draft = readDraft(OWNER, newDraftKey)!;
    expect(draft.layout).toEqual(layoutOf(world));
    expect(draftCv(draft, { kind: 'new', draftId: DRAFT_ID }, classicTemplate).layout).toEqual(layoutOf(world));
    // A draft written before drafts had a layout reads as the template's.
    const old = { ...draft };
    delete old.layout;
    localStorage.setItem(draftKey(OWNER, newDraftKey), JSON.stringify(old));
    expect(readDraft(OWNER, newDraftKey)!.layout).toBeUndefined();
  });

  it('carries the structure to another template: its own sections and order; hidden and renamed by match', async () => {
    const world = await ready();
    world.actor.send({ type: 'custom.add' });
    world.actor.send({ type: 'layout.renameSection', ref: '101', title: 'About me' });
    world.actor.send({ type: 'layout.moveSection', ref: customKey(world), toIndex: 0 });
    world.actor.send({ type: 'template.switch', templateId: 4 });
    world.loadTemplate.last().resolve(timelineTemplate);
    await flush();
    const layout = layoutOf(world);
    expect(layout.custom_sections).toHaveLength(1);
    // Work Experience is Career History there (the same fields); Education takes its template place.
    expect(sectionOrder(timelineTemplate.sections, layout).map((item) => item.ref)).toEqual([
      layout.custom_sections[0]!.key,
      '403',
      '404',
    ]);
    // 'Personal Details' is 401 there.
    expect(layout.section_titles).toEqual({ '401': 'About me' });
    // The undo history belongs to the template it was made in.
    expect(world.actor.getSnapshot().can({ type: 'history.undo' })).toBe(false);
  });

  it('gives a hidden section back, in its place, after a switch to a template without it and back', async () => {
    const world = await ready();
    world.actor.send({ type: 'layout.toggleHidden', ref: '105' });
    world.actor.send({ type: 'layout.moveSection', ref: '105', toIndex: 0 });
    const before = order(world);
    world.actor.send({ type: 'template.switch', templateId: 4 });
    world.loadTemplate.last().resolve(timelineTemplate);
    await flush();
    // The stash survives a reload in the draft.
    world.actor.send({ type: 'draft.flush' });
    expect(readDraft(OWNER, newDraftKey)!.layoutStash).toMatchObject({
      Skills: { kind: 'skills', hidden: true },
      '': { order: ['skills', 'summary', 'experience'] },
    });
    world.actor.send({ type: 'template.switch', templateId: 1 });
    world.loadTemplate.last().resolve(classicTemplate);
    await flush();
    expect(order(world)).toEqual(before);
    expect(layoutOf(world).hidden_sections).toEqual([105]);
  });
});
