import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useActor } from '@xstate/react';
import type { LoginOutcome, LoginPayload } from '../../../../src/api/auth';
import type { GoogleLoginPayload, SocialConfig } from '../../../../src/api/social';
import { googleSignInMachine } from '../../../../src/machines/auth/google-sign-in-machine';
import { linkedinSignInMachine } from '../../../../src/machines/auth/linkedin-callback-machine';
import { signInMachine } from '../../../../src/machines/auth/sign-in-machine';
import { SignInView } from '../../../../src/ui/auth/sign-in-view';
import { SocialSignInOptions } from '../../../../src/ui/auth/social/social-sign-in-options';
import { deferredActor, recordingSession } from '../../../machines/model-paths';
import { socialConfig } from '../../../machines/auth/social-fixtures';
import { renderView } from '../render-view';

function setup(config: SocialConfig) {
  const session = recordingSession();
  const loadScript = deferredActor<void, { url: string }>();
  const requestAccessToken = deferredActor<string, { clientId: string }>();
  const googleLogin = deferredActor<LoginOutcome, GoogleLoginPayload>();
  const beginAuthorization = vi.fn<(config: SocialConfig) => void>();
  const loadConfig = deferredActor<SocialConfig, unknown>();
  const google = googleSignInMachine.provide({
    actors: {
      loadConfig: loadConfig.logic,
      loadScript: loadScript.logic,
      requestAccessToken: requestAccessToken.logic,
      login: googleLogin.logic,
    },
  });
  const linkedin = linkedinSignInMachine.provide({
    actors: { loadConfig: loadConfig.logic },
    actions: { beginAuthorization: (_, params) => beginAuthorization(params.config) },
  });
  const signIn = signInMachine.provide({
    actors: {
      login: deferredActor<LoginOutcome, LoginPayload>().logic,
      resendConfirmation: deferredActor<void, { email: string }>().logic,
    },
  });
  function Harness() {
    const [signInSnapshot, sendSignIn] = useActor(signIn, { input: { session: session.actor } });
    const [googleSnapshot, sendGoogle] = useActor(google, { input: { session: session.actor } });
    const [linkedinSnapshot, sendLinkedIn] = useActor(linkedin);
    return (
      <SignInView
        snapshot={signInSnapshot}
        send={sendSignIn}
        social={
          <SocialSignInOptions
            google={{ snapshot: googleSnapshot, send: sendGoogle }}
            linkedin={{ snapshot: linkedinSnapshot, send: sendLinkedIn }}
          />
        }
      />
    );
  }
  return {
    loadScript,
    requestAccessToken,
    beginAuthorization,
    async render() {
      await renderView(() => <Harness />);
      // Both options ask for the configuration; each gets the same answer.
      await waitFor(() => expect(loadConfig.requests).toHaveLength(2));
      await act(async () => {
        for (const request of loadConfig.requests) request.resolve(config);
      });
    },
  };
}

describe('social sign-in options on the sign-in screen', () => {
  it('hides every unconfigured provider and the "or" when none is configured', async () => {
    await setup(socialConfig({ google_client_id: null, linkedin_client_id: null })).render();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Sign in with LinkedIn' })).not.toBeInTheDocument();
    expect(screen.queryByText('or')).not.toBeInTheDocument();
    expect(screen.queryByText(/not configured/)).not.toBeInTheDocument();
  });

  it('keeps the configured provider and the "or" when only one is configured', async () => {
    await setup(socialConfig({ google_client_id: null })).render();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Sign in with LinkedIn' })).toBeEnabled();
    expect(screen.getByText('or')).toBeInTheDocument();
  });

  it('enables Google once its script has loaded, and opens Google from the click', async () => {
    const world = setup(socialConfig());
    await world.render();
    const google = screen.getByRole('button', { name: 'Continue with Google' });
    await waitFor(() => expect(world.loadScript.requests).toHaveLength(1));
    expect(google).toBeDisabled();
    await act(async () => world.loadScript.last().resolve());
    await waitFor(() => expect(google).toBeEnabled());
    await userEvent.click(google);
    expect(world.requestAccessToken.last().input).toEqual({
      clientId: 'web-client.apps.googleusercontent.com',
    });
    expect(await screen.findByRole('button', { name: /Signing in/ })).toBeDisabled();
  });

  it('sends the browser to LinkedIn from the LinkedIn option', async () => {
    const world = setup(socialConfig());
    await world.render();
    const linkedin = screen.getByRole('button', { name: 'Sign in with LinkedIn' });
    await waitFor(() => expect(linkedin).toBeEnabled());
    await userEvent.click(linkedin);
    expect(world.beginAuthorization).toHaveBeenCalledExactlyOnceWith(socialConfig());
  });
});
