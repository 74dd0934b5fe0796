import { fireEvent, screen } from '@testing-library/react';
import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import { ApiError } from '../../../src/api/api-error';
import type { PasswordResetConfirmPayload, PasswordResetConfirmResponse } from '../../../src/api/auth';
import { resetPasswordMachine } from '../../../src/machines/auth/reset-password-machine';
import { ResetPasswordView } from '../../../src/ui/auth/reset-password-view';
import { deferredActor, recordingSession } from '../../machines/model-paths';
import { renderView } from './render-view';

function setup(
  search: { token?: string; uid?: string } = { token: 'tok', uid: 'MQ' },
  checkLink: () => Promise<boolean> = async () => true,
) {
  const reset = deferredActor<PasswordResetConfirmResponse, PasswordResetConfirmPayload>();
  const redirect = vi.fn();
  const logic = resetPasswordMachine.provide({
    actors: { confirmPasswordReset: reset.logic, validateLink: fromPromise(checkLink) },
    actions: { redirect: (_, params) => redirect(params.to), notify: () => undefined },
  });
  const session = recordingSession();
  function Harness() {
    const [snapshot, send] = useActor(logic, { input: { session: session.actor, ...search } });
    return (
      <>
        <h1>page</h1>
        <ResetPasswordView snapshot={snapshot} send={send} />
      </>
    );
  }
  return { reset, redirect, session, render: () => renderView(() => <Harness />) };
}

function fill(newPassword: string, confirmPassword: string) {
  fireEvent.change(screen.getByLabelText('New Password'), { target: { value: newPassword } });
  fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: confirmPassword } });
  fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('ResetPasswordView', () => {
  it('renders nothing and goes to /signin without a token', async () => {
    const { redirect, render } = setup({ uid: 'MQ' });
    await render();
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    expect(redirect).toHaveBeenCalledWith('/signin');
  });

  it('has both password fields with toggles and the length hint', async () => {
    await setup().render();
    await screen.findByRole('heading', { name: 'Reset Password' });
    expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Show password' })).toHaveLength(2);
    fill('short', 'short');
    expect(screen.getByText('Password must be at least 8 characters long')).toHaveAttribute(
      'id',
      expect.stringContaining('error'),
    );
    fill('LongEnough1', 'LongEnough2');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });

  it('shows "Resetting...", then the success message once the user is signed in', async () => {
    const { reset, session, render } = setup();
    await render();
    await screen.findByLabelText('New Password');
    fill('LongEnough1', 'LongEnough1');
    expect(await screen.findByText('Resetting...')).toBeInTheDocument();
    reset.last().resolve({ user_id: 5 });
    expect(await screen.findByRole('heading', { name: 'Password Reset Successful!' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your password has been updated successfully. You are now logged in and will be redirected shortly.',
      ),
    ).toBeInTheDocument();
    expect(session.received).toEqual([{ type: 'session.signedIn', userId: 5 }]);
  });

  it('offers a new link when the server refuses the link on submit', async () => {
    const { reset, render } = setup();
    await render();
    await screen.findByLabelText('New Password');
    fill('LongEnough1', 'LongEnough1');
    reset
      .last()
      .reject(
        new ApiError('This password reset link has expired. Please request a new one.', {
          status: 400,
          serverMessage: 'This password reset link has expired. Please request a new one.',
        }),
      );
    expect(
      await screen.findByText('This password reset link has expired. Please request a new one.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('checks the link as it opens: a spent link never shows the form', async () => {
    const message = 'This password reset link is invalid or has already been used.';
    const { render } = setup({ token: 'tok', uid: 'MQ' }, async () => {
      throw new ApiError(message, { status: 400, serverMessage: message, data: { detail: message, code: 'link_invalid' } });
    });
    await render();
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeInTheDocument();
  });

  it('moves the focus to the first field at fault when a submit is refused', async () => {
    const { render } = setup();
    await render();
    await screen.findByLabelText('New Password');
    fill('short', 'short');
    expect(screen.getByLabelText('New Password')).toHaveFocus();
    fill('LongEnough1', 'LongEnough2');
    expect(screen.getByLabelText('Confirm Password')).toHaveFocus();
  });

  it('shows a refusal that is not about the link in the form, and keeps the focus there', async () => {
    const { reset, render } = setup();
    await render();
    await screen.findByLabelText('New Password');
    fill('LongEnough1', 'LongEnough1');
    reset.last().reject(new ApiError('Service unavailable.', { status: 503 }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Service unavailable.');
    expect(alert).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeEnabled();
  });
});
