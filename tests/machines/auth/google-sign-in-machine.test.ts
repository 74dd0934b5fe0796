import { createActor, createMachine } from 'xstate';
import { ApiError } from '../../../src/api/api-error';
import type { LoginOutcome } from '../../../src/api/auth';
import { GoogleIdentityError, type GoogleLoginPayload, type SocialConfig } from '../../../src/api/social';
import { BUSY_TAG, SECOND_STEP_DESTINATION, SIGNED_IN_NOTICE, type Notice } from '../../../src/machines/auth/auth-flow';
import {
  GOOGLE_CLIENT_ERROR_MESSAGE,
  GOOGLE_SIGN_IN_FAILED_MESSAGE,
  googleSignInFailureMessage,
  googleSignInMachine,
  type GoogleSignInActor,
} from '../../../src/machines/auth/google-sign-in-machine';
import {
  GOOGLE_CLIENT_ID as CLIENT_ID,
  GOOGLE_SCRIPT_URL as SCRIPT_URL,
  socialConfig,
} from './social-fixtures';
import {
  declaredTransitionCount,
  deferredActor,
  flush,
  recordingSession,
  runModelPath,
  transitionPaths,
} from '../model-paths';

function createWorld() {
  const loadConfig = deferredActor<SocialConfig, unknown>();
  const loadScript = deferredActor<void, { url: string }>();
  const requestAccessToken = deferredActor<string, { clientId: string }>();
  const login = deferredActor<LoginOutcome, GoogleLoginPayload>();
  const session = recordingSession();
  const notify = vi.fn<(notice: Notice) => void>();
  const redirect = vi.fn<(to: string) => void>();
  const machine = googleSignInMachine.provide({
    actors: {
      loadConfig: loadConfig.logic,
      loadScript: loadScript.logic,
      requestAccessToken: requestAccessToken.logic,
      login: login.logic,
    },
    actions: {
      notify: (_, params) => notify(params),
      redirect: (_, params) => redirect(params.to),
    },
  });
  const actor: GoogleSignInActor = createActor(machine, { input: { session: session.actor } }).start();
  return { actor, loadConfig, loadScript, requestAccessToken, login, session, notify, redirect };
}
type World = ReturnType<typeof createWorld>;

describe('Google sign-in machine: model-based', () => {
  const model = createMachine({
    id: 'googleSignInModel',
    initial: 'loadingConfig',
    states: {
      loadingConfig: {
        on: {
          'config.withGoogle': 'loadingScript',
          'config.withoutGoogle': 'unavailable',
          'config.fails': 'unavailable',
        },
      },
      unavailable: {},
      loadingScript: { on: { 'script.loads': 'ready', 'script.fails': 'scriptFailed' } },
      scriptFailed: { on: { 'google.startWithoutScript': 'loadingScript' } },
      ready: { on: { 'google.start': 'authorizing' } },
      authorizing: {
        on: {
          'google.grantsToken': 'signingIn',
          'google.popupClosed': 'ready',
          'google.consentDenied': 'ready',
        },
      },
      signingIn: {
        on: {
          'login.succeeds': 'signedIn',
          'login.refusedWithMessage': 'ready',
          'login.failsWithoutMessage': 'ready',
        },
      },
      signedIn: { type: 'final' },
    },
  });
  const events = [
    'config.withGoogle',
    'config.withoutGoogle',
    'config.fails',
    'script.loads',
    'script.fails',
    'google.startWithoutScript',
    'google.start',
    'google.grantsToken',
    'google.popupClosed',
    'google.consentDenied',
    'login.succeeds',
    'login.refusedWithMessage',
    'login.failsWithoutMessage',
  ].map((type) => ({ type }));

  const clientError = { title: GOOGLE_CLIENT_ERROR_MESSAGE, variant: 'destructive' };

  const executors: Record<string, (world: World) => Promise<void> | void> = {
    'config.withGoogle': async ({ loadConfig }) => {
      loadConfig.last().resolve(socialConfig());
      await flush();
    },
    'config.withoutGoogle': async ({ loadConfig }) => {
      loadConfig.last().resolve(socialConfig({ google_client_id: null }));
      await flush();
    },
    'config.fails': async ({ loadConfig }) => {
      loadConfig.last().reject(new ApiError('Network Error'));
      await flush();
    },
    'script.loads': async ({ loadScript }) => {
      expect(loadScript.last().input).toEqual({ url: SCRIPT_URL });
      loadScript.last().resolve();
      await flush();
    },
    'script.fails': async ({ loadScript, notify }) => {
      loadScript
        .last()
        .reject(new GoogleIdentityError('script_failed', 'The Google sign-in script could not be loaded.'));
      await flush();
      // Nothing is said until the person asks for Google.
      expect(notify).not.toHaveBeenCalled();
    },
    'google.startWithoutScript': ({ actor, loadScript, notify }) => {
      const loads = loadScript.requests.length;
      actor.send({ type: 'google.start' });
      expect(notify).toHaveBeenLastCalledWith(clientError);
      expect(loadScript.requests).toHaveLength(loads + 1);
    },
    'google.start': ({ actor, requestAccessToken }) => {
      actor.send({ type: 'google.start' });
      // The popup opens in the same turn as the click, or browsers block it.
      expect(requestAccessToken.last().input).toEqual({ clientId: CLIENT_ID });
    },
    'google.grantsToken': async ({ requestAccessToken, login }) => {
      requestAccessToken.last().resolve('ya29.access-token');
      await flush();
      expect(login.last().input).toEqual({ access_token: 'ya29.access-token' });
    },
    'google.popupClosed': async ({ requestAccessToken, notify }) => {
      requestAccessToken.last().reject(new GoogleIdentityError('popup_closed', 'Popup window closed'));
      await flush();
      expect(notify).toHaveBeenLastCalledWith(clientError);
    },
    'google.consentDenied': async ({ requestAccessToken, notify }) => {
      requestAccessToken.last().reject(new GoogleIdentityError('access_denied', 'access_denied'));
      await flush();
      expect(notify).toHaveBeenLastCalledWith(clientError);
    },
    'login.succeeds': async ({ login }) => {
      login.last().resolve({ user_id: 7 });
      await flush();
    },
    'login.refusedWithMessage': async ({ login, notify }) => {
      const detail =
        'The email address of your Google account is not verified. Please verify it with Google and try again.';
      login
        .last()
        .reject(
          new ApiError(detail, { status: 400, serverMessage: detail, data: { detail, error: detail } }),
        );
      await flush();
      expect(notify).toHaveBeenLastCalledWith({ title: detail, variant: 'destructive' });
    },
    'login.failsWithoutMessage': async ({ login, notify }) => {
      login.last().reject(new ApiError('Network Error'));
      await flush();
      expect(notify).toHaveBeenLastCalledWith({
        title: GOOGLE_SIGN_IN_FAILED_MESSAGE,
        variant: 'destructive',
      });
    },
  };

  function assertState(world: World, modelState: string) {
    const snapshot = world.actor.getSnapshot();
    const canStart = snapshot.can({ type: 'google.start' });
    switch (modelState) {
      case 'loadingConfig':
      case 'loadingScript':
        expect(snapshot.value).toBe(modelState);
        expect(canStart).toBe(false);
        expect(snapshot.hasTag(BUSY_TAG)).toBe(false);
        break;
      case 'unavailable':
        expect(snapshot.value).toBe('unavailable');
        expect(canStart).toBe(false);
        break;
      case 'scriptFailed':
      case 'ready':
        expect(snapshot.value).toBe(modelState);
        expect(canStart).toBe(true);
        expect(snapshot.hasTag(BUSY_TAG)).toBe(false);
        expect(snapshot.context.accessToken).toBeUndefined();
        break;
      case 'authorizing':
      case 'signingIn':
        expect(snapshot.value).toBe(modelState);
        expect(snapshot.hasTag(BUSY_TAG)).toBe(true);
        expect(canStart).toBe(false);
        break;
      case 'signedIn':
        expect(snapshot.status).toBe('done');
        expect(world.session.received).toEqual([{ type: 'session.signedIn', userId: 7 }]);
        expect(world.notify).toHaveBeenLastCalledWith(SIGNED_IN_NOTICE);
        expect(world.redirect).toHaveBeenCalledWith('/');
        break;
      default:
        throw new Error(`unknown model state ${modelState}`);
    }
    if (modelState !== 'signedIn') {
      expect(world.session.received).toEqual([]);
      expect(world.redirect).not.toHaveBeenCalled();
    }
  }

  const paths = transitionPaths(model, events);

  it('covers every transition of the model', () => {
    expect(paths).toHaveLength(declaredTransitionCount(model));
  });

  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_, path) => {
    const world = createWorld();
    await runModelPath(model, path, world, executors, assertState);
    world.actor.stop();
  });
});

describe('Google sign-in machine: details', () => {
  it("shows the server's message, else 'Google sign-in failed'", () => {
    expect(
      googleSignInFailureMessage(
        new ApiError('x', { serverMessage: 'Google did not accept the access token.' }),
      ),
    ).toBe('Google did not accept the access token.');
    expect(googleSignInFailureMessage(new ApiError('Request failed with status code 502'))).toBe(
      GOOGLE_SIGN_IN_FAILED_MESSAGE,
    );
    expect(googleSignInFailureMessage(undefined)).toBe(GOOGLE_SIGN_IN_FAILED_MESSAGE);
  });

  it('forgets the access token once the server has answered', async () => {
    const world = createWorld();
    world.loadConfig.last().resolve(socialConfig());
    await flush();
    world.loadScript.last().resolve();
    await flush();
    world.actor.send({ type: 'google.start' });
    world.requestAccessToken.last().resolve('ya29.secret');
    await flush();
    expect(world.actor.getSnapshot().context.accessToken).toBe('ya29.secret');
    world.login.last().reject(new ApiError('Google sign-in failed'));
    await flush();
    expect(world.actor.getSnapshot().context.accessToken).toBeUndefined();
  });

  it('sends an account with two-step sign-in on to the sign-in screen\'s code step, with no session yet', async () => {
    const world = createWorld();
    world.loadConfig.last().resolve(socialConfig());
    await flush();
    world.loadScript.last().resolve();
    await flush();
    world.actor.send({ type: 'google.start' });
    world.requestAccessToken.last().resolve('ya29.token');
    await flush();
    world.login.last().resolve({ two_factor_required: true });
    await flush();
    expect(world.actor.getSnapshot().value).toBe('awaitingCode');
    expect(world.redirect).toHaveBeenCalledWith(SECOND_STEP_DESTINATION);
    expect(world.session.received).toEqual([]);
  });
});
