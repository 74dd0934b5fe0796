import type { ActorRef, Snapshot } from 'xstate';
import type { SessionEvent } from './session-machine';

// Shared vocabulary of the account flows (sign in, sign up, confirm email, forgot and reset password).

/** What a flow asks the app to show as a toast; the route maps it onto the toaster (spec §8 variants). */
export interface Notice {
  title: string;
  description?: string;
  variant: 'default' | 'destructive' | 'success' | 'warning';
}

/** Where a flow may send the visitor when it is done. */
export type FlowDestination = '/' | '/signin';

/**
 * The session actor as a flow sees it: something that takes `session.signedIn`. Tests pass a recording actor
 * instead of the real session machine.
 */
export type SessionRef = ActorRef<Snapshot<unknown>, SessionEvent>;

/** The tag of every state in which a request is under way: views show busy labels and disable the form. */
export const BUSY_TAG = 'busy';

export function messageOf(error: unknown): string | undefined {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return undefined;
}
