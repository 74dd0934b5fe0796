import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { LANGUAGES } from '../../rules/languages';
import { differences, readJson } from '../../server/scripts/catalogue-files';
import { cataloguePath, englishCatalogues, extract } from '../../scripts/i18n-extract';
import { pseudoMessage } from '../../scripts/i18n-pseudo';

// Nothing missing, nothing left over (docs/decisions/0053-languages.md): the English catalogues are what the code
// says, and every language the menu offers has each of their messages, with the same {placeholders}.

const root = path.resolve(__dirname, '../..');
const english = englishCatalogues(extract(root));
const PARTS = ['public', 'app'] as const;

type Token = string | [string, string?, unknown?];

/** The names of a compiled message's placeholders, plural and select arguments included, at any depth. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const collect = (tokens: Token[]) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      const [name, type, options] = token;
      names.add(name);
      // A plural's or a select's branches are messages of their own (the words of a branch are not names).
      if (
        (type === 'plural' || type === 'select' || type === 'selectordinal') &&
        options &&
        typeof options === 'object'
      )
        for (const branch of Object.values(options as Record<string, unknown>))
          if (Array.isArray(branch)) collect(branch as Token[]);
    }
  };
  collect(compileMessage(message) as Token[]);
  return [...names].sort();
}

describe('the message catalogues', () => {
  it.each(PARTS)('English %s part is what the code says (npm run i18n writes it)', (part) => {
    expect(readJson(cataloguePath(root, part, 'en'))).toEqual(english[part]);
  });

  it('every English message compiles (ICU syntax)', () => {
    for (const part of PARTS)
      for (const id of Object.keys(english[part])) expect(() => compileMessage(id)).not.toThrow();
  });

  const offered = LANGUAGES.filter((language) => language.code !== 'en' && language.ready);
  if (offered.length > 0) {
    it.each(offered.flatMap((language) => PARTS.map((part) => [language.code, part] as const)))(
      '%s %s part has every message and no other',
      (code, part) => {
        const translated = readJson(cataloguePath(root, part, code));
        expect(differences(english[part], translated)).toEqual({ missing: [], unused: [] });
        for (const [id, text] of Object.entries(translated)) {
          expect(text.trim(), id).not.toBe('');
          expect(placeholders(text), `${code}: ${id}`).toEqual(placeholders(id));
        }
      },
    );
  }

  it.each(LANGUAGES.filter((language) => language.code !== 'en').map((language) => language.code))(
    '%s holds no message the code no longer says',
    (code) => {
      for (const part of PARTS) {
        expect(differences(english[part], readJson(cataloguePath(root, part, code))).unused).toEqual([]);
      }
    },
  );

  it('the pseudo-language keeps placeholders and is 40% longer', () => {
    const message = 'Deleted “{name}” {count, plural, one {# CV} other {# CVs}}';
    const pseudo = pseudoMessage(message);
    expect(placeholders(pseudo)).toEqual(placeholders(message));
    expect(pseudo).toContain('Ðéĺéţéð');
    expect(pseudoMessage('Save your CV').length).toBeGreaterThanOrEqual('Save your CV'.length * 1.4);
  });
});
