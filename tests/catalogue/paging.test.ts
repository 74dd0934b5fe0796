import {
  clampPage,
  pageCount,
  pageItems,
  pageLabel,
  pagingOf,
  showsPaging,
} from '../../src/catalogue/paging';
import { t } from '../../src/i18n/i18n';

const PAGE_LABEL = 'Page {page} of {count}';

describe('catalogue paging (page sizes 10 and 12)', () => {
  it('counts pages, one page at least', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(24, 12)).toBe(2);
    expect(pageCount(25, 12)).toBe(3);
  });

  it('shows paging only past one full page', () => {
    expect(showsPaging(10, 10)).toBe(false);
    expect(showsPaging(11, 10)).toBe(true);
    expect(showsPaging(12, 12)).toBe(false);
    expect(showsPaging(13, 12)).toBe(true);
    expect(showsPaging(0, 10)).toBe(false);
  });

  it('keeps a page number inside the pages that exist', () => {
    expect(clampPage(0, 25, 10)).toBe(1);
    expect(clampPage(-3, 25, 10)).toBe(1);
    expect(clampPage(4, 25, 10)).toBe(3);
    expect(clampPage(2, 0, 10)).toBe(1);
    expect(clampPage(2.7, 25, 10)).toBe(2);
  });

  it('slices a page, the last one partly filled', () => {
    const items = Array.from({ length: 25 }, (_, i) => i + 1);
    expect(pageItems(items, 1, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageItems(items, 3, 10)).toEqual([21, 22, 23, 24, 25]);
    expect(pageItems(items, 9, 10)).toEqual([21, 22, 23, 24, 25]);
    expect(pageItems([], 1, 10)).toEqual([]);
  });

  it("reads 'Page X of Y'", () => {
    expect(pageLabel(2, 25, 10)).toEqual({ id: PAGE_LABEL, values: { page: 2, count: 3 } });
    expect(pageLabel(7, 25, 12)).toEqual({ id: PAGE_LABEL, values: { page: 3, count: 3 } });
    expect(t(pageLabel(2, 25, 10))).toBe('Page 2 of 3');
    expect(t(pageLabel(7, 25, 12))).toBe('Page 3 of 3');
  });
});

describe('the paging of one list (pagingOf)', () => {
  const paging = pagingOf((context: { page: number; items: number[] }) => context.items, 10);
  const items = Array.from({ length: 25 }, (_, i) => i + 1);

  it('reads the page shown, its items and its label from the list and the page asked for', () => {
    const past = { page: 9, items };
    expect(paging.page(past)).toBe(3);
    expect(paging.count(past)).toBe(3);
    expect(paging.items(past)).toEqual([21, 22, 23, 24, 25]);
    expect(paging.label(past)).toEqual({ id: PAGE_LABEL, values: { page: 3, count: 3 } });
    expect(t(paging.label(past))).toBe('Page 3 of 3');
    expect(paging.shows(past)).toBe(true);
    expect(paging.shows({ page: 1, items: items.slice(0, 10) })).toBe(false);
  });

  it('turns a page only when there is one that way', () => {
    expect(paging.hasNext({ page: 1, items })).toBe(true);
    expect(paging.hasPrevious({ page: 1, items })).toBe(false);
    expect(paging.hasNext({ page: 3, items })).toBe(false);
    expect(paging.hasPrevious({ page: 9, items })).toBe(true);
  });
});
