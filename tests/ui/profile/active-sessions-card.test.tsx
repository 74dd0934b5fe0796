import '@testing-library/jest-dom/vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { ActiveSession } from '../../../src/api/sessions';
import { activeSessionsMachine } from '../../../src/machines/profile/active-sessions-machine';
import { ActiveSessionsCard, lastUsed } from '../../../src/ui/profile/active-sessions-card';
import { AppProvider } from '../../../src/ui/provider';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const SESSIONS: ActiveSession[] = [
  {
    id: 'this-session-id-000000',
    browser: 'Chrome 130',
    os: 'Windows 10',
    last_used: minutesAgo(0),
    current: true,
  },
  {
    id: 'other-session-id-00000',
    browser: 'Firefox 132',
    os: 'Linux',
    last_used: minutesAgo(180),
    current: false,
  },
];

function Harness({ end }: { end: (id: string) => Promise<void> }) {
  const actor = useActorRef(
    activeSessionsMachine.provide({
      actors: {
        loadSessions: fromPromise(async () => SESSIONS),
        endSession: fromPromise<void, { id: string }>(({ input }) => end(input.id)),
        endOtherSessions: fromPromise<void>(async () => undefined),
      },
    }),
  );
  return <ActiveSessionsCard actor={actor} />;
}

describe('ActiveSessionsCard', () => {
  it('lists the sessions, marks this one, and ends another by its labelled button', async () => {
    const end = vi.fn(async () => undefined);
    render(
      <AppProvider>
        <Harness end={end} />
      </AppProvider>,
    );
    const card = await screen.findByRole('region', { name: 'Active Sessions' });
    const items = await within(card).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Chrome 130 on Windows 10');
    expect(items[0]).toHaveTextContent('This device');
    expect(items[0]).toHaveTextContent('Active just now');
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(items[1]).toHaveTextContent('Last active 3 hours ago');
    await userEvent.click(within(card).getByRole('button', { name: 'End session: Firefox 132 on Linux' }));
    expect(end).toHaveBeenCalledWith('other-session-id-00000');
    expect(within(card).getByRole('button', { name: 'End all other sessions' })).toBeInTheDocument();
  });
});

describe('lastUsed', () => {
  it('says how long ago, in words', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(lastUsed('2026-11-25T11:58:00Z', now)).toBe('Active just now');
    expect(lastUsed('2026-11-25T11:30:00Z', now)).toBe('Last active 30 minutes ago');
    expect(lastUsed('2026-11-25T11:00:00Z', now)).toBe('Last active 1 hour ago');
    expect(lastUsed('2026-11-23T12:00:00Z', now)).toBe('Last active 2 days ago');
  });
});
