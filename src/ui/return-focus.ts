import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';

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

/** Longest a closing dialog's exit animation may take (Chakra's take 100–250 ms) before the dialog is dropped. */
export const DIALOG_EXIT_LIMIT_MS = 1000;

/**
 * A closed Chakra dialog leaves the page when its exit animation ends (zag's presence). On a busy machine the end
 * can be missed — the animation is over before the listener is set — and the closed dialog stays, invisible: it
 * hides the page from assistive technology, catches clicks, and the focus never comes back. This mounts such a
 * dialog afresh (`key`) once its exit must be over, which drops it, and then gives the focus to `targetId`.
 * Pass `onExitComplete` to the dialog's root: a dialog that left the page in time is left alone.
 */
export function useDialogExitGuard(open: boolean, targetId: string): { key: number; onExitComplete: () => void } {
  const [generation, setGeneration] = useState(0);
  const exited = useRef(!open);
  useEffect(() => {
    if (open) {
      exited.current = false;
      return;
    }
    if (exited.current) return;
    let cancelFocus: (() => void) | undefined;
    const timer = window.setTimeout(() => {
      if (exited.current) return;
      exited.current = true;
      setGeneration((value) => value + 1);
      cancelFocus = focusWhenDialogsClose(() => document.getElementById(targetId));
    }, DIALOG_EXIT_LIMIT_MS);
    return () => {
      window.clearTimeout(timer);
      cancelFocus?.();
    };
  }, [open, targetId]);
  const onExitComplete = useCallback(() => {
    exited.current = true;
  }, []);
  return { key: generation, onExitComplete };
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
