import Handlebars from 'handlebars';
import { acceptedLanguages, pickLanguage } from '../../../rules/languages.js';
import {
  english,
  headerLanguage,
  isMessage,
  loadCatalogue,
  mailLanguage,
  readCatalogue,
  registerTranslateHelper,
  translate,
  translator,
} from '../../src/i18n/index.js';

// The test's own words: German has a few, the other languages none (whatever their files hold by now).
const LANGUAGES = ['de', 'fr', 'es', 'ar', 'ja'] as const;

describe('translate', () => {
  beforeAll(() => {
    for (const language of LANGUAGES) loadCatalogue(language, {});
    loadCatalogue('de', {
      'Not found.': 'Nicht gefunden.',
      'This CV has no version {number}.': 'Dieser Lebenslauf hat keine Version {number}.',
      'Too many attempts. Please try again in {minutes, plural, one {{minutes} minute} other {{minutes} minutes}}.':
        'Zu viele Versuche. Bitte in {minutes, plural, one {einer Minute} other {{minutes} Minuten}} erneut versuchen.',
      'Signed out.': '',
    });
  });

  afterAll(() => {
    for (const language of LANGUAGES) loadCatalogue(language, readCatalogue(language));
  });

  it("says a message in the language's words, with its values", () => {
    expect(translate('de', 'Not found.')).toBe('Nicht gefunden.');
    expect(translate('de', { id: 'This CV has no version {number}.', values: { number: 3 } })).toBe(
      'Dieser Lebenslauf hat keine Version 3.',
    );
    expect(translate('de', 'This CV has no version {number}.', { number: 4 })).toBe(
      'Dieser Lebenslauf hat keine Version 4.',
    );
    const wait =
      'Too many attempts. Please try again in {minutes, plural, one {{minutes} minute} other {{minutes} minutes}}.';
    expect(translate('de', wait, { minutes: 1 })).toBe(
      'Zu viele Versuche. Bitte in einer Minute erneut versuchen.',
    );
    expect(translate('de', wait, { minutes: 15 })).toBe(
      'Zu viele Versuche. Bitte in 15 Minuten erneut versuchen.',
    );
    expect(translate('en', wait, { minutes: 1 })).toBe('Too many attempts. Please try again in 1 minute.');
    expect(translate('en', wait, { minutes: 15 })).toBe('Too many attempts. Please try again in 15 minutes.');
  });

  it('falls back to English for a message the language lacks, or leaves empty', () => {
    expect(translate('fr', 'Not found.')).toBe('Not found.');
    expect(translate('de', 'Signed out.')).toBe('Signed out.');
    expect(translate('ja', { id: 'This CV has no version {number}.', values: { number: 2 } })).toBe(
      'This CV has no version 2.',
    );
  });

  it('gives words that are no message back as they are, and fills values of a message not yet in the catalogue', () => {
    expect(translate('de', "a provider's {odd} reason")).toBe("a provider's {odd} reason");
    expect(translate('de', { id: 'Brand new {thing}.', values: { thing: "it's {here}" } })).toBe(
      "Brand new it's {here}.",
    );
  });

  it('english() and translator() are translate in English and bound to a language', () => {
    expect(english({ id: 'This CV has no version {number}.', values: { number: 9 } })).toBe(
      'This CV has no version 9.',
    );
    expect(translator('de')('Not found.')).toBe('Nicht gefunden.');
  });

  it('knows a message when it sees one', () => {
    expect(isMessage('Not found.')).toBe(true);
    expect(isMessage({ id: 'x {a}', values: { a: 1 } })).toBe(true);
    expect(isMessage({ method: 'password' })).toBe(false);
    expect(isMessage(undefined)).toBe(false);
  });

  it('registers {{t}} with Handlebars: the view language, English without one, escaped', () => {
    const engine = Handlebars.create();
    registerTranslateHelper(engine);
    const view = engine.compile('{{t "Not found."}} {{t "This CV has no version {number}." number=n}}');
    expect(view({ n: '<b>' }, { data: { language: 'de' } })).toBe(
      'Nicht gefunden. Dieser Lebenslauf hat keine Version &lt;b&gt;.',
    );
    expect(view({ n: 2, language: 'de' })).toBe('Nicht gefunden. Dieser Lebenslauf hat keine Version 2.');
    expect(view({ n: 2 })).toBe('Not found. This CV has no version 2.');
  });
});

describe('the languages of a request and of a mail', () => {
  it('reads Accept-Language as the web app does: the first language offered, English when none', () => {
    const language = (header?: string) =>
      headerLanguage({ headers: header ? { 'accept-language': header } : {} });
    expect(language()).toBe('en');
    expect(language('pt-BR')).toBe('en');
    // Which languages are offered is rules/languages.ts's (a language not ready yet is not picked from a header).
    for (const header of ['de-AT,de;q=0.9,en;q=0.8', 'pt-BR, fr;q=0.8, de;q=0.5', 'ar;q=0, ja;q=0.3'])
      expect(language(header), header).toBe(pickLanguage(acceptedLanguages(header)));
  });

  it("chooses a mail's language: the recipient's saved one, else the request's, else English", () => {
    expect(mailLanguage({ language: 'fr' }, 'de')).toBe('fr');
    expect(mailLanguage({ language: null }, 'de')).toBe('de');
    expect(mailLanguage({ language: 'xx' }, 'ja')).toBe('ja');
    expect(mailLanguage(undefined, undefined)).toBe('en');
    expect(mailLanguage({ language: null }, 'klingon')).toBe('en');
  });
});
