import { useEffect, useId, useState, type RefObject } from 'react';
import { TOAST_CLEARANCE_VARIABLE } from './toaster';

// A module of its own: only the builder has a bar stuck to the bottom, and /signin loads the toaster.
// Toasts sit at the bottom end, above everything that keeps them clear: the bar, and a menu opened from the bar
// (on a phone the Download menu rises from it, where a toast would otherwise sit). The highest one counts.

const clearances = new Map<string, number>();

function publish() {
  const root = document.documentElement;
  const highest = Math.max(0, ...clearances.values());
  if (clearances.size === 0) root.style.removeProperty(TOAST_CLEARANCE_VARIABLE);
  else root.style.setProperty(TOAST_CLEARANCE_VARIABLE, `${Math.ceil(highest)}px`);
}

/** Keeps toasts `measure()` px above the bottom of the screen until the returned function is called. */
function keepClear(key: string, element: HTMLElement, measure: () => number): () => void {
  const update = () => {
    clearances.set(key, measure());
    publish();
  };
  update();
  const observer = new ResizeObserver(update);
  observer.observe(element);
  window.addEventListener('resize', update);
  return () => {
    observer.disconnect();
    window.removeEventListener('resize', update);
    clearances.delete(key);
    publish();
  };
}

/**
 * Keeps toasts clear of a bar stuck to the bottom of the screen while it is shown: its height (0 while hidden, e.g.
 * `hideFrom`) is the toasts' clearance.
 */
export function useToastClearance(bar: RefObject<HTMLElement | null>): void {
  const key = useId();
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    return keepClear(key, element, () => element.offsetHeight);
  }, [bar, key]);
}

/** The room Ark's menus leave between a trigger and the menu (its positioning's default gutter). */
const MENU_GUTTER_PX = 8;

/**
 * Keeps toasts clear of a menu that opens upwards from a bar at the bottom of the screen, while it is open: from the
 * screen's foot to the top of the menu, which sits above its trigger (measured from the trigger, as the menu is
 * still being placed when it opens). Returns the ref for the menu's content, which mounts after the menu opens.
 */
export function useToastClearanceOfMenu(
  trigger: RefObject<HTMLElement | null>,
  open: boolean,
): (content: HTMLElement | null) => void {
  const key = useId();
  const [content, setContent] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const button = trigger.current;
    if (!open || !button || !content) return;
    return keepClear(key, content, () => {
      if (content.offsetHeight === 0) return 0;
      const fromFoot = window.innerHeight - button.getBoundingClientRect().top;
      return fromFoot + MENU_GUTTER_PX + content.offsetHeight;
    });
  }, [trigger, content, open, key]);
  return setContent;
}
