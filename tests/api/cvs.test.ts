import { isRight, type Either } from 'fp-ts/Either';
import type { Errors } from 'io-ts';
import { PathReporter } from 'io-ts/PathReporter';
import {
  CvFieldEntryList,
  GeneratedCvDetail,
  GeneratedCvList,
  RelatedId,
  SavedGeneratedCv,
  idFromUrl,
} from '../../src/api/cvs';

function decode<A>(codec: { decode: (input: unknown) => Either<Errors, A> }, input: unknown): A {
  const result = codec.decode(input);
  if (!isRight(result)) throw new Error(PathReporter.report(result).join('\n'));
  return result.right;
}

const listed = {
  id: 7,
  uuid: '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f',
  url: 'http://localhost:8000/v1/GeneratedCV/7/',
  name: 'Software Engineer 2024',
  template: 1,
  created: '2024-05-01T09:30:00.000Z',
  last_updated: '2024-05-02T10:15:00.000Z',
};

describe('idFromUrl', () => {
  it.each([
    ['http://localhost:8000/v1/GeneratedCV/7/', 7],
    ['/v1/GeneratedCV/42', 42],
    ['https://api.example.com:8443/v1/GeneratedCV/12/?format=json#top', 12],
    ['http://10.0.0.1/v1/GeneratedCV/3f2b8c1e/', undefined],
    ['', undefined],
    [null, undefined],
  ])('%s → %s', (url, id) => {
    expect(idFromUrl(url)).toBe(id);
  });
});

describe('GeneratedCV list codec (list quirks)', () => {
  it('decodes a plain array', () => {
    expect(decode(GeneratedCvList, [listed])).toEqual([listed]);
  });

  it('decodes { results: [...] }', () => {
    expect(decode(GeneratedCvList, { count: 1, next: null, results: [listed] })).toEqual([listed]);
  });

  it('derives a missing id from the last numeric segment of url', () => {
    const { id: _, ...withoutId } = listed;
    expect(
      decode(GeneratedCvList, [{ ...withoutId, url: 'http://localhost:8000/v1/GeneratedCV/31/' }])[0]!.id,
    ).toBe(31);
    expect(decode(GeneratedCvList, [{ ...withoutId, id: null, url: '/v1/GeneratedCV/32/' }])[0]!.id).toBe(32);
  });

  it('drops items that have no id and no url to take one from', () => {
    const { id: _, ...withoutId } = listed;
    const cvs = decode(GeneratedCvList, [
      { ...withoutId, url: undefined },
      { ...withoutId, url: 'http://localhost/v1/GeneratedCV/not-a-number/' },
      { ...listed, id: 8 },
    ]);
    expect(cvs.map((cv) => cv.id)).toEqual([8]);
  });

  it('accepts a template given as a numeric string or as its address', () => {
    expect(decode(GeneratedCvList, [{ ...listed, template: '2' }])[0]!.template).toBe(2);
    expect(
      decode(GeneratedCvList, [{ ...listed, template: 'http://localhost/v1/CvTemplate/5/' }])[0]!.template,
    ).toBe(5);
  });

  it('reads a missing name as empty and leaves out absent optional fields', () => {
    expect(decode(GeneratedCvList, [{ id: 4, template: 1, name: null }])).toEqual([
      { id: 4, name: '', template: 1 },
    ]);
  });

  it('fails with a readable reason on something that is not a list', () => {
    const result = GeneratedCvList.decode({ detail: 'Not found.' });
    expect(isRight(result)).toBe(false);
    if (!isRight(result))
      expect(PathReporter.report(result).join('\n')).toMatch(
        /expected an array or an object with a results array/,
      );
  });

  it('fails on an item without a template', () => {
    expect(isRight(GeneratedCvList.decode([{ id: 1, name: 'x' }]))).toBe(false);
  });
});

describe('GeneratedCV detail codec', () => {
  const entries = [
    { id: 101, value: 'Ada Lovelace', index: 0, section_field: 1001 },
    { value: 'Engine Designer', index: 1, section_field: 1009 },
  ];

  it('keeps entries (value, index, section_field; id when sent)', () => {
    const detail = decode(GeneratedCvDetail, { ...listed, entries });
    expect(detail.entries).toEqual(entries);
    expect(detail.id).toBe(7);
  });

  it('takes the id from the url and accepts a CV identified by uuid only', () => {
    const { id: _, ...withoutId } = listed;
    expect(decode(GeneratedCvDetail, { ...withoutId, entries }).id).toBe(7);
    const byUuid = decode(GeneratedCvDetail, { uuid: listed.uuid, name: 'x', template: 1, entries: [] });
    expect(byUuid.id).toBeUndefined();
    expect(byUuid.uuid).toBe(listed.uuid);
  });

  it('rejects a CV with no way to address it', () => {
    expect(isRight(GeneratedCvDetail.decode({ name: 'x', template: 1, entries: [] }))).toBe(false);
  });

  it('reads missing entries as none and null values as empty text', () => {
    expect(decode(GeneratedCvDetail, listed).entries).toEqual([]);
    expect(
      decode(GeneratedCvDetail, { ...listed, entries: [{ value: null, index: '0', section_field: '1001' }] })
        .entries,
    ).toEqual([{ value: '', index: 0, section_field: 1001 }]);
  });

  it('rejects an entry with a negative index', () => {
    expect(
      isRight(
        GeneratedCvDetail.decode({ ...listed, entries: [{ value: 'x', index: -1, section_field: 1 }] }),
      ),
    ).toBe(false);
  });
});

describe('saved CV codec: 201 with id and uuid', () => {
  it('needs both an id (or url) and a uuid', () => {
    expect(decode(SavedGeneratedCv, { ...listed, entries: [] })).toMatchObject({ id: 7, uuid: listed.uuid });
    expect(isRight(SavedGeneratedCv.decode({ ...listed, uuid: undefined }))).toBe(false);
    expect(isRight(SavedGeneratedCv.decode({ ...listed, id: undefined, url: undefined }))).toBe(false);
  });
});

describe('CVFieldEntry list codec', () => {
  it('decodes a results array or a plain array', () => {
    const results = [{ id: 1, value: 'Ada', index: 0, section_field: 1001, generated_cv: 7 }];
    const expected = [{ id: 1, value: 'Ada', index: 0, section_field: 1001 }];
    expect(decode(CvFieldEntryList, { results })).toEqual(expected);
    expect(decode(CvFieldEntryList, results)).toEqual(expected);
  });
});

describe('RelatedId', () => {
  it('rejects text that is neither a number nor an address', () => {
    expect(isRight(RelatedId.decode('seven'))).toBe(false);
    expect(isRight(RelatedId.decode(1.5))).toBe(false);
  });
});
