import { gunzipSync, gzipSync } from 'node:zlib';

/*
 * What a version holds, and how it is stored compactly. A version is the CV's template, entries, layout and design
 * (its name is the CV's, not the version's). Stored as gzip of JSON: either the whole state ('full') or, far
 * smaller for the usual save that changes a field or two, what changed since the kept version before it ('delta').
 * Every KEYFRAME_EVERY-th kept version is full, so reading one never walks a long chain.
 */

/** One value of the CV: field id, repeat index, value. */
export type Cell = [field: number, index: number, value: string];

export interface VersionState {
  template: number;
  /** Sorted by field, then index. */
  cells: Cell[];
  /** The stored JSON text of the CV's layout and design (as generated_cvs keeps them), or null. */
  layout: string | null;
  design: string | null;
}

/** What changed between two states; a key present means it changed. */
export interface VersionDelta {
  template?: number;
  set?: Cell[];
  unset?: Array<[field: number, index: number]>;
  layout?: string | null;
  design?: string | null;
}

/** A full version every this many kept versions: reading one applies at most this many deltas. */
export const KEYFRAME_EVERY = 50;

const cellKey = (field: number, index: number) => `${field}:${index}`;

export function sortCells(cells: Cell[]): Cell[] {
  return [...cells].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

export function diffStates(from: VersionState, to: VersionState): VersionDelta {
  const delta: VersionDelta = {};
  if (from.template !== to.template) delta.template = to.template;
  const before = new Map(from.cells.map((cell) => [cellKey(cell[0], cell[1]), cell[2]]));
  const after = new Set<string>();
  const set: Cell[] = [];
  for (const cell of to.cells) {
    const key = cellKey(cell[0], cell[1]);
    after.add(key);
    if (before.get(key) !== cell[2]) set.push(cell);
  }
  const unset = from.cells
    .filter((cell) => !after.has(cellKey(cell[0], cell[1])))
    .map(([f, i]) => [f, i] as [number, number]);
  if (set.length > 0) delta.set = set;
  if (unset.length > 0) delta.unset = unset;
  if (from.layout !== to.layout) delta.layout = to.layout;
  if (from.design !== to.design) delta.design = to.design;
  return delta;
}

export function applyDelta(state: VersionState, delta: VersionDelta): VersionState {
  const cells = new Map(state.cells.map((cell) => [cellKey(cell[0], cell[1]), cell]));
  for (const [field, index] of delta.unset ?? []) cells.delete(cellKey(field, index));
  for (const cell of delta.set ?? []) cells.set(cellKey(cell[0], cell[1]), cell);
  return {
    template: delta.template ?? state.template,
    cells: sortCells([...cells.values()]),
    layout: 'layout' in delta ? (delta.layout ?? null) : state.layout,
    design: 'design' in delta ? (delta.design ?? null) : state.design,
  };
}

export function encode(value: VersionState | VersionDelta): Buffer {
  return gzipSync(JSON.stringify(value), { level: 9 });
}

export function decode<T extends VersionState | VersionDelta>(content: Uint8Array): T {
  return JSON.parse(gunzipSync(content).toString('utf8')) as T;
}

/** How the next version is stored: a delta when one is smaller and the chain since the last full one is short. */
export function storeAfter(
  previous: VersionState | undefined,
  chainLength: number,
  state: VersionState,
): { storage: 'full' | 'delta'; content: Buffer } {
  const full = encode(state);
  if (!previous || chainLength + 1 >= KEYFRAME_EVERY) return { storage: 'full', content: full };
  const delta = encode(diffStates(previous, state));
  return delta.length < full.length
    ? { storage: 'delta', content: delta }
    : { storage: 'full', content: full };
}
