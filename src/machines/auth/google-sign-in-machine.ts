import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { needsSecondStep, type LoginOutcome } from '../../api/auth';
import { apiClient } from '../../api/client';
import {
  googleLogin,
  loadGoogleIdentityScript,
  requestGoogleAccessToken,
  type GoogleLoginPayload,
  type SocialConfig,
} from '../../api/social';
import {
  BUSY_TAG,
  signIntoSessionAction,
  serverMessageOr,
  SECOND_STEP_ACTIONS,
  SIGNED_IN_ACTIONS,
  type FlowDestination,
  type Notice,
  type SessionRef,
} from './auth-flow';
import { loadSocialConfig, loadingSocialConfig } from './social-config';
import { msg } from '../../../rules/languages';

/** docs/behaviour.md#messages. */
export const GOOGLE_SIGN_IN_FAILED_MESSAGE = msg('Google sign-in failed');
export const GOOGLE_CLIENT_ERROR_MESSAGE = msg('Google login failed. Please try again.');

/** docs/behaviour.md#messages: the server's message, else 'Google sign-in failed'. */
export function googleSignInFailureMessage(error: unknown): string {
  return serverMessageOr(error, GOOGLE_SIGN_IN_FAILED_MESSAGE);
}

const CLIENT_ERROR_NOTICE: Notice = { title: GOOGLE_CLIENT_ERROR_MESSAGE, variant: 'destructive' };

export interface GoogleSignInContext {
  session: SessionRef;
  clientId?: string;
  scriptUrl?: string;
  /** Held only while our server checks it. */
  accessToken?: string;
}

export type GoogleSignInEvent = { type: 'google.start' };

/**
 * The Google option of the sign-in screen (docs/behaviour.md#sign-in, #api-calls, #messages): the server says
 * whether Google is configured; the Google Identity Services script is loaded ahead of the click, so the
 * consent popup opens straight from it; Google's access token goes to our server, which answers the user id.
 */
export const googleSignInMachine = setup({
  types: {
    context: {} as GoogleSignInContext,
    events: {} as GoogleSignInEvent,
    input: {} as { session: SessionRef },
    tags: {} as typeof BUSY_TAG,
  },
  actors: {
    loadConfig: loadSocialConfig,
    loadScript: fromPromise<void, { url: string }>(({ input }) => loadGoogleIdentityScript(input.url)),
    requestAccessToken: fromPromise<string, { clientId: string }>(({ input }) =>
      requestGoogleAccessToken(input.clientId),
    ),
    login: fromPromise<LoginOutcome, GoogleLoginPayload>(({ input }) => googleLogin(apiClient, input)),
  },
  actions: {
    assignConfig: assign((_, params: { config: SocialConfig }) => ({
      clientId: params.config.google_client_id ?? undefined,
      scriptUrl: params.config.google_script_url,
    })),
    assignAccessToken: assign({ accessToken: (_, params: { accessToken: string }) => params.accessToken }),
    forgetAccessToken: assign({ accessToken: undefined }),
    signIntoSession: signIntoSessionAction<GoogleSignInContext, GoogleSignInEvent>(),
    notify: (_, _params: Notice) => undefined,
    redirect: (_, _params: { to: FlowDestination }) => undefined,
  },
  guards: {
    needsCode: (_, params: { outcome: LoginOutcome }) => needsSecondStep(params.outcome),
    isConfigured: (_, params: { config: SocialConfig }) => Boolean(params.config.google_client_id),
  },
}).createMachine({
  id: 'googleSignIn',
  context: ({ input }) => ({ session: input.session }),
  initial: 'loadingConfig',
  states: {
    loadingConfig: loadingSocialConfig('loadingScript'),
    unavailable: {},
    loadingScript: {
      invoke: {
        src: 'loadScript',
        input: ({ context }) => ({ url: context.scriptUrl ?? '' }),
        onDone: 'ready',
        onError: 'scriptFailed',
      },
    },
    // A blocked or failed script: the click tells the person and tries to load it again.
    scriptFailed: {
      on: {
        'google.start': { target: 'loadingScript', actions: { type: 'notify', params: CLIENT_ERROR_NOTICE } },
      },
    },
    ready: {
      on: { 'google.start': 'authorizing' },
    },
    authorizing: {
      tags: [BUSY_TAG],
      invoke: {
        src: 'requestAccessToken',
        input: ({ context }) => ({ clientId: context.clientId ?? '' }),
        onDone: {
          target: 'signingIn',
          actions: { type: 'assignAccessToken', params: ({ event }) => ({ accessToken: event.output }) },
        },
        onError: { target: 'ready', actions: { type: 'notify', params: CLIENT_ERROR_NOTICE } },
      },
    },
    signingIn: {
      tags: [BUSY_TAG],
      exit: 'forgetAccessToken',
      invoke: {
        src: 'login',
        input: ({ context }) => ({ access_token: context.accessToken ?? '' }),
        onDone: [
          {
            guard: { type: 'needsCode', params: ({ event }) => ({ outcome: event.output }) },
            target: 'awaitingCode',
            actions: SECOND_STEP_ACTIONS,
          },
          { target: 'signedIn', actions: SIGNED_IN_ACTIONS },
        ],
        onError: {
          target: 'ready',
          actions: {
            type: 'notify',
            params: ({ event }) => ({
              title: googleSignInFailureMessage(event.error),
              variant: 'destructive' as const,
            }),
          },
        },
      },
    },
    // Two-step sign-in is on for the account: the sign-in screen asks for the code.
    awaitingCode: { type: 'final' },
    signedIn: { type: 'final' },
  },
});

export type GoogleSignInActor = ActorRefFrom<typeof googleSignInMachine>;
export type GoogleSignInSnapshot = SnapshotFrom<typeof googleSignInMachine>;
