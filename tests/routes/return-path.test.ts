import { safeReturnPath, validateSignInSearch } from '../../src/routes/return-path';

describe('safeReturnPath: where sign-in may send a person back to', () => {
  it.each(['/', '/dashboard/0b7e3c1a-2d4f-4a6b-8c9d-0e1f2a3b4c5d', '/cv-management', '/?category=2&page=3', '/profile#password'])(
    'keeps %s',
    (path) => expect(safeReturnPath(path)).toBe(path),
  );

  it.each(['https://evil.example/', '//evil.example/', '/\\evil.example', 'dashboard/1', '/signin', '/signin?redirect=/', '', 42, undefined])(
    'refuses %s',
    (path) => expect(safeReturnPath(path)).toBeUndefined(),
  );

  it('keeps pages that merely start with the same letters as sign-in', () => {
    expect(safeReturnPath('/signing-tips')).toBe('/signing-tips');
  });

  it("keeps only a safe redirect in /signin's search", () => {
    expect(validateSignInSearch({ redirect: '/profile', other: 1 })).toEqual({ redirect: '/profile' });
    expect(validateSignInSearch({ redirect: 'https://evil.example/' })).toEqual({});
  });
});
