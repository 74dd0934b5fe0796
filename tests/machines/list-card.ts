import { ApiError } from '../../src/api/api-error';
import { flush } from './model-paths';

/** A deferredActor (./model-paths.ts) seen from the test's side: its latest request. */
interface Answerable<Output> {
  last: () => { resolve: (value: Output) => void; reject: (error: unknown) => void };
}

// What the machine tests of the list cards share (Active Sessions, Security activity, Passkeys, Recently deleted):
// each card loads its list when it opens, and each is walked with the list arriving, the load failing, and a
// backend without the call (404, the card hides).

/** Answers the deferred actor's latest request with `value`, then lets the machine react. */
export async function resolveLast<Output>(actor: Answerable<Output>, value: Output): Promise<void> {
  actor.last().resolve(value);
  await flush();
}

/** Fails the deferred actor's latest request with `error`, then lets the machine react. */
export async function rejectLast<Output>(actor: Answerable<Output>, error: unknown): Promise<void> {
  actor.last().reject(error);
  await flush();
}

/**
 * The model executors of a list card's load: one per named list that arrives (e.g. `'load.none': []`), then
 * `load.fails` (the network) and `load.unsupported` (404). The world keeps the load actor as `load`.
 */
export function loadExecutors<Item, World extends { load: Answerable<Item[]> }>(
  lists: Record<string, Item[]>,
): Record<string, (world: World) => Promise<void>> {
  return {
    ...Object.fromEntries(
      Object.entries(lists).map(([event, items]) => [event, (world: World) => resolveLast(world.load, items)]),
    ),
    'load.fails': (world) => rejectLast(world.load, new Error('network down')),
    'load.unsupported': (world) => rejectLast(world.load, new ApiError('Not found.', { status: 404 })),
  };
}
