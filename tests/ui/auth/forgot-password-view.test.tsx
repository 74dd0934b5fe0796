import { fireEvent, screen } from '@testing-library/react';
import { useActor } from '@xstate/react';
import { ApiError } from '../../../src/api/api-error';
import { forgotPasswordMachine } from '../../../src/machines/auth/forgot-password-machine';
import { ForgotPasswordView } from '../../../src/ui/auth/forgot-password-view';
import { deferredActor } from '../../machines/model-paths';
import { renderView } from './render-view';

function setup() {
  const request = deferredActor<void, { email: string }>();
  const logic = forgotPasswordMachine.provide({ actors: { requestPasswordReset: request.logic } });
  function Harness() {
    const [snapshot, send] = useActor(logic);
    return <ForgotPasswordView snapshot={snapshot} send={send} />;
  }
  return { request, render: () => renderView(() => <Harness />) };
}

async function submitEmail(email: string) {
  fireEvent.change(screen.getByLabelText(/Email/), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
  expect(await screen.findByText('Sending...')).toBeInTheDocument();
}

describe('ForgotPasswordView', () => {
  it('requires the email and links back to sign in', async () => {
    await setup().render();
    expect(screen.getByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toBeRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/signin');
  });

  it('shows the success alert', async () => {
    const { request, render } = setup();
    await render();
    await submitEmail('ada@example.com');
    request.last().resolve();
    expect(
      await screen.findByText('Password reset instructions have been sent to your email address.'),
    ).toBeInTheDocument();
  });

  it('shows the error alert with the server detail', async () => {
    const { request, render } = setup();
    await render();
    await submitEmail('ada@example.com');
    request
      .last()
      .reject(
        new ApiError('x', { status: 429, data: { detail: 'Too many requests. Please try again later.' } }),
      );
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please try again later.');
  });
});
