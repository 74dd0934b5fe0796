import { readFileSync } from 'node:fs';
// @ts-expect-error -- a plain ES module script (scripts/json-resume-validator.mjs), without types
import { VALIDATOR_PATH, validatorSource } from '../../scripts/json-resume-validator.mjs';

// The JSON Resume validator is ajv's compiled schema, written ahead of time because the browser's content security
// policy forbids compiling it there (`new Function`). The committed module must be what the installed schema gives.
describe('the JSON Resume validator module', () => {
  it('is what `npm run json-resume:validator` writes from the installed schema', () => {
    expect(readFileSync(VALIDATOR_PATH, 'utf8')).toBe(validatorSource());
  });

  it('needs no code compiled at run time', () => {
    const source = readFileSync(VALIDATOR_PATH, 'utf8');
    expect(source).not.toMatch(/new Function|\beval\(/);
  });
});
