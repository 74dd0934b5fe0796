import {
  compactFormData,
  dropEmptyValues,
  entriesFromFormData,
  entryCountOf,
  formDataKey,
  groupEntries,
  hasAnyValue,
  isFormDataEmpty,
  parseFormDataKey,
  remapFormData,
  cvFingerprint,
  stashSummary,
  switchTemplateValues,
  removeEntryValues,
} from '../../src/cv/form-data';
import { classicTemplate, timelineTemplate } from '../machines/builder/fixtures';

describe('form-data keys name-fieldId-repeatIndex', () => {
  it('builds and reads a key', () => {
    expect(formDataKey('job_title', 1009, 2)).toBe('job_title-1009-2');
    expect(parseFormDataKey('job_title-1009-2')).toEqual({ name: 'job_title', fieldId: 1009, index: 2 });
  });

  it('reads the id and the repeat index from the right, so names may hold hyphens and digits', () => {
    expect(parseFormDataKey('e-mail-2-0')).toEqual({ name: 'e-mail', fieldId: 2, index: 0 });
    expect(parseFormDataKey('line-1-address-77-3')).toEqual({
      name: 'line-1-address',
      fieldId: 77,
      index: 3,
    });
  });

  it.each(['', 'summary', 'summary-12', '-12-0', 'summary-x-0', 'summary-12-y'])('rejects %j', (key) => {
    expect(parseFormDataKey(key)).toBeUndefined();
  });
});

describe('values', () => {
  it('drops empty and blank strings', () => {
    expect(dropEmptyValues({ 'a-1-0': 'x', 'b-2-0': '', 'c-3-0': '   ' })).toEqual({ 'a-1-0': 'x' });
  });

  it('knows whether a section or the whole form holds a value', () => {
    expect(hasAnyValue({ 'a-1-0': ' ' })).toBe(false);
    expect(hasAnyValue({ 'a-1-0': ' ', 'b-2-0': 'y' })).toBe(true);
    expect(hasAnyValue(undefined)).toBe(false);
    expect(isFormDataEmpty({ A: { 'a-1-0': '' }, B: {} })).toBe(true);
    expect(isFormDataEmpty({ A: { 'a-1-0': '' }, B: { 'b-2-0': 'z' } })).toBe(false);
  });

  it('compacts form data for a request: no blank values, no empty sections', () => {
    expect(compactFormData({ A: { 'a-1-0': '' }, B: { 'b-2-0': 'z', 'c-3-0': '' } })).toEqual({
      B: { 'b-2-0': 'z' },
    });
  });

  it('turns form data into save entries, blank values left out', () => {
    expect(
      entriesFromFormData({
        'Work Experience': {
          'job_title-1009-1': 'CTO',
          'job_title-1009-0': 'Engineer',
          'company-1010-0': '',
        },
        'Personal Details': { 'full_name-1001-0': 'Ada' },
      }),
    ).toEqual([
      { value: 'Ada', index: 0, section_field: 1001 },
      { value: 'Engineer', index: 0, section_field: 1009 },
      { value: 'CTO', index: 1, section_field: 1009 },
    ]);
  });

  it('counts the entries a section shows', () => {
    expect(entryCountOf(undefined)).toBe(1);
    expect(entryCountOf({})).toBe(1);
    expect(entryCountOf({ 'job_title-1009-0': 'a', 'job_title-1009-2': 'c' })).toBe(3);
  });

  it('removes an entry and moves the later ones up', () => {
    expect(
      removeEntryValues(
        { 'job-1-0': 'first', 'job-1-1': 'second', 'job-1-2': 'third', 'co-2-2': 'Third Co' },
        1,
      ),
    ).toEqual({ 'job-1-0': 'first', 'job-1-1': 'third', 'co-2-1': 'Third Co' });
  });
});

describe('grouping of a saved CV by section then row', () => {
  it('puts each entry in the section owning its field, rows by index, and marks those sections completed', () => {
    const grouped = groupEntries(classicTemplate.sections, [
      { value: 'CTO', index: 1, section_field: 1009 },
      { value: 'Ada Lovelace', index: 0, section_field: 1001 },
      { value: 'Engineer', index: 0, section_field: 1009 },
      { value: 'Acme', index: 0, section_field: 1010 },
      { value: 'Lisp', index: 0, section_field: 1022 },
      { value: 'orphan', index: 0, section_field: 9999 },
      { value: '', index: 0, section_field: 1008 },
    ]);
    expect(grouped.formData).toEqual({
      'Personal Details': { 'full_name-1001-0': 'Ada Lovelace' },
      'Professional Summary': {},
      'Work Experience': {
        'job_title-1009-0': 'Engineer',
        'company-1010-0': 'Acme',
        'job_title-1009-1': 'CTO',
      },
      Skills: { 'skill_name-1022-0': 'Lisp' },
    });
    expect(grouped.entryCounts).toEqual([1, 1, 2, 1]);
    expect(grouped.completedSections).toEqual([0, 2, 3]);
  });

  it('closes gaps between saved rows', () => {
    const grouped = groupEntries(classicTemplate.sections, [
      { value: 'A', index: 0, section_field: 1022 },
      { value: 'C', index: 5, section_field: 1022 },
    ]);
    expect(grouped.formData.Skills).toEqual({ 'skill_name-1022-0': 'A', 'skill_name-1022-1': 'C' });
    expect(grouped.entryCounts[3]).toBe(2);
  });
});

describe('template switch keeps every value whose field name exists in the new template', () => {
  const formData = {
    'Personal Details': { 'full_name-1001-0': 'Ada', 'phone-1004-0': '+1 555', 'location-1005-0': 'London' },
    'Professional Summary': { 'summary-1008-0': 'Builds things' },
    'Work Experience': {
      'job_title-1009-0': 'Engineer',
      'location-1011-0': 'Paris',
      'job_title-1009-1': 'CTO',
      'start_date-1012-1': '2020-01-01',
      'company-1010-1': '',
    },
    Skills: { 'skill_name-1022-0': 'Lisp' },
  };

  it('moves values to the fields of the same name, with the new ids, in the matching sections', () => {
    expect(remapFormData(classicTemplate.sections, timelineTemplate.sections, formData)).toEqual({
      'Personal Details': { 'full_name-4001-0': 'Ada', 'location-4005-0': 'London' },
      'Career History': {
        'job_title-4009-0': 'Engineer',
        'location-4011-0': 'Paris',
        'job_title-4009-1': 'CTO',
        'start_date-4012-1': '2020-01-01',
      },
      Education: {},
    });
  });

  it('brings them back when switching back, minus the fields the other template lacked', () => {
    const there = remapFormData(classicTemplate.sections, timelineTemplate.sections, formData);
    const back = remapFormData(timelineTemplate.sections, classicTemplate.sections, there);
    expect(back['Work Experience']).toEqual({
      'job_title-1009-0': 'Engineer',
      'location-1011-0': 'Paris',
      'job_title-1009-1': 'CTO',
      'start_date-1012-1': '2020-01-01',
    });
    expect(back['Personal Details']).toEqual({ 'full_name-1001-0': 'Ada', 'location-1005-0': 'London' });
  });
});

describe('a template switch never loses a value: what has no place waits in the stash', () => {
  const formData = {
    'Personal Details': {
      'full_name-1001-0': 'Ada',
      'phone-1004-0': '+1 555 0100',
      'location-1005-0': 'London',
    },
    'Professional Summary': { 'summary-1008-0': 'Builds things' },
    'Work Experience': {
      'job_title-1009-0': 'Engineer',
      'currently_working-1014-0': 'true',
      'job_title-1009-1': 'CTO',
    },
    Skills: { 'skill_name-1022-0': 'Lisp', 'skill_name-1022-1': 'Go' },
  };

  it('keeps what the new template cannot show, by the section it was typed in', () => {
    const there = switchTemplateValues(classicTemplate.sections, timelineTemplate.sections, formData);
    expect(there.stash).toEqual({
      'Personal Details': { 'phone-1004-0': '+1 555 0100' },
      'Professional Summary': { 'summary-1008-0': 'Builds things' },
      'Work Experience': { 'currently_working-1014-0': 'true' },
      Skills: { 'skill_name-1022-0': 'Lisp', 'skill_name-1022-1': 'Go' },
    });
    expect(stashSummary(there.stash, timelineTemplate.sections)).toEqual([
      'Personal Details (phone)',
      'Professional Summary',
      'Work Experience',
      'Skills',
    ]);
  });

  it('puts every value back when switching back (1 → 4 → 1)', () => {
    const there = switchTemplateValues(classicTemplate.sections, timelineTemplate.sections, formData);
    const back = switchTemplateValues(
      timelineTemplate.sections,
      classicTemplate.sections,
      there.formData,
      there.stash,
    );
    expect(back.stash).toEqual({});
    expect(back.formData).toEqual(formData);
  });

  it('lets a value on screen win over a stashed one for the same place, and keeps the other', () => {
    const switched = switchTemplateValues(
      classicTemplate.sections,
      classicTemplate.sections,
      { 'Professional Summary': { 'summary-1008-0': 'New text' } },
      { 'Professional Summary': { 'summary-1008-0': 'Old text' } },
    );
    expect(switched.formData['Professional Summary']).toEqual({ 'summary-1008-0': 'New text' });
    expect(switched.stash).toEqual({ 'Professional Summary': { 'summary-1008-0': 'Old text' } });
  });
});

describe('cvFingerprint', () => {
  it('is the same for the same name, template and values, whatever the key order or blanks', () => {
    const a = cvFingerprint(
      { name: 'Mine', template: 1 },
      { Skills: { 'skill_name-1022-1': 'Go', 'skill_name-1022-0': 'Lisp' } },
    );
    const b = cvFingerprint(
      { name: 'Mine', template: 1 },
      {
        Skills: { 'skill_name-1022-0': 'Lisp', 'skill_name-1022-1': 'Go', 'skill_name-1022-2': ' ' },
        Other: {},
      },
    );
    expect(a).toBe(b);
    expect(cvFingerprint({ name: 'Other', template: 1 }, {})).not.toBe(
      cvFingerprint({ name: 'Mine', template: 1 }, {}),
    );
  });
});
