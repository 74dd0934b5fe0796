import { isRight, type Either } from 'fp-ts/Either';
import type { Errors } from 'io-ts';
import { PathReporter } from 'io-ts/PathReporter';
import { Tag, TagList, Template, TemplateDetail, TemplateList, isInCategory } from '../../src/api/templates';

function decode<A>(codec: { decode: (input: unknown) => Either<Errors, A> }, input: unknown): A {
  const result = codec.decode(input);
  if (!isRight(result)) throw new Error(PathReporter.report(result).join('\n'));
  return result.right;
}

describe('Tag codec: value or id, label or name', () => {
  it.each([
    [{ value: 1, label: 'Professional' }],
    [{ id: 1, name: 'Professional' }],
    [{ value: '1', name: 'Professional' }],
    [{ id: '1', label: 'Professional' }],
  ])('accepts %j', (raw) => {
    expect(decode(Tag, raw)).toEqual({ value: '1', label: 'Professional' });
  });

  it('prefers value over id and label over name when both spellings arrive', () => {
    expect(decode(Tag, { value: 2, id: 9, label: 'Modern', name: 'Other' })).toEqual({
      value: '2',
      label: 'Modern',
    });
  });

  it('rejects a tag without an identifier or without a name', () => {
    expect(isRight(Tag.decode({ label: 'Professional' }))).toBe(false);
    expect(isRight(Tag.decode({ id: 1 }))).toBe(false);
  });

  it('decodes a list given as a plain array or as { results }', () => {
    const tags = [
      { id: 1, name: 'Professional' },
      { value: 2, label: 'Modern' },
    ];
    const expected = [
      { value: '1', label: 'Professional' },
      { value: '2', label: 'Modern' },
    ];
    expect(decode(TagList, tags)).toEqual(expected);
    expect(decode(TagList, { count: 2, results: tags })).toEqual(expected);
  });
});

describe('Template codec', () => {
  it('keeps id, name and icon and normalises every spelling of the category', () => {
    const base = { id: 3, name: 'Modern Split', icon: '/static/templates/modern-split/icon.png' };
    expect(decode(Template, { ...base, category: { id: 2, name: 'Modern' } }).category).toEqual({
      value: '2',
      label: 'Modern',
    });
    expect(decode(Template, { ...base, category: { value: 2, label: 'Modern' } }).category).toEqual({
      value: '2',
      label: 'Modern',
    });
    expect(decode(Template, { ...base, category: 2 }).category).toEqual({ value: '2' });
    expect(decode(Template, { ...base, category: 'Modern' }).category).toEqual({
      value: 'Modern',
      label: 'Modern',
    });
    expect(decode(Template, { ...base, category: null }).category).toBeNull();
    expect(decode(Template, base)).toEqual({ ...base, category: null });
  });

  it('accepts a numeric string id and treats a blank icon as none', () => {
    expect(decode(Template, { id: '4', name: 'Clean', icon: '' })).toEqual({
      id: 4,
      name: 'Clean',
      icon: null,
      category: null,
    });
  });

  it('rejects a template whose id is not numeric', () => {
    expect(isRight(Template.decode({ id: 'abc', name: 'Clean' }))).toBe(false);
  });

  it('decodes the list as a plain array or as { results }', () => {
    const raw = [{ id: 1, name: 'Executive Classic', icon: null, category: 1 }];
    expect(decode(TemplateList, raw)).toHaveLength(1);
    expect(decode(TemplateList, { results: raw })).toHaveLength(1);
    expect(isRight(TemplateList.decode({ detail: 'nope' }))).toBe(false);
  });

  it('decodes a full template with sections and input fields, filling optional parts', () => {
    const detail = decode(TemplateDetail, {
      id: 1,
      name: 'Executive Classic',
      icon: '/icon.png',
      category: { id: 1, name: 'Professional' },
      sections: [
        {
          id: 101,
          name: 'Personal Details',
          description: 'Who you are',
          created: '2024-01-01T00:00:00Z',
          last_updated: '2024-01-01T00:00:00Z',
          is_active: true,
          is_required: true,
          is_repeatable: false,
          input_fields: [
            {
              id: 1001,
              name: 'full_name',
              widget_label: 'Full Name',
              widget_type: 'text-input',
              description: '',
              is_required: true,
            },
            { id: '1002', name: 'mystery' },
          ],
        },
        { name: 'Skills' },
      ],
    });
    expect(detail.sections[0]!.input_fields[1]).toEqual({
      id: 1002,
      name: 'mystery',
      widget_label: 'mystery',
      widget_type: 'text-input',
      description: '',
      is_required: false,
    });
    expect(detail.sections[1]).toEqual({
      name: 'Skills',
      description: '',
      is_active: true,
      is_required: false,
      is_repeatable: false,
      input_fields: [],
    });
    expect(decode(TemplateDetail, { id: 2, name: 'No sections' }).sections).toEqual([]);
  });
});

describe('isInCategory', () => {
  const professional = { value: '1', label: 'Professional' };
  it('matches by value, or by label for backends that send names', () => {
    expect(isInCategory({ value: '1', label: 'Professional' }, professional)).toBe(true);
    expect(isInCategory({ value: '1' }, professional)).toBe(true);
    expect(isInCategory({ value: 'Professional', label: 'professional ' }, professional)).toBe(true);
    expect(isInCategory({ value: '2', label: 'Modern' }, professional)).toBe(false);
    expect(isInCategory(null, professional)).toBe(false);
  });
});
