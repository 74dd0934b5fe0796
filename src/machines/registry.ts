import type { AnyStateMachine } from 'xstate';
import { sessionMachine } from './session-machine';

/**
 * Every flow machine of the app by its id: for the inspector, for docs and for the test that checks
 * each machine is built with `setup()` and renders as a statechart. Add yours here.
 */
export const machineRegistry: Record<string, AnyStateMachine> = {
  [sessionMachine.id]: sessionMachine,
};
