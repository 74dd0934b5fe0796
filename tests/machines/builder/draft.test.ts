import {
  draftKey,
  readDraft,
  removeDraft,
  writeDraft,
  type BuilderDraft,
} from '../../../src/machines/builder/draft';

const draft: BuilderDraft = {
  version: 1,
  cv: { name: 'Mine', template: 1 },
  formData: { Skills: { 'skill_name-1022-0': 'Lisp' } },
  entryCounts: [1],
  completedSections: [],
  expandedSections: [0],
  isSaved: false,
  isEditing: false,
};

beforeEach(() => localStorage.clear());

describe('builder drafts in local storage (spec §4: the CV and form state are persisted locally)', () => {
  it('writes, reads and removes the draft of an address', () => {
    writeDraft('1', draft);
    expect(localStorage.getItem(draftKey('1'))).not.toBeNull();
    expect(readDraft('1')).toEqual(draft);
    expect(readDraft('2')).toBeUndefined();
    removeDraft('1');
    expect(readDraft('1')).toBeUndefined();
  });

  it.each(['not json', '{"version":2}', JSON.stringify({ ...draft, formData: { Skills: { k: 3 } } })])(
    'ignores a damaged draft: %s',
    (raw) => {
      localStorage.setItem(draftKey('1'), raw);
      expect(readDraft('1')).toBeUndefined();
    },
  );
});
