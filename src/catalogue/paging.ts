// Paging of the template grids (docs/behaviour.md#templates-screen, #cv-management, #limits-and-timings: 10 and
// 12 per page). Pages are numbered from 1, as the 'Page X of Y' label reads.

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

export function pageLabel(page: number, total: number, pageSize: number): string {
  return `Page ${clampPage(page, total, pageSize)} of ${pageCount(total, pageSize)}`;
}
