import { fromPromise, setup, type ActorRefFrom, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { needsSecondStep, type LoginOutcome } from '../../api/auth';
import { apiClient } from '../../api/client';
import {
  forgetLinkedInAuthorization,
  type LinkedInAuthorization,
} from '../../account/linkedin-authorization';
import { linkedinLogin, type LinkedInLoginPayload } from '../../api/social';
import {
  BUSY_TAG,
  signIntoSessionAction,
  SECOND_STEP_ACTIONS,
  SIGNED_IN_ACTIONS,
  type FlowDestination,
  type Notice,
  type SessionRef,
} from './auth-flow';
import { msg } from '../../../rules/languages';

// docs/behaviour.md#linkedin-callback, #api-calls (the fixed return address), #messages; the OAuth `state` check (src/account/linkedin-authorization.ts).
// The sign-in screen's 'Sign in with LinkedIn' is ./linkedin-sign-in-machine (it loads with /signin; this does not).

export {
  linkedinSignInMachine,
  type LinkedInSignInActor,
  type LinkedInSignInContext,
  type LinkedInSignInEvent,
  type LinkedInSignInSnapshot,
} from './linkedin-sign-in-machine';

export const LINKEDIN_SIGNING_IN_TEXT = msg('Signing you in with LinkedIn...');
export const LINKEDIN_AUTH_ERROR_TITLE = msg('LinkedIn Authentication Error');
export const LINKEDIN_NO_CODE_MESSAGE = msg('No authorization code found in LinkedIn callback.');
export const LINKEDIN_SIGN_IN_FAILED_MESSAGE = msg('LinkedIn sign-in failed. Please try again.');
export const LINKEDIN_STATE_MISMATCH_MESSAGE = msg(
  'This LinkedIn sign-in was not started from this browser tab, so it was refused for your safety. Please sign in with LinkedIn again.',
);

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function field(body: unknown, key: string): string | undefined {
  return body !== null && typeof body === 'object' ? text((body as Record<string, unknown>)[key]) : undefined;
}

/**
 * docs/behaviour.md#messages: the server's error field, else its message, else the raw response body,
 * else the flow's own words. A JSON body without either field is shown by its `detail` (the reference
 * server's one-field answer, e.g. a refused CSRF token) rather than as JSON source text.
 */
export function linkedinFailureMessage(error: unknown): string {
  const body = (error as { data?: unknown } | null)?.data;
  if (body === undefined || body === null) return LINKEDIN_SIGN_IN_FAILED_MESSAGE;
  if (typeof body === 'string') return text(body) ?? LINKEDIN_SIGN_IN_FAILED_MESSAGE;
  const raw =
    field(body, 'detail') ??
    (typeof body === 'object' && Object.keys(body).length > 0 ? JSON.stringify(body) : undefined);
  return field(body, 'error') ?? field(body, 'message') ?? raw ?? LINKEDIN_SIGN_IN_FAILED_MESSAGE;
}

// ── The /linkedin-callback page ──────────────────────────────────────────────

export interface LinkedInCallbackInput {
  session: SessionRef;
  /**
   * The address's query (docs/behaviour.md#linkedin-callback: code, error, error_description; and the state
   * LinkedIn echoes).
   */
  code?: string;
  error?: string;
  errorDescription?: string;
  state?: string;
  /** What the sign-in page remembered in this tab before leaving for LinkedIn. */
  authorization?: LinkedInAuthorization;
}

export type LinkedInCallbackContext = LinkedInCallbackInput;

export const linkedinCallbackMachine = setup({
  types: {
    context: {} as LinkedInCallbackContext,
    input: {} as LinkedInCallbackInput,
    tags: {} as typeof BUSY_TAG,
  },
  actors: {
    login: fromPromise<LoginOutcome, LinkedInLoginPayload>(({ input }) => linkedinLogin(apiClient, input)),
  },
  actions: {
    /** A state is good for one return only: it is forgotten as soon as the page reads it. */
    forgetAuthorization: () => forgetLinkedInAuthorization(),
    signIntoSession: signIntoSessionAction<LinkedInCallbackContext, AnyEventObject>(),
    notify: (_, _params: Notice) => undefined,
    redirect: (_, _params: { to: FlowDestination }) => undefined,
  },
  guards: {
    needsCode: (_, params: { outcome: LoginOutcome }) => needsSecondStep(params.outcome),
    hasProviderError: ({ context }) => text(context.error) !== undefined,
    lacksCode: ({ context }) => text(context.code) === undefined,
    // OAuth CSRF protection: an unsolicited code (someone else's, planted through a link) is never exchanged.
    stateMismatch: ({ context }) =>
      context.authorization === undefined ||
      text(context.state) === undefined ||
      context.state !== context.authorization.state,
  },
}).createMachine({
  id: 'linkedinCallback',
  context: ({ input }) => input,
  entry: 'forgetAuthorization',
  initial: 'checking',
  states: {
    checking: {
      always: [
        {
          guard: 'hasProviderError',
          target: 'failed',
          actions: {
            type: 'notify',
            params: ({ context }) => ({
              title: LINKEDIN_AUTH_ERROR_TITLE,
              description: text(context.errorDescription) ?? context.error,
              variant: 'destructive' as const,
            }),
          },
        },
        {
          guard: 'lacksCode',
          target: 'failed',
          actions: { type: 'notify', params: { title: LINKEDIN_NO_CODE_MESSAGE, variant: 'destructive' } },
        },
        {
          guard: 'stateMismatch',
          target: 'failed',
          actions: {
            type: 'notify',
            params: {
              title: LINKEDIN_AUTH_ERROR_TITLE,
              description: LINKEDIN_STATE_MISMATCH_MESSAGE,
              variant: 'destructive',
            },
          },
        },
        { target: 'exchanging' },
      ],
    },
    exchanging: {
      tags: [BUSY_TAG],
      invoke: {
        src: 'login',
        input: ({ context }) => ({
          code: context.code ?? '',
          redirect_uri: context.authorization?.redirectUri ?? '',
        }),
        onDone: [
          {
            guard: { type: 'needsCode', params: ({ event }) => ({ outcome: event.output }) },
            target: 'awaitingCode',
            actions: SECOND_STEP_ACTIONS,
          },
          { target: 'signedIn', actions: SIGNED_IN_ACTIONS },
        ],
        onError: {
          target: 'failed',
          actions: {
            type: 'notify',
            params: ({ event }) => ({
              title: LINKEDIN_AUTH_ERROR_TITLE,
              description: linkedinFailureMessage(event.error),
              variant: 'destructive' as const,
            }),
          },
        },
      },
    },
    failed: {
      type: 'final',
      entry: { type: 'redirect', params: { to: '/signin' } },
    },
    // Two-step sign-in is on for the account: the sign-in screen asks for the code.
    awaitingCode: { type: 'final' },
    signedIn: { type: 'final' },
  },
});

export type LinkedInCallbackActor = ActorRefFrom<typeof linkedinCallbackMachine>;
export type LinkedInCallbackSnapshot = SnapshotFrom<typeof linkedinCallbackMachine>;
