import { prefillFromAccount } from '../../src/cv/account-prefill';
import { hasUnsavedChanges, loadBuilderCv, newCv } from '../../src/drafts/load-cv';
import { classicTemplate } from '../machines/builder/fixtures';

const ACCOUNT = { full_name: 'Ada Lovelace', email: 'ada@example.com', phone_number: '+44 20 7946 0000' };
const empty = () => Object.fromEntries(classicTemplate.sections.map((section) => [section.name, {}]));

describe('a new CV prefilled from the account', () => {
  it("fills the personal details' name, email and phone, nothing else", () => {
    expect(prefillFromAccount(classicTemplate, empty(), ACCOUNT)['Personal Details']).toEqual({
      'full_name-1001-0': 'Ada Lovelace',
      'email-1003-0': 'ada@example.com',
      'phone-1004-0': '+44 20 7946 0000',
    });
  });

  it('never writes over a value already there, and leaves out what the account lacks', () => {
    const formData = { ...empty(), 'Personal Details': { 'email-1003-0': 'work@example.com' } };
    expect(
      prefillFromAccount(classicTemplate, formData, { ...ACCOUNT, full_name: '  ', phone_number: null })[
        'Personal Details'
      ],
    ).toEqual({ 'email-1003-0': 'work@example.com' });
    expect(prefillFromAccount(classicTemplate, formData, undefined)).toBe(formData);
  });

  it('starts the new CV there without calling it unsaved', () => {
    const loaded = newCv(classicTemplate, 'draft-1', '', 'A4', 'en', ACCOUNT);
    expect(loaded.formData['Personal Details']['full_name-1001-0']).toBe('Ada Lovelace');
    expect(loaded.completedSections).toEqual([]);
    expect(hasUnsavedChanges(loaded)).toBe(false);
    const typed = {
      ...loaded,
      formData: { ...loaded.formData, 'Professional Summary': { 'summary-1008-0': 'Counts.' } },
    };
    expect(hasUnsavedChanges(typed)).toBe(true);
  });

  it("never fills a draft: the person's own words come back as they left them", async () => {
    const draftWords = { 'full_name-1001-0': 'A. L.' };
    const loaded = await loadBuilderCv(
      { kind: 'new', templateId: 1, draftId: 'draft-1' },
      {
        getGeneratedCv: () => Promise.reject(new Error('not used')),
        getTemplate: () => Promise.resolve(classicTemplate),
        readDraft: () => ({
          cv: { name: '', template: 1 },
          formData: { ...empty(), 'Personal Details': draftWords },
          entryCounts: [1, 1, 1, 1],
          completedSections: [],
          expandedSections: [0],
          savedAt: Date.now(),
        }) as never,
        removeDraft: () => undefined,
        mintDraftId: () => 'draft-2',
      },
      undefined,
      'A4',
      'en',
      ACCOUNT,
    );
    expect(loaded.formData['Personal Details']).toEqual(draftWords);
  });
});
