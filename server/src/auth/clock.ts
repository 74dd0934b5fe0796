/**
 * The accounts domain's notion of "now". Token expiry (3 days, 1 hour) is tested by moving this
 * clock, not by waiting; production code never calls setClock.
 */
let current: () => Date = () => new Date();

export function now(): Date {
  return current();
}

/** Replaces the clock (tests only); `setClock(undefined)` restores the real one. */
export function setClock(clock: (() => Date) | undefined): void {
  current = clock ?? (() => new Date());
}
