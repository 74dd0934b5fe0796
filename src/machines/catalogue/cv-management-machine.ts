import {
  assign,
  enqueueActions,
  fromPromise,
  sendTo,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate';
import { apiClient } from '../../api/client';
import { listGeneratedCvs, type GeneratedCv } from '../../api/cvs';
import type { ApiClient } from '../../api/http';
import { getTemplate, listTemplates, type Template } from '../../api/templates';
import { CV_LIST_PAGE_SIZE, CV_MANAGEMENT_PAGE_SIZE } from '../../config/constants';
import type { Notice } from '../auth/auth-flow';
import { pagingOf } from '../../catalogue/paging';
import { deliveryMachine, type CvListRef } from '../delivery/delivery-machine';
import { cvActionsFor, withCv, withoutCv, type CvActionsById } from './cv-list';
import { recentlyDeletedMachine } from './recently-deleted-machine';
import { msg } from '../../../rules/languages';

// docs/behaviour.md#cv-management, #other-flows (loading, then loaded; a deleted CV leaves the list at once),
// #messages. The person's CVs come first, as a list that can be searched, sorted and narrowed to one template,
// 10 to a page (a new search, sort or filter starts at its first page; a deleted CV leaves the page it was on, the
// last page if that one emptied; a copy is shown on the page it lands on); the catalogue of templates (12 to a page) follows, to start another. Beside the list runs Recently deleted (recently-deleted-machine.ts, docs/features/bin.md): a CV
// deleted here joins it, and a CV restored there joins the list. The list's page comes from the address
// (`?page=2`, given as input) and is kept through a reload of the list.

export const CV_MANAGEMENT_LOAD_FAILED_NOTICE: Notice = {
  title: msg('Failed to load data'),
  description: msg('Could not load CV templates and generated CVs. Please try again.'),
  variant: 'destructive',
};

export interface TemplatesAndCvs {
  templates: Template[];
  cvs: GeneratedCv[];
}

/** How the CVs on each card are ordered: the last edited first, or by name. */
export type CvSort = 'edited' | 'name';

export interface CvManagementContext extends TemplatesAndCvs {
  /** The catalogue's page. */
  page: number;
  /** The page of the person's CVs (the list above the catalogue). */
  cvPage: number;
  /** Only CVs whose name holds this text are shown (blank: all). */
  query: string;
  sort: CvSort;
  /** Only the CVs made from this template are listed (left out: all). */
  templateFilter?: number;
}

export type CvManagementEvent =
  | { type: 'page.next' }
  | { type: 'page.previous' }
  /** The list of the person's CVs turns its page. */
  | { type: 'cvs.page.next' }
  | { type: 'cvs.page.previous' }
  | { type: 'cv.removed'; cvId: number }
  | { type: 'cv.added'; cv: GeneratedCv }
  | { type: 'search.change'; query: string }
  | { type: 'sort.change'; sort: CvSort }
  /** The list of CVs shows those of one template, or (no id) all. */
  | { type: 'filter.template'; templateId?: number }
  | { type: 'list.reload' };

const normalised = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/** The CVs that match the search, in the chosen order (names compared as people read them). */
export function shownCvs(
  context: Pick<CvManagementContext, 'cvs' | 'query' | 'sort' | 'templateFilter'>,
): GeneratedCv[] {
  const query = normalised(context.query.trim());
  const matching = context.cvs.filter(
    (cv) =>
      (query === '' || normalised(cv.name).includes(query)) &&
      (context.templateFilter === undefined || cv.template === context.templateFilter),
  );
  const byName = (a: GeneratedCv, b: GeneratedCv) =>
    a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true });
  const byEdited = (a: GeneratedCv, b: GeneratedCv) =>
    (b.last_updated ?? '').localeCompare(a.last_updated ?? '') || byName(a, b);
  return [...matching].sort(context.sort === 'name' ? byName : byEdited);
}

/** A search is on: cards without a matching CV step aside. */
export function isSearching(context: Pick<CvManagementContext, 'query'>): boolean {
  return context.query.trim() !== '';
}

/** The templates the person has CVs of, for the list's filter: each once, in the catalogue's order. */
export function templatesInUse(context: Pick<CvManagementContext, 'cvs' | 'templates'>): Template[] {
  const used = new Set(context.cvs.map((cv) => cv.template));
  return context.templates.filter((template) => used.has(template.id));
}

/** The templates whose cards are shown: all of them, or while searching those with a matching CV. */
export function shownTemplates(context: CvManagementContext): Template[] {
  if (!isSearching(context)) return context.templates;
  const withMatches = new Set(shownCvs({ ...context, templateFilter: undefined }).map((cv) => cv.template));
  return context.templates.filter((template) => withMatches.has(template.id));
}

/** docs/behaviour.md#api-calls: CV management reads the person's CVs together with the template list. */
export async function loadTemplatesAndCvs(client: ApiClient, signal?: AbortSignal): Promise<TemplatesAndCvs> {
  const [templates, cvs] = await Promise.all([
    listTemplates(client, { signal }),
    listGeneratedCvs(client, { signal }),
  ]);
  // A CV on a template staff switched off stays the person's: that template leaves the catalogue but is
  // still read on its own, so its CVs keep their card. One that cannot be read is left out.
  const listed = new Set(templates.map((template) => template.id));
  const missing = [...new Set(cvs.map((cv) => cv.template).filter((id) => !listed.has(id)))];
  const retired = await Promise.all(
    missing.map((id) => getTemplate(client, id, { signal }).catch(() => undefined)),
  );
  return { templates: [...templates, ...retired.filter((template) => template !== undefined)], cvs };
}

/**
 * The catalogue's templates, 12 to a page (docs/behaviour.md#cv-management): all of them whatever the list above
 * is searched for (the catalogue is where another CV starts).
 */
const managementPaging = pagingOf<CvManagementContext, Template>(
  (context) => context.templates,
  CV_MANAGEMENT_PAGE_SIZE,
);

export const managementPage = managementPaging.page;
export const visibleManagedTemplates = managementPaging.items;
export const managementPageCount = managementPaging.count;
/** docs/behaviour.md#cv-management: Previous/Next and 'Page X of Y' only when there are more than 12 templates. */
export const showsManagementPaging = managementPaging.shows;
export const managementPageLabel = managementPaging.label;

/**
 * The person's CVs, as searched, sorted and filtered, 10 to a page (`pagingOf`, as every paged list): the page is
 * `cvPage`, the catalogue keeping `page`.
 */
const cvListPaging = pagingOf<
  Pick<CvManagementContext, 'cvs' | 'query' | 'sort' | 'templateFilter' | 'page'>,
  GeneratedCv
>(shownCvs, CV_LIST_PAGE_SIZE);
const asCvListPage = (context: CvManagementContext) => ({ ...context, page: context.cvPage });

export const cvListPage = (context: CvManagementContext) => cvListPaging.page(asCvListPage(context));
/** The CVs of the list's page shown. */
export const visibleCvs = (context: CvManagementContext) => cvListPaging.items(asCvListPage(context));
export const cvListPageCount = (context: CvManagementContext) => cvListPaging.count(asCvListPage(context));
/** Previous/Next and 'Page X of Y' under the list only when the person has more CVs (matching) than a page holds. */
export const showsCvListPaging = (context: CvManagementContext) => cvListPaging.shows(asCvListPage(context));
export const cvListPageLabel = (context: CvManagementContext) => cvListPaging.label(asCvListPage(context));

/** The page of the list that shows this CV (the first when it is not listed). */
function pageShowing(context: CvManagementContext, cvId: number): number {
  const at = shownCvs(context).findIndex((cv) => cv.id === cvId);
  return at < 0 ? 1 : Math.floor(at / CV_LIST_PAGE_SIZE) + 1;
}

/** The id of the Recently deleted child actor (the view reads it with `snapshot.children`). */
export const RECENTLY_DELETED_ID = 'recentlyDeleted';

/** The machine's context: the list, and what the person can do with each CV (download, email, delete), by id. */
/** What the address asks for: the page of the person's CVs (`?page=2`), so a reload or Back keeps it. */
export interface CvManagementInput {
  cvPage?: number;
}

export interface CvManagementMachineContext extends CvManagementContext {
  cvActions: CvActionsById;
}

export const cvManagementMachine = setup({
  types: {
    context: {} as CvManagementMachineContext,
    events: {} as CvManagementEvent,
    // `void`, not `undefined`: setup() drops an `undefined`, and every actor would then have to be given one.
    input: {} as CvManagementInput | void,
  },
  actors: {
    loadTemplatesAndCvs: fromPromise<TemplatesAndCvs>(({ signal }) => loadTemplatesAndCvs(apiClient, signal)),
    cvActions: deliveryMachine,
    recentlyDeleted: recentlyDeletedMachine,
  },
  actions: {
    // The list's page the address asked for (or the one shown before a reload) stays, kept inside the pages that
    // exist now.
    assignTemplatesAndCvs: assign(({ context, spawn, self }, params: TemplatesAndCvs) => {
      const list: CvListRef = self;
      const next = { ...context, templates: params.templates, cvs: params.cvs, page: 1 };
      return {
        ...next,
        cvActions: cvActionsFor(params.cvs, (cv) => spawn('cvActions', { input: { cv, list } })),
        cvPage: cvListPage(next),
      };
    }),
    stopCvActions: enqueueActions(({ context, enqueue }) => {
      for (const actor of Object.values(context.cvActions)) enqueue.stopChild(actor);
      enqueue.assign({ cvActions: {} });
    }),
    showNextPage: assign({ page: ({ context }) => managementPage(context) + 1 }),
    showPreviousPage: assign({ page: ({ context }) => managementPage(context) - 1 }),
    showNextCvPage: assign({ cvPage: ({ context }) => cvListPage(context) + 1 }),
    showPreviousCvPage: assign({ cvPage: ({ context }) => cvListPage(context) - 1 }),
    // The last CV of the template the list is narrowed to gone: the list shows all again, never an empty filter.
    // The list stays on its page (the next CVs move up into it), or on the last page when the one shown emptied.
    removeCv: assign(({ context }, params: { cvId: number }) => {
      const next = withoutCv(context, params.cvId);
      const filterHolds =
        context.templateFilter === undefined || next.cvs.some((cv) => cv.template === context.templateFilter);
      const after = { ...context, ...next, ...(filterHolds ? {} : { templateFilter: undefined, cvPage: 1 }) };
      return { ...after, cvPage: cvListPage(after) };
    }),
    reloadRecentlyDeleted: sendTo(RECENTLY_DELETED_ID, { type: 'bin.reload' }),
    // A copy is shown where it lands in the list (the page that holds it), so the person sees it was made.
    addCv: assign(({ context, spawn, self }, params: { cv: GeneratedCv }) => {
      const list: CvListRef = self;
      const next = {
        ...context,
        ...withCv(context, params.cv, spawn('cvActions', { input: { cv: params.cv, list } })),
      };
      return { ...next, cvPage: pageShowing(next, params.cv.id) };
    }),
    // A new search, order or filter reads from its first page.
    assignQuery: assign((_, params: { query: string }) => ({ query: params.query, page: 1, cvPage: 1 })),
    assignSort: assign((_, params: { sort: CvSort }) => ({ sort: params.sort, cvPage: 1 })),
    assignTemplateFilter: assign((_, params: { templateId?: number }) => ({
      templateFilter: params.templateId,
      cvPage: 1,
    })),
    logFailure: (_, params: { error: unknown }) => {
      console.error('Could not load CV templates and generated CVs', params.error);
    },
    // The route gives the real toaster.
    notify: (_, _params: Notice) => undefined,
  },
  guards: {
    hasNextPage: ({ context }) => managementPaging.hasNext(context),
    hasPreviousPage: ({ context }) => managementPaging.hasPrevious(context),
    hasNextCvPage: ({ context }) => cvListPaging.hasNext(asCvListPage(context)),
    hasPreviousCvPage: ({ context }) => cvListPaging.hasPrevious(asCvListPage(context)),
  },
}).createMachine({
  id: 'cvManagement',
  context: ({ input }) => {
    const asked = input ? input.cvPage : undefined;
    return {
      templates: [],
      cvs: [],
      cvActions: {},
      page: 1,
      cvPage: asked !== undefined && asked >= 1 ? Math.floor(asked) : 1,
      query: '',
      sort: 'edited',
    };
  },
  invoke: {
    id: RECENTLY_DELETED_ID,
    src: 'recentlyDeleted',
    input: ({ self }) => ({ list: self as CvListRef }),
  },
  initial: 'loading',
  states: {
    loading: {
      entry: 'stopCvActions',
      invoke: {
        src: 'loadTemplatesAndCvs',
        onDone: {
          target: 'loaded',
          actions: { type: 'assignTemplatesAndCvs', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: [
            { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'notify', params: CV_MANAGEMENT_LOAD_FAILED_NOTICE },
          ],
        },
      },
    },
    loaded: {
      on: {
        'page.next': { guard: 'hasNextPage', actions: 'showNextPage' },
        'page.previous': { guard: 'hasPreviousPage', actions: 'showPreviousPage' },
        'cvs.page.next': { guard: 'hasNextCvPage', actions: 'showNextCvPage' },
        'cvs.page.previous': { guard: 'hasPreviousCvPage', actions: 'showPreviousCvPage' },
        'cv.removed': {
          actions: [
            { type: 'removeCv', params: ({ event }) => ({ cvId: event.cvId }) },
            'reloadRecentlyDeleted',
          ],
        },
        'cv.added': { actions: { type: 'addCv', params: ({ event }) => ({ cv: event.cv }) } },
        'search.change': {
          actions: { type: 'assignQuery', params: ({ event }) => ({ query: event.query }) },
        },
        'sort.change': { actions: { type: 'assignSort', params: ({ event }) => ({ sort: event.sort }) } },
        'filter.template': {
          actions: {
            type: 'assignTemplateFilter',
            params: ({ event }) => ({ templateId: event.templateId }),
          },
        },
        'list.reload': 'loading',
      },
    },
    failed: {
      on: { 'list.reload': 'loading' },
    },
  },
});

export type CvManagementActor = ActorRefFrom<typeof cvManagementMachine>;
export type CvManagementSnapshot = SnapshotFrom<typeof cvManagementMachine>;
