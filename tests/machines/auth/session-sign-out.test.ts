import { createActor, fromPromise } from 'xstate';
import type { Profile } from '../../../src/api/auth';
import { readDraft, writeDraft, type BuilderDraft } from '../../../src/drafts/draft';
import { t } from '../../../src/i18n/i18n';
import { sessionMachine, unsavedChangesText } from '../../../src/machines/auth/session-machine';
import { USER_ID_STORAGE_KEY } from '../../../src/drafts/storage';
import { flush } from '../model-paths';

const user: Profile = {
  full_name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone_number: '+44 20 7946 0000',
  is_staff: false,
  is_superuser: false,
};

function draftOf(owner: string, unsaved: boolean): BuilderDraft {
  return {
    version: 2,
    owner,
    cv: { name: '', template: 1 },
    formData: { Skills: { 'skill_name-1022-0': 'Lisp' } },
    stash: {},
    entryCounts: [1],
    completedSections: [],
    expandedSections: [0],
    isSaved: false,
    isEditing: false,
    unsaved,
    updatedAt: 1,
  };
}

async function signedIn() {
  localStorage.setItem(USER_ID_STORAGE_KEY, '7');
  const logout = vi.fn(async () => undefined);
  const actor = createActor(
    sessionMachine.provide({
      actors: { fetchProfile: fromPromise<Profile>(async () => user), logout: fromPromise<void>(logout) },
      actions: { redirectToAdmin: () => undefined },
    }),
  ).start();
  await flush();
  expect(actor.getSnapshot().value).toBe('authenticated');
  return { actor, logout };
}

beforeEach(() => localStorage.clear());

describe('signing out with unsaved CVs (drafts belong to one person)', () => {
  it("asks first, 'Go back' keeps everything, 'Sign out anyway' removes only this person's drafts", async () => {
    const { actor, logout } = await signedIn();
    writeDraft('7', 'new:a', draftOf('7', true));
    writeDraft('7', 'cv:b', draftOf('7', true));
    writeDraft('7', 'cv:c', draftOf('7', false));
    writeDraft('8', 'new:a', draftOf('8', true));

    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().value).toBe('confirmingLogout');
    const warning = unsavedChangesText(actor.getSnapshot().context.unsavedCvCount!);
    expect(warning).toEqual({
      id: 'You have unsaved changes in {count, plural, one {{count} CV} other {{count} CVs}}.',
      values: { count: 2 },
    });
    expect(t(warning)).toBe('You have unsaved changes in 2 CVs.');
    actor.send({ type: 'session.logoutCancel' });
    expect(actor.getSnapshot().value).toBe('authenticated');
    expect(readDraft('7', 'new:a')).toBeDefined();
    expect(logout).not.toHaveBeenCalled();

    actor.send({ type: 'session.logout' });
    actor.send({ type: 'session.logoutConfirm' });
    await flush();
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(logout).toHaveBeenCalledTimes(1);
    expect(readDraft('7', 'new:a')).toBeUndefined();
    expect(readDraft('7', 'cv:c')).toBeUndefined();
    expect(readDraft('8', 'new:a')).toBeDefined();
  });

  it('signs out at once when nothing is unsaved', async () => {
    const { actor, logout } = await signedIn();
    writeDraft('7', 'cv:c', draftOf('7', false));
    actor.send({ type: 'session.logout' });
    await flush();
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(logout).toHaveBeenCalledTimes(1);
    expect(readDraft('7', 'cv:c')).toBeUndefined();
  });

  it('says one CV in the singular', () => {
    expect(t(unsavedChangesText(1))).toBe('You have unsaved changes in 1 CV.');
    // The count as written, however large (a plural's '#' would group it: '1,000').
    expect(t(unsavedChangesText(1000))).toBe('You have unsaved changes in 1000 CVs.');
  });
});
