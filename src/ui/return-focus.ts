import { useEffect, useId, useRef, type RefObject } from 'react';

/** Frames to wait for a closing dialog to leave the page before giving up. */
const MAX_FRAMES = 30;
const DIALOGS = '[role="dialog"], [role="alertdialog"]';

/**
 * Gives the focus to `target` once no dialog is left on the page, unless something outside the dialogs took it
 * meanwhile. Returns a function that cancels the wait.
 */
function focusWhenDialogsClose(target: () => HTMLElement | null): () => void {
  let frames = 0;
  let handle = 0;
  const attempt = () => {
    const active = document.activeElement;
    const idle = active === null || active === document.body;
    if (!idle && active.closest(DIALOGS) === null) return;
    if (idle && document.querySelector(DIALOGS) === null) {
      target()?.focus();
      return;
    }
    if (++frames < MAX_FRAMES) handle = requestAnimationFrame(attempt);
  };
  handle = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(handle);
}

/**
 * The WAI-ARIA dialog pattern: when a dialog closes, the focus goes back to what opened it. Zag does this when the
 * person closes a dialog; a dialog the machine closes (after a save) leaves the focus on the page.
 */
export function useReturnFocus(open: boolean, targetId: string): void {
  const wasOpen = useRef(open);
  useEffect(() => {
    const closed = wasOpen.current && !open;
    wasOpen.current = open;
    if (!closed) return;
    return focusWhenDialogsClose(() => document.getElementById(targetId));
  }, [open, targetId]);
}

/**
 * When an item leaves a list (a CV deleted through its dialog), its buttons go with it: the focus goes to the
 * list (focusable with tabIndex -1) so a keyboard or screen-reader user goes on from there.
 */
export function useFocusListAfterRemoval(count: number, list: RefObject<HTMLElement | null>): void {
  const previous = useRef(count);
  useEffect(() => {
    const shrank = count < previous.current;
    previous.current = count;
    if (!shrank) return;
    return focusWhenDialogsClose(() => list.current);
  }, [count, list]);
}

/**
 * A template's card (templates screen, CV management): an article named by its title, which takes the focus when
 * one of its CVs is deleted. Spread `cardProps` on the card's root and give `titleId` to its heading.
 */
export function useTemplateCard(cvCount: number) {
  const titleId = useId();
  const card = useRef<HTMLDivElement>(null);
  useFocusListAfterRemoval(cvCount, card);
  return { titleId, cardProps: { ref: card, tabIndex: -1, as: 'article', 'aria-labelledby': titleId } as const };
}

/**
 * After a control removes what it belongs to (an entry's trash button), the focus goes to `targetId` — a control
 * that stays, such as the section's 'Add Another' button — once the page has re-rendered, instead of the page.
 */
export function focusAfterRemoval(targetId: string): void {
  requestAnimationFrame(() => document.getElementById(targetId)?.focus());
}
