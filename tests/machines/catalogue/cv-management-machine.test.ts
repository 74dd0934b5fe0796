import { createActor, createMachine } from 'xstate';
import { ApiError } from '../../../src/api/api-error';
import type { ApiClient } from '../../../src/api/http';
import type { Notice } from '../../../src/machines/auth/auth-flow';
import {
  CV_MANAGEMENT_LOAD_FAILED_NOTICE,
  cvListPage,
  cvListPageCount,
  cvListPageLabel,
  cvManagementMachine,
  isSearching,
  showsCvListPaging,
  visibleCvs,
  loadTemplatesAndCvs,
  shownCvs,
  templatesInUse,
  shownTemplates,
  managementPage,
  managementPageCount,
  showsManagementPaging,
  visibleManagedTemplates,
  type CvManagementActor,
  type CvManagementInput,
  type TemplatesAndCvs,
} from '../../../src/machines/catalogue/cv-management-machine';
import { fakeRecentlyDeleted, makeCv, makeTemplates } from './catalogue-fixtures';
import { declaredTransitionCount, deferredActor, flush, runModelPath, transitionPaths } from '../model-paths';

const manyTemplates = makeTemplates(25);
const cvs = [makeCv(7, 1), makeCv(8, 1), makeCv(9, 14)];

function createWorld(input: CvManagementInput = {}) {
  const load = deferredActor<TemplatesAndCvs, unknown>();
  const notify = vi.fn<(notice: Notice) => void>();
  const logFailure = vi.fn();
  const machine = cvManagementMachine.provide({
    actors: { loadTemplatesAndCvs: load.logic, recentlyDeleted: fakeRecentlyDeleted() },
    actions: { notify: (_, params) => notify(params), logFailure: (_, params) => logFailure(params.error) },
  });
  const actor: CvManagementActor = createActor(machine, { input }).start();
  return { actor, load, notify, logFailure };
}
type World = ReturnType<typeof createWorld>;

const ids = (list: { id: number }[]) => list.map((item) => item.id);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('CV management machine: model-based', () => {
  const model = createMachine({
    id: 'cvManagementModel',
    initial: 'loading',
    states: {
      loading: {
        on: { 'load.many': 'page1', 'load.twelve': 'single', 'load.none': 'empty', 'load.fails': 'failed' },
      },
      failed: { on: { 'list.reload': 'loading' } },
      page1: {
        on: {
          'page.next': 'page2',
          'page.previous': 'page1',
          'cv.removed': 'page1',
          'search.match': 'searching',
          'filter.one': 'filtered',
        },
      },
      /** A search for 'CV 9': the list shows that CV; the catalogue keeps every template, from page 1. */
      searching: { on: { 'search.clear': 'page1', 'search.none': 'noMatch' } },
      /** The list narrowed to template 1's CVs; removing one keeps the filter while one is left. */
      filtered: { on: { 'filter.all': 'page1', 'cv.removed': 'filtered' } },
      noMatch: { on: { 'search.clear': 'page1' } },
      page2: { on: { 'page.next': 'page3', 'page.previous': 'page1', 'cv.removed': 'page2' } },
      page3: { on: { 'page.next': 'page3', 'page.previous': 'page2', 'list.reload': 'loading' } },
      single: { on: { 'page.next': 'single', 'page.previous': 'single' } },
      empty: { on: { 'list.reload': 'loading' } },
    },
  });
  const events = [
    'load.many',
    'load.twelve',
    'load.none',
    'load.fails',
    'list.reload',
    'page.next',
    'page.previous',
    'cv.removed',
    'search.match',
    'search.none',
    'search.clear',
    'filter.one',
    'filter.all',
  ].map((type) => ({ type }));

  const executors: Record<string, (world: World) => Promise<void> | void> = {
    'load.many': async ({ load }) => {
      load.last().resolve({ templates: manyTemplates, cvs });
      await flush();
    },
    'load.twelve': async ({ load }) => {
      load.last().resolve({ templates: makeTemplates(12), cvs });
      await flush();
    },
    'load.none': async ({ load }) => {
      load.last().resolve({ templates: [], cvs: [] });
      await flush();
    },
    'load.fails': async ({ load, notify, logFailure }) => {
      const error = new ApiError('Network Error');
      load.last().reject(error);
      await flush();
      expect(notify).toHaveBeenLastCalledWith(CV_MANAGEMENT_LOAD_FAILED_NOTICE);
      expect(logFailure).toHaveBeenLastCalledWith(error);
    },
    'list.reload': ({ actor, load }) => {
      const before = load.requests.length;
      actor.send({ type: 'list.reload' });
      expect(load.requests).toHaveLength(before + 1);
    },
    'search.match': ({ actor }) => actor.send({ type: 'search.change', query: ' cv 9 ' }),
    'search.none': ({ actor }) => actor.send({ type: 'search.change', query: 'nothing like it' }),
    'search.clear': ({ actor }) => actor.send({ type: 'search.change', query: '' }),
    'filter.one': ({ actor }) => actor.send({ type: 'filter.template', templateId: 1 }),
    'filter.all': ({ actor }) => actor.send({ type: 'filter.template' }),
    'page.next': ({ actor }) => actor.send({ type: 'page.next' }),
    'page.previous': ({ actor }) => actor.send({ type: 'page.previous' }),
    'cv.removed': ({ actor }) => {
      actor.send({ type: 'cv.removed', cvId: 8 });
      expect(ids(actor.getSnapshot().context.cvs)).toEqual([7, 9]);
    },
  };

  /** The CVs the list shows in each state (the catalogue below is `pages`). */
  const listed: Record<string, number[]> = {
    searching: [9],
    noMatch: [],
    empty: [],
  };

  const pages: Record<string, { page: number; pages: number; visible: number[] }> = {
    page1: { page: 1, pages: 3, visible: range(1, 12) },
    page2: { page: 2, pages: 3, visible: range(13, 24) },
    page3: { page: 3, pages: 3, visible: [25] },
    single: { page: 1, pages: 1, visible: range(1, 12) },
    searching: { page: 1, pages: 3, visible: range(1, 12) },
    noMatch: { page: 1, pages: 3, visible: range(1, 12) },
    filtered: { page: 1, pages: 3, visible: range(1, 12) },
    empty: { page: 1, pages: 1, visible: [] },
  };

  function assertState({ actor }: World, modelState: string) {
    const snapshot = actor.getSnapshot();
    if (modelState === 'loading' || modelState === 'failed') {
      expect(snapshot.value).toBe(modelState);
      return;
    }
    const expected = pages[modelState]!;
    expect(snapshot.value).toBe('loaded');
    expect(managementPage(snapshot.context)).toBe(expected.page);
    expect(managementPageCount(snapshot.context)).toBe(expected.pages);
    expect(ids(visibleManagedTemplates(snapshot.context))).toEqual(expected.visible);
    const shown = ids(shownCvs(snapshot.context)).sort((a, b) => a - b);
    const all = ids(snapshot.context.cvs).sort((a, b) => a - b);
    if (modelState === 'filtered') {
      expect(shown).toEqual(snapshot.context.cvs.filter((cv) => cv.template === 1).map((cv) => cv.id));
      expect(shown.length).toBeGreaterThan(0);
    } else expect(shown).toEqual(listed[modelState] ?? all);
    expect(showsManagementPaging(snapshot.context)).toBe(expected.pages > 1);
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

describe('finding a CV among many: search by name, sort by last edited or name', () => {
  const many = [
    { ...makeCv(1, 1, 'Zebra Keeper'), last_updated: '2026-01-01T00:00:00.000Z' },
    { ...makeCv(2, 1, 'Àpple Picker'), last_updated: '2026-03-01T00:00:00.000Z' },
    { ...makeCv(3, 2, 'apple analyst 10'), last_updated: '2026-02-01T00:00:00.000Z' },
    { ...makeCv(4, 2, 'apple analyst 9'), last_updated: '2026-02-01T00:00:00.000Z' },
  ];
  const context = {
    templates: makeTemplates(3),
    cvs: many,
    page: 1,
    cvPage: 1,
    query: '',
    sort: 'edited' as const,
  };

  it('puts the last edited first, ties by name', () => {
    expect(ids(shownCvs(context))).toEqual([2, 4, 3, 1]);
  });

  it('sorts by name as people read them: case, accents and numbers', () => {
    expect(ids(shownCvs({ ...context, sort: 'name' }))).toEqual([4, 3, 2, 1]);
  });

  it('finds by any part of the name, whatever the case or accents; only cards with a match stay', () => {
    const searching = { ...context, query: 'APPLE' };
    expect(ids(shownCvs(searching))).toEqual([2, 4, 3]);
    expect(isSearching(searching)).toBe(true);
    expect(ids(shownTemplates(searching))).toEqual([1, 2]);
    expect(ids(shownTemplates({ ...context, query: 'zebra' }))).toEqual([1]);
    expect(ids(shownTemplates({ ...context, query: '   ' }))).toEqual([1, 2, 3]);
  });

  it('lists every CV again once the last CV of the chosen template is deleted', async () => {
    const world = createWorld();
    world.load.last().resolve({ templates: manyTemplates, cvs });
    await flush();
    world.actor.send({ type: 'filter.template', templateId: 14 });
    expect(ids(shownCvs(world.actor.getSnapshot().context))).toEqual([9]);
    expect(ids(templatesInUse(world.actor.getSnapshot().context))).toEqual([1, 14]);
    world.actor.send({ type: 'cv.removed', cvId: 9 });
    expect(world.actor.getSnapshot().context.templateFilter).toBeUndefined();
    expect(ids(shownCvs(world.actor.getSnapshot().context)).sort()).toEqual([7, 8]);
  });

  it('starts a search on page 1', () => {
    const { actor, load } = createWorld();
    load.last().resolve({ templates: manyTemplates, cvs });
    return flush().then(() => {
      actor.send({ type: 'page.next' });
      actor.send({ type: 'search.change', query: 'CV' });
      expect(actor.getSnapshot().context.page).toBe(1);
      actor.send({ type: 'sort.change', sort: 'name' });
      expect(actor.getSnapshot().context.sort).toBe('name');
    });
  });
});

describe("the person's CVs in pages of 10: model-based", () => {
  // 25 CVs, listed CV 1 … CV 25 (the same edited time, then by name): pages of 1–10, 11–20 and 21–25.
  const many = range(1, 25).map((id) => makeCv(id, 1 + (id % 3)));
  const model = createMachine({
    id: 'cvListPagingModel',
    initial: 'loading',
    states: {
      loading: { on: { 'load.many': 'page1' } },
      page1: {
        on: { 'cvs.next': 'page2', 'cvs.previous': 'page1', 'catalogue.next': 'page1' },
      },
      page2: {
        on: { 'cvs.next': 'page3', 'cvs.previous': 'page1', 'cv.removed': 'page2', 'sort.name': 'page1' },
      },
      page3: {
        on: {
          'cvs.next': 'page3',
          'cvs.previous': 'page2',
          'search.cv': 'page1',
          'filter.one': 'page1',
          'list.reload': 'loading',
        },
      },
    },
  });
  const events = [
    'load.many',
    'cvs.next',
    'cvs.previous',
    'catalogue.next',
    'cv.removed',
    'sort.name',
    'search.cv',
    'filter.one',
    'list.reload',
  ].map((type) => ({ type }));
  const executors: Record<string, (world: World) => Promise<void> | void> = {
    'load.many': async ({ load }) => {
      load.last().resolve({ templates: manyTemplates, cvs: many });
      await flush();
    },
    'cvs.next': ({ actor }) => actor.send({ type: 'cvs.page.next' }),
    'cvs.previous': ({ actor }) => actor.send({ type: 'cvs.page.previous' }),
    // The catalogue below pages on its own: the list keeps its page.
    'catalogue.next': ({ actor }) => {
      actor.send({ type: 'page.next' });
      expect(managementPage(actor.getSnapshot().context)).toBe(2);
      actor.send({ type: 'page.previous' });
    },
    // A CV of the page shown deleted: the page stays, the next CV moves up into it.
    'cv.removed': ({ actor }) => {
      actor.send({ type: 'cv.removed', cvId: 12 });
      expect(ids(visibleCvs(actor.getSnapshot().context))).toEqual([11, ...range(13, 21)]);
      actor.send({ type: 'cv.added', cv: makeCv(12, 1) });
      actor.send({ type: 'cvs.page.next' });
      actor.send({ type: 'cvs.page.previous' });
    },
    'sort.name': ({ actor }) => actor.send({ type: 'sort.change', sort: 'name' }),
    'search.cv': ({ actor }) => actor.send({ type: 'search.change', query: 'CV' }),
    'filter.one': ({ actor }) => actor.send({ type: 'filter.template', templateId: 1 }),
    'list.reload': ({ actor }) => actor.send({ type: 'list.reload' }),
  };
  const shown: Record<string, number[] | undefined> = {
    page1: range(1, 10),
    page2: range(11, 20),
    page3: range(21, 25),
  };

  function assertState(world: World, modelState: string) {
    const snapshot = world.actor.getSnapshot();
    if (modelState === 'loading') {
      expect(snapshot.value).toBe('loading');
      return;
    }
    const page = Number(modelState.slice('page'.length));
    const context = snapshot.context;
    expect(cvListPage(context)).toBe(page);
    expect(snapshot.can({ type: 'cvs.page.next' })).toBe(page < cvListPageCount(context));
    expect(snapshot.can({ type: 'cvs.page.previous' })).toBe(page > 1);
    expect(showsCvListPaging(context)).toBe(cvListPageCount(context) > 1);
    if (context.templateFilter === undefined && context.query === '' && context.sort === 'edited') {
      expect(ids(visibleCvs(context))).toEqual(shown[modelState]);
      expect(cvListPageLabel(context)).toEqual({ id: 'Page {page} of {count}', values: { page, count: 3 } });
    } else {
      expect(visibleCvs(context).length).toBeLessThanOrEqual(10);
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

describe("the person's CVs in pages: edges", () => {
  async function loaded(list: ReturnType<typeof makeCv>[]) {
    const world = createWorld();
    world.load.last().resolve({ templates: manyTemplates, cvs: list });
    await flush();
    return world;
  }

  it("opens on the address's page, kept inside the pages that exist, and keeps it through a reload", async () => {
    const list = range(1, 25).map((id) => makeCv(id, 1));
    const second = createWorld({ cvPage: 2 });
    second.load.last().resolve({ templates: manyTemplates, cvs: list });
    await flush();
    expect(cvListPage(second.actor.getSnapshot().context)).toBe(2);
    second.actor.send({ type: 'cvs.page.next' });
    second.actor.send({ type: 'list.reload' });
    second.load.last().resolve({ templates: manyTemplates, cvs: list });
    await flush();
    expect(cvListPage(second.actor.getSnapshot().context)).toBe(3);

    const past = createWorld({ cvPage: 9 });
    past.load.last().resolve({ templates: manyTemplates, cvs: list });
    await flush();
    expect(past.actor.getSnapshot().context.cvPage).toBe(3);
    expect(ids(visibleCvs(past.actor.getSnapshot().context))).toHaveLength(5);

    for (const cvPage of [0, -2, Number.NaN]) {
      const bad = createWorld({ cvPage });
      bad.load.last().resolve({ templates: manyTemplates, cvs: list });
      await flush();
      expect(cvListPage(bad.actor.getSnapshot().context)).toBe(1);
    }
  });

  it('shows no paging with exactly 10 CVs, and pages from 11', async () => {
    const ten = await loaded(range(1, 10).map((id) => makeCv(id, 1)));
    expect(showsCvListPaging(ten.actor.getSnapshot().context)).toBe(false);
    expect(ten.actor.getSnapshot().can({ type: 'cvs.page.next' })).toBe(false);
    ten.actor.send({ type: 'cv.added', cv: makeCv(11, 1) });
    expect(showsCvListPaging(ten.actor.getSnapshot().context)).toBe(true);
  });

  it('goes back a page when the last CV of the last page is deleted', async () => {
    const { actor } = await loaded(range(1, 21).map((id) => makeCv(id, 1)));
    actor.send({ type: 'cvs.page.next' });
    actor.send({ type: 'cvs.page.next' });
    expect(ids(visibleCvs(actor.getSnapshot().context))).toEqual([21]);
    actor.send({ type: 'cv.removed', cvId: 21 });
    expect(actor.getSnapshot().context.cvPage).toBe(2);
    expect(ids(visibleCvs(actor.getSnapshot().context))).toEqual(range(11, 20));
    expect(actor.getSnapshot().can({ type: 'cvs.page.next' })).toBe(false);
  });

  it('shows a copy on the page it lands on, wherever the person was', async () => {
    const { actor } = await loaded(range(1, 25).map((id) => makeCv(id, 1)));
    actor.send({ type: 'sort.change', sort: 'name' });
    // A copy of CV 3, made an instant later: last edited first puts it on page 1, by name on page 1 too.
    actor.send({ type: 'cvs.page.next' });
    actor.send({ type: 'cvs.page.next' });
    const copy = { ...makeCv(30, 1, 'Copy of CV 3'), last_updated: '2030-01-01T00:00:00.000Z' };
    actor.send({ type: 'cv.added', cv: copy });
    expect(ids(visibleCvs(actor.getSnapshot().context))).toContain(30);
    // 'Zz copy' sorts last by name: the list turns to the last page to show it.
    actor.send({ type: 'cvs.page.previous' });
    actor.send({ type: 'cv.added', cv: makeCv(31, 1, 'Zz copy') });
    expect(cvListPage(actor.getSnapshot().context)).toBe(3);
    expect(ids(visibleCvs(actor.getSnapshot().context))).toContain(31);
  });

  it('a narrowed list that loses its template shows every CV from the first page', async () => {
    const list = [...range(1, 12).map((id) => makeCv(id, 1)), makeCv(40, 14)];
    const { actor } = await loaded(list);
    actor.send({ type: 'cvs.page.next' });
    actor.send({ type: 'filter.template', templateId: 14 });
    expect(actor.getSnapshot().context.cvPage).toBe(1);
    actor.send({ type: 'cv.removed', cvId: 40 });
    expect(actor.getSnapshot().context.templateFilter).toBeUndefined();
    expect(cvListPage(actor.getSnapshot().context)).toBe(1);
  });
});

describe('loadTemplatesAndCvs', () => {
  it('fetches templates and CVs together and fails as a whole when either fails', async () => {
    const started: string[] = [];
    let releaseTemplates: (value: unknown) => void = () => {};
    const client = {
      get: (path: string) => {
        started.push(path);
        if (path === '/v1/CvTemplate/') return new Promise((resolve) => (releaseTemplates = resolve));
        return Promise.resolve(cvs);
      },
    } as unknown as ApiClient;
    const loading = loadTemplatesAndCvs(client);
    // Both requests are under way before either has answered.
    expect(started).toEqual(['/v1/CvTemplate/', '/v1/GeneratedCV/']);
    releaseTemplates(manyTemplates);
    await expect(loading).resolves.toEqual({ templates: manyTemplates, cvs });

    const failing = {
      get: (path: string) =>
        path === '/v1/GeneratedCV/' ? Promise.reject(new ApiError('x')) : Promise.resolve([]),
    };
    await expect(loadTemplatesAndCvs(failing as unknown as ApiClient)).rejects.toThrow('x');
  });

  it('reads a template staff switched off on its own, so its CVs keep their card', async () => {
    const [shown, retired] = [manyTemplates[0]!, manyTemplates[1]!];
    const mine = [
      { ...cvs[0]!, template: shown.id },
      { ...cvs[0]!, id: 99, template: retired.id },
    ];
    const asked: string[] = [];
    const client = {
      get: (path: string) => {
        asked.push(path);
        if (path === '/v1/CvTemplate/') return Promise.resolve([shown]);
        if (path === '/v1/GeneratedCV/') return Promise.resolve(mine);
        if (path === `/v1/CvTemplate/${retired.id}/`) return Promise.resolve(retired);
        return Promise.reject(new ApiError('Not found.', { status: 404 }));
      },
    } as unknown as ApiClient;
    await expect(loadTemplatesAndCvs(client)).resolves.toEqual({ templates: [shown, retired], cvs: mine });
    expect(asked).toEqual(['/v1/CvTemplate/', '/v1/GeneratedCV/', `/v1/CvTemplate/${retired.id}/`]);
  });
});
