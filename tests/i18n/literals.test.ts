import path from 'node:path';
import { findLiterals } from '../../scripts/i18n-literals';

// A view's words come from the catalogue (docs/decisions/0053-languages.md): JSX text and text attributes (label,
// placeholder, aria-label…) written out in src/ui/ or src/routes/ would stay English in every language.
describe('the views', () => {
  it('write out no words: each comes through t()', () => {
    const found = findLiterals(path.resolve(__dirname, '../..'));
    expect(found.map((literal) => `${literal.file}:${literal.line} ${literal.text}`)).toEqual([]);
  });
});
