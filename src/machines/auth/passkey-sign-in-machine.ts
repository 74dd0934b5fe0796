import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { ApiError } from '../../api/api-error';
import type { LoginResponse } from '../../api/auth';
import { apiClient } from '../../api/client';
import { passkeySignInOptions, signInWithPasskey } from '../../api/passkeys';
import {
  browserHasPasskeys,
  browserOffersPasskeyAutofill,
  getPasskey,
  PasskeyError,
} from '../../api/webauthn';
import {
  BUSY_TAG,
  serverMessageOr,
  signIntoSessionAction,
  SIGNED_IN_ACTIONS,
  type FlowDestination,
  type Notice,
  type SessionRef,
} from './auth-flow';
import { msg } from '../../../rules/languages';

export const PASSKEY_SIGN_IN_FAILED_MESSAGE = msg('Sign-in with a passkey failed. Please try again.');
export const PASSKEYS_NOT_OFFERED_MESSAGE = msg('This server does not offer sign-in with a passkey.');

export interface PasskeySupport {
  /** The browser has WebAuthn: the button works. */
  passkeys: boolean;
  /** The browser offers passkeys in the email field's autofill list. */
  autofill: boolean;
}

export interface PasskeySignInContext {
  session: SessionRef;
  options?: PublicKeyCredentialRequestOptionsJSON;
  credential?: AuthenticationResponseJSON;
  /** Why the last try failed, shown beside the button. */
  error?: string;
  autofill: boolean;
}

export type PasskeySignInEvent = { type: 'passkey.start' };

function failureMessage(error: unknown): string {
  if (error instanceof PasskeyError) return error.message;
  if (error instanceof ApiError && error.status === 404) return PASSKEYS_NOT_OFFERED_MESSAGE;
  return serverMessageOr(error, PASSKEY_SIGN_IN_FAILED_MESSAGE);
}

const failed = [
  { type: 'assignError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
  {
    type: 'notify',
    params: ({ event }: { event: { error: unknown } }) => ({
      title: failureMessage(event.error),
      variant: 'destructive' as const,
    }),
  },
] as const;

/**
 * 'Sign in with a passkey' on the sign-in page. Where the browser can, a passkey is also offered quietly in the
 * email field's autofill list from the start; picking one there, or pressing the button (which opens the browser's
 * own prompt), asks the server for a challenge, lets the browser sign it, and hands the answer to the server, which
 * signs the person in: a passkey is both steps. A refused or cancelled try says why and leaves the button; the
 * autofill offer is not made again until the page is opened again (a browser that answers the offer on its own,
 * as Chromium's virtual authenticator does, would otherwise be refused in a loop).
 */
export const passkeySignInMachine = setup({
  types: {
    context: {} as PasskeySignInContext,
    events: {} as PasskeySignInEvent,
    input: {} as { session: SessionRef },
    tags: {} as typeof BUSY_TAG,
  },
  actors: {
    detectSupport: fromPromise<PasskeySupport>(async () => ({
      passkeys: browserHasPasskeys(),
      autofill: await browserOffersPasskeyAutofill(),
    })),
    loadOptions: fromPromise<PublicKeyCredentialRequestOptionsJSON>(() => passkeySignInOptions(apiClient)),
    askForPasskey: fromPromise<
      AuthenticationResponseJSON,
      { options: PublicKeyCredentialRequestOptionsJSON }
    >(({ input }) => getPasskey(input.options)),
    awaitAutofill: fromPromise<
      AuthenticationResponseJSON,
      { options: PublicKeyCredentialRequestOptionsJSON }
    >(({ input, signal }) => getPasskey(input.options, { autofill: true, signal })),
    signIn: fromPromise<LoginResponse, { credential: AuthenticationResponseJSON }>(({ input }) =>
      signInWithPasskey(apiClient, input.credential),
    ),
  },
  actions: {
    assignSupport: assign({ autofill: (_, params: { support: PasskeySupport }) => params.support.autofill }),
    assignOptions: assign({
      options: (_, params: { options: PublicKeyCredentialRequestOptionsJSON }) => params.options,
    }),
    assignCredential: assign({
      credential: (_, params: { credential: AuthenticationResponseJSON }) => params.credential,
    }),
    forgetCeremony: assign({ options: undefined, credential: undefined }),
    assignError: assign({ error: (_, params: { error: unknown }) => failureMessage(params.error) }),
    clearError: assign({ error: undefined }),
    signIntoSession: signIntoSessionAction<PasskeySignInContext, PasskeySignInEvent>(),
    notify: (_, _params: Notice) => undefined,
    redirect: (_, _params: { to: FlowDestination }) => undefined,
  },
  guards: {
    hasPasskeys: (_, params: { support: PasskeySupport }) => params.support.passkeys,
    offersAutofill: ({ context }) => context.autofill,
  },
}).createMachine({
  id: 'passkeySignIn',
  context: ({ input }) => ({ session: input.session, autofill: false }),
  initial: 'detecting',
  states: {
    detecting: {
      invoke: {
        src: 'detectSupport',
        onDone: [
          {
            guard: { type: 'hasPasskeys', params: ({ event }) => ({ support: event.output }) },
            target: 'offering',
            actions: { type: 'assignSupport', params: ({ event }) => ({ support: event.output }) },
          },
          { target: 'unsupported' },
        ],
        onError: 'unsupported',
      },
    },
    // Ready for the button; with autofill, a passkey is on offer in the email field meanwhile.
    offering: {
      initial: 'choosing',
      exit: 'forgetCeremony',
      on: { 'passkey.start': { target: 'loadingOptions', actions: 'clearError' } },
      states: {
        choosing: { always: [{ guard: 'offersAutofill', target: 'preparingAutofill' }, { target: 'idle' }] },
        idle: {},
        preparingAutofill: {
          invoke: {
            src: 'loadOptions',
            onDone: {
              target: 'autofill',
              actions: { type: 'assignOptions', params: ({ event }) => ({ options: event.output }) },
            },
            // The button still works; the autofill offer quietly goes.
            onError: 'idle',
          },
        },
        autofill: {
          invoke: {
            src: 'awaitAutofill',
            input: ({ context }) => ({ options: context.options! }),
            onDone: {
              target: '#passkeySignIn.signingIn',
              actions: { type: 'assignCredential', params: ({ event }) => ({ credential: event.output }) },
            },
            onError: 'idle',
          },
        },
      },
    },
    loadingOptions: {
      tags: [BUSY_TAG],
      invoke: {
        src: 'loadOptions',
        onDone: {
          target: 'asking',
          actions: { type: 'assignOptions', params: ({ event }) => ({ options: event.output }) },
        },
        onError: { target: '#passkeySignIn.offering.idle', actions: failed },
      },
    },
    asking: {
      tags: [BUSY_TAG],
      invoke: {
        src: 'askForPasskey',
        input: ({ context }) => ({ options: context.options! }),
        onDone: {
          target: 'signingIn',
          actions: { type: 'assignCredential', params: ({ event }) => ({ credential: event.output }) },
        },
        onError: { target: '#passkeySignIn.offering.idle', actions: failed },
      },
    },
    signingIn: {
      tags: [BUSY_TAG],
      invoke: {
        src: 'signIn',
        input: ({ context }) => ({ credential: context.credential! }),
        onDone: { target: 'signedIn', actions: SIGNED_IN_ACTIONS },
        onError: { target: '#passkeySignIn.offering.idle', actions: failed },
      },
    },
    signedIn: { type: 'final' },
    // No WebAuthn in this browser: no button.
    unsupported: { type: 'final' },
  },
});

export type PasskeySignInActor = ActorRefFrom<typeof passkeySignInMachine>;
export type PasskeySignInSnapshot = SnapshotFrom<typeof passkeySignInMachine>;
