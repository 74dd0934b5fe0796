import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useActor } from '@xstate/react';
import { ApiError } from '../../../src/api/api-error';
import type { LoginOutcome, LoginPayload } from '../../../src/api/auth';
import { signInMachine } from '../../../src/machines/auth/sign-in-machine';
import { SignInView } from '../../../src/ui/auth/sign-in-view';
import { SocialSignInButtons } from '../../../src/ui/auth/social/social-sign-in-options';
import { deferredActor, recordingSession } from '../../machines/model-paths';
import { renderView } from './render-view';

function setup(onGoogleSignIn?: () => void, confirmationSentTo?: string) {
  const login = deferredActor<LoginOutcome, LoginPayload>();
  const resend = deferredActor<void, { email: string }>();
  const session = recordingSession();
  const logic = signInMachine.provide({ actors: { login: login.logic, resendConfirmation: resend.logic } });
  function Harness() {
    const [snapshot, send] = useActor(logic, { input: { session: session.actor, confirmationSentTo } });
    const social = onGoogleSignIn && (
      <SocialSignInButtons
        google={{ enabled: true, busy: false, unavailable: false, onStart: onGoogleSignIn }}
      />
    );
    return <SignInView snapshot={snapshot} send={send} social={social} />;
  }
  return { login, resend, session, render: () => renderView(() => <Harness />) };
}

describe('SignInView', () => {
  it('after sign-up says where the confirmation link went, with Resend', async () => {
    const world = setup(undefined, 'ada@example.com');
    await world.render();
    const notice = await screen.findByTestId('confirmation-sent');
    expect(notice).toHaveTextContent('We sent a confirmation link to ada@example.com.');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Resend confirmation email' }));
    expect(world.resend.last().input).toEqual({ email: 'ada@example.com' });
  });

  it('has the welcome heading, labelled fields and links to the other screens', async () => {
    await setup().render();
    expect(screen.getByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('shows no Google option and no "or" when there is no Google flow', async () => {
    await setup().render();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
    expect(screen.queryByText('or')).not.toBeInTheDocument();
    expect(screen.queryByText(/not configured/)).not.toBeInTheDocument();
  });

  it('starts the Google flow when there is one', async () => {
    const onGoogleSignIn = vi.fn();
    await setup(onGoogleSignIn).render();
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(onGoogleSignIn).toHaveBeenCalledTimes(1);
    expect(screen.getByText('or')).toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    await setup().render();
    const password = screen.getByLabelText('Password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('shows the rule messages on submit and "Signing in..." while the request runs', async () => {
    const { login, render } = setup();
    await render();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Passw0rd!' } });
    expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument();
    fireEvent.submit(screen.getByRole('form', { name: 'Sign in' }));
    expect(await screen.findByText('Signing in...')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(login.last().input).toEqual({ email: 'ada@example.com', password: 'Passw0rd!' });
  });

  it('offers a new confirmation link when the email is not confirmed', async () => {
    const s = setup();
    await s.render();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'bob@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Passw0rd!' } });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    s.login.last().reject(
      new ApiError('Please confirm your email address', {
        status: 403,
        data: { code: 'email_not_confirmed' },
      }),
    );
    const resend = await screen.findByRole('button', { name: 'Resend confirmation email' });
    await userEvent.click(resend);
    expect(await screen.findByText('Sending...')).toBeInTheDocument();
    expect(s.resend.last().input).toEqual({ email: 'bob@example.com' });
    s.resend.last().resolve();
    await waitFor(() => expect(screen.queryByText('Sending...')).not.toBeInTheDocument());
  });

  it('moves the focus to the first field at fault on a refused submit', async () => {
    await setup().render();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Email')).toHaveFocus();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });

  it('shows wrong credentials and a lockout in the form, where the focus goes', async () => {
    const s = setup();
    await s.render();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Wrong-passw0rd' } });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    s.login.last().reject(
      new ApiError('Invalid email or password.', {
        status: 400,
        serverMessage: 'Invalid email or password.',
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid email or password.');
    await waitFor(() => expect(alert).toHaveFocus());

    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const tooMany = 'Too many attempts. Please try again in 15 minutes.';
    s.login.last().reject(new ApiError(tooMany, { status: 429, serverMessage: tooMany }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(tooMany));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
  });
});
