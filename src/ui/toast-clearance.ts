import { useEffect, type RefObject } from 'react';
import { TOAST_CLEARANCE_VARIABLE } from './toaster';

// A module of its own: only the builder has a bar stuck to the bottom, and /signin loads the toaster.

/**
 * Keeps toasts clear of a bar stuck to the bottom of the screen while it is shown: its height (0 while hidden, e.g.
 * `hideFrom`) is the toasts' clearance.
 */
export function useToastClearance(bar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty(TOAST_CLEARANCE_VARIABLE, `${element.offsetHeight}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(TOAST_CLEARANCE_VARIABLE);
    };
  }, [bar]);
}
