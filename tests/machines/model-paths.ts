import { getShortestPaths } from '@xstate/graph';
import {
  createActor,
  fromCallback,
  fromPromise,
  getInitialSnapshot,
  getNextSnapshot,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import type { SessionEvent } from '../../src/machines/auth/session-machine';

// Model-based testing helpers (STACK.md): a small model machine without invoke/after describes the expected
// behaviour; its paths drive the real actor through executors, and every model state reached is checked.

export interface ModelPath {
  name: string;
  events: EventObject[];
}

/** One path per transition of the model: the shortest path to each state, then each event that state accepts. */
export function transitionPaths(model: AnyStateMachine, events: EventObject[]): ModelPath[] {
  return getShortestPaths(model, { events }).flatMap((path) =>
    events
      .filter((event) => path.state.can(event))
      .map((event) => {
        const steps = [
          ...path.steps.map((step) => step.event).filter((step) => step.type !== 'xstate.init'),
          event,
        ];
        return { name: steps.map((step) => step.type).join(' → '), events: steps };
      }),
  );
}

/** How many transitions the model declares: the paths must cover each of them once. */
export function declaredTransitionCount(model: AnyStateMachine): number {
  return Object.values(model.config.states ?? {}).reduce(
    (count, state) => count + Object.keys((state as { on?: object }).on ?? {}).length,
    0,
  );
}

/** Runs one model path: executes each event against the system under test, then checks the model state reached. */
export async function runModelPath<World>(
  model: AnyStateMachine,
  path: ModelPath,
  world: World,
  executors: Record<string, (world: World) => Promise<void> | void>,
  assertState: (world: World, modelState: string) => void,
): Promise<void> {
  let modelSnapshot = getInitialSnapshot(model);
  for (const event of path.events) {
    const execute = executors[event.type];
    if (!execute) throw new Error(`No executor for model event "${event.type}"`);
    await execute(world);
    modelSnapshot = getNextSnapshot(model, modelSnapshot, event);
    assertState(world, String(modelSnapshot.value));
  }
}

export interface PendingRequest<Input, Output> {
  input: Input;
  resolve: (value: Output) => void;
  reject: (error: unknown) => void;
}

/**
 * A promise actor whose requests the test answers, one by one, in the order they were made. `ask` makes a request
 * without the actor, for an actor of another shape that hands its input on.
 */
export function deferredActor<Output, Input>() {
  const requests: PendingRequest<Input, Output>[] = [];
  const ask = (input: Input) =>
    new Promise<Output>((resolve, reject) => requests.push({ input, resolve, reject }));
  const logic = fromPromise<Output, Input>(({ input }) => ask(input));
  return { logic, requests, last: () => requests.at(-1)!, ask };
}

export type DeferredActor<Output, Input> = ReturnType<typeof deferredActor<Output, Input>>;

/** Stands in for the session actor: records what a flow sends it. */
export function recordingSession() {
  const received: SessionEvent[] = [];
  const actor = createActor(
    fromCallback<SessionEvent>(({ receive }) => {
      receive((event) => received.push(event));
    }),
  ).start();
  return { actor, received };
}

/** Lets settled promises run their callbacks (actor onDone/onError) before the next assertion. */
export const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
