import type { ErrorObject } from 'ajv';
import { msg, type Message } from '../../rules/languages';
import validate from './json-resume-validator.generated.js';

// The published JSON Resume schema (the @jsonresume/schema package) checked by ajv, compiled ahead of time
// (scripts/json-resume-validator.mjs): compiling in the browser needs `new Function`, which the app's content
// security policy forbids. The import and export flows load this module when they need it, never with the first
// page.

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

/**
 * A problem in words, as a message the import dialog shows through `t`. Its place is {where} in the document, or
 * 'The resume' for the whole of it (root 'yes'), so that a translation words that too.
 */
function describe(error: ErrorObject): Message {
  const values = { root: error.instancePath === '' ? 'yes' : 'no', where: problemPath(error.instancePath) };
  switch (error.keyword) {
    case 'pattern':
      return {
        id: msg('{root, select, yes {The resume} other {{where}}} must be a date like 2020-01 or 2020-01-31'),
        values,
      };
    case 'format':
      if (error.params.format === 'email')
        return {
          id: msg(
            '{root, select, yes {The resume} other {{where}}} must be an email address like name@example.com',
          ),
          values,
        };
      if (error.params.format === 'uri')
        return {
          id: msg(
            '{root, select, yes {The resume} other {{where}}} must be a web address like https://example.com',
          ),
          values,
        };
      return {
        id: msg('{root, select, yes {The resume} other {{where}}} must be a valid {format}'),
        values: { ...values, format: String(error.params.format) },
      };
    case 'type':
      return {
        id: msg(
          '{root, select, yes {The resume} other {{where}}} must be {type, select, string {a text} array {a list} object {an object} number {a number} boolean {true or false} other {{type}}}',
        ),
        values: { ...values, type: String(error.params.type) },
      };
    default:
      // ajv's own words (English) follow the place.
      return error.message === undefined
        ? { id: msg('{root, select, yes {The resume} other {{where}}} is not valid'), values }
        : {
            id: msg('{root, select, yes {The resume} other {{where}}} {problem}'),
            values: { ...values, problem: error.message },
          };
  }
}

const NOT_VALID = msg('The resume is not a valid JSON Resume');

/**
 * A value the schema's formats refuse (an email address, a link) is not a broken file: the import keeps it as written
 * and the CV's field rules flag it (src/cv/field-rules.ts), or refuses the link alone. A date that is not one still
 * refuses the file, named ('work[2].startDate must be a date like 2020-01 or 2020-01-31'): it cannot be placed.
 */
const isValueProblem = (error: ErrorObject) => error.keyword === 'format' && error.instancePath !== '';

/** The document without the value at a JSON pointer (a copy; the document itself is left alone). */
function without(document: unknown, pointer: string): unknown {
  const path = pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  const copy = structuredClone(document) as Record<string, unknown>;
  let node: Record<string, unknown> | undefined = copy;
  for (const part of path.slice(0, -1)) node = node?.[part] as Record<string, unknown> | undefined;
  if (node && typeof node === 'object') delete node[path[path.length - 1]!];
  return copy;
}

/**
 * The first problem with the shape of a document against the JSON Resume schema, in words; undefined when its shape
 * is valid (values the schema's formats refuse are left to the import to keep and flag).
 */
export function firstShapeProblem(document: unknown): Message | undefined {
  let checked = document;
  // Each value problem is set aside and the rest checked again; a resume holds far fewer values than this.
  for (let round = 0; round < 1000; round += 1) {
    if (validate(checked)) return undefined;
    const [error] = validate.errors ?? [];
    if (!error) return NOT_VALID;
    if (!isValueProblem(error)) return describe(error);
    checked = without(checked, error.instancePath);
  }
  return NOT_VALID;
}

/** The first problem of a document against the JSON Resume schema, in words; undefined when it is valid. */
export function firstSchemaProblem(document: unknown): Message | undefined {
  if (validate(document)) return undefined;
  const [error] = validate.errors ?? [];
  return error ? describe(error) : NOT_VALID;
}
