import '@testing-library/jest-dom/vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { SecurityActivityItem } from '../../../src/api/security';
import { securityActivityMachine } from '../../../src/machines/profile/security-activity-machine';
import { SecurityActivityCard } from '../../../src/ui/profile/security-activity-card';
import { AppProvider } from '../../../src/ui/provider';

const ITEMS: SecurityActivityItem[] = [
  {
    id: 3,
    kind: 'password_changed',
    at: '2026-11-25T06:01:00.000Z',
    browser: 'Chrome 130',
    os: 'Linux',
    detail: {},
  },
  {
    id: 2,
    kind: 'signin_succeeded',
    at: '2026-11-25T06:00:00.000Z',
    browser: 'Chrome 130',
    os: 'Linux',
    detail: { method: 'password' },
  },
  {
    id: 1,
    kind: 'signin_refused',
    at: '2026-11-25T05:59:00.000Z',
    browser: 'Firefox 128',
    os: 'Windows 10',
    detail: { reason: 'wrong_password' },
  },
  { id: 0, kind: 'something_new', at: '2026-11-24T05:59:00.000Z', browser: 'Safari 17', os: 'macOS', detail: {} },
];

function Harness({ load }: { load: () => Promise<SecurityActivityItem[]> }) {
  const actor = useActorRef(securityActivityMachine.provide({ actors: { loadActivity: fromPromise(load) } }));
  return <SecurityActivityCard actor={actor} />;
}

function show(load: () => Promise<SecurityActivityItem[]>) {
  render(
    <AppProvider>
      <Harness load={load} />
    </AppProvider>,
  );
}

describe('SecurityActivityCard', () => {
  it('lists what happened, newest first, with whether it went through, how, when and from which browser', async () => {
    const load = vi.fn(async () => ITEMS);
    show(load);
    const card = await screen.findByRole('region', { name: 'Security activity' });
    const items = await within(card).findAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items[0]).toHaveTextContent('Password changed');
    expect(items[0]).toHaveTextContent('Changed');
    expect(items[1]).toHaveTextContent('Signed in');
    expect(items[1]).toHaveTextContent('Succeeded');
    expect(items[1]).toHaveTextContent('With a password');
    expect(items[1]).toHaveTextContent('Chrome 130 on Linux');
    expect(items[2]).toHaveTextContent('Sign-in refused');
    expect(items[2]).toHaveTextContent('Refused');
    expect(items[2]).toHaveTextContent('Wrong password');
    expect(items[2]).toHaveTextContent('Firefox 128 on Windows 10');
    expect(within(items[2]!).getByText((_, element) => element?.tagName === 'TIME')).toHaveAttribute(
      'datetime',
      '2026-11-25T05:59:00.000Z',
    );
    // A kind from a newer server still reads as something.
    expect(items[3]).toHaveTextContent('Account security changed');
    await userEvent.click(within(card).getByRole('button', { name: 'Refresh' }));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('says when there is nothing yet, and offers Try Again when loading fails', async () => {
    let fail = true;
    show(async () => {
      if (fail) throw new Error('offline');
      return [];
    });
    const card = await screen.findByRole('region', { name: 'Security activity' });
    expect(await within(card).findByText('Your security activity could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(card).getByRole('button', { name: 'Try Again' }));
    expect(await within(card).findByText('No security activity yet.')).toBeInTheDocument();
  });
});
