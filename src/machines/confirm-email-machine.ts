import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { EmailConfirmationLink } from '../api/auth';
import { REDIRECT_AFTER_CONFIRM_MS } from '../config/constants';
import type { FlowDestination } from './auth-flow';
import { confirmationLink } from './validation/auth-rules';

export const EMAIL_CONFIRMATION_FAILED_MESSAGE =
  'Email confirmation failed. The link may be invalid or expired.';

export interface ConfirmEmailContext {
  uid: string;
  token: string;
  error?: string;
}

export type ConfirmEmailEvent = { type: 'confirmation.continue' };

// spec §2 Confirm email, §4 Other flows: loading, then success (redirect after 3 s) or failure.
export const confirmEmailMachine = setup({
  types: {
    context: {} as ConfirmEmailContext,
    events: {} as ConfirmEmailEvent,
    input: {} as { uid?: string; token?: string },
  },
  actors: {
    confirmEmail: fromPromise<void, EmailConfirmationLink>(async () => {
      throw new Error('confirmEmailMachine: provide the confirmEmail actor');
    }),
  },
  actions: {
    setInvalidLink: assign({ error: ({ context }) => confirmationLink(context) }),
    setConfirmationFailed: assign({ error: EMAIL_CONFIRMATION_FAILED_MESSAGE }),
    redirect: (_, _params: { to: FlowDestination }) => undefined,
  },
  guards: {
    hasLink: ({ context }) => confirmationLink(context) === undefined,
  },
  delays: {
    redirectToSignIn: REDIRECT_AFTER_CONFIRM_MS,
  },
}).createMachine({
  id: 'confirmEmail',
  context: ({ input }) => ({ uid: input.uid?.trim() ?? '', token: input.token?.trim() ?? '' }),
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
        onError: { target: 'failed', actions: 'setConfirmationFailed' },
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
    failed: {},
  },
});

export type ConfirmEmailActor = ActorRefFrom<typeof confirmEmailMachine>;
export type ConfirmEmailSnapshot = SnapshotFrom<typeof confirmEmailMachine>;
