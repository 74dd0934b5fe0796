import { fireEvent, screen } from '@testing-library/react';
import { useActor } from '@xstate/react';
import { ApiError } from '../../../src/api/api-error';
import type { EmailConfirmationLink } from '../../../src/api/auth';
import { confirmEmailMachine } from '../../../src/machines/auth/confirm-email-machine';
import { ConfirmEmailView } from '../../../src/ui/auth/confirm-email-view';
import { deferredActor } from '../../machines/model-paths';
import { renderView } from './render-view';

function setup(link: { uid?: string; token?: string }) {
  const confirm = deferredActor<void, EmailConfirmationLink>();
  const resend = deferredActor<void, { email: string }>();
  const redirect = vi.fn();
  const logic = confirmEmailMachine.provide({
    actors: { confirmEmail: confirm.logic, resendConfirmation: resend.logic },
    actions: { redirect: (_, params) => redirect(params.to) },
  });
  function Harness() {
    const [snapshot, send] = useActor(logic, { input: link });
    return <ConfirmEmailView snapshot={snapshot} send={send} />;
  }
  return { confirm, resend, redirect, render: () => renderView(() => <Harness />) };
}

describe('ConfirmEmailView', () => {
  it("shows 'Confirming Email...', then the success with a way to sign in at once", async () => {
    const { confirm, redirect, render } = setup({ uid: 'MQ', token: 'abc' });
    await render();
    expect(screen.getByRole('heading', { name: 'Confirming Email...' })).toBeInTheDocument();
    confirm.last().resolve();
    expect(await screen.findByRole('heading', { name: 'Email Confirmed!' })).toBeInTheDocument();
    expect(screen.getByText(/You will be redirected to the sign in page/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Go to Sign In' }));
    expect(redirect).toHaveBeenCalledWith('/signin');
  });

  it('shows the failure with links back to sign in, to sign up and to support', async () => {
    const { confirm, render } = setup({ uid: 'MQ', token: 'abc' });
    await render();
    confirm.last().reject(new ApiError('This confirmation link has expired.', { status: 400 }));
    expect(await screen.findByRole('heading', { name: 'Email Confirmation Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Email confirmation failed. The link may be invalid or expired.',
    );
    // The server's reason, in its words.
    expect(screen.getByRole('alert')).toHaveTextContent('This confirmation link has expired.');
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/signin');
    expect(screen.getByRole('link', { name: 'Create New Account' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');
  });

  it("says 'Invalid confirmation link' without uid or token", async () => {
    await setup({ token: 'abc' }).render();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid confirmation link');
  });

  it("sends a new link from the failure: the address is checked first, then 'Send a new link' says it is on its way", async () => {
    const { confirm, resend, render } = setup({ uid: 'MQ', token: 'abc' });
    await render();
    confirm.last().reject(new ApiError('This confirmation link has expired.', { status: 400 }));
    const form = await screen.findByRole('form', { name: 'Send a new confirmation link' });
    fireEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(form).toHaveTextContent('Required');
    expect(resend.requests).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(resend.last().input).toEqual({ email: 'ada@example.com' });
    resend.last().resolve();
    expect(await screen.findByRole('status')).toHaveTextContent(/a new link is on its way/);
  });

  it('says why a new link could not be sent, and keeps the address', async () => {
    const { confirm, resend, render } = setup({ uid: 'MQ', token: 'abc' });
    await render();
    confirm.last().reject(new ApiError('This confirmation link is invalid.', { status: 400 }));
    await screen.findByRole('form', { name: 'Send a new confirmation link' });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
    resend.last().reject(new ApiError('Too many requests. Please try again later.', { status: 429 }));
    expect(await screen.findByText('Too many requests. Please try again later.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ada@example.com');
  });
});
