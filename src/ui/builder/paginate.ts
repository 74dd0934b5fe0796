/*
 * The HTML preview as pages. The server's document is the one the PDF prints (one stylesheet, its @page size and
 * margins); here it is laid out in its frame at the page's width and cut into pages the way Chromium's print
 * fragments it, closely enough to see where a page ends: an element that must not split (an entry, a list item, a
 * line of contacts, a paragraph that fits a page) and crosses the foot of a page moves to the next page's top, a
 * heading left alone at a page's foot goes with it, and a band of the pane's colour is laid between the pages.
 *
 * It only reads and styles the frame's document through the DOM (the frame runs no script of its own: its sandbox
 * allows none, and inline styles set through the DOM are allowed by the content security policy).
 */

const PX_PER_MM = 96 / 25.4;
/** Room between two pages, and around them, in CSS pixels. */
export const PAGE_GAP_PX = 16;
export const FRAME_PADDING_PX = 16;

/** What the template prints as one unit (server/templates/base.css: break-inside: avoid), and other small blocks. */
const UNBREAKABLE =
  '.entry, .list-item, .link-item, .keep, .contacts, .contact, .entry-head, h1, h2, h3, h4, p, li, img, svg, tr, figure';
/** A heading never ends a page (base.css: break-after: avoid). */
const HEADING = 'h1, h2, h3, h4, .section-title, .entry-head';

export interface PageBox {
  widthPx: number;
  heightPx: number;
  /** Top, right, bottom, left. */
  marginsPx: [number, number, number, number];
  /** The first page's top margin (a template's @page :first), else the top margin. */
  firstTopPx: number;
}

export interface Paged {
  pages: number;
  page: PageBox;
  /** The frame's size for these pages, padding included, unscaled. */
  frameWidthPx: number;
  frameHeightPx: number;
}

/** '14mm', '0.5in', '12pt', '10px', '0' as CSS pixels. */
export function cssLengthPx(value: string): number {
  const match = /^\s*(-?[\d.]+)\s*(mm|cm|in|pt|pc|px)?\s*$/i.exec(value);
  if (!match) return 0;
  const n = Number(match[1]);
  switch ((match[2] ?? 'px').toLowerCase()) {
    case 'mm':
      return n * PX_PER_MM;
    case 'cm':
      return n * PX_PER_MM * 10;
    case 'in':
      return n * 96;
    case 'pt':
      return (n * 96) / 72;
    case 'pc':
      return n * 16;
    default:
      return n;
  }
}

/** Four CSS margins ('14mm 0mm 15mm') as top, right, bottom, left. */
export function marginsPx(value: string): [number, number, number, number] {
  const parts = value.trim().split(/\s+/).filter(Boolean).map(cssLengthPx);
  const [top = 0, right = top, bottom = top, left = right] = parts;
  return [top, right, bottom, left];
}

/** The page's size and margins, as the server wrote them into the document (render/html.ts, designStyle). */
export function pageBoxOf(doc: Document): PageBox | undefined {
  const root = doc.defaultView?.getComputedStyle(doc.documentElement);
  if (!root) return undefined;
  const widthPx = cssLengthPx(root.getPropertyValue('--page-width'));
  const heightPx = cssLengthPx(root.getPropertyValue('--page-height'));
  if (!widthPx || !heightPx) return undefined;
  const margins = marginsPx(root.getPropertyValue('--page-margins'));
  let firstTopPx = margins[0];
  for (const sheet of Array.from(doc.styleSheets)) {
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue;
    }
    for (const rule of Array.from(rules)) {
      const page = rule as CSSPageRule;
      if (page.selectorText === ':first' && page.style?.marginTop)
        firstTopPx = cssLengthPx(page.style.marginTop);
    }
  }
  return { widthPx, heightPx, marginsPx: margins, firstTopPx };
}

function important(element: HTMLElement, property: string, value: string) {
  element.style.setProperty(property, value, 'important');
}

/** Gives the room around and between the pages a new colour (the app's colour mode changed). */
export function recolour(doc: Document, gapColor: string) {
  important(doc.documentElement, 'background', gapColor);
  for (const band of Array.from(doc.querySelectorAll<HTMLElement>('.cv-page-gap'))) {
    important(band, 'background', gapColor);
  }
}

/**
 * Lays the frame's document out as pages and returns how many there are; undefined when the document names no
 * page (a template preview, an error page).
 */
export function paginate(doc: Document, gapColor: string): Paged | undefined {
  const page = pageBoxOf(doc);
  const body = doc.body;
  const win = doc.defaultView;
  if (!page || !body || !win) return undefined;
  const [, right, bottom, left] = page.marginsPx;
  const stride = page.heightPx + PAGE_GAP_PX;

  const html = doc.documentElement;
  important(html, 'background', gapColor);
  important(html, 'padding', `${FRAME_PADDING_PX}px`);
  important(html, 'overflow', 'hidden');
  important(body, 'position', 'relative');
  important(body, 'box-sizing', 'border-box');
  important(body, 'width', `${page.widthPx}px`);
  important(body, 'max-width', 'none');
  important(body, 'margin', '0');
  important(body, 'min-height', `${page.heightPx}px`);
  important(body, 'padding', `${page.firstTopPx}px ${right}px 0 ${left}px`);
  // The body is the pages: a stacking context of its own, so a template's backdrop behind its content (z-index -1,
  // e.g. a sidebar's colour) is drawn over the body's white instead of under it.
  important(body, 'z-index', '0');
  // Printed, a fixed element repeats on every page (a sidebar's colour from top to bottom); on a screen a template
  // hides it (one long sheet has no pages to repeat it on). Absolute in the body, it spans every page, as it prints.
  for (const child of Array.from(body.children) as HTMLElement[]) {
    if (win.getComputedStyle(child).position !== 'fixed') continue;
    important(child, 'position', 'absolute');
    important(child, 'display', 'block');
  }

  /** The content's top and bottom on page k, from the body's top. */
  const contentTop = (k: number) => k * stride + (k === 0 ? page.firstTopPx : page.marginsPx[0]);
  const contentBottom = (k: number) => k * stride + page.heightPx - bottom;
  const contentHeight = page.heightPx - page.marginsPx[0] - bottom;
  const origin = () => body.getBoundingClientRect().top;

  /** Moves an element down by `by` pixels (its top margin grows; the rest of its flow follows). */
  const push = (element: HTMLElement, by: number) => {
    const margin = parseFloat(win.getComputedStyle(element).marginTop) || 0;
    important(element, 'margin-top', `${margin + by}px`);
  };

  /** The heading just before an element (itself, or the first of its parent's, and so on up). */
  const headingBefore = (element: Element): HTMLElement | undefined => {
    let current: Element | null = element;
    for (let depth = 0; current && current !== body && depth < 4; depth += 1) {
      const previous: Element | null = current.previousElementSibling;
      if (previous) return previous.matches(HEADING) ? (previous as HTMLElement) : undefined;
      current = current.parentElement;
    }
    return undefined;
  };

  const settle = (element: HTMLElement) => {
    const style = win.getComputedStyle(element);
    if (style.display === 'none' || style.display === 'contents' || style.display.startsWith('inline'))
      return;
    if (style.position === 'absolute' || style.position === 'fixed') return;
    const rect = element.getBoundingClientRect();
    if (rect.height <= 0) return;
    const top = rect.top - origin();
    const end = top + rect.height;
    const k = Math.max(0, Math.floor(top / stride));
    // Where it starts in the margins or the gap below a page's content, it starts on the next page instead.
    if (top >= contentBottom(k) - 0.5 && element.matches(UNBREAKABLE) && rect.height <= contentHeight) {
      push(element, contentTop(k + 1) - top);
      return;
    }
    if (end <= contentBottom(k) + 0.5) return;
    const leaf = !Array.from(element.children).some((child) => {
      const display = win.getComputedStyle(child).display;
      return display !== 'none' && !display.startsWith('inline');
    });
    if ((element.matches(UNBREAKABLE) || leaf) && rect.height <= contentHeight) {
      const heading = headingBefore(element);
      const headingTop = heading ? heading.getBoundingClientRect().top - origin() : undefined;
      if (heading && headingTop !== undefined && headingTop >= contentTop(k) + 1) {
        push(heading, contentTop(k + 1) - headingTop);
      } else {
        push(element, contentTop(k + 1) - top);
      }
      return;
    }
    // Too tall for a page, or a container: its children are placed one by one.
    for (const child of Array.from(element.children)) settle(child as HTMLElement);
  };
  for (const child of Array.from(body.children)) settle(child as HTMLElement);

  let last = 0;
  for (const child of Array.from(body.children)) {
    const rect = child.getBoundingClientRect();
    if (rect.height > 0) last = Math.max(last, rect.bottom - origin());
  }
  const pages = Math.max(1, Math.floor(Math.max(0, last - 1) / stride) + 1);
  const height = pages * page.heightPx + (pages - 1) * PAGE_GAP_PX;
  important(body, 'min-height', `${height}px`);
  important(body, 'height', `${height}px`);
  important(body, 'overflow', 'hidden');
  for (let k = 1; k < pages; k += 1) {
    const band = doc.createElement('div');
    band.setAttribute('aria-hidden', 'true');
    band.className = 'cv-page-gap';
    important(band, 'position', 'absolute');
    important(band, 'left', '-2px');
    important(band, 'right', '-2px');
    important(band, 'top', `${k * stride - PAGE_GAP_PX}px`);
    important(band, 'height', `${PAGE_GAP_PX}px`);
    important(band, 'background', gapColor);
    important(band, 'z-index', '2147483647');
    body.appendChild(band);
  }
  return {
    pages,
    page,
    frameWidthPx: page.widthPx + 2 * FRAME_PADDING_PX,
    frameHeightPx: height + 2 * FRAME_PADDING_PX,
  };
}
