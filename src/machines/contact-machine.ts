import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { apiClient } from '../api/client';
import { getSupportContact, type SupportContact } from '../api/support';
import { msg } from '../../rules/languages';

/** What /contact says when the operator set no support address (or the server does not say). */
export const NO_SUPPORT_ADDRESS_MESSAGE = msg(
  "This site has no support address yet. Please contact the site's administrator.",
);

export interface ContactContext {
  email?: string;
}

/**
 * /contact (docs/behaviour.md#contact): asks the server for the operator's support address (GET /v1/support/), then
 * shows it or says whom to ask.
 */
export const contactMachine = setup({
  types: { context: {} as ContactContext },
  actors: {
    loadSupportContact: fromPromise<SupportContact>(({ signal }) => getSupportContact(apiClient, { signal })),
  },
  actions: {
    assignEmail: assign({ email: (_, params: { email: string | null }) => params.email ?? undefined }),
  },
  guards: {
    hasAddress: (_, params: { email: string | null }) => params.email !== null && params.email.trim() !== '',
  },
}).createMachine({
  id: 'contact',
  context: {},
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadSupportContact',
        onDone: [
          {
            guard: { type: 'hasAddress', params: ({ event }) => ({ email: event.output.email }) },
            target: 'withAddress',
            actions: { type: 'assignEmail', params: ({ event }) => ({ email: event.output.email }) },
          },
          { target: 'withoutAddress' },
        ],
        // A backend without this extension (404) or a failed call: the page still says whom to ask.
        onError: 'withoutAddress',
      },
    },
    withAddress: {},
    withoutAddress: {},
  },
});

export type ContactActor = ActorRefFrom<typeof contactMachine>;
export type ContactSnapshot = SnapshotFrom<typeof contactMachine>;
