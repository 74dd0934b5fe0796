// The builder's undo history: the states before each change, for structure changes and field edits
// alike. Typing into one field is one step, however many keystrokes it took: a change in the same `group` as the
// one before it adds no step.

/** At least 50 steps must be undoable; a few more cost nothing. */
export const MAX_HISTORY_STEPS = 100;

export interface History<T> {
  past: T[];
  future: T[];
  /** What the last recorded change was (e.g. a field's key): the next change in the same group joins its step. */
  group?: string;
}

export function emptyHistory<T>(): History<T> {
  return { past: [], future: [] };
}

/** Remembers `before` (the state the coming change starts from) unless the change continues the last step. */
export function record<T>(history: History<T>, before: T, group?: string): History<T> {
  if (group !== undefined && group === history.group) return { ...history, future: [] };
  const past = [...history.past, before].slice(-MAX_HISTORY_STEPS);
  return { past, future: [], group };
}

/** The state to go back to, and the history after it; undefined when there is nothing to undo. */
export function undo<T>(history: History<T>, current: T): { state: T; history: History<T> } | undefined {
  const state = history.past.at(-1);
  if (state === undefined) return undefined;
  return { state, history: { past: history.past.slice(0, -1), future: [current, ...history.future] } };
}

export function redo<T>(history: History<T>, current: T): { state: T; history: History<T> } | undefined {
  const [state, ...future] = history.future;
  if (state === undefined) return undefined;
  return { state, history: { past: [...history.past, current].slice(-MAX_HISTORY_STEPS), future } };
}
