import type { ErrorObject } from 'ajv';
import validate from './json-resume-validator.generated.js';

// The published JSON Resume schema (the @jsonresume/schema package) checked by ajv, compiled ahead of time
// (scripts/json-resume-validator.mjs): compiling in the browser needs `new Function`, which the app's content
// security policy forbids. The import and export flows load this module when they need it, never with the first
// page.

const ARTICLE: Record<string, string> = {
  string: 'a text',
  array: 'a list',
  object: 'an object',
  number: 'a number',
  boolean: 'true or false',
};

/** Where in the document: `work[2].startDate` for `/work/2/startDate`, 'The resume' for the whole of it. */
export function problemPath(instancePath: string): string {
  if (instancePath === '') return 'The resume';
  return instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce(
      (path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path === '' ? part : `${path}.${part}`),
      '',
    );
}

function describe(error: ErrorObject): string {
  const where = problemPath(error.instancePath);
  switch (error.keyword) {
    case 'pattern':
      return `${where} must be a date like 2020-01 or 2020-01-31`;
    case 'format':
      if (error.params.format === 'email') return `${where} must be an email address like name@example.com`;
      if (error.params.format === 'uri') return `${where} must be a web address like https://example.com`;
      return `${where} must be a valid ${String(error.params.format)}`;
    case 'type': {
      const expected = String(error.params.type);
      return `${where} must be ${ARTICLE[expected] ?? expected}`;
    }
    default:
      return `${where} ${error.message ?? 'is not valid'}`;
  }
}

/** The first problem of a document against the JSON Resume schema, in words; undefined when it is valid. */
export function firstSchemaProblem(document: unknown): string | undefined {
  if (validate(document)) return undefined;
  const [error] = validate.errors ?? [];
  return error ? describe(error) : 'The resume is not a valid JSON Resume';
}
