// Paging of the template grids (docs/behaviour.md#templates-screen, #cv-management, #limits-and-timings: 10 and
// 12 per page). Pages are numbered from 1, as the 'Page X of Y' label reads.
import { msg, type Message } from '../../rules/languages';

/** How many pages `total` items fill; an empty list is still one (empty) page. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A page number kept inside 1…pageCount, e.g. after the list shrank under the current page. */
export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(1, Math.floor(page)), pageCount(total, pageSize));
}

export function pageItems<T>(items: readonly T[], page: number, pageSize: number): T[] {
  const current = clampPage(page, items.length, pageSize);
  return items.slice((current - 1) * pageSize, current * pageSize);
}

/** Previous/Next and 'Page X of Y' appear only when more items match than one page holds. */
export function showsPaging(total: number, pageSize: number): boolean {
  return total > pageSize;
}

/** 'Page X of Y', as a message the view says in the person's language. */
export function pageLabel(page: number, total: number, pageSize: number): Message {
  return {
    id: msg('Page {page} of {count}'),
    values: { page: clampPage(page, total, pageSize), count: pageCount(total, pageSize) },
  };
}

/**
 * The paging of one list, said once for every paged grid: `matching` gives the items that match (before paging),
 * `context.page` the page asked for, which may lie past the end after the list shrank.
 */
export function pagingOf<Context extends { page: number }, Item>(
  matching: (context: Context) => readonly Item[],
  pageSize: number,
) {
  const total = (context: Context) => matching(context).length;
  const page = (context: Context) => clampPage(context.page, total(context), pageSize);
  const count = (context: Context) => pageCount(total(context), pageSize);
  return {
    /** The page shown: the one asked for, kept inside the pages that exist. */
    page,
    count,
    /** The items of the page shown. */
    items: (context: Context) => pageItems(matching(context), context.page, pageSize),
    shows: (context: Context) => showsPaging(total(context), pageSize),
    label: (context: Context) => pageLabel(context.page, total(context), pageSize),
    hasNext: (context: Context) => page(context) < count(context),
    hasPrevious: (context: Context) => page(context) > 1,
  };
}
