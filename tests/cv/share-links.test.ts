import type { Share } from '../../src/api/shares';
import {
  EMPTY_SHARE_DRAFT,
  chartBars,
  chartSummary,
  endOfLocalDay,
  newShareOf,
  refusalAtField,
  refusedDraftField,
  shareDraftProblems,
  shareState,
} from '../../src/cv/share-links';
import {
  SHARE_EXPIRY_INVALID,
  SHARE_EXPIRY_NOT_IN_FUTURE,
  SHARE_LABEL_REQUIRED,
  SHARE_LABEL_TOO_LONG,
  SHARE_PASSWORD_LENGTH,
  shareExpiryInstant,
} from '../../rules/shares';
import { t } from '../../src/i18n/i18n';

const NOW = new Date('2026-11-26T12:00:00.000Z');

describe('the new-link form', () => {
  it.each([
    [{ label: '' }, { label: SHARE_LABEL_REQUIRED }],
    [{ label: ' \t ' }, { label: SHARE_LABEL_REQUIRED }],
    [{ label: 'x'.repeat(81) }, { label: SHARE_LABEL_TOO_LONG }],
    [{ label: '😀'.repeat(80) }, {}],
    [{ label: 'Acme', password: 'seven77' }, { password: SHARE_PASSWORD_LENGTH }],
    [{ label: 'Acme', password: 'x'.repeat(129) }, { password: SHARE_PASSWORD_LENGTH }],
    [{ label: 'Acme', password: 'eight888' }, {}],
    [{ label: 'Acme', expiresOn: '2026-02-30' }, { expiresOn: SHARE_EXPIRY_INVALID }],
    [{ label: 'Acme', expiresOn: '2020-01-01' }, { expiresOn: SHARE_EXPIRY_NOT_IN_FUTURE }],
    [{ label: 'Acme', expiresOn: '2099-01-01' }, {}],
  ])('%j → %j', (draft, problems) => {
    expect(shareDraftProblems({ ...EMPTY_SHARE_DRAFT, ...draft }, NOW)).toEqual(problems);
  });

  it('sends the label trimmed and only the options chosen', () => {
    expect(newShareOf({ ...EMPTY_SHARE_DRAFT, label: '  Acme Corp ' })).toEqual({ label: 'Acme Corp' });
    expect(
      newShareOf({ label: 'Acme', password: 'correct horse', expiresOn: '2099-12-31', version: '3' }),
    ).toEqual({
      label: 'Acme',
      password: 'correct horse',
      expires_at: endOfLocalDay('2099-12-31'),
      version: 3,
    });
  });

  it('an expiry date ends at the end of that day where the person is', () => {
    const end = new Date(endOfLocalDay('2099-03-01')!);
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes()]).toEqual([
      2099, 2, 1, 23, 59,
    ]);
    expect(endOfLocalDay('2099-02-29')).toBeUndefined();
    expect(endOfLocalDay('tomorrow')).toBeUndefined();
  });

  it.each([
    ['label: must be at most 80 characters.', undefined, 'label'],
    ['password: must be at least 8 characters.', undefined, 'password'],
    ['expires_at: must be in the future.', undefined, 'expiresOn'],
    ['version: this CV has no version 99.', undefined, 'version'],
    ['This CV already has 50 links that work: revoke one before making another.', undefined, undefined],
    ['Something is wrong.', 'label', 'label'],
  ])('a refusal %j (field %j) is said at %j', (detail, field, expected) => {
    expect(refusedDraftField(detail, field)).toBe(expected);
  });

  it('says a refusal at its field without the field name', () => {
    expect(refusalAtField('label: must be at most 80 characters.')).toBe('Must be at most 80 characters.');
    expect(refusalAtField('That is not right.')).toBe('That is not right.');
    // The colon as French and Japanese write it.
    expect(refusalAtField('label\u00a0: doit comporter au plus 80\u00a0caractères.')).toBe(
      'Doit comporter au plus 80\u00a0caractères.',
    );
    expect(refusalAtField('label：80文字以内にしてください。')).toBe('80文字以内にしてください。');
  });
});

describe('the expiry rule said once (rules/shares.ts)', () => {
  it('reads a date as the end of that day in UTC and a date-time as that instant', () => {
    expect(shareExpiryInstant('2026-12-31')?.toISOString()).toBe('2026-12-31T23:59:59.999Z');
    expect(shareExpiryInstant('2026-12-31T10:00:00+01:00')?.toISOString()).toBe('2026-12-31T09:00:00.000Z');
    expect(shareExpiryInstant('2026-02-31')).toBeUndefined();
    expect(shareExpiryInstant('next week')).toBeUndefined();
  });
});

const share = (extra: Partial<Share>): Share => ({
  id: 1,
  slug: 'AcmeCorpLinkSlug0000001',
  url: 'http://127.0.0.1/s/AcmeCorpLinkSlug0000001',
  label: 'Acme Corp',
  hasPassword: false,
  expiresAt: null,
  version: null,
  created: '2026-11-01T10:00:00.000Z',
  lastViewed: null,
  revokedAt: null,
  views: 0,
  downloads: 0,
  daily: [],
  ...extra,
});

describe("a link's state and counts", () => {
  it('is revoked, expired or live', () => {
    expect(shareState(share({ revokedAt: '2026-11-02T10:00:00.000Z' }), NOW)).toBe('revoked');
    expect(shareState(share({ expiresAt: '2026-11-25T23:59:59.999Z' }), NOW)).toBe('expired');
    expect(shareState(share({ expiresAt: '2026-11-26T23:59:59.999Z' }), NOW)).toBe('live');
    expect(shareState(share({}), NOW)).toBe('live');
  });

  it('draws each day as a part of the busiest one', () => {
    const bars = chartBars([
      { date: '2026-11-24', views: 0, downloads: 0 },
      { date: '2026-11-25', views: 3, downloads: 1 },
      { date: '2026-11-26', views: 1, downloads: 1 },
    ]);
    expect(bars.map((bar) => [bar.viewsHeight, bar.downloadsHeight])).toEqual([
      [0, 0],
      [0.75, 0.25],
      [0.25, 0.25],
    ]);
    // An empty month draws no bar taller than nothing (no division by zero).
    expect(chartBars([{ date: '2026-11-24', views: 0, downloads: 0 }])[0]!.viewsHeight).toBe(0);
  });

  it('says the chart in words', () => {
    // One message per sentence, said one after the other (in English here).
    const inWords = (days: Parameters<typeof chartSummary>[0]) =>
      chartSummary(days)
        .map((sentence) => t(sentence))
        .join(' ');
    expect(inWords([])).toBe('No daily counts yet.');
    expect(inWords([{ date: '2026-11-26', views: 0, downloads: 0 }])).toBe('Today: no views or downloads.');
    const twoDays = [
      { date: '2026-11-25', views: 3, downloads: 1 },
      { date: '2026-11-26', views: 1, downloads: 0 },
    ];
    expect(chartSummary(twoDays)[0]).toEqual({
      id: 'Last {days} days: {views, plural, one {{views} view} other {{views} views}} and {downloads, plural, one {{downloads} download} other {{downloads} downloads}}.',
      values: { days: 2, views: 4, downloads: 1 },
    });
    expect(inWords(twoDays)).toMatch(
      /^Last 2 days: 4 views and 1 download\. Busiest day .*25.*: 3 views, 1 download\.$/,
    );
  });
});
