import '@testing-library/jest-dom/vitest';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { Profile } from '../../../src/api/auth';
import type {
  AccountDeletion,
  PasswordChangePayload,
  ProfileUpdatePayload,
  ProfileUpdateResult,
} from '../../../src/api/profile';
import { changePasswordMachine } from '../../../src/machines/profile/change-password-machine';
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

interface Fakes {
  fetchProfile?: () => Promise<Profile>;
  updateProfile?: (payload: ProfileUpdatePayload) => Promise<ProfileUpdateResult>;
  changePassword?: (payload: PasswordChangePayload) => Promise<void>;
  deleteAccount?: (payload: { current_password?: string }) => Promise<AccountDeletion>;
  cancelEmailChange?: () => Promise<Profile>;
}

function renderProfile(fakes: Fakes = {}) {
  const calls = {
    updateProfile: vi.fn(
      fakes.updateProfile ??
        (async ({ full_name, email, phone_number }: ProfileUpdatePayload) => ({
          profile: { ...ADA, full_name, email, phone_number },
        })),
    ),
    changePassword: vi.fn(fakes.changePassword ?? (async () => undefined)),
    deleteAccount: vi.fn(
      fakes.deleteAccount ?? (async (_: { current_password?: string }): Promise<AccountDeletion> => ({ outcome: 'deleted' })),
    ),
    cancelEmailChange: vi.fn(fakes.cancelEmailChange ?? (async () => ({ ...ADA, pending_email: null }))),
    notify: vi.fn(),
    redirect: vi.fn(),
  };
  const session = recordingSession();
  const profileLogic = profileMachine.provide({
    actors: {
      fetchProfile: fromPromise(fakes.fetchProfile ?? (async () => ADA)),
      updateProfile: fromPromise(({ input }: { input: ProfileUpdatePayload }) => calls.updateProfile(input)),
      deleteAccount: fromPromise(({ input }: { input: { current_password?: string } }) => calls.deleteAccount(input)),
      cancelEmailChange: fromPromise(() => calls.cancelEmailChange()),
    },
    actions: {
      notify: (_, params) => calls.notify(params),
      redirect: (_, params) => calls.redirect(params.to),
    },
  });
  const passwordLogic = changePasswordMachine.provide({
    actors: {
      changePassword: fromPromise(({ input }: { input: PasswordChangePayload }) =>
        calls.changePassword(input),
      ),
    },
    actions: { notify: (_, params) => calls.notify(params) },
  });
  function Page() {
    const profile = useActorRef(profileLogic, { input: { session: session.actor } });
    const changePassword = useActorRef(passwordLogic);
    return <ProfileScreen profile={profile} changePassword={changePassword} />;
  }
  const routeTree = createRootRoute({ component: Page });
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ['/profile'] }) });
  render(
    <AppProvider>
      <RouterProvider router={router as never} />
    </AppProvider>,
  );
  return { ...calls, session, user: userEvent.setup({ delay: null }) };
}

// Typing through Chakra's fields in happy-dom is slow on a busy machine; these are not timing tests.
vi.setConfig({ testTimeout: 30_000 });

const personalInformation = () => screen.getByRole('region', { name: 'Personal Information' });
const field = (name: string) => within(personalInformation()).getByLabelText(name);

describe('Profile screen', () => {
  it("shows 'Loading profile...', then the person's details with initials and the badge", async () => {
    let answer!: (profile: Profile) => void;
    renderProfile({ fetchProfile: () => new Promise((resolve) => (answer = resolve)) });
    expect(await screen.findByText('Loading profile...')).toBeInTheDocument();
    answer(ADA);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/');
    expect(screen.getByTestId('profile-avatar')).toHaveTextContent('AL');
    const summary = screen.getByRole('region', { name: 'Your account' });
    expect(within(summary).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(summary).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(summary).getByText('Verified Account')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Account' })).toBeInTheDocument();
    expect(field('Full Name')).toHaveValue('Ada Lovelace');
    expect(field('Email Address')).toHaveValue('ada@example.com');
    expect(field('Phone Number')).toHaveValue('+1 202 555 0123');
    expect(field('Full Name')).toHaveAttribute('readonly');
  });

  it("shows 'U' in the avatar when there is no name", async () => {
    renderProfile({ fetchProfile: async () => ({ ...ADA, full_name: '' }) });
    expect(await screen.findByTestId('profile-avatar')).toHaveTextContent(/^U$/);
  });

  it('shows a load failure with the error message and tries again', async () => {
    let attempts = 0;
    const { user } = renderProfile({
      fetchProfile: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('Authentication credentials were not provided.');
        return ADA;
      },
    });
    expect(await screen.findByText('Authentication credentials were not provided.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Verified Account')).toBeInTheDocument();
  });

  it('edits and saves: Save Changes reads Saving... and the saved values show', async () => {
    let finish!: () => void;
    const { user, updateProfile, session } = renderProfile({
      updateProfile: (payload) => new Promise((resolve) => (finish = () => resolve({ profile: { ...ADA, full_name: payload.full_name } }))),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.clear(field('Full Name'));
    await user.type(field('Full Name'), 'Ada King');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Saving...')).toBeInTheDocument();
    expect(updateProfile).toHaveBeenCalledWith({
      full_name: 'Ada King',
      email: 'ada@example.com',
      phone_number: '+12025550123',
    });
    finish();
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Your account' })).getByText('Ada King'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('profile-avatar')).toHaveTextContent('AK');
    expect(session.received.at(-1)).toMatchObject({ type: 'session.profileUpdated' });
  });

  it('Cancel restores the last saved values', async () => {
    const { user, updateProfile } = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.clear(field('Email Address'));
    await user.type(field('Email Address'), 'someone@else.com');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(field('Email Address')).toHaveValue('ada@example.com');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    expect(updateProfile).not.toHaveBeenCalled();
  });

  it("says 'Email is required' on the field when the email is blank", async () => {
    const { user, updateProfile } = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.clear(field('Email Address'));
    await user.type(field('Email Address'), '   ');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(field('Email Address')).toHaveAttribute('aria-invalid', 'true');
    expect(updateProfile).not.toHaveBeenCalled();
  });

  it('saves with Enter from a field (keyboard)', async () => {
    const { user, updateProfile } = renderProfile();
    const edit = await screen.findByRole('button', { name: 'Edit' });
    edit.focus();
    await user.keyboard('{Enter}');
    // The keyboard moves on to the first field.
    await waitFor(() => expect(field('Full Name')).toHaveFocus());
    await user.keyboard('{End} Byron{Enter}');
    await waitFor(() =>
      expect(updateProfile).toHaveBeenCalledWith(
        expect.objectContaining({ full_name: 'Ada Lovelace Byron' }),
      ),
    );
  });

  it('offers the image picker only while editing; the picked image becomes the avatar preview, not an upload', async () => {
    const { user, updateProfile } = renderProfile();
    await screen.findByRole('button', { name: 'Edit' });
    expect(screen.queryByLabelText('Choose a profile photo')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('button', { name: 'Change photo' })).toBeInTheDocument();
    const picker = screen.getByLabelText('Choose a profile photo');
    expect(picker).toHaveAttribute('accept', 'image/*');
    await user.upload(picker, new File(['gif'], 'me.gif', { type: 'image/gif' }));
    await waitFor(() =>
      expect(screen.getByTestId('profile-avatar').querySelector('img')).toHaveAttribute(
        'src',
        expect.stringMatching(/^blob:/),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByRole('button', { name: 'Edit' });
    expect(Object.keys(updateProfile.mock.calls[0]![0])).toEqual(['full_name', 'email', 'phone_number']);
  });

  it('toggles the Change Password card; Cancel clears it; a broken rule shows its message', async () => {
    const { user, changePassword } = renderProfile();
    const toggle = await screen.findByRole('button', { name: 'Change Password' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const card = screen.getByRole('region', { name: 'Change Password' });
    const current = within(card).getByLabelText('Current Password');
    expect(current).toHaveFocus();
    expect(within(card).getByLabelText('New Password')).toHaveAttribute('placeholder', 'min 8 chars');
    await user.click(within(card).getByRole('button', { name: 'Update Password' }));
    expect(await within(card).findByText('Please fill in all password fields')).toBeInTheDocument();

    await user.type(current, 'Passw0rd!');
    await user.type(within(card).getByLabelText('New Password'), 'N3w-passw0rd');
    await user.type(within(card).getByLabelText('Confirm New Password'), 'different');
    await user.click(within(card).getByRole('button', { name: 'Update Password' }));
    expect(await within(card).findByText('New passwords do not match')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(current).toHaveValue('');
    expect(changePassword).not.toHaveBeenCalled();

    await user.click(toggle);
    expect(screen.queryByRole('region', { name: 'Change Password' })).not.toBeInTheDocument();
  });

  it("changes the password ('Updating...'), then closes and clears the card", async () => {
    let finish!: () => void;
    const { user, changePassword, notify } = renderProfile({
      changePassword: () => new Promise((resolve) => (finish = resolve)),
    });
    await user.click(await screen.findByRole('button', { name: 'Change Password' }));
    const card = screen.getByRole('region', { name: 'Change Password' });
    await user.type(within(card).getByLabelText('Current Password'), 'Passw0rd!');
    await user.type(within(card).getByLabelText('New Password'), 'N3w-passw0rd');
    await user.type(within(card).getByLabelText('Confirm New Password'), 'N3w-passw0rd{Enter}');
    expect(await within(card).findByText('Updating...')).toBeInTheDocument();
    expect(changePassword).toHaveBeenCalledWith({
      current_password: 'Passw0rd!',
      new_password: 'N3w-passw0rd',
    });
    finish();
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Change Password' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change Password' })).toHaveFocus());
    expect(notify).toHaveBeenLastCalledWith({ title: 'Password changed successfully', variant: 'success' });
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(
      within(screen.getByRole('region', { name: 'Change Password' })).getByLabelText('Current Password'),
    ).toHaveValue('');
  });

  it('asks before deleting the account, then deletes and ends the session', async () => {
    const { user, deleteAccount, session, redirect } = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete account?' });
    expect(within(dialog).getByText(/cannot be undone/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deleteAccount).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const again = await screen.findByRole('alertdialog', { name: 'Delete account?' });
    // The deletion is re-authenticated; without the password nothing is sent and the field says why.
    await user.click(within(again).getByRole('button', { name: 'Delete Account' }));
    expect(await within(again).findByText('Please enter your password to delete your account.')).toBeInTheDocument();
    expect(within(again).getByLabelText(/Your password/)).toHaveFocus();
    expect(deleteAccount).not.toHaveBeenCalled();
    await user.type(within(again).getByLabelText(/Your password/), 'Passw0rd!');
    await user.click(within(again).getByRole('button', { name: 'Delete Account' }));
    await waitFor(() => expect(deleteAccount).toHaveBeenCalledTimes(1));
    expect(deleteAccount).toHaveBeenCalledWith({ current_password: 'Passw0rd!' });
    await waitFor(() => expect(session.received).toContainEqual({ type: 'session.expired' }));
    expect(redirect).toHaveBeenCalledWith('/signin');
  });

  it('asks for the current password when the email address changes, then shows the address waiting', async () => {
    const pending = { ...ADA, pending_email: 'ada.new@example.com' };
    const { user, updateProfile, cancelEmailChange, notify } = renderProfile({
      updateProfile: async () => ({ profile: pending }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(within(personalInformation()).queryByLabelText(/Current Password/)).not.toBeInTheDocument();
    await user.clear(field('Email Address'));
    await user.type(field('Email Address'), 'ada.new@example.com');
    const password = within(personalInformation()).getByLabelText(/Current Password/);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(updateProfile).not.toHaveBeenCalled();
    expect(await within(personalInformation()).findByText('Please enter your current password to change your email address.')).toBeInTheDocument();
    expect(password).toHaveFocus();
    await user.type(password, 'Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(updateProfile).toHaveBeenCalledWith({
        full_name: 'Ada Lovelace',
        email: 'ada.new@example.com',
        phone_number: '+12025550123',
        current_password: 'Passw0rd!',
      }),
    );
    expect(await screen.findByText('Waiting for confirmation: ada.new@example.com')).toBeInTheDocument();
    expect(field('Email Address')).toHaveValue('ada@example.com');
    expect(notify).toHaveBeenLastCalledWith(
      expect.objectContaining({
        description: expect.objectContaining({ values: { email: 'ada.new@example.com' } }),
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Cancel change' }));
    await waitFor(() => expect(cancelEmailChange).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByText(/Waiting for confirmation/)).not.toBeInTheDocument());
  });

  it('shows a refused save on the field it concerns and moves the focus there', async () => {
    const taken = 'An account with this email address is already registered.';
    const { ApiError } = await import('../../../src/api/api-error');
    const { user } = renderProfile({
      updateProfile: async () => {
        throw new ApiError(taken, { status: 400, data: { detail: taken, field: 'email' } });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.clear(field('Email Address'));
    await user.type(field('Email Address'), 'bob@example.com');
    await user.type(within(personalInformation()).getByLabelText(/Current Password/), 'Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await within(personalInformation()).findByText(taken)).toBeInTheDocument();
    await waitFor(() => expect(field('Email Address')).toHaveFocus());
  });
});
