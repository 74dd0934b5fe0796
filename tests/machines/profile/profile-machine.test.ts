import { createActor, createMachine } from 'xstate';
import { ApiError } from '../../../src/api/api-error';
import { t } from '../../../src/i18n/i18n';
import type { Profile } from '../../../src/api/auth';
import type { AccountDeletion, ProfileUpdatePayload, ProfileUpdateResult } from '../../../src/api/profile';
import { BUSY_TAG, type Notice } from '../../../src/machines/auth/auth-flow';
import {
  ACCOUNT_DELETED_NOTICE,
  ACCOUNT_DELETE_FAILED_MESSAGE,
  EMAIL_CHANGE_CANCELLED_NOTICE,
  emailChangeStartedNotice,
  PROFILE_LOAD_FAILED_MESSAGE,
  PROFILE_UPDATED_NOTICE,
  PROFILE_UPDATE_FAILED_MESSAGE,
  initialsOf,
  payloadOf,
  profileMachine,
  validateProfile,
  valuesOf,
  type ProfileActor,
} from '../../../src/machines/profile/profile-machine';
import {
  declaredTransitionCount,
  deferredActor,
  flush,
  recordingSession,
  runModelPath,
  transitionPaths,
} from '../model-paths';
import { ACCOUNT_MESSAGES } from '../../../rules/account';
import { ACCOUNT_CHANGE_MESSAGES } from '../../../rules/account-changes';

const ADA: Profile = {
  full_name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone_number: '+12025550123',
  is_staff: false,
  is_superuser: false,
};

function createWorld() {
  const fetchProfile = deferredActor<Profile, unknown>();
  const updateProfile = deferredActor<ProfileUpdateResult, ProfileUpdatePayload>();
  const deleteAccount = deferredActor<AccountDeletion, { current_password?: string }>();
  const cancelEmailChange = deferredActor<Profile, unknown>();
  const session = recordingSession();
  const notify = vi.fn<(notice: Notice) => void>();
  const redirect = vi.fn<(to: string) => void>();
  const machine = profileMachine.provide({
    actors: {
      fetchProfile: fetchProfile.logic,
      updateProfile: updateProfile.logic,
      deleteAccount: deleteAccount.logic,
      cancelEmailChange: cancelEmailChange.logic,
    },
    actions: {
      notify: (_, params) => notify(params),
      redirect: (_, params) => redirect(params.to),
    },
  });
  const actor: ProfileActor = createActor(machine, { input: { session: session.actor } }).start();
  /** What the server holds: Cancel and a save's answer go back to it. */
  const world = {
    actor,
    fetchProfile,
    updateProfile,
    deleteAccount,
    cancelEmailChange,
    session,
    notify,
    redirect,
    saved: ADA,
  };
  return world;
}
type World = ReturnType<typeof createWorld>;

describe('profile machine: model-based', () => {
  const model = createMachine({
    id: 'profileModel',
    initial: 'loading',
    states: {
      loading: { on: { 'load.succeeds': 'viewing', 'load.fails': 'loadFailed' } },
      loadFailed: { on: { 'profile.retry': 'loading' } },
      viewing: { on: { 'profile.edit': 'editing', 'account.delete': 'confirmingDelete' } },
      editing: {
        on: {
          'form.change': 'editing',
          'save.invalid': 'invalid',
          'save.valid': 'saving',
          'profile.cancel': 'viewing',
        },
      },
      invalid: { on: { 'form.fix': 'editing', 'profile.cancel': 'viewing' } },
      saving: { on: { 'save.succeeds': 'viewing', 'save.fails': 'editing' } },
      confirmingDelete: { on: { 'account.deleteCancel': 'viewing', 'account.deleteConfirm': 'deleting' } },
      deleting: { on: { 'delete.succeeds': 'deleted', 'delete.fails': 'viewing' } },
      deleted: { type: 'final' },
    },
  });
  const events = [
    'load.succeeds',
    'load.fails',
    'profile.retry',
    'profile.edit',
    'form.change',
    'save.invalid',
    'form.fix',
    'save.valid',
    'profile.cancel',
    'save.succeeds',
    'save.fails',
    'account.delete',
    'account.deleteCancel',
    'account.deleteConfirm',
    'delete.succeeds',
    'delete.fails',
  ].map((type) => ({ type }));

  const executors: Record<string, (world: World) => Promise<void> | void> = {
    'load.succeeds': async ({ fetchProfile }) => {
      fetchProfile.last().resolve(ADA);
      await flush();
    },
    'load.fails': async ({ fetchProfile, notify }) => {
      fetchProfile
        .last()
        .reject(new ApiError('Authentication credentials were not provided.', { status: 401 }));
      await flush();
      expect(notify).toHaveBeenLastCalledWith({
        title: 'Authentication credentials were not provided.',
        variant: 'destructive',
      });
    },
    'profile.retry': ({ actor }) => actor.send({ type: 'profile.retry' }),
    'profile.edit': ({ actor }) => actor.send({ type: 'profile.edit' }),
    'form.change': ({ actor }) => {
      actor.send({ type: 'form.change', field: 'fullName', value: 'Ada King' });
      actor.send({ type: 'form.change', field: 'email', value: ' ada.king@example.com ' });
      // A new address is re-authenticated by the password.
      actor.send({ type: 'form.change', field: 'currentPassword', value: 'Passw0rd!' });
      actor.send({ type: 'avatar.select', url: 'blob:avatar-1' });
      expect(actor.getSnapshot().context.avatarDraft).toBe('blob:avatar-1');
    },
    'save.invalid': ({ actor, updateProfile }) => {
      const before = updateProfile.requests.length;
      actor.send({ type: 'form.change', field: 'email', value: '   ' });
      actor.send({ type: 'profile.save' });
      expect(updateProfile.requests).toHaveLength(before);
    },
    'form.fix': ({ actor }) => {
      actor.send({ type: 'form.change', field: 'email', value: 'ada@example.com' });
      expect(actor.getSnapshot().context.errors).toEqual({});
    },
    'save.valid': ({ actor, updateProfile }) => {
      actor.send({ type: 'form.change', field: 'phoneNumber', value: '+442079460000' });
      actor.send({ type: 'profile.save' });
      const { values, profile } = actor.getSnapshot().context;
      expect(updateProfile.last().input).toEqual(payloadOf(values, profile));
      expect(updateProfile.last().input.email).toBe(values.email.trim());
    },
    'profile.cancel': ({ actor }) => actor.send({ type: 'profile.cancel' }),
    'save.succeeds': async (world) => {
      const { input } = world.updateProfile.last();
      // As the server does: a new address waits for its confirmation link; the rest is saved at once.
      const newAddress = input.email.toLowerCase() !== world.saved.email.toLowerCase();
      world.saved = {
        ...world.saved,
        full_name: input.full_name,
        phone_number: input.phone_number,
        ...(newAddress ? { pending_email: input.email } : { email: input.email }),
      };
      world.updateProfile.last().resolve({ profile: world.saved });
      await flush();
      expect(world.notify).toHaveBeenLastCalledWith(
        newAddress ? emailChangeStartedNotice(world.saved, undefined) : PROFILE_UPDATED_NOTICE,
      );
      expect(world.session.received.at(-1)).toEqual({ type: 'session.profileUpdated', profile: world.saved });
    },
    'save.fails': async ({ updateProfile, notify }) => {
      updateProfile
        .last()
        .reject(new ApiError('An account with this email address is already registered.', { status: 400 }));
      await flush();
      expect(notify).toHaveBeenLastCalledWith({
        title: 'An account with this email address is already registered.',
        variant: 'destructive',
      });
    },
    'account.delete': ({ actor }) => actor.send({ type: 'account.delete' }),
    'account.deleteCancel': ({ actor }) => actor.send({ type: 'account.deleteCancel' }),
    'account.deleteConfirm': ({ actor, deleteAccount }) => {
      actor.send({ type: 'account.deletePasswordChange', value: 'Passw0rd!' });
      actor.send({ type: 'account.deleteConfirm' });
      expect(deleteAccount.requests).toHaveLength(1);
      expect(deleteAccount.last().input).toEqual({ current_password: 'Passw0rd!' });
    },
    'delete.succeeds': async ({ deleteAccount }) => {
      deleteAccount.last().resolve({ outcome: 'deleted' });
      await flush();
    },
    'delete.fails': async ({ deleteAccount, notify }) => {
      deleteAccount.last().reject(new ApiError('Network Error'));
      await flush();
      expect(notify).toHaveBeenLastCalledWith({ title: 'Network Error', variant: 'destructive' });
    },
  };

  function assertState(world: World, modelState: string) {
    const snapshot = world.actor.getSnapshot();
    const loaded = (details: string, deletion = 'idle') => {
      expect(snapshot.value).toEqual({ loaded: { details, deletion, emailChange: 'idle' } });
      expect(snapshot.context.profile).toEqual(world.saved);
    };
    switch (modelState) {
      case 'loading':
        expect(snapshot.value).toBe('loading');
        break;
      case 'loadFailed':
        expect(snapshot.value).toBe('loadFailed');
        expect(snapshot.context.loadError).toBe('Authentication credentials were not provided.');
        expect(snapshot.can({ type: 'profile.retry' })).toBe(true);
        break;
      case 'viewing':
        loaded('viewing');
        // Cancel restores the last saved values; a save shows what the server answered.
        expect(snapshot.context.values).toEqual(valuesOf(world.saved));
        expect(snapshot.context.errors).toEqual({});
        expect(snapshot.context.avatarDraft).toBeUndefined();
        expect(snapshot.can({ type: 'form.change', field: 'email', value: 'x' })).toBe(false);
        break;
      case 'editing':
        loaded('editing');
        expect(snapshot.context.errors).toEqual({});
        expect(snapshot.can({ type: 'profile.save' })).toBe(true);
        break;
      case 'invalid':
        loaded('editing');
        expect(snapshot.context.errors).toEqual({ email: ACCOUNT_MESSAGES.emailRequired });
        break;
      case 'saving':
        loaded('saving');
        expect(snapshot.hasTag(BUSY_TAG)).toBe(true);
        expect(snapshot.can({ type: 'profile.cancel' })).toBe(false);
        break;
      case 'confirmingDelete':
        loaded('viewing', 'confirming');
        expect(world.deleteAccount.requests).toHaveLength(0);
        break;
      case 'deleting':
        loaded('viewing', 'deleting');
        expect(snapshot.hasTag(BUSY_TAG)).toBe(true);
        break;
      case 'deleted':
        expect(snapshot.status).toBe('done');
        expect(world.session.received.at(-1)).toEqual({ type: 'session.expired' });
        expect(world.notify).toHaveBeenLastCalledWith(ACCOUNT_DELETED_NOTICE);
        expect(world.redirect).toHaveBeenCalledWith('/signin');
        break;
      default:
        throw new Error(`unknown model state ${modelState}`);
    }
    if (modelState !== 'deleted') expect(world.redirect).not.toHaveBeenCalled();
    if (modelState !== 'deleted') {
      expect(world.session.received.filter((event) => event.type === 'session.expired')).toEqual([]);
    }
  }

  const paths = transitionPaths(model, events);

  it('covers every transition of the model', () => {
    expect(paths).toHaveLength(declaredTransitionCount(model));
  });

  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_, path) => {
    const world = createWorld();
    await runModelPath(model, path, world, executors, assertState);
    world.actor.stop();
  });
});

describe('profile machine: details', () => {
  async function loadedWorld() {
    const world = createWorld();
    world.fetchProfile.last().resolve(ADA);
    await flush();
    return world;
  }

  it('falls back to its own words when a failure has no message', async () => {
    const world = createWorld();
    world.fetchProfile.last().reject(undefined);
    await flush();
    expect(world.actor.getSnapshot().context.loadError).toBe(PROFILE_LOAD_FAILED_MESSAGE);

    const loaded = await loadedWorld();
    loaded.actor.send({ type: 'profile.edit' });
    loaded.actor.send({ type: 'profile.save' });
    loaded.updateProfile.last().reject({});
    await flush();
    expect(loaded.notify).toHaveBeenLastCalledWith({
      title: PROFILE_UPDATE_FAILED_MESSAGE,
      variant: 'destructive',
    });

    loaded.actor.send({ type: 'account.delete' });
    loaded.actor.send({ type: 'account.deletePasswordChange', value: 'Passw0rd!' });
    loaded.actor.send({ type: 'account.deleteConfirm' });
    loaded.deleteAccount.last().reject(null);
    await flush();
    expect(loaded.notify).toHaveBeenLastCalledWith({
      title: ACCOUNT_DELETE_FAILED_MESSAGE,
      variant: 'destructive',
    });
  });

  it('keeps a picked avatar after a save and drops it on Cancel; it never goes to the server', async () => {
    const world = await loadedWorld();
    world.actor.send({ type: 'profile.edit' });
    world.actor.send({ type: 'avatar.select', url: 'blob:first' });
    world.actor.send({ type: 'profile.save' });
    expect(Object.keys(world.updateProfile.last().input).sort()).toEqual([
      'email',
      'full_name',
      'phone_number',
    ]);
    world.updateProfile.last().resolve({ profile: ADA });
    await flush();
    expect(world.actor.getSnapshot().context.avatarPreview).toBe('blob:first');

    world.actor.send({ type: 'profile.edit' });
    expect(world.actor.getSnapshot().context.avatarDraft).toBe('blob:first');
    world.actor.send({ type: 'avatar.select', url: 'blob:second' });
    world.actor.send({ type: 'profile.cancel' });
    expect(world.actor.getSnapshot().context.avatarPreview).toBe('blob:first');
  });

  it('shows field errors only after a save attempt, then follows every change', async () => {
    const world = await loadedWorld();
    world.actor.send({ type: 'profile.edit' });
    world.actor.send({ type: 'form.change', field: 'email', value: 'not-an-email' });
    expect(world.actor.getSnapshot().context.errors).toEqual({});
    world.actor.send({ type: 'profile.save' });
    expect(world.actor.getSnapshot().context.errors).toEqual({ email: ACCOUNT_MESSAGES.invalidEmail });
    world.actor.send({ type: 'form.change', field: 'email', value: 'ada@example.org' });
    // A well-formed new address is confirmed with the password.
    expect(world.actor.getSnapshot().context.errors).toEqual({
      currentPassword: ACCOUNT_CHANGE_MESSAGES.currentPasswordForEmail,
    });
    world.actor.send({ type: 'form.change', field: 'currentPassword', value: 'Passw0rd!' });
    expect(world.actor.getSnapshot().context.errors).toEqual({});
  });

  it('lets the person ask to delete the account while editing', async () => {
    const world = await loadedWorld();
    world.actor.send({ type: 'profile.edit' });
    world.actor.send({ type: 'account.delete' });
    expect(world.actor.getSnapshot().value).toEqual({
      loaded: { details: 'editing', deletion: 'confirming', emailChange: 'idle' },
    });
  });
});

describe('profile machine: a new email address and a deletion are re-authenticated', () => {
  async function loadedWorld(profile: Profile = ADA) {
    const world = createWorld();
    world.fetchProfile.last().resolve(profile);
    await flush();
    return world;
  }

  it('asks for the password only when the address changes, and sends it with the change', async () => {
    const world = await loadedWorld();
    world.actor.send({ type: 'profile.edit' });
    world.actor.send({ type: 'form.change', field: 'email', value: 'ADA@example.com ' });
    world.actor.send({ type: 'profile.save' });
    expect(world.updateProfile.last().input).not.toHaveProperty('current_password');
    world.updateProfile.last().resolve({ profile: ADA });
    await flush();

    world.actor.send({ type: 'profile.edit' });
    world.actor.send({ type: 'form.change', field: 'email', value: 'ada.new@example.com' });
    world.actor.send({ type: 'profile.save' });
    expect(world.actor.getSnapshot().context.errors).toEqual({
      currentPassword: ACCOUNT_CHANGE_MESSAGES.currentPasswordForEmail,
    });
    expect(world.actor.getSnapshot().context.attempt).toBe(1);
    world.actor.send({ type: 'form.change', field: 'currentPassword', value: 'Passw0rd!' });
    world.actor.send({ type: 'profile.save' });
    expect(world.updateProfile.last().input).toEqual({
      full_name: 'Ada Lovelace',
      email: 'ada.new@example.com',
      phone_number: '+12025550123',
      current_password: 'Passw0rd!',
    });
    const pending = { ...ADA, pending_email: 'ada.new@example.com' };
    world.updateProfile.last().resolve({ profile: pending, detail: 'We sent a confirmation link to ada.new@example.com.' });
    await flush();
    expect(world.notify).toHaveBeenLastCalledWith({
      title: 'Confirm your new email address',
      description: 'We sent a confirmation link to ada.new@example.com.',
      variant: 'success',
    });
    expect(world.actor.getSnapshot().context.profile).toEqual(pending);
    // The form shows the address in use; the new one waits.
    expect(world.actor.getSnapshot().context.values.email).toBe('ada@example.com');
  });

  it("never asks an account without a password for one (it re-authenticates by mail)", async () => {
    const world = await loadedWorld({ ...ADA, has_password: false });
    world.actor.send({ type: 'profile.edit' });
    world.actor.send({ type: 'form.change', field: 'email', value: 'ada.new@example.com' });
    world.actor.send({ type: 'profile.save' });
    expect(world.updateProfile.last().input).not.toHaveProperty('current_password');
    const pending = { ...ADA, has_password: false, pending_email: 'ada.new@example.com' };
    world.updateProfile.last().resolve({ profile: pending });
    await flush();
    expect(world.notify).toHaveBeenLastCalledWith(emailChangeStartedNotice(pending, undefined));
    expect(emailChangeStartedNotice(pending, undefined).description).toEqual({
      id: 'To make sure it is you, we sent a link to {currentEmail}. Open it to continue the change to {newEmail}.',
      values: { currentEmail: 'ada@example.com', newEmail: 'ada.new@example.com' },
    });
    expect(t(emailChangeStartedNotice(pending, undefined).description!)).toBe(
      'To make sure it is you, we sent a link to ada@example.com. Open it to continue the change to ada.new@example.com.',
    );
  });

  it('shows a refusal on the field the server names, keeps it until that field changes, and counts the attempt', async () => {
    const world = await loadedWorld();
    world.actor.send({ type: 'profile.edit' });
    world.actor.send({ type: 'form.change', field: 'email', value: 'bob@example.com' });
    world.actor.send({ type: 'form.change', field: 'currentPassword', value: 'Wrong-passw0rd' });
    world.actor.send({ type: 'profile.save' });
    const wrong = 'Your current password is incorrect.';
    world.updateProfile
      .last()
      .reject(new ApiError(wrong, { status: 400, data: { detail: wrong, field: 'current_password' } }));
    await flush();
    let context = world.actor.getSnapshot().context;
    expect(context.errors).toEqual({ currentPassword: wrong });
    expect(context.formError).toBeUndefined();
    expect(context.attempt).toBe(1);
    world.actor.send({ type: 'form.change', field: 'fullName', value: 'Ada King' });
    expect(world.actor.getSnapshot().context.errors).toEqual({ currentPassword: wrong });
    world.actor.send({ type: 'form.change', field: 'currentPassword', value: 'Passw0rd!' });
    expect(world.actor.getSnapshot().context.errors).toEqual({});

    world.actor.send({ type: 'profile.save' });
    const taken = 'An account with this email address is already registered.';
    world.updateProfile.last().reject(new ApiError(taken, { status: 400, data: { detail: taken, field: 'email' } }));
    await flush();
    expect(world.actor.getSnapshot().context.errors).toEqual({ email: taken });

    world.actor.send({ type: 'profile.save' });
    world.updateProfile.last().reject(new ApiError('Service unavailable.', { status: 503 }));
    await flush();
    context = world.actor.getSnapshot().context;
    expect(context.formError).toBe('Service unavailable.');
    expect(context.attempt).toBe(3);
  });

  it('cancels a change that waits for confirmation', async () => {
    const world = await loadedWorld({ ...ADA, pending_email: 'ada.new@example.com' });
    world.actor.send({ type: 'emailChange.cancel' });
    expect(world.actor.getSnapshot().hasTag(BUSY_TAG)).toBe(true);
    world.cancelEmailChange.last().resolve({ ...ADA, pending_email: null });
    await flush();
    expect(world.actor.getSnapshot().context.profile?.pending_email).toBeNull();
    expect(world.notify).toHaveBeenLastCalledWith(EMAIL_CHANGE_CANCELLED_NOTICE);
  });

  it('asks for the password before deleting, and keeps the dialog open with the reason when it is wrong', async () => {
    const world = await loadedWorld();
    world.actor.send({ type: 'account.delete' });
    world.actor.send({ type: 'account.deleteConfirm' });
    expect(world.deleteAccount.requests).toHaveLength(0);
    expect(world.actor.getSnapshot().context.deletionError).toBe(ACCOUNT_CHANGE_MESSAGES.passwordForDeletion);
    world.actor.send({ type: 'account.deletePasswordChange', value: 'Wrong-passw0rd' });
    expect(world.actor.getSnapshot().context.deletionError).toBeUndefined();
    world.actor.send({ type: 'account.deleteConfirm' });
    const wrong = 'Your current password is incorrect.';
    world.deleteAccount
      .last()
      .reject(new ApiError(wrong, { status: 400, data: { detail: wrong, field: 'current_password' } }));
    await flush();
    const snapshot = world.actor.getSnapshot();
    expect(snapshot.matches({ loaded: { deletion: 'confirming' } })).toBe(true);
    expect(snapshot.context.deletionError).toBe(wrong);
    expect(snapshot.context.deletionAttempt).toBe(2);
    world.actor.send({ type: 'account.deleteCancel' });
    expect(world.actor.getSnapshot().context.deletionPassword).toBe('');
  });

  it('mails a link to an account without a password instead of deleting at once', async () => {
    const world = await loadedWorld({ ...ADA, has_password: false });
    world.actor.send({ type: 'account.delete' });
    world.actor.send({ type: 'account.deleteConfirm' });
    expect(world.deleteAccount.last().input).toEqual({});
    world.deleteAccount.last().resolve({ outcome: 'link-sent' });
    await flush();
    const snapshot = world.actor.getSnapshot();
    expect(snapshot.matches({ loaded: { deletion: 'linkSent' } })).toBe(true);
    expect(snapshot.context.deletionLinkMessage).toEqual({
      id: 'We sent a link to {email}. Open it to delete your account.',
      values: { email: 'ada@example.com' },
    });
    expect(t(snapshot.context.deletionLinkMessage!)).toBe(
      'We sent a link to ada@example.com. Open it to delete your account.',
    );
    expect(world.session.received).toEqual([]);
  });
});

describe('profile rules', () => {
  const valid = { fullName: 'Ada Lovelace', email: 'ada@example.com', phoneNumber: '+12025550123', currentPassword: '' };

  it("requires the email after trimming ('Email is required')", () => {
    expect(validateProfile(valid)).toEqual({});
    expect(validateProfile({ ...valid, email: '' })).toEqual({ email: ACCOUNT_MESSAGES.emailRequired });
    expect(validateProfile({ ...valid, email: '  \t ' })).toEqual({ email: ACCOUNT_MESSAGES.emailRequired });
    expect(validateProfile({ ...valid, email: 'ada@' })).toEqual({ email: ACCOUNT_MESSAGES.invalidEmail });
  });

  it('checks the name and the phone number as sign up does; a blank phone is allowed, a blank name is not', () => {
    expect(validateProfile({ ...valid, fullName: 'A'.repeat(151) })).toEqual({
      fullName: ACCOUNT_MESSAGES.fullNameTooLong,
    });
    expect(validateProfile({ ...valid, fullName: 'A'.repeat(150) })).toEqual({});
    expect(validateProfile({ ...valid, phoneNumber: '+1202' })).toEqual({
      phoneNumber: ACCOUNT_MESSAGES.phoneTooShort,
    });
    expect(validateProfile({ ...valid, phoneNumber: '' })).toEqual({});
    expect(validateProfile({ ...valid, fullName: '' })).toEqual({
      fullName: 'Full Name must be at least 3 characters',
    });
    // Invisible characters do not make a name.
    expect(validateProfile({ ...valid, fullName: '\u200b\u200b\u200b' })).toEqual({
      fullName: 'Full Name must be at least 3 characters',
    });
    expect(validateProfile({ ...valid, phoneNumber: '+1442079460000' })).toEqual({
      phoneNumber: 'This phone number cannot exist in the selected country. Please check it.',
    });
    // A number kept from before is not judged again.
    expect(
      validateProfile({ ...valid, phoneNumber: '+1 555 0100' }, { ...valid, phoneNumber: '+1 555 0100' }),
    ).toEqual({});
  });

  it('reads a profile into form values and back into the payload, trimmed', () => {
    expect(valuesOf({ ...ADA, phone_number: '+44 20 7946-0000' }).phoneNumber).toBe('+442079460000');
    expect(valuesOf({ ...ADA, phone_number: null }).phoneNumber).toBe('');
    expect(
      payloadOf({ fullName: ' Ada ', email: ' a@b.co ', phoneNumber: ' +12025550123 ', currentPassword: '' }),
    ).toEqual({
      full_name: 'Ada',
      email: 'a@b.co',
      phone_number: '+12025550123',
    });
  });

  it.each([
    ['Ada Lovelace', 'AL'],
    ['Ada Augusta King Lovelace', 'AL'],
    ['  ada   lovelace  ', 'AL'],
    ['Ada', 'A'],
    ['', 'U'],
    ['   ', 'U'],
    ['Émile Zola', 'ÉZ'],
  ])('initials of %j are %j', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});
