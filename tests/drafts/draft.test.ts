import {
  DRAFT_KEY_PREFIX,
  draftKey,
  readDraft,
  removeDraft,
  removeDraftsOf,
  removeOwnerlessDrafts,
  unsavedDrafts,
  writeDraft,
  type BuilderDraft,
} from '../../src/drafts/draft';

function draftOf(owner: string, overrides: Partial<BuilderDraft> = {}): BuilderDraft {
  return {
    version: 2,
    owner,
    cv: { name: 'Mine', template: 1 },
    formData: { Skills: { 'skill_name-1022-0': 'Lisp' } },
    stash: {},
    entryCounts: [1],
    completedSections: [],
    expandedSections: [0],
    isSaved: false,
    isEditing: false,
    unsaved: true,
    updatedAt: 1,
    ...overrides,
  };
}

beforeEach(() => localStorage.clear());

describe('builder drafts in local storage: one person, one CV', () => {
  it("writes, reads and removes a person's draft of a CV", () => {
    writeDraft('7', 'new:a', draftOf('7'));
    expect(localStorage.getItem(draftKey('7', 'new:a'))).not.toBeNull();
    expect(readDraft('7', 'new:a')).toEqual(draftOf('7'));
    expect(readDraft('7', 'new:b')).toBeUndefined();
    removeDraft('7', 'new:a');
    expect(readDraft('7', 'new:a')).toBeUndefined();
  });

  it("never reads another person's draft, even when it is copied under one's own key", () => {
    writeDraft('7', 'new:a', draftOf('7'));
    expect(readDraft('8', 'new:a')).toBeUndefined();
    localStorage.setItem(draftKey('8', 'new:a'), localStorage.getItem(draftKey('7', 'new:a'))!);
    expect(readDraft('8', 'new:a')).toBeUndefined();
  });

  it.each(['not json', '{"version":2}', JSON.stringify({ ...draftOf('7'), formData: { Skills: { k: 3 } } })])(
    'ignores a damaged draft: %s',
    (raw) => {
      localStorage.setItem(draftKey('7', 'new:a'), raw);
      expect(readDraft('7', 'new:a')).toBeUndefined();
    },
  );

  it("lists a person's unsaved drafts, newest first, and removes only that person's on sign-out", () => {
    writeDraft('7', 'new:a', draftOf('7', { updatedAt: 1, cv: { name: 'Older', template: 1 } }));
    writeDraft('7', 'cv:b', draftOf('7', { updatedAt: 5, cv: { name: 'Newer', template: 1 } }));
    writeDraft('7', 'cv:c', draftOf('7', { unsaved: false }));
    writeDraft('8', 'new:a', draftOf('8'));
    localStorage.setItem('chakra-ui-color-mode', 'dark');
    expect(unsavedDrafts('7').map((draft) => draft.cv.name)).toEqual(['Newer', 'Older']);
    removeDraftsOf('7');
    expect(unsavedDrafts('7')).toEqual([]);
    expect(readDraft('7', 'cv:c')).toBeUndefined();
    expect(readDraft('8', 'new:a')).toBeDefined();
    expect(localStorage.getItem('chakra-ui-color-mode')).toBe('dark');
  });

  it('removes drafts from before drafts had an owner, unread, and nothing else', () => {
    localStorage.setItem(`${DRAFT_KEY_PREFIX}3`, JSON.stringify({ version: 1 }));
    writeDraft('7', 'new:a', draftOf('7'));
    localStorage.setItem('user_id', '7');
    removeOwnerlessDrafts();
    expect(localStorage.getItem(`${DRAFT_KEY_PREFIX}3`)).toBeNull();
    expect(readDraft('7', 'new:a')).toBeDefined();
    expect(localStorage.getItem('user_id')).toBe('7');
  });
});
