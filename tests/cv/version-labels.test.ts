import { REASON_LABELS, deliveryText, versionTitle, versionTime } from '../../src/cv/version-labels';
import { t } from '../../src/i18n/i18n';

describe('version labels', () => {
  it('words each delivery with its day, and the year only when it is another', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    expect(deliveryText({ kind: 'pdf', at: '2026-03-03T10:00:00Z' }, now)).toEqual({
      id: 'PDF downloaded {day}',
      values: { day: '3 Mar' },
    });
    // In English, as before: the day first ('en-GB'), whatever the browser's own locale.
    expect(t(deliveryText({ kind: 'pdf', at: '2026-03-03T10:00:00Z' }, now, 'en'))).toBe(
      'PDF downloaded 3 Mar',
    );
    expect(t(deliveryText({ kind: 'docx', at: '2026-03-03T10:00:00Z' }, now))).toBe('Word downloaded 3 Mar');
    expect(t(deliveryText({ kind: 'email', at: '2025-12-24T10:00:00Z' }, now))).toBe('Emailed 24 Dec 2025');
  });

  it('names a version by its number and its name', () => {
    expect(versionTitle({ number: 3, name: null })).toEqual({
      id: 'Version {number}',
      values: { number: 3 },
    });
    expect(t(versionTitle({ number: 3, name: null }))).toBe('Version 3');
    expect(t(versionTitle({ number: 3, name: 'Sent to Acme' }))).toBe('Version 3 · Sent to Acme');
  });

  it('has a label for every reason, and a readable time', () => {
    expect(Object.values(REASON_LABELS)).toHaveLength(5);
    expect(versionTime('2026-03-03T10:05:00Z')).toMatch(/3 Mar 2026/);
    expect(versionTime('2026-03-03T10:05:00Z', 'en')).toMatch(/3 Mar 2026/);
    expect(versionTime('not a date')).toBe('not a date');
  });

  it('writes dates the way another interface language writes them', () => {
    expect(versionTime('2026-03-03T10:05:00Z', 'de')).toMatch(/3\. März 2026/);
    expect(
      deliveryText({ kind: 'pdf', at: '2026-03-03T10:00:00Z' }, new Date('2026-06-01T12:00:00Z'), 'de'),
    ).toEqual({ id: 'PDF downloaded {day}', values: { day: '3. März' } });
  });
});
