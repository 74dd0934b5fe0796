import '@testing-library/jest-dom/vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, fromPromise } from 'xstate';
import { PASSKEY_MESSAGES } from '../../../rules/passkeys';
import { ApiError } from '../../../src/api/api-error';
import type { Passkey } from '../../../src/api/passkeys';
import { passkeysMachine } from '../../../src/machines/profile/passkeys-machine';
import { PasskeysCard, passkeyDates } from '../../../src/ui/profile/passkeys-card';
import { AppProvider } from '../../../src/ui/provider';

const LAPTOP: Passkey = {
  id: 1,
  name: 'Work laptop',
  created: '2026-11-20T10:00:00.000Z',
  last_used: '2026-11-25T08:00:00.000Z',
  backed_up: true,
};

function renderCard(passkeys: Passkey[] = [LAPTOP]) {
  const calls = { rename: vi.fn(), remove: vi.fn() };
  const actor = createActor(
    passkeysMachine.provide({
      actors: {
        loadPasskeys: fromPromise(async () => passkeys),
        renamePasskey: fromPromise(async ({ input }: { input: { id: number; name: string } }) => {
          calls.rename(input);
          return { ...LAPTOP, name: input.name };
        }),
        removePasskey: fromPromise<void, { id: number }>(async ({ input }) => {
          calls.remove(input);
        }),
      },
    }),
  ).start();
  render(
    <AppProvider>
      <PasskeysCard actor={actor} />
    </AppProvider>,
  );
  return { actor, calls };
}

describe('the Passkeys card', () => {
  it('lists each passkey with its dates, and labels every control', async () => {
    renderCard();
    const card = screen.getByRole('region', { name: 'Passkeys' });
    const item = await within(card).findByRole('listitem');
    expect(item).toHaveTextContent('Work laptop');
    expect(item).toHaveTextContent('Synced');
    expect(item).toHaveTextContent(passkeyDates(LAPTOP));
    expect(passkeyDates(LAPTOP)).toBe('Added 20 Nov 2026 · Last used 25 Nov 2026');
    expect(within(card).getByRole('button', { name: 'Rename passkey: Work laptop' })).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'Remove passkey: Work laptop' })).toBeEnabled();
    expect(within(card).getByLabelText('Name for a new passkey (optional)')).toHaveValue('');
    expect(within(card).getByRole('button', { name: 'Add a passkey' })).toBeEnabled();
  });

  it('says when there are none yet', async () => {
    renderCard([]);
    expect(await screen.findByText('You have no passkeys yet.')).toBeInTheDocument();
  });

  it('renames in place by keyboard, refusing a blank name in words first', async () => {
    const user = userEvent.setup();
    const { calls } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Rename passkey: Work laptop' }));
    const field = screen.getByLabelText('New name');
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.keyboard('{Enter}');
    expect(await screen.findByText(PASSKEY_MESSAGES.nameRequired)).toBeInTheDocument();
    await user.type(field, 'Old laptop{Enter}');
    await waitFor(() => expect(calls.rename).toHaveBeenCalledWith({ id: 1, name: 'Old laptop' }));
  });

  it('asks before removing, and removes only once confirmed', async () => {
    const user = userEvent.setup();
    const { calls } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Remove passkey: Work laptop' }));
    const question = await screen.findByRole('alertdialog', { name: 'Remove this passkey?' });
    expect(question).toHaveTextContent('“Work laptop” will no longer sign you in.');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(calls.remove).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Remove passkey: Work laptop' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Remove this passkey?' })).getByRole('button', {
        name: 'Remove passkey',
      }),
    );
    await waitFor(() => expect(calls.remove).toHaveBeenCalledWith({ id: 1 }));
  });

  it('shows nothing for a backend without passkeys', async () => {
    const actor = createActor(
      passkeysMachine.provide({
        actors: {
          loadPasskeys: fromPromise<Passkey[]>(async () => {
            throw new ApiError('Not found.', { status: 404 });
          }),
        },
      }),
    ).start();
    const { container } = render(
      <AppProvider>
        <PasskeysCard actor={actor} />
      </AppProvider>,
    );
    await waitFor(() => expect(actor.getSnapshot().value).toBe('unsupported'));
    expect(container.querySelector('section')).toBeNull();
  });
});
