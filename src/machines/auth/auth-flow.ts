import { refusedFieldOf } from '../../api/api-error';
import { signedInUserId, type LoginOutcome } from '../../api/auth';
import { sendTo, type ActorRef, type EventObject, type Snapshot } from 'xstate';
import { msg, type Message } from '../../../rules/languages';
import type { SessionEvent } from './session-machine';

// Shared vocabulary of the account flows (sign in, sign up, confirm email, forgot and reset password). Their words
// are marked for the catalogue (`msg`) where they are said; the views and the toaster show them through `t`.

/**
 * What a flow asks the app to show as a toast; the route maps it onto the toaster (docs/behaviour.md#messages),
 * which says it in the interface's language: English words (or the server's), or a Message with values.
 */
export interface Notice {
  title: Message;
  description?: Message;
  variant: 'default' | 'destructive' | 'success' | 'warning';
}

/**
 * Where a flow may send the visitor when it is done; `/signin?step=code` is the sign-in screen's second step,
 * after a Google or LinkedIn sign-in into an account with two-step sign-in on.
 */
export type FlowDestination = '/' | '/signin' | typeof SECOND_STEP_DESTINATION;

export const SECOND_STEP_DESTINATION = '/signin?step=code';

/** What a Google or LinkedIn flow does when the account asks for its code: the sign-in screen's second step. */
export const SECOND_STEP_ACTIONS = [{ type: 'redirect', params: { to: SECOND_STEP_DESTINATION } }] as const;

/**
 * The session actor as a flow sees it: something that takes `session.signedIn`. Tests pass a recording actor
 * instead of the real session machine.
 */
export type SessionRef = ActorRef<Snapshot<unknown>, SessionEvent>;

/**
 * The `signIntoSession` action of a flow that signs someone in (password, Google, LinkedIn, a password reset):
 * it tells the session whose it is now. Made for each machine's own setup, with its context and events.
 */
export function signIntoSessionAction<
  TContext extends { session: SessionRef },
  TEvent extends EventObject,
>() {
  return sendTo<TContext, TEvent, { userId: string | number }, SessionRef, TEvent>(
    ({ context }) => context.session,
    (_, params) => ({ type: 'session.signedIn', userId: params.userId }),
  );
}

export const SIGNED_IN_NOTICE: Notice = {
  title: msg('Signed in successfully!'),
  description: msg('Welcome back!'),
  variant: 'success',
};

/**
 * What a flow does once the server has signed the person in (docs/behaviour.md#sign-in, #linkedin-callback):
 * the session is told whose it is, a toast says so, and the app opens (or the page the person was sent to sign
 * in from).
 */
export const SIGNED_IN_ACTIONS = [
  {
    type: 'signIntoSession',
    params: ({ event }: { event: { output: LoginOutcome } }) => ({ userId: signedInUserId(event.output) }),
  },
  { type: 'notify', params: SIGNED_IN_NOTICE },
  { type: 'redirect', params: { to: '/' } },
] as const;

/**
 * docs/behaviour.md#messages: a failed call is told in the server's words when it gave some, else in the flow's
 * own.
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  const serverMessage = (error as { serverMessage?: unknown } | null)?.serverMessage;
  return typeof serverMessage === 'string' && serverMessage.trim() !== '' ? serverMessage : fallback;
}

/** The tag of every state in which a request is under way: views show busy labels and disable the form. */
export const BUSY_TAG = 'busy';

export function messageOf(error: unknown): string | undefined {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return undefined;
}

/**
 * A refusal as an account form shows it: next to the field it concerns when the server names one the
 * form has (`fields` maps the request's keys to the form's), else as an alert above the form.
 */
export interface FormProblem<F extends string> {
  field?: F;
  message: string;
}

export function formProblemOf<F extends string>(
  error: unknown,
  fields: Partial<Record<string, F>>,
  message: string,
): FormProblem<F> {
  const key = refusedFieldOf(error);
  const field = key === undefined ? undefined : fields[key];
  return field === undefined ? { message } : { field, message };
}

/** The errors a form shows: its own rules' verdicts, and what the server refused that the person has not changed. */
export function shownErrors<F extends string>(
  own: Partial<Record<F, string>>,
  server: Partial<Record<F, string>>,
) {
  return { ...server, ...own };
}

/** A field the person changed is judged again: the server's word on its old value goes. */
export function withoutField<F extends string>(
  errors: Partial<Record<F, string>>,
  field: F,
): Partial<Record<F, string>> {
  if (!(field in errors)) return errors;
  const rest = { ...errors };
  delete rest[field];
  return rest;
}
