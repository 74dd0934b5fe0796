import type { InspectionEvent, Observer } from 'xstate';
import { env } from '../config/env';

/**
 * Pass as `inspect` to every `createActor` / `useActorRef` / `createActorContext` options so the
 * Stately inspector shows every flow when the app runs with VITE_XSTATE_INSPECT=1.
 * The inspector package is loaded lazily (its own chunk, never fetched otherwise); events that
 * happen before it is ready are queued so the first snapshots are not lost.
 */
function createLazyInspector(): Observer<InspectionEvent> {
  const queued: InspectionEvent[] = [];
  let forward: ((event: InspectionEvent) => void) | undefined;
  void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
    const inspector = createBrowserInspector();
    forward = (event) => inspector.inspect.next?.(event);
    for (const event of queued.splice(0)) forward(event);
  });
  return {
    next: (event) => {
      if (forward) forward(event);
      else queued.push(event);
    },
  };
}

export const inspect: Observer<InspectionEvent> | undefined =
  env.xstateInspect && typeof window !== 'undefined' ? createLazyInspector() : undefined;

/** Spread into actor options: `createActor(machine, { ...inspectOptions, input })`. */
export const inspectOptions: { inspect?: Observer<InspectionEvent> } = inspect ? { inspect } : {};
