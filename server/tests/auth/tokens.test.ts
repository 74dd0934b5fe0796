import { checkToken, decodeUid, encodeUid, makeToken, type TokenSubject } from '../../src/auth/tokens.js';

const SECRET = 'unit-test-secret';
const subject: TokenSubject = { userId: 7, state: ['alice@example.com', 0, null] };
const issued = new Date('2026-01-01T12:00:00Z');
const HOUR = 60 * 60 * 1000;

describe('account tokens', () => {
  it('accept a fresh token for the same user and state', () => {
    const token = makeToken(SECRET, 'password-reset', subject, issued);
    expect(
      checkToken(SECRET, 'password-reset', subject, token, new Date(issued.getTime() + 1000), HOUR),
    ).toBe('valid');
  });

  it('expire after the maximum age, not before', () => {
    const token = makeToken(SECRET, 'password-reset', subject, issued);
    expect(
      checkToken(SECRET, 'password-reset', subject, token, new Date(issued.getTime() + HOUR), HOUR),
    ).toBe('valid');
    expect(
      checkToken(SECRET, 'password-reset', subject, token, new Date(issued.getTime() + HOUR + 1000), HOUR),
    ).toBe('expired');
  });

  it('are void once the bound state changes (single use)', () => {
    const token = makeToken(SECRET, 'email-confirmation', subject, issued);
    const confirmed: TokenSubject = {
      userId: 7,
      state: ['alice@example.com', 1, '2026-01-01T12:00:01.000Z'],
    };
    expect(checkToken(SECRET, 'email-confirmation', confirmed, token, issued, HOUR)).toBe('invalid');
  });

  it('belong to one user, one purpose and one secret', () => {
    const token = makeToken(SECRET, 'email-confirmation', subject, issued);
    expect(checkToken(SECRET, 'email-confirmation', { ...subject, userId: 8 }, token, issued, HOUR)).toBe(
      'invalid',
    );
    expect(checkToken(SECRET, 'password-reset', subject, token, issued, HOUR)).toBe('invalid');
    expect(checkToken('another-secret', 'email-confirmation', subject, token, issued, HOUR)).toBe('invalid');
  });

  it('refuse tampered, malformed and far-future tokens', () => {
    const token = makeToken(SECRET, 'password-reset', subject, issued);
    const [stamp, mac] = token.split('-') as [string, string];
    const flipped = `${stamp}-${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
    for (const bad of [
      flipped,
      `${(parseInt(stamp, 36) + 1).toString(36)}-${mac}`,
      '',
      'abc',
      `${stamp}-`,
      `${token}x`,
      'x'.repeat(500),
    ]) {
      expect(checkToken(SECRET, 'password-reset', subject, bad, issued, HOUR)).toBe('invalid');
    }
    const future = makeToken(SECRET, 'password-reset', subject, new Date(issued.getTime() + HOUR));
    expect(checkToken(SECRET, 'password-reset', subject, future, issued, HOUR)).toBe('invalid');
  });
});

describe('uid', () => {
  it('is the base64url of the decimal id, as in Django', () => {
    expect(encodeUid(1)).toBe('MQ');
    expect(encodeUid(1234)).toBe('MTIzNA');
    expect(decodeUid('MQ')).toBe(1);
    expect(decodeUid(encodeUid(987654))).toBe(987654);
  });

  it('also accepts the plain id, and nothing else', () => {
    expect(decodeUid('42')).toBe(42);
    for (const bad of ['', '0', 'MA', '-1', 'bm90LWEtbnVtYmVy', '!!', 'x'.repeat(100), '1'.repeat(30)]) {
      expect(decodeUid(bad)).toBeNull();
    }
  });
});
