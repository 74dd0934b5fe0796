import { browserRegion, languageFor, newCvLanguage, pageSizeForLanguages } from '../../src/config/locale';
import { signUpPhoneCountry } from '../../src/ui/phone-field';

describe("what the browser's locale says", () => {
  it('reads the region of the first language tag that names one', () => {
    expect(browserRegion(['en-GB', 'en'])).toBe('GB');
    expect(browserRegion(['en', 'de-AT'])).toBe('AT');
    expect(browserRegion(['zh-Hant-TW'])).toBe('TW');
    expect(browserRegion(['en'])).toBeUndefined();
    expect(browserRegion([])).toBeUndefined();
    expect(browserRegion(['not a tag', 'fr-CA'])).toBe('CA');
  });

  it("starts sign-up's phone on the browser's region, US when it has none or the phone list lacks it", () => {
    expect(signUpPhoneCountry('GB')).toBe('GB');
    expect(signUpPhoneCountry('NA')).toBe('NA');
    expect(signUpPhoneCountry(undefined)).toBe('US');
    expect(signUpPhoneCountry('ZZ')).toBe('US');
  });

  it('gives a new CV Letter in the Letter countries and A4 elsewhere', () => {
    for (const tag of ['en-US', 'fr-CA', 'es-MX', 'en-PH', 'es-CL']) expect(pageSizeForLanguages([tag])).toBe('Letter');
    for (const tag of ['en-GB', 'de-DE', 'ar-EG', 'en']) expect(pageSizeForLanguages([tag])).toBe('A4');
    expect(pageSizeForLanguages([])).toBe('A4');
  });
});

describe("a new CV's language", () => {
  it("is the browser's first language tag, in its canonical form", () => {
    expect(languageFor(['ar-EG', 'en'])).toBe('ar-EG');
    expect(languageFor(['PT-br'])).toBe('pt-BR');
    expect(languageFor(['ja'])).toBe('ja');
  });

  it('skips what is not a language tag, and is English when nothing is left', () => {
    expect(languageFor(['*', 'not a tag', 'de-DE'])).toBe('de-DE');
    expect(languageFor([])).toBe('en');
  });
});

describe("a new CV's language in the builder", () => {
  it('is plain English for every English browser, the browser’s own otherwise', () => {
    expect(newCvLanguage(['en-US', 'fr'])).toBe('en');
    expect(newCvLanguage(['fr-CA'])).toBe('fr-CA');
    expect(newCvLanguage([])).toBe('en');
  });
});
