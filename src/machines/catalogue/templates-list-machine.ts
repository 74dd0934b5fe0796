import { assign, enqueueActions, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { apiClient } from '../../api/client';
import { listGeneratedCvs, type GeneratedCv } from '../../api/cvs';
import type { ApiClient } from '../../api/http';
import { isInCategory, listTags, listTemplates, type Tag, type Template } from '../../api/templates';
import { TEMPLATES_PAGE_SIZE } from '../../config/constants';
import { pagingOf } from '../../catalogue/paging';
import { deliveryMachine, type CvListRef } from '../delivery/delivery-machine';
import { cvActionsFor, withCv, withoutCv, type CvActionsById } from './cv-list';

// docs/behaviour.md#templates-screen, #other-flows: failures to load the catalogue are logged, not toasted.

/** What the screen loads; each part may fail on its own, and a failed part is reported, not thrown. */
export type CataloguePart = 'templates' | 'categories' | 'generated CVs';

export interface CatalogueFailure {
  part: CataloguePart;
  error: unknown;
}

export interface CatalogueLoad {
  /** Undefined when the template list could not be loaded. */
  templates?: Template[];
  tags: Tag[];
  cvs: GeneratedCv[];
  failures: CatalogueFailure[];
}

export interface TemplatesListContext {
  templates: Template[];
  tags: Tag[];
  cvs: GeneratedCv[];
  /** The chosen tag's value; null is 'All Categories'. */
  category: string | null;
  page: number;
}

/** Where the screen starts: the category and page in the address, so Back returns to the same view. */
export interface TemplatesListInput {
  category?: string | null;
  page?: number;
}

export type TemplatesListEvent =
  | { type: 'category.select'; value: string | null }
  | { type: 'page.next' }
  | { type: 'page.previous' }
  /** A card deleted (archived) one of the user's CVs: it leaves the card (docs/behaviour.md#template-card). */
  | { type: 'cv.removed'; cvId: number }
  | { type: 'cv.added'; cv: GeneratedCv }
  | { type: 'list.reload' };

/** Loads templates, categories and the user's CVs side by side; one failing never hides the others. */
export async function loadCatalogue(client: ApiClient, signal?: AbortSignal): Promise<CatalogueLoad> {
  const [templates, tags, cvs] = await Promise.allSettled([
    listTemplates(client, { signal }),
    listTags(client, { signal }),
    listGeneratedCvs(client, { signal }),
  ]);
  const failures: CatalogueFailure[] = [];
  if (templates.status === 'rejected') failures.push({ part: 'templates', error: templates.reason });
  if (tags.status === 'rejected') failures.push({ part: 'categories', error: tags.reason });
  if (cvs.status === 'rejected') failures.push({ part: 'generated CVs', error: cvs.reason });
  return {
    ...(templates.status === 'fulfilled' ? { templates: templates.value } : {}),
    tags: tags.status === 'fulfilled' ? tags.value : [],
    cvs: cvs.status === 'fulfilled' ? cvs.value : [],
    failures,
  };
}

/** The templates in the chosen category, in the server's order. */
export function matchingTemplates(
  context: Pick<TemplatesListContext, 'templates' | 'tags' | 'category'>,
): Template[] {
  if (context.category === null) return context.templates;
  const tag = context.tags.find((candidate) => candidate.value === context.category) ?? {
    value: context.category,
    label: '',
  };
  return context.templates.filter((template) => isInCategory(template.category, tag));
}

/** The matching templates, 10 to a page (docs/behaviour.md#templates-screen). */
const templatesPaging = pagingOf<TemplatesListContext, Template>(matchingTemplates, TEMPLATES_PAGE_SIZE);

export const currentPage = templatesPaging.page;
/** What the grid shows: the current page of the matching templates. */
export const visibleTemplates = templatesPaging.items;
export const templatesPageCount = templatesPaging.count;
/** docs/behaviour.md#templates-screen: Previous, Next and 'Page X of Y' only when more than 10 templates match. */
export const showsTemplatesPaging = templatesPaging.shows;
export const templatesPageLabel = templatesPaging.label;

/** The user's CVs made from one template, in the order the server listed them. */
export function cvsOfTemplate(cvs: readonly GeneratedCv[], templateId: number): GeneratedCv[] {
  return cvs.filter((cv) => cv.template === templateId);
}

/** The machine's context: the catalogue, and what the person can do with each CV (download, email, delete), by id. */
export interface TemplatesListMachineContext extends TemplatesListContext {
  cvActions: CvActionsById;
}

export const templatesListMachine = setup({
  types: {
    context: {} as TemplatesListMachineContext,
    events: {} as TemplatesListEvent,
    input: {} as TemplatesListInput | undefined,
  },
  actors: {
    loadCatalogue: fromPromise<CatalogueLoad>(({ signal }) => loadCatalogue(apiClient, signal)),
    cvActions: deliveryMachine,
  },
  actions: {
    // The page the address asked for stays (clamped to what exists once the templates are in).
    assignCatalogue: assign(({ context, spawn, self }, params: { load: CatalogueLoad }) => {
      const next = {
        ...context,
        templates: params.load.templates ?? [],
        tags: params.load.tags,
        cvs: params.load.cvs,
      };
      const list: CvListRef = self;
      return {
        ...next,
        page: currentPage(next),
        cvActions: cvActionsFor(next.cvs, (cv) => spawn('cvActions', { input: { cv, list } })),
      };
    }),
    stopCvActions: enqueueActions(({ context, enqueue }) => {
      for (const actor of Object.values(context.cvActions)) enqueue.stopChild(actor);
      enqueue.assign({ cvActions: {} });
    }),
    selectCategory: assign((_, params: { value: string | null }) => ({ category: params.value, page: 1 })),
    showNextPage: assign({ page: ({ context }) => currentPage(context) + 1 }),
    showPreviousPage: assign({ page: ({ context }) => currentPage(context) - 1 }),
    removeCv: assign(({ context }, params: { cvId: number }) => withoutCv(context, params.cvId)),
    addCv: assign(({ context, spawn, self }, params: { cv: GeneratedCv }) => {
      const list: CvListRef = self;
      return withCv(context, params.cv, spawn('cvActions', { input: { cv: params.cv, list } }));
    }),
    /** The route writes the category and page into the address (replacing the entry: no history per click). */
    showAddress: (_, _params: { category: string | null; page: number }) => undefined,
    // docs/behaviour.md#templates-screen: these failures are only logged; the screen shows a gentle empty or
    // error state.
    logFailures: (_, params: { failures: CatalogueFailure[] }) => {
      for (const failure of params.failures) console.error(`Could not load ${failure.part}`, failure.error);
    },
  },
  guards: {
    templatesUnavailable: (_, params: { load: CatalogueLoad }) => params.load.templates === undefined,
    hasNextPage: ({ context }) => templatesPaging.hasNext(context),
    hasPreviousPage: ({ context }) => templatesPaging.hasPrevious(context),
  },
}).createMachine({
  id: 'templatesList',
  context: ({ input }) => ({
    templates: [],
    tags: [],
    cvs: [],
    cvActions: {},
    category: input?.category ?? null,
    page: input?.page !== undefined && input.page >= 1 ? Math.floor(input.page) : 1,
  }),
  initial: 'loading',
  states: {
    loading: {
      entry: 'stopCvActions',
      invoke: {
        src: 'loadCatalogue',
        onDone: [
          {
            guard: { type: 'templatesUnavailable', params: ({ event }) => ({ load: event.output }) },
            target: 'unavailable',
            actions: { type: 'logFailures', params: ({ event }) => ({ failures: event.output.failures }) },
          },
          {
            target: 'ready',
            actions: [
              { type: 'logFailures', params: ({ event }) => ({ failures: event.output.failures }) },
              { type: 'assignCatalogue', params: ({ event }) => ({ load: event.output }) },
            ],
          },
        ],
        onError: {
          target: 'unavailable',
          actions: {
            type: 'logFailures',
            params: ({ event }) => ({ failures: [{ part: 'templates', error: event.error }] }),
          },
        },
      },
    },
    ready: {
      on: {
        'category.select': {
          actions: [
            { type: 'selectCategory', params: ({ event }) => ({ value: event.value }) },
            {
              type: 'showAddress',
              params: ({ context }) => ({ category: context.category, page: context.page }),
            },
          ],
        },
        'page.next': {
          guard: 'hasNextPage',
          actions: [
            'showNextPage',
            {
              type: 'showAddress',
              params: ({ context }) => ({ category: context.category, page: context.page }),
            },
          ],
        },
        'page.previous': {
          guard: 'hasPreviousPage',
          actions: [
            'showPreviousPage',
            {
              type: 'showAddress',
              params: ({ context }) => ({ category: context.category, page: context.page }),
            },
          ],
        },
        'cv.removed': { actions: { type: 'removeCv', params: ({ event }) => ({ cvId: event.cvId }) } },
        'cv.added': { actions: { type: 'addCv', params: ({ event }) => ({ cv: event.cv }) } },
        'list.reload': 'loading',
      },
    },
    unavailable: {
      on: { 'list.reload': 'loading' },
    },
  },
});

export type TemplatesListActor = ActorRefFrom<typeof templatesListMachine>;
export type TemplatesListSnapshot = SnapshotFrom<typeof templatesListMachine>;
