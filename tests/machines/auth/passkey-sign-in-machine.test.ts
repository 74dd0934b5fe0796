import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { createActor, createMachine, fromPromise } from 'xstate';
import { ApiError } from '../../../src/api/api-error';
import type { LoginResponse } from '../../../src/api/auth';
import { PasskeyError, PASSKEY_BROWSER_MESSAGES } from '../../../src/api/webauthn';
import { BUSY_TAG, SIGNED_IN_NOTICE, type Notice } from '../../../src/machines/auth/auth-flow';
import {
  PASSKEYS_NOT_OFFERED_MESSAGE,
  passkeySignInMachine,
  type PasskeySignInActor,
  type PasskeySupport,
} from '../../../src/machines/auth/passkey-sign-in-machine';
import {
  declaredTransitionCount,
  deferredActor,
  flush,
  recordingSession,
  runModelPath,
  transitionPaths,
} from '../model-paths';

const OPTIONS: PublicKeyCredentialRequestOptionsJSON = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost' };
const ANSWER: AuthenticationResponseJSON = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
};
const UNKNOWN_PASSKEY = 'This passkey is not registered with CV Builder.';

// The WebAuthn browser calls are actors the test provides: the machine never reaches a real authenticator here.
function createWorld() {
  const detect = deferredActor<PasskeySupport, unknown>();
  const loadOptions = deferredActor<PublicKeyCredentialRequestOptionsJSON, unknown>();
  const ask = deferredActor<AuthenticationResponseJSON, { options: PublicKeyCredentialRequestOptionsJSON }>();
  const signIn = deferredActor<LoginResponse, { credential: AuthenticationResponseJSON }>();
  const autofillSignals: AbortSignal[] = [];
  const autofill = deferredActor<AuthenticationResponseJSON, { options: PublicKeyCredentialRequestOptionsJSON }>();
  const session = recordingSession();
  const notices: Notice[] = [];
  const redirects: string[] = [];
  const machine = passkeySignInMachine.provide({
    actors: {
      detectSupport: detect.logic,
      loadOptions: loadOptions.logic,
      askForPasskey: ask.logic,
      awaitAutofill: fromPromise<AuthenticationResponseJSON, { options: PublicKeyCredentialRequestOptionsJSON }>(
        ({ input, signal }) => {
          autofillSignals.push(signal);
          return autofill.ask(input);
        },
      ),
      signIn: signIn.logic,
    },
    actions: {
      notify: (_, notice) => void notices.push(notice),
      redirect: (_, params) => void redirects.push(params.to),
    },
  });
  const actor: PasskeySignInActor = createActor(machine, { input: { session: session.actor } }).start();
  return { actor, detect, loadOptions, ask, autofill, autofillSignals, signIn, session, notices, redirects };
}
type World = ReturnType<typeof createWorld>;

describe('passkey sign-in machine: model-based (a browser with passkey autofill)', () => {
  const model = createMachine({
    id: 'passkeySignInModel',
    initial: 'detecting',
    states: {
      detecting: { on: { 'detect.autofill': 'preparingAutofill', 'detect.none': 'unsupported' } },
      unsupported: {},
      preparingAutofill: { on: { 'options.ready': 'autofill', 'options.fail': 'idle', start: 'loadingOptions' } },
      autofill: { on: { 'autofill.pick': 'signingIn', 'autofill.aborted': 'idle', start: 'loadingOptions' } },
      idle: { on: { start: 'loadingOptions' } },
      loadingOptions: { on: { 'options.ready': 'asking', 'options.fail': 'idle' } },
      asking: { on: { 'passkey.given': 'signingIn', 'passkey.cancelled': 'idle' } },
      signingIn: { on: { 'server.accepts': 'signedIn', 'server.refuses': 'idle' } },
      signedIn: {},
    },
  });
  const events = [
    'detect.autofill',
    'detect.none',
    'options.ready',
    'options.fail',
    'start',
    'autofill.pick',
    'autofill.aborted',
    'passkey.given',
    'passkey.cancelled',
    'server.accepts',
    'server.refuses',
  ].map((type) => ({ type }));
  const executors: Record<string, (world: World) => Promise<void> | void> = {
    'detect.autofill': async (world) => {
      world.detect.last().resolve({ passkeys: true, autofill: true });
      await flush();
    },
    'detect.none': async (world) => {
      world.detect.last().resolve({ passkeys: false, autofill: false });
      await flush();
    },
    'options.ready': async (world) => {
      world.loadOptions.last().resolve(OPTIONS);
      await flush();
    },
    'options.fail': async (world) => {
      world.loadOptions.last().reject(new ApiError('Not found.', { status: 404 }));
      await flush();
    },
    start: (world) => world.actor.send({ type: 'passkey.start' }),
    'autofill.pick': async (world) => {
      expect(world.autofill.last().input).toEqual({ options: OPTIONS });
      world.autofill.last().resolve(ANSWER);
      await flush();
    },
    'autofill.aborted': async (world) => {
      world.autofill.last().reject(new PasskeyError(PASSKEY_BROWSER_MESSAGES.cancelled, { cancelled: true }));
      await flush();
    },
    'passkey.given': async (world) => {
      expect(world.ask.last().input).toEqual({ options: OPTIONS });
      world.ask.last().resolve(ANSWER);
      await flush();
    },
    'passkey.cancelled': async (world) => {
      world.ask.last().reject(new PasskeyError(PASSKEY_BROWSER_MESSAGES.cancelled, { cancelled: true }));
      await flush();
      expect(world.actor.getSnapshot().context.error).toBe(PASSKEY_BROWSER_MESSAGES.cancelled);
    },
    'server.accepts': async (world) => {
      expect(world.signIn.last().input).toEqual({ credential: ANSWER });
      world.signIn.last().resolve({ user_id: 7 });
      await flush();
    },
    'server.refuses': async (world) => {
      world.signIn.last().reject(new ApiError(UNKNOWN_PASSKEY, { status: 400, serverMessage: UNKNOWN_PASSKEY }));
      await flush();
      expect(world.actor.getSnapshot().context.error).toBe(UNKNOWN_PASSKEY);
      expect(world.notices.at(-1)).toEqual({ title: UNKNOWN_PASSKEY, variant: 'destructive' });
    },
  };
  function assertState(world: World, state: string) {
    const snapshot = world.actor.getSnapshot();
    const offering = ['preparingAutofill', 'autofill', 'idle'];
    expect(snapshot.value).toEqual(offering.includes(state) ? { offering: state } : state);
    const busy = ['loadingOptions', 'asking', 'signingIn'].includes(state);
    expect(snapshot.hasTag(BUSY_TAG)).toBe(busy);
    if (offering.includes(state)) expect(snapshot.can({ type: 'passkey.start' })).toBe(true);
    if (state === 'signedIn') {
      expect(world.session.received).toEqual([{ type: 'session.signedIn', userId: 7 }]);
      expect(world.notices.at(-1)).toEqual(SIGNED_IN_NOTICE);
      expect(world.redirects).toEqual(['/']);
    } else {
      expect(world.session.received).toEqual([]);
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

describe('passkey sign-in machine: edge cases', () => {
  it('stops waiting on the autofill offer when the button is pressed', async () => {
    const world = createWorld();
    world.detect.last().resolve({ passkeys: true, autofill: true });
    await flush();
    world.loadOptions.last().resolve(OPTIONS);
    await flush();
    expect(world.autofillSignals[0]!.aborted).toBe(false);
    world.actor.send({ type: 'passkey.start' });
    expect(world.autofillSignals[0]!.aborted).toBe(true);
    expect(world.actor.getSnapshot().value).toBe('loadingOptions');
    world.actor.stop();
  });

  it('offers only the button in a browser without autofill, and comes back to it after a refusal', async () => {
    const world = createWorld();
    world.detect.last().resolve({ passkeys: true, autofill: false });
    await flush();
    expect(world.actor.getSnapshot().value).toEqual({ offering: 'idle' });
    expect(world.loadOptions.requests).toHaveLength(0);
    world.actor.send({ type: 'passkey.start' });
    world.loadOptions.last().reject(new ApiError('Not found.', { status: 404 }));
    await flush();
    expect(world.actor.getSnapshot().value).toEqual({ offering: 'idle' });
    expect(world.actor.getSnapshot().context.error).toBe(PASSKEYS_NOT_OFFERED_MESSAGE);
    world.actor.stop();
  });

  it('does not offer autofill again after a refused autofill answer (no loop with a browser that answers on its own)', async () => {
    const world = createWorld();
    world.detect.last().resolve({ passkeys: true, autofill: true });
    await flush();
    world.loadOptions.last().resolve(OPTIONS);
    await flush();
    world.autofill.last().resolve(ANSWER);
    await flush();
    world.signIn.last().reject(new ApiError(UNKNOWN_PASSKEY, { status: 400, serverMessage: UNKNOWN_PASSKEY }));
    await flush();
    expect(world.actor.getSnapshot().value).toEqual({ offering: 'idle' });
    expect(world.loadOptions.requests).toHaveLength(1);
    expect(world.autofill.requests).toHaveLength(1);
    world.actor.stop();
  });

  it('ignores the button while a try is under way, and clears the last error when a new one starts', async () => {
    const world = createWorld();
    world.detect.last().resolve({ passkeys: true, autofill: false });
    await flush();
    world.actor.send({ type: 'passkey.start' });
    world.actor.send({ type: 'passkey.start' });
    expect(world.loadOptions.requests).toHaveLength(1);
    world.loadOptions.last().reject(new Error('offline'));
    await flush();
    expect(world.actor.getSnapshot().context.error).toBeDefined();
    world.actor.send({ type: 'passkey.start' });
    expect(world.actor.getSnapshot().context.error).toBeUndefined();
    world.actor.stop();
  });

  it('shows no button when the support check itself fails', async () => {
    const world = createWorld();
    world.detect.last().reject(new Error('no PublicKeyCredential'));
    await flush();
    expect(world.actor.getSnapshot().value).toBe('unsupported');
    world.actor.stop();
  });
});
