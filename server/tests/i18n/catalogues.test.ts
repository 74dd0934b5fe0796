import { readFileSync } from 'node:fs';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { differences, serialise } from '../../scripts/catalogue-files.js';
import {
  cataloguePath,
  englishCatalogue,
  extract,
  messagesIn,
  messagesInView,
  ROOT,
} from '../../scripts/i18n-extract.js';
import { LANGUAGE_CODES, SOURCE_LANGUAGE } from '../../../rules/languages.js';
import { readCatalogue, translate } from '../../src/i18n/translate.js';

// The server's catalogues (server/src/i18n/catalogues/): English is written from the code, the other languages by
// translators; npx tsx server/scripts/i18n-extract.ts brings en.json up to date.

const OTHER_LANGUAGES = LANGUAGE_CODES.filter((code) => code !== SOURCE_LANGUAGE);
const english = englishCatalogue(extract(ROOT));

describe('the server catalogues', () => {
  it('en.json is what the code says (npx tsx server/scripts/i18n-extract.ts writes it)', () => {
    expect(readFileSync(cataloguePath(ROOT, SOURCE_LANGUAGE), 'utf8')).toBe(serialise(english));
  });

  it.each(OTHER_LANGUAGES)(
    '%s.json has no message English lacks, and only words as translations',
    (language) => {
      const translated = readCatalogue(language);
      expect(differences(english, translated).unused).toEqual([]);
      for (const [id, text] of Object.entries(translated)) expect(typeof text, id).toBe('string');
    },
  );

  it('every message is ICU Lingui compiles, and English says it as its key', () => {
    const problems: string[] = [];
    for (const id of Object.keys(english)) {
      let tokens: ReturnType<typeof compileMessage>;
      try {
        tokens = compileMessage(id);
      } catch (error) {
        problems.push(`${id}: ${(error as Error).message}`);
        continue;
      }
      const parts = typeof tokens === 'string' ? [tokens] : tokens;
      // A plural says its own words; every other message fills its {placeholders} and gives its key back.
      if (parts.some((part) => Array.isArray(part) && part.length > 1)) continue;
      const names = parts.filter((part): part is [string] => Array.isArray(part)).map(([name]) => name);
      const values = Object.fromEntries(names.map((name) => [name, `{${name}}`]));
      const said = translate(SOURCE_LANGUAGE, id, values);
      if (said !== id) problems.push(`${id} → ${said}`);
    }
    expect(problems).toEqual([]);
  });

  it.each(OTHER_LANGUAGES)(
    '%s.json: every translation is ICU with the placeholders of its English',
    (language) => {
      // The names of a message's {placeholders}, those inside a plural's branches too.
      const placeholders = (text: string) => {
        const names = new Set<string>();
        const visit = (message: unknown) => {
          if (!Array.isArray(message)) return;
          for (const token of message) {
            if (!Array.isArray(token)) continue;
            const [name, , branches] = token as [string, string?, Record<string, unknown>?];
            names.add(name);
            for (const branch of Object.values(branches ?? {})) visit(branch);
          }
        };
        visit(compileMessage(text));
        return [...names].sort();
      };
      const problems: string[] = [];
      for (const [id, text] of Object.entries(readCatalogue(language))) {
        if (text === '' || !(id in english)) continue;
        try {
          const [own, theirs] = [placeholders(id), placeholders(text)];
          if (own.join() !== theirs.join())
            problems.push(`${id}: {${own.join('}, {')}} but {${theirs.join('}, {')}}`);
        } catch (error) {
          problems.push(`${id}: ${(error as Error).message.split('\n')[0]}`);
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it('finds msg, t and translate in code, and t in Handlebars views', () => {
    const code = `
      msg('One'); t("Two"); i18n.t(\`Three\`); translate(language, 'Four'); t(variable); msg(\`x\${y}\`);
      other('Not this');`;
    expect(messagesIn('x.ts', code)).toEqual(['One', 'Two', 'Three', 'Four']);
    expect(
      messagesInView(`{{t "Users"}} {{~t 'Deleted “{name}”' name=n}} {{title (t "Audit log")}} {{text}}`),
    ).toEqual(['Users', 'Deleted “{name}”', 'Audit log']);
  });

  it('reads the rules the server imports, not the others', () => {
    const files = new Set(extract(ROOT).map((found) => found.file));
    expect(files).toContain('rules/account-changes.ts');
    expect(files).toContain('rules/two-step.ts');
    expect([...files].filter((file) => file.startsWith('src/'))).toEqual([]);
  });
});
