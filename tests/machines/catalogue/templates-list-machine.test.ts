import { createActor, createMachine } from 'xstate';
import { ApiError } from '../../../src/api/api-error';
import type { ApiClient } from '../../../src/api/http';
import {
  cvsOfTemplate,
  currentPage,
  loadCatalogue,
  matchingTemplates,
  showsTemplatesPaging,
  templatesListMachine,
  templatesPageCount,
  visibleTemplates,
  type CatalogueFailure,
  type CatalogueLoad,
  type TemplatesListActor,
} from '../../../src/machines/catalogue/templates-list-machine';
import { MODERN, PROFESSIONAL, makeCv, makeTemplates } from './catalogue-fixtures';
import { declaredTransitionCount, deferredActor, flush, runModelPath, transitionPaths } from '../model-paths';

// 25 templates: 1…22 Professional (3 pages of 10), 23…25 Modern (one page); all together 3 pages.
const templates = makeTemplates(25, 22);
const tags = [PROFESSIONAL, MODERN];
const cvs = [makeCv(7, 1, 'Software Engineer 2024'), makeCv(8, 1, 'Analyst'), makeCv(9, 23, 'Designer')];
const fullLoad: CatalogueLoad = { templates, tags, cvs, failures: [] };

function createWorld(input: { category?: string | null; page?: number } = {}) {
  const load = deferredActor<CatalogueLoad, unknown>();
  const logged: CatalogueFailure[] = [];
  const addresses: { category: string | null; page: number }[] = [];
  const machine = templatesListMachine.provide({
    actors: { loadCatalogue: load.logic },
    actions: {
      logFailures: (_, params) => void logged.push(...params.failures),
      showAddress: (_, params) => void addresses.push(params),
    },
  });
  const actor: TemplatesListActor = createActor(machine, { input }).start();
  return { actor, load, logged, addresses };
}
type World = ReturnType<typeof createWorld>;

const ids = (list: { id: number }[]) => list.map((item) => item.id);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('templates list machine: model-based', () => {
  const model = createMachine({
    id: 'templatesListModel',
    initial: 'loading',
    states: {
      loading: {
        on: {
          'load.succeeds': 'allPage1',
          'load.templatesFail': 'unavailable',
          'load.crashes': 'unavailable',
        },
      },
      unavailable: { on: { 'list.reload': 'loading' } },
      allPage1: {
        on: {
          'page.next': 'allPage2',
          'page.previous': 'allPage1',
          'category.professional': 'professionalPage1',
          'category.modern': 'modern',
          'cv.removed': 'allPage1',
        },
      },
      allPage2: {
        on: {
          'page.next': 'allPage3',
          'page.previous': 'allPage1',
          'category.professional': 'professionalPage1',
          'category.all': 'allPage1',
        },
      },
      allPage3: { on: { 'page.next': 'allPage3', 'page.previous': 'allPage2', 'category.modern': 'modern' } },
      professionalPage1: { on: { 'page.next': 'professionalPage2', 'category.all': 'allPage1' } },
      professionalPage2: {
        on: {
          'page.next': 'professionalPage3',
          'page.previous': 'professionalPage1',
          'category.professional': 'professionalPage1',
        },
      },
      professionalPage3: {
        on: { 'page.next': 'professionalPage3', 'category.modern': 'modern', 'list.reload': 'loading' },
      },
      modern: {
        on: {
          'page.next': 'modern',
          'page.previous': 'modern',
          'category.all': 'allPage1',
          'cv.removed': 'modern',
        },
      },
    },
  });
  const events = [
    'load.succeeds',
    'load.templatesFail',
    'load.crashes',
    'list.reload',
    'page.next',
    'page.previous',
    'category.all',
    'category.professional',
    'category.modern',
    'cv.removed',
  ].map((type) => ({ type }));

  const executors: Record<string, (world: World) => Promise<void> | void> = {
    'load.succeeds': async ({ load }) => {
      load.last().resolve(fullLoad);
      await flush();
    },
    'load.templatesFail': async ({ load, logged }) => {
      const failure = {
        part: 'templates' as const,
        error: new ApiError('Request failed with status code 500', { status: 500 }),
      };
      load.last().resolve({ tags, cvs: [], failures: [failure] });
      await flush();
      expect(logged.at(-1)).toEqual(failure);
    },
    'load.crashes': async ({ load, logged }) => {
      load.last().reject(new Error('boom'));
      await flush();
      expect(logged.at(-1)).toMatchObject({ part: 'templates' });
    },
    'list.reload': ({ actor, load }) => {
      const before = load.requests.length;
      actor.send({ type: 'list.reload' });
      expect(load.requests).toHaveLength(before + 1);
    },
    'page.next': ({ actor }) => actor.send({ type: 'page.next' }),
    'page.previous': ({ actor }) => actor.send({ type: 'page.previous' }),
    'category.all': ({ actor }) => actor.send({ type: 'category.select', value: null }),
    'category.professional': ({ actor }) =>
      actor.send({ type: 'category.select', value: PROFESSIONAL.value }),
    'category.modern': ({ actor }) => actor.send({ type: 'category.select', value: MODERN.value }),
    'cv.removed': ({ actor }) => {
      const before = actor.getSnapshot().context.cvs.length;
      actor.send({ type: 'cv.removed', cvId: 8 });
      const after = actor.getSnapshot().context.cvs;
      expect(after.some((cv) => cv.id === 8)).toBe(false);
      expect(after.length).toBe(before === 3 ? 2 : before);
    },
  };

  const expectations: Record<
    string,
    { category: string | null; page: number; pages: number; visible: number[] }
  > = {
    allPage1: { category: null, page: 1, pages: 3, visible: range(1, 10) },
    allPage2: { category: null, page: 2, pages: 3, visible: range(11, 20) },
    allPage3: { category: null, page: 3, pages: 3, visible: range(21, 25) },
    professionalPage1: { category: '1', page: 1, pages: 3, visible: range(1, 10) },
    professionalPage2: { category: '1', page: 2, pages: 3, visible: range(11, 20) },
    professionalPage3: { category: '1', page: 3, pages: 3, visible: range(21, 22) },
    modern: { category: '2', page: 1, pages: 1, visible: range(23, 25) },
  };

  function assertState({ actor }: World, modelState: string) {
    const snapshot = actor.getSnapshot();
    if (modelState === 'loading' || modelState === 'unavailable') {
      expect(snapshot.value).toBe(modelState);
      if (modelState === 'unavailable') expect(snapshot.can({ type: 'page.next' })).toBe(false);
      return;
    }
    const expected = expectations[modelState]!;
    expect(snapshot.value).toBe('ready');
    expect(snapshot.context.category).toBe(expected.category);
    expect(currentPage(snapshot.context)).toBe(expected.page);
    expect(templatesPageCount(snapshot.context)).toBe(expected.pages);
    expect(ids(visibleTemplates(snapshot.context))).toEqual(expected.visible);
    expect(showsTemplatesPaging(snapshot.context)).toBe(expected.pages > 1);
    expect(snapshot.can({ type: 'page.next' })).toBe(expected.page < expected.pages);
    expect(snapshot.can({ type: 'page.previous' })).toBe(expected.page > 1);
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

describe('templates list machine: details', () => {
  it('keeps the templates when only the categories or the CVs fail, and logs those failures', async () => {
    const world = createWorld();
    const failures: CatalogueFailure[] = [
      { part: 'categories', error: new Error('tags down') },
      { part: 'generated CVs', error: new Error('cvs down') },
    ];
    world.load.last().resolve({ templates, tags: [], cvs: [], failures });
    await flush();
    const snapshot = world.actor.getSnapshot();
    expect(snapshot.value).toBe('ready');
    expect(snapshot.context.templates).toHaveLength(25);
    expect(snapshot.context.tags).toEqual([]);
    expect(world.logged).toEqual(failures);
  });

  it('shows no paging at exactly 10 matching templates and paging at 11', async () => {
    for (const [count, paging] of [
      [10, false],
      [11, true],
    ] as const) {
      const world = createWorld();
      world.load.last().resolve({ templates: makeTemplates(count), tags, cvs: [], failures: [] });
      await flush();
      expect(showsTemplatesPaging(world.actor.getSnapshot().context)).toBe(paging);
      world.actor.stop();
    }
  });

  it('keeps the page in range when the category has fewer pages', () => {
    const context = { templates, tags, cvs: [], category: MODERN.value, page: 3 };
    expect(currentPage(context)).toBe(1);
    expect(ids(visibleTemplates(context))).toEqual([23, 24, 25]);
  });

  it('matches a category the tag list does not know by value', () => {
    expect(ids(matchingTemplates({ templates, tags: [], category: '2' }))).toEqual([23, 24, 25]);
    expect(matchingTemplates({ templates, tags, category: '99' })).toEqual([]);
  });

  it("lists a template's CVs in the server's order", () => {
    expect(ids(cvsOfTemplate(cvs, 1))).toEqual([7, 8]);
    expect(cvsOfTemplate(cvs, 2)).toEqual([]);
  });

  it('starts on the category and page the address holds, and writes each change back into it', async () => {
    const world = createWorld({ category: PROFESSIONAL.value, page: 2 });
    world.load.last().resolve(fullLoad);
    await flush();
    expect(world.actor.getSnapshot().context).toMatchObject({ category: PROFESSIONAL.value, page: 2 });
    world.actor.send({ type: 'page.previous' });
    world.actor.send({ type: 'category.select', value: null });
    world.actor.send({ type: 'page.next' });
    expect(world.addresses).toEqual([
      { category: PROFESSIONAL.value, page: 1 },
      { category: null, page: 1 },
      { category: null, page: 2 },
    ]);
  });

  it('brings a page the address asks for back into range once the templates are in', async () => {
    const world = createWorld({ category: MODERN.value, page: 9 });
    world.load.last().resolve(fullLoad);
    await flush();
    expect(world.actor.getSnapshot().context.page).toBe(1);
  });

  it('ignores a removal for a CV it does not hold', async () => {
    const world = createWorld();
    world.load.last().resolve(fullLoad);
    await flush();
    world.actor.send({ type: 'cv.removed', cvId: 999 });
    expect(world.actor.getSnapshot().context.cvs).toHaveLength(3);
  });
});

describe('loadCatalogue', () => {
  function fakeClient(answers: Record<string, () => Promise<unknown>>): ApiClient {
    return { get: (path: string) => answers[path]!() } as unknown as ApiClient;
  }

  it('asks for templates, categories and CVs, and reports each failure without losing the rest', async () => {
    const error = new ApiError('Network Error');
    const load = await loadCatalogue(
      fakeClient({
        '/v1/CvTemplate/': async () => templates,
        '/v1/Tag/': () => Promise.reject(error),
        '/v1/GeneratedCV/': async () => cvs,
      }),
    );
    expect(load).toEqual({ templates, tags: [], cvs, failures: [{ part: 'categories', error }] });
  });

  it('leaves templates undefined when their list fails', async () => {
    const load = await loadCatalogue(
      fakeClient({
        '/v1/CvTemplate/': () => Promise.reject(new Error('down')),
        '/v1/Tag/': async () => tags,
        '/v1/GeneratedCV/': () => Promise.reject(new Error('down')),
      }),
    );
    expect(load.templates).toBeUndefined();
    expect(load.tags).toEqual(tags);
    expect(load.failures.map((failure) => failure.part)).toEqual(['templates', 'generated CVs']);
  });
});
