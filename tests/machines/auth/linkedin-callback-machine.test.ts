import { createActor, createMachine } from 'xstate';
import { ApiError } from '../../../src/api/api-error';
import type { LoginOutcome } from '../../../src/api/auth';
import type { LinkedInAuthorization } from '../../../src/account/linkedin-authorization';
import type { LinkedInLoginPayload, SocialConfig } from '../../../src/api/social';
import { BUSY_TAG, SECOND_STEP_DESTINATION, SIGNED_IN_NOTICE, type Notice } from '../../../src/machines/auth/auth-flow';
import {
  LINKEDIN_AUTH_ERROR_TITLE,
  LINKEDIN_NO_CODE_MESSAGE,
  LINKEDIN_SIGN_IN_FAILED_MESSAGE,
  LINKEDIN_STATE_MISMATCH_MESSAGE,
  linkedinCallbackMachine,
  linkedinFailureMessage,
  linkedinSignInMachine,
  type LinkedInCallbackActor,
  type LinkedInCallbackInput,
} from '../../../src/machines/auth/linkedin-callback-machine';
import {
  declaredTransitionCount,
  deferredActor,
  flush,
  recordingSession,
  runModelPath,
  transitionPaths,
} from '../model-paths';
import { LINKEDIN_REDIRECT_URI, socialConfig } from './social-fixtures';

const STATE = 'a1b2c3d4e5f6';
const stored: LinkedInAuthorization = { state: STATE, redirectUri: LINKEDIN_REDIRECT_URI };
const destructive = (title: string, description?: string): Notice => ({
  title,
  ...(description === undefined ? {} : { description }),
  variant: 'destructive',
});

function createCallbackWorld() {
  const login = deferredActor<LoginOutcome, LinkedInLoginPayload>();
  const session = recordingSession();
  const notify = vi.fn<(notice: Notice) => void>();
  const redirect = vi.fn<(to: string) => void>();
  const forgetAuthorization = vi.fn();
  const machine = linkedinCallbackMachine.provide({
    actors: { login: login.logic },
    actions: {
      notify: (_, params) => notify(params),
      redirect: (_, params) => redirect(params.to),
      forgetAuthorization,
    },
  });
  const world = {
    login,
    session,
    notify,
    redirect,
    forgetAuthorization,
    /** The toast the path under test must end with. */
    expectedNotice: undefined as Notice | undefined,
    actor: undefined as LinkedInCallbackActor | undefined,
    open(query: Omit<LinkedInCallbackInput, 'session'>) {
      world.actor = createActor(machine, { input: { session: session.actor, ...query } }).start();
    },
  };
  return world;
}
type CallbackWorld = ReturnType<typeof createCallbackWorld>;

describe('LinkedIn callback machine: model-based', () => {
  const model = createMachine({
    id: 'linkedinCallbackModel',
    initial: 'opening',
    states: {
      opening: {
        on: {
          'open.withCode': 'exchanging',
          'open.deniedConsent': 'leftForSignIn',
          'open.withErrorOnly': 'leftForSignIn',
          'open.withoutCode': 'leftForSignIn',
          'open.withTamperedState': 'leftForSignIn',
          'open.withoutStoredState': 'leftForSignIn',
        },
      },
      exchanging: {
        on: {
          'exchange.succeeds': 'signedIn',
          'exchange.refusedWithErrorField': 'leftForSignIn',
          'exchange.refusedWithMessageField': 'leftForSignIn',
          'exchange.failsWithRawBody': 'leftForSignIn',
          'exchange.failsWithoutBody': 'leftForSignIn',
        },
      },
      signedIn: { type: 'final' },
      leftForSignIn: { type: 'final' },
    },
  });
  const events = [
    'open.withCode',
    'open.deniedConsent',
    'open.withErrorOnly',
    'open.withoutCode',
    'open.withTamperedState',
    'open.withoutStoredState',
    'exchange.succeeds',
    'exchange.refusedWithErrorField',
    'exchange.refusedWithMessageField',
    'exchange.failsWithRawBody',
    'exchange.failsWithoutBody',
  ].map((type) => ({ type }));

  const fail = async (world: CallbackWorld, error: ApiError, expectedDescription: string) => {
    world.expectedNotice = destructive(LINKEDIN_AUTH_ERROR_TITLE, expectedDescription);
    world.login.last().reject(error);
    await flush();
  };

  const executors: Record<string, (world: CallbackWorld) => Promise<void> | void> = {
    'open.withCode': (world) => {
      world.open({ code: 'AQT-code', state: STATE, authorization: stored });
      expect(world.login.last().input).toEqual({ code: 'AQT-code', redirect_uri: LINKEDIN_REDIRECT_URI });
    },
    'open.deniedConsent': (world) => {
      world.expectedNotice = destructive(LINKEDIN_AUTH_ERROR_TITLE, 'The user cancelled the authorization');
      world.open({
        error: 'user_cancelled_authorize',
        errorDescription: 'The user cancelled the authorization',
        state: STATE,
        authorization: stored,
      });
    },
    'open.withErrorOnly': (world) => {
      world.expectedNotice = destructive(LINKEDIN_AUTH_ERROR_TITLE, 'access_denied');
      world.open({ error: 'access_denied', errorDescription: '  ', authorization: stored });
    },
    'open.withoutCode': (world) => {
      world.expectedNotice = destructive(LINKEDIN_NO_CODE_MESSAGE);
      world.open({ state: STATE, authorization: stored });
    },
    'open.withTamperedState': (world) => {
      world.expectedNotice = destructive(LINKEDIN_AUTH_ERROR_TITLE, LINKEDIN_STATE_MISMATCH_MESSAGE);
      world.open({ code: 'AQT-code', state: 'attacker-state', authorization: stored });
    },
    'open.withoutStoredState': (world) => {
      world.expectedNotice = destructive(LINKEDIN_AUTH_ERROR_TITLE, LINKEDIN_STATE_MISMATCH_MESSAGE);
      world.open({ code: 'AQT-code', state: STATE });
    },
    'exchange.succeeds': async ({ login }) => {
      login.last().resolve({ user_id: 12 });
      await flush();
    },
    'exchange.refusedWithErrorField': (world) =>
      fail(
        world,
        new ApiError('x', {
          status: 400,
          data: { detail: 'Detail text', error: 'Error text', message: 'Message text' },
        }),
        'Error text',
      ),
    'exchange.refusedWithMessageField': (world) =>
      fail(
        world,
        new ApiError('x', { status: 400, data: { detail: 'Detail text', message: 'Message text' } }),
        'Message text',
      ),
    'exchange.failsWithRawBody': (world) =>
      fail(world, new ApiError('x', { status: 502, data: 'Bad Gateway' }), 'Bad Gateway'),
    'exchange.failsWithoutBody': (world) =>
      fail(world, new ApiError('Network Error'), LINKEDIN_SIGN_IN_FAILED_MESSAGE),
  };

  function assertState(world: CallbackWorld, modelState: string) {
    const snapshot = world.actor!.getSnapshot();
    // The stored state is single-use whatever happens next.
    expect(world.forgetAuthorization).toHaveBeenCalledTimes(1);
    switch (modelState) {
      case 'exchanging':
        expect(snapshot.value).toBe('exchanging');
        expect(snapshot.hasTag(BUSY_TAG)).toBe(true);
        expect(world.notify).not.toHaveBeenCalled();
        expect(world.redirect).not.toHaveBeenCalled();
        break;
      case 'signedIn':
        expect(snapshot.value).toBe('signedIn');
        expect(world.session.received).toEqual([{ type: 'session.signedIn', userId: 12 }]);
        expect(world.notify).toHaveBeenCalledExactlyOnceWith(SIGNED_IN_NOTICE);
        expect(world.redirect).toHaveBeenCalledExactlyOnceWith('/');
        break;
      case 'leftForSignIn':
        expect(snapshot.value).toBe('failed');
        expect(snapshot.status).toBe('done');
        expect(world.notify).toHaveBeenCalledExactlyOnceWith(world.expectedNotice);
        expect(world.redirect).toHaveBeenCalledExactlyOnceWith('/signin');
        expect(world.session.received).toEqual([]);
        break;
      default:
        throw new Error(`unknown model state ${modelState}`);
    }
  }

  const paths = transitionPaths(model, events);

  it('covers every transition of the model', () => {
    expect(paths).toHaveLength(declaredTransitionCount(model));
  });

  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_, path) => {
    const world = createCallbackWorld();
    await runModelPath(model, path, world, executors, assertState);
    world.actor?.stop();
  });

  it('never exchanges a code it did not ask for', () => {
    const world = createCallbackWorld();
    world.open({ code: 'AQT-code', state: STATE, authorization: { ...stored, state: 'another' } });
    expect(world.login.requests).toEqual([]);
  });
});

describe('LinkedIn callback machine: two-step sign-in', () => {
  it('sends an account with two-step sign-in on to the sign-in screen\'s code step, with no session yet', async () => {
    const world = createCallbackWorld();
    world.open({ code: 'AQT-code', state: STATE, authorization: stored });
    world.login.last().resolve({ two_factor_required: true });
    await flush();
    expect(world.actor!.getSnapshot().value).toBe('awaitingCode');
    expect(world.redirect).toHaveBeenCalledWith(SECOND_STEP_DESTINATION);
    expect(world.session.received).toEqual([]);
  });
});

describe('LinkedIn failure message: error field, else message, else raw body, else default', () => {
  it.each([
    [{ error: 'E', message: 'M', detail: 'D' }, 'E'],
    [{ message: 'M', detail: 'D' }, 'M'],
    ['plain text body', 'plain text body'],
    [{ detail: 'CSRF token missing or incorrect.' }, 'CSRF token missing or incorrect.'],
    [{ unexpected: true }, '{"unexpected":true}'],
    [{}, LINKEDIN_SIGN_IN_FAILED_MESSAGE],
    ['', LINKEDIN_SIGN_IN_FAILED_MESSAGE],
    [undefined, LINKEDIN_SIGN_IN_FAILED_MESSAGE],
  ])('%j → %s', (data, expected) => {
    expect(linkedinFailureMessage(new ApiError('Request failed with status code 400', { data }))).toBe(
      expected,
    );
  });
});

function createSignInWorld() {
  const loadConfig = deferredActor<SocialConfig, unknown>();
  const beginAuthorization = vi.fn<(config: SocialConfig) => void>();
  const actor = createActor(
    linkedinSignInMachine.provide({
      actors: { loadConfig: loadConfig.logic },
      actions: { beginAuthorization: (_, params) => beginAuthorization(params.config) },
    }),
  ).start();
  return { actor, loadConfig, beginAuthorization };
}
type SignInWorld = ReturnType<typeof createSignInWorld>;

describe("LinkedIn sign-in option: model-based ('Sign in with LinkedIn')", () => {
  const model = createMachine({
    id: 'linkedinSignInModel',
    initial: 'loadingConfig',
    states: {
      loadingConfig: {
        on: {
          'config.withLinkedIn': 'ready',
          'config.withoutLinkedIn': 'unavailable',
          'config.fails': 'unavailable',
        },
      },
      ready: { on: { 'linkedin.start': 'redirecting' } },
      unavailable: {},
      redirecting: {},
    },
  });
  const events = ['config.withLinkedIn', 'config.withoutLinkedIn', 'config.fails', 'linkedin.start'].map(
    (type) => ({ type }),
  );
  const executors: Record<string, (world: SignInWorld) => Promise<void> | void> = {
    'config.withLinkedIn': async ({ loadConfig }) => {
      loadConfig.last().resolve(socialConfig());
      await flush();
    },
    'config.withoutLinkedIn': async ({ loadConfig }) => {
      loadConfig.last().resolve(socialConfig({ linkedin_client_id: null }));
      await flush();
    },
    'config.fails': async ({ loadConfig }) => {
      loadConfig.last().reject(new ApiError('Network Error'));
      await flush();
    },
    'linkedin.start': ({ actor }) => actor.send({ type: 'linkedin.start' }),
  };
  function assertState(world: SignInWorld, modelState: string) {
    const snapshot = world.actor.getSnapshot();
    expect(snapshot.value).toBe(modelState);
    expect(snapshot.can({ type: 'linkedin.start' })).toBe(modelState === 'ready');
    if (modelState === 'redirecting') {
      expect(snapshot.hasTag(BUSY_TAG)).toBe(true);
      expect(world.beginAuthorization).toHaveBeenCalledExactlyOnceWith(socialConfig());
    } else {
      expect(world.beginAuthorization).not.toHaveBeenCalled();
    }
  }
  const paths = transitionPaths(model, events);

  it('covers every transition of the model', () => {
    expect(paths).toHaveLength(declaredTransitionCount(model));
  });

  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_, path) => {
    const world = createSignInWorld();
    await runModelPath(model, path, world, executors, assertState);
    world.actor.stop();
  });
});
