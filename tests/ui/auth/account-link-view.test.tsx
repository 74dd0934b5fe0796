import { fireEvent, screen } from '@testing-library/react';
import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import { ApiError } from '../../../src/api/api-error';
import { accountLinkMachine, type AccountLinkAction } from '../../../src/machines/profile/account-link-machine';
import { AccountLinkView } from '../../../src/ui/auth/account-link-view';
import { recordingSession } from '../../machines/model-paths';
import { renderView } from './render-view';

function setup(action: AccountLinkAction, follow: () => Promise<string | undefined>) {
  const followLink = vi.fn(follow);
  const logic = accountLinkMachine.provide({
    actors: { followLink: fromPromise(() => followLink()) },
    actions: { redirect: () => undefined },
  });
  const session = recordingSession();
  function Harness() {
    const [snapshot, send] = useActor(logic, {
      input: { action, uid: 'MQ', token: 'tok', session: session.actor },
    });
    return <AccountLinkView snapshot={snapshot} send={send} />;
  }
  return { followLink, render: () => renderView(() => <Harness />) };
}

describe('AccountLinkView', () => {
  it("confirms a new email address and says so in the server's words", async () => {
    const { render } = setup(
      'confirm-email-change',
      async () => 'Your email address is now ada.new@example.com.',
    );
    await render();
    expect(await screen.findByRole('heading', { name: 'Email address changed' })).toBeInTheDocument();
    expect(screen.getByText('Your email address is now ada.new@example.com.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Profile' })).toHaveAttribute('href', '/profile');
  });

  it("asks before a deletion and deletes only on the person's word", async () => {
    const { render, followLink } = setup('delete-account', async () => undefined);
    await render();
    expect(await screen.findByRole('heading', { name: 'Delete account?' })).toBeInTheDocument();
    expect(followLink).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('heading', { name: 'Account deleted' })).toBeInTheDocument();
    expect(followLink).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/signin');
  });

  it('after a cancelled change, advises a new password', async () => {
    const { render } = setup('cancel-email-change', async () => undefined);
    await render();
    expect(await screen.findByRole('heading', { name: 'Email change cancelled' })).toBeInTheDocument();
    expect(screen.getByText(/reset your password now/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reset my password' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('says why a link cannot be used', async () => {
    const { render } = setup('approve-email-change', async () => {
      throw new ApiError('This link has already been used.', { status: 400 });
    });
    await render();
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This link has already been used.');
  });
});
