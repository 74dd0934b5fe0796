import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { ApiError } from '../../api/api-error';
import { confirmEmail, resendConfirmation, type EmailConfirmationLink } from '../../api/auth';
import { apiClient } from '../../api/client';
import { GENERIC_ERROR_MESSAGE, REDIRECT_AFTER_CONFIRM_MS } from '../../config/constants';
import { BUSY_TAG, messageOf, type FlowDestination } from './auth-flow';
import { confirmationLink, requiredEmail } from '../../account/auth-rules';
import { msg } from '../../../rules/languages';

export const EMAIL_CONFIRMATION_FAILED_MESSAGE = msg(
  'Email confirmation failed. The link may be invalid or expired.',
);

/**
 * docs/behaviour.md#confirm-email: what the page says once a new link was asked for (the server
 * never says whether).
 */
export const NEW_LINK_SENT_MESSAGE = msg(
  'If an account with this email address is waiting for confirmation, a new link is on its way. Please check your inbox.',
);

export interface ConfirmEmailContext {
  uid: string;
  token: string;
  error?: string;
  /** Why the server refused the link, in its words (expired, already used, invalid), when it said. */
  reason?: string;
  /** 'Send a new link': the address typed, its problem, and the last failure of the request. */
  email: string;
  emailProblem?: string;
  resendError?: string;
}

export type ConfirmEmailEvent =
  | { type: 'confirmation.continue' }
  | { type: 'resend.emailChange'; email: string }
  | { type: 'resend.submit' };

/** The server's reason for a refused link: a 400's detail; nothing for a network failure or a 5xx. */
export function refusalReason(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const reason = messageOf(error);
  return reason === EMAIL_CONFIRMATION_FAILED_MESSAGE ? undefined : reason;
}

// A confirmation link can be used once. React's development double mount restarts the machine, which would
// spend the link twice and report the second, refused, attempt: one request per link and page load.
const confirmations = new Map<string, Promise<void>>();

function confirmOnce(link: EmailConfirmationLink): Promise<void> {
  const key = `${link.uid}\n${link.token}`;
  let pending = confirmations.get(key);
  if (!pending) {
    pending = confirmEmail(apiClient, link);
    confirmations.set(key, pending);
    // A failed attempt may be retried by opening the link again.
    pending.catch(() => confirmations.delete(key));
  }
  return pending;
}

// docs/behaviour.md#confirm-email, #other-flows: loading, then success (redirect after 3 s) or failure.
// A failure says the server's reason and offers 'Send a new link' (POST /auth/resend-confirmation/).
export const confirmEmailMachine = setup({
  types: {
    context: {} as ConfirmEmailContext,
    events: {} as ConfirmEmailEvent,
    input: {} as { uid?: string; token?: string },
    tags: {} as typeof BUSY_TAG,
  },
  actors: {
    confirmEmail: fromPromise<void, EmailConfirmationLink>(({ input }) => confirmOnce(input)),
    resendConfirmation: fromPromise<void, { email: string }>(({ input }) =>
      resendConfirmation(apiClient, input),
    ),
  },
  actions: {
    setInvalidLink: assign({ error: ({ context }) => confirmationLink(context) }),
    setConfirmationFailed: assign({
      error: EMAIL_CONFIRMATION_FAILED_MESSAGE,
      reason: (_, params: { error: unknown }) => refusalReason(params.error),
    }),
    setEmail: assign({
      email: (_, params: { email: string }) => params.email,
      emailProblem: undefined,
      resendError: undefined,
    }),
    showEmailProblem: assign({ emailProblem: ({ context }) => requiredEmail(context.email) }),
    setResendError: assign({
      resendError: (_, params: { error: unknown }) => messageOf(params.error) ?? GENERIC_ERROR_MESSAGE,
    }),
    redirect: (_, _params: { to: FlowDestination }) => undefined,
  },
  guards: {
    hasLink: ({ context }) => confirmationLink(context) === undefined,
    isEmailInvalid: ({ context }) => requiredEmail(context.email) !== undefined,
  },
  delays: {
    redirectToSignIn: REDIRECT_AFTER_CONFIRM_MS,
  },
}).createMachine({
  id: 'confirmEmail',
  context: ({ input }) => ({ uid: input.uid?.trim() ?? '', token: input.token?.trim() ?? '', email: '' }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: 'hasLink', target: 'confirming' },
        { target: 'failed', actions: 'setInvalidLink' },
      ],
    },
    confirming: {
      invoke: {
        src: 'confirmEmail',
        input: ({ context }) => ({ uid: context.uid, token: context.token }),
        onDone: 'confirmed',
        onError: {
          target: 'failed',
          actions: { type: 'setConfirmationFailed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    confirmed: {
      after: { redirectToSignIn: 'leaving' },
      on: { 'confirmation.continue': 'leaving' },
    },
    leaving: {
      type: 'final',
      entry: { type: 'redirect', params: { to: '/signin' } },
    },
    failed: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'resend.emailChange': {
              actions: { type: 'setEmail', params: ({ event }) => ({ email: event.email }) },
            },
            'resend.submit': [
              { guard: 'isEmailInvalid', actions: 'showEmailProblem' },
              { target: 'sending' },
            ],
          },
        },
        sending: {
          tags: [BUSY_TAG],
          invoke: {
            src: 'resendConfirmation',
            input: ({ context }) => ({ email: context.email.trim() }),
            onDone: 'sent',
            onError: {
              target: 'idle',
              actions: { type: 'setResendError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        sent: {},
      },
    },
  },
});

export type ConfirmEmailActor = ActorRefFrom<typeof confirmEmailMachine>;
export type ConfirmEmailSnapshot = SnapshotFrom<typeof confirmEmailMachine>;
