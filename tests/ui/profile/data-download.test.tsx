import '@testing-library/jest-dom/vitest';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { AccountExport } from '../../../src/api/account-export';
import { ApiError } from '../../../src/api/api-error';
import type { Profile } from '../../../src/api/auth';
import { changePasswordMachine } from '../../../src/machines/profile/change-password-machine';
import {
  dataDownloadMachine,
  type ProgressListener,
} from '../../../src/machines/profile/data-download-machine';
import { profileMachine } from '../../../src/machines/profile/profile-machine';
import { ProfileScreen } from '../../../src/ui/profile/profile-screen';
import { AppProvider } from '../../../src/ui/provider';
import { recordingSession } from '../../machines/model-paths';

const ADA: Profile = {
  full_name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone_number: '+12025550123',
  is_staff: false,
  is_superuser: false,
};

const FILE: AccountExport = { blob: new Blob(['PK']), fileName: 'cv-builder-data-2026-11-26.zip' };

type Listener = ProgressListener;

function renderProfile(download: (listener: Listener) => Promise<AccountExport>) {
  const saved: string[] = [];
  const session = recordingSession();
  const profileLogic = profileMachine.provide({
    actors: { fetchProfile: fromPromise(async (): Promise<Profile> => ({ ...ADA, has_password: true })) },
    actions: { notify: () => undefined, redirect: () => undefined },
  });
  const dataLogic = dataDownloadMachine.provide({
    actors: {
      downloadData: fromPromise(({ input }: { input: { listener: Listener } }) => download(input.listener)),
    },
    actions: { saveFile: (_, file: AccountExport) => void saved.push(file.fileName) },
  });
  function Page() {
    const profile = useActorRef(profileLogic, { input: { session: session.actor } });
    const changePassword = useActorRef(changePasswordMachine);
    const dataDownload = useActorRef(dataLogic);
    return <ProfileScreen profile={profile} changePassword={changePassword} dataDownload={dataDownload} />;
  }
  const router = createRouter({
    routeTree: createRootRoute({ component: Page }),
    history: createMemoryHistory({ initialEntries: ['/profile'] }),
  });
  render(
    <AppProvider>
      <RouterProvider router={router as never} />
    </AppProvider>,
  );
  return { saved, user: userEvent.setup({ delay: null }) };
}

vi.setConfig({ testTimeout: 30_000 });

describe('Download all my data on the profile', () => {
  it('shows how much has arrived, then the file it was saved as', async () => {
    let finish!: (file: AccountExport) => void;
    let listener!: Listener;
    const { saved, user } = renderProfile(
      (given) =>
        new Promise((resolve) => {
          listener = given;
          finish = resolve;
        }),
    );
    const actions = await screen.findByRole('region', { name: 'Quick Actions' });
    await user.click(within(actions).getByRole('button', { name: 'Download all my data' }));
    expect(within(actions).getByRole('status')).toHaveTextContent(
      'Preparing your data… An account with many CVs takes a minute.',
    );
    expect(within(actions).getByRole('button', { name: 'Download all my data' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    listener.send({ type: 'data.progress', receivedBytes: 2 * 1024 * 1024 });
    expect(await within(actions).findByText('Downloading your data… 2.0 MB so far.')).toBeInTheDocument();
    finish(FILE);
    expect(
      await within(actions).findByText('Your data was downloaded as cv-builder-data-2026-11-26.zip.'),
    ).toHaveAttribute('role', 'status');
    expect(saved).toEqual([FILE.fileName]);
  });

  it('says in words why it failed, and tries again', async () => {
    const words = 'Too many attempts. Please try again in 12 minutes.';
    let attempts = 0;
    const { user } = renderProfile(async () => {
      attempts += 1;
      if (attempts === 1) throw new ApiError(words, { status: 429, serverMessage: words });
      return FILE;
    });
    const actions = await screen.findByRole('region', { name: 'Quick Actions' });
    await user.click(within(actions).getByRole('button', { name: 'Download all my data' }));
    expect(await within(actions).findByRole('alert')).toHaveTextContent(words);
    await user.click(within(actions).getByRole('button', { name: 'Download all my data' }));
    expect(await within(actions).findByRole('status')).toHaveTextContent('Your data was downloaded as');
  });

  it('is offered in the delete-account dialog, before the confirmation', async () => {
    const { saved, user } = renderProfile(async () => FILE);
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete account?' });
    expect(within(dialog).getByText(/Before you go, you can keep a copy/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Download all my data' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Your data was downloaded as');
    expect(saved).toEqual([FILE.fileName]);
    // Downloading is not deleting: the dialog still asks for the password.
    expect(within(dialog).getByLabelText(/Your password/)).toBeInTheDocument();
  });
});
