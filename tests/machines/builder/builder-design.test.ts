import { PLAIN_PHOTO, designToWire, templateDesign, type CvDesign } from '../../../src/api/design';
import { draftKey, readDraft } from '../../../src/drafts/draft';
import {
  PLAIN_DESIGN,
  changeDesign,
  darkenedAccent,
  designForServer,
  resetDesign,
} from '../../../src/cv/design';
import { draftCv, loadBuilderCv, newCv, savedCv } from '../../../src/drafts/load-cv';
import { createActor } from 'xstate';
import {
  previewMachine,
  type PreviewResult,
  type RenderPreviewInput,
} from '../../../src/machines/builder/preview-machine';
import { deferredActor, flush } from '../model-paths';
import { DRAFT_ID, OWNER, UUID, answerLoad, createWorld, newDraftKey, type World } from './builder-world';
import { classicTemplate, timelineTemplate } from './fixtures';

// A CV's design settings travel through the builder as its layout does — loaded, in the draft, in
// 'Unsaved changes', saved, sent with every preview, undoable, reset to the template's.

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('user_id', OWNER);
});

async function ready(loaded = newCv(classicTemplate, DRAFT_ID)) {
  const world = createWorld();
  await answerLoad(world, loaded);
  return world;
}

const designOf = (world: World) => world.actor.getSnapshot().context.design;
const previewDesign = (world: World) =>
  (world.previewEvents.at(-1) as { design?: CvDesign } | undefined)?.design;

const designed: CvDesign = {
  page_size: 'Letter',
  margins: 'narrow',
  accent_color: '#1565c0',
  font: 'noto-serif',
  font_size: 'small',
  line_spacing: 'compact',
  fit_one_page: true,
  direction: 'auto',
  language: 'ja',
  photo: PLAIN_PHOTO,
};
const savedDetail = (design?: CvDesign) => ({
  id: 42,
  uuid: UUID,
  name: 'Mine',
  template: 1,
  entries: [{ value: 'Ada', index: 0, section_field: 1001 }],
  ...(design ? { design } : {}),
});

describe('builder machine: the CV’s design', () => {
  it('a new CV starts on the page size it is given (the browser’s locale), else A4', async () => {
    const loaders = {
      getGeneratedCv: () => Promise.reject(new Error('none')),
      getTemplate: () => Promise.resolve(classicTemplate),
      readDraft: () => undefined,
      removeDraft: () => undefined,
      mintDraftId: () => DRAFT_ID,
    };
    const target = { kind: 'new' as const, templateId: 1, draftId: DRAFT_ID };
    expect((await loadBuilderCv(target, loaders, undefined, 'Letter')).design).toEqual(
      templateDesign('Letter'),
    );
    expect((await loadBuilderCv(target, loaders)).design).toEqual(templateDesign('A4'));
    const world = createWorld();
    expect(world.loadCv.last().input.pageSize).toBe('A4');
  });

  it('passes the page size input to the load', () => {
    const world = createWorld({ routeId: '1', draftId: DRAFT_ID, pageSize: 'Letter' });
    expect(world.loadCv.last().input.pageSize).toBe('Letter');
  });

  it('a new CV starts in the language it is given (the browser’s), else English', async () => {
    const loaders = {
      getGeneratedCv: () => Promise.reject(new Error('none')),
      getTemplate: () => Promise.resolve(classicTemplate),
      readDraft: () => undefined,
      removeDraft: () => undefined,
      mintDraftId: () => DRAFT_ID,
    };
    const target = { kind: 'new' as const, templateId: 1, draftId: DRAFT_ID };
    expect((await loadBuilderCv(target, loaders, undefined, 'A4', 'ar')).design?.language).toBe('ar');
    expect((await loadBuilderCv(target, loaders)).design?.language).toBe('en');
    const world = createWorld({ routeId: '1', draftId: DRAFT_ID, language: 'ja' });
    expect(world.loadCv.last().input.language).toBe('ja');
  });

  it('a saved CV opens with its design, not unsaved; the first preview already has it', async () => {
    const world = await ready(savedCv(savedDetail(designed), classicTemplate));
    expect(designOf(world)).toEqual(designed);
    expect(world.actor.getSnapshot().context.unsaved).toBe(false);
    expect(world.previewInputs.at(-1)).toMatchObject({ design: designed });
  });

  it('a saved CV without a design opens in the template’s look on A4', async () => {
    const world = await ready(savedCv(savedDetail(), classicTemplate));
    expect(designOf(world)).toEqual(PLAIN_DESIGN);
  });

  it('each change is unsaved, goes to the preview and the undo history; undo and redo put it back', async () => {
    const world = await ready(savedCv(savedDetail(), classicTemplate));
    world.actor.send({ type: 'design.change', change: { page_size: 'Letter' } });
    expect(world.actor.getSnapshot().context.unsaved).toBe(true);
    expect(previewDesign(world)?.page_size).toBe('Letter');
    world.actor.send({ type: 'design.change', change: { fit_one_page: true } });
    world.actor.send({ type: 'history.undo' });
    expect(designOf(world).fit_one_page).toBe(false);
    expect(previewDesign(world)?.fit_one_page).toBe(false);
    world.actor.send({ type: 'history.undo' });
    expect(designOf(world)).toEqual(PLAIN_DESIGN);
    expect(world.actor.getSnapshot().context.unsaved).toBe(false);
    world.actor.send({ type: 'history.redo' });
    expect(designOf(world).page_size).toBe('Letter');
  });

  it('dragging through the colour input is one undo step; a change to the same value is none', async () => {
    const world = await ready();
    for (const color of ['#111111', '#222222', '#1565C0']) {
      world.actor.send({ type: 'design.change', change: { accent_color: color } });
    }
    expect(designOf(world).accent_color).toBe('#1565c0');
    const steps = world.actor.getSnapshot().context.history.past.length;
    expect(steps).toBe(1);
    expect(
      world.actor.getSnapshot().can({ type: 'design.change', change: { accent_color: '#1565c0' } }),
    ).toBe(false);
    world.actor.send({ type: 'history.undo' });
    expect(designOf(world).accent_color).toBeNull();
  });

  it('reset gives the template’s defaults back and keeps the page size and language; nothing to reset, nothing happens', async () => {
    const world = await ready(savedCv(savedDetail(designed), classicTemplate));
    world.actor.send({ type: 'design.reset' });
    expect(designOf(world)).toEqual(templateDesign('Letter', 'ja'));
    expect(world.actor.getSnapshot().can({ type: 'design.reset' })).toBe(false);
    world.actor.send({ type: 'history.undo' });
    expect(designOf(world)).toEqual(designed);
  });

  it('saves the design with the CV (PUT), and null once it is the template’s look on A4 again', async () => {
    const world = await ready(savedCv(savedDetail(designed), classicTemplate));
    world.actor.send({ type: 'design.change', change: { margins: 'wide' } });
    world.actor.send({ type: 'save.open' });
    world.actor.send({ type: 'save.submit' });
    await flush();
    expect(world.updateCv.last().input.payload.design).toEqual(designToWire({ ...designed, margins: 'wide' }));
    expect(designForServer(PLAIN_DESIGN)).toBeNull();
  });

  it('a new CV saves its locale page size (POST)', async () => {
    const world = await ready({ ...newCv(classicTemplate, DRAFT_ID, '', 'Letter') });
    world.actor.send({
      type: 'section.changed',
      sectionIndex: 0,
      values: { 'full_name-1001-0': 'Ada' },
      entryCount: 1,
    } as never);
    world.actor.send({ type: 'section.submitted', sectionIndex: 0 } as never);
    world.actor.send({ type: 'save.open' });
    world.actor.send({ type: 'save.nameChange', name: 'Mine' });
    world.actor.send({ type: 'save.submit' });
    await flush();
    expect(world.createCv.last().input.payload.design).toEqual(designToWire(templateDesign('Letter')));
  });

  it('keeps the design through a template switch, and the new template’s first preview has it', async () => {
    const world = await ready(savedCv(savedDetail(designed), classicTemplate));
    world.actor.send({ type: 'template.switch', templateId: 4 });
    world.loadTemplate.last().resolve(timelineTemplate);
    await flush();
    expect(designOf(world)).toEqual(designed);
    expect(world.previewEvents.at(-1)).toMatchObject({ type: 'template.change', design: designed });
  });

  it('keeps the design in the draft; a damaged design in a draft is dropped alone', async () => {
    const world = await ready();
    world.actor.send({ type: 'design.change', change: { font_size: 'large', direction: 'rtl' } });
    world.actor.send({
      type: 'section.changed',
      sectionIndex: 0,
      values: { 'x-1-0': 'A' },
      entryCount: 1,
    } as never);
    world.actor.send({ type: 'draft.flush' });
    const draft = readDraft(OWNER, newDraftKey)!;
    expect(draft.design).toEqual(designOf(world));
    expect(draftCv(draft, { kind: 'new', draftId: DRAFT_ID }, classicTemplate).design).toEqual(
      designOf(world),
    );
    localStorage.setItem(
      draftKey(OWNER, newDraftKey),
      JSON.stringify({ ...draft, design: { page_size: 'B5' } }),
    );
    const damaged = readDraft(OWNER, newDraftKey)!;
    expect(damaged.design).toBeUndefined();
    expect(damaged.formData).toEqual(draft.formData);
  });
});

describe('design rules of the builder', () => {
  it('changes keep a colour in lower case', () => {
    expect(changeDesign(PLAIN_DESIGN, { accent_color: '#ABCDEF' }).accent_color).toBe('#abcdef');
    expect(changeDesign(PLAIN_DESIGN, { accent_color: null }).accent_color).toBeNull();
  });
  it('reset keeps the paper and the language', () => {
    expect(resetDesign({ ...designed })).toEqual(templateDesign('Letter', 'ja'));
  });
  it('tells when a colour will be darkened for contrast, and to what', () => {
    expect(darkenedAccent('#ffeb3b')).toMatch(/^#[0-9a-f]{6}$/);
    expect(darkenedAccent('#1565c0')).toBeUndefined();
    expect(darkenedAccent(null)).toBeUndefined();
  });
});

describe('preview machine: the design and fit to one page', () => {
  it('sends the design with each request and keeps what the answer says about one page', async () => {
    const render = deferredActor<PreviewResult, RenderPreviewInput>();
    const fitting = { ...PLAIN_DESIGN, fit_one_page: true };
    const formData = { 'Personal Details': { 'full_name-1001-0': 'Ada' } };
    const actor = createActor(previewMachine.provide({ actors: { renderPreview: render.logic } }), {
      input: { templateId: 1, formData, design: fitting },
    }).start();
    expect(render.last().input.design).toEqual(fitting);
    render.last().resolve({ kind: 'html', html: '<p>Ada</p>', fitsOnePage: false });
    await flush();
    expect(actor.getSnapshot().context.fitsOnePage).toBe(false);
    // The ATS view does not say: what the last preview said stands.
    actor.send({ type: 'mode.switch', mode: 'ats' });
    render.last().resolve({ kind: 'ats' });
    await flush();
    expect(actor.getSnapshot().context.fitsOnePage).toBe(false);
    expect(render.last().input.design).toEqual(fitting);
    // Fit to one page turned off: nothing to tell.
    actor.send({ type: 'form.change', formData, design: PLAIN_DESIGN });
    expect(actor.getSnapshot().context.fitsOnePage).toBeUndefined();
    actor.stop();
  });
});
