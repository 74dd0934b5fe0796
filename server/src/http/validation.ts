import { AjvCompiler, type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import type { FastifyError, FastifySchemaCompiler, FastifyServerOptions } from 'fastify';
import { isAccountField, type AccountField } from '../../../rules/account-changes.js';
import { CV_REFUSAL_CODES, type CvRefusalCode } from '../../../rules/cv.js';
import { msg, type Message } from '../../../rules/languages.js';
import { english } from '../i18n/translate.js';

/*
 * Route schemas (fastify's built-in ajv), decided once for every route:
 * - Unknown body fields are stripped, not rejected, as the Django-style API ignores them: declare
 *   `additionalProperties: false` on an object schema and ajv removes extra keys (removeAdditional).
 * - Bodies are NOT type-coerced (a number sent for a string field is a 400 "email: must be a string");
 *   params and querystrings ARE coerced, since they arrive as text ("/v1/GeneratedCV/7/" → 7).
 */
// The pool's published types describe ajv's compile(); at run time it is a fastify schema compiler.
type CompilerPool = (
  externalSchemas: unknown,
  options: { customOptions: object },
) => FastifySchemaCompiler<unknown>;

// One pool for the process, not one per app: an app's ajv compiles ajv's own meta-schema and every route's schema
// (~0.2 s), and the tests build an app per file or per test. The pool keys its compilers by the external schemas and
// the options, and ajv keeps a compiled schema by the schema object, so a second app in the process reuses both.
const pool = AjvCompiler() as unknown as CompilerPool;

function buildValidator(
  externalSchemas: unknown,
  ajvOptions?: { customOptions?: object },
): FastifySchemaCompiler<unknown> {
  const custom = ajvOptions?.customOptions ?? {};
  const strict = pool(externalSchemas, {
    customOptions: { ...custom, coerceTypes: false, allErrors: false },
  });
  const coercing = pool(externalSchemas, {
    customOptions: { ...custom, coerceTypes: 'array', allErrors: false },
  });
  return (route) => (route.httpPart === 'body' ? strict(route) : coercing(route));
}

export const schemaController: FastifyServerOptions['schemaController'] = {
  compilersFactory: { buildValidator: buildValidator as unknown as BuildCompilerFromPool },
};

interface AjvIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
  /** Set on a `propertyNames` failure: the key that is not allowed. */
  propertyName?: string;
}

/** "/entries/0/value" → "entries[0].value" */
function fieldName(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((name, part) => (/^\d+$/.test(part) ? `${name}[${part}]` : name ? `${name}.${part}` : part), '');
}

const said = (id: string, values: Record<string, string | number>): Message => ({ id, values });

/**
 * One sentence naming the field: "full_name is required", "email: must be a string"; a message with the field (and
 * the limit) as values, so it is said in the request's language. ajv's own words, where no sentence of ours fits,
 * come through as a value.
 */
export function validationMessage(error: FastifyError): Message {
  const issue = (error.validation as AjvIssue[] | undefined)?.[0];
  const where = error.validationContext;
  if (!issue) return msg('Invalid request.');
  const field = fieldName(issue.instancePath);
  if (issue.keyword === 'required') {
    const missing = String(issue.params.missingProperty);
    return said(msg('{field} is required'), { field: `${field ? `${field}.` : ''}${missing}` });
  }
  if (issue.propertyName !== undefined) {
    return field
      ? said(msg('{field}: unknown field {name}'), { field, name: issue.propertyName })
      : said(msg('Request body: unknown field {name}'), { name: issue.propertyName });
  }
  if (!field) {
    if (where === 'body')
      return issue.keyword === 'type'
        ? msg('Request body must be a JSON object.')
        : said(msg('Request body {problem}'), { problem: issue.message ?? '' });
    return issue.message === undefined
      ? said(msg('{part} is invalid'), { part: where ?? 'request' })
      : said(msg('{part} {problem}'), { part: where ?? 'request', problem: issue.message });
  }
  if (issue.keyword === 'enum' && Array.isArray(issue.params.allowedValues)) {
    const values = issue.params.allowedValues.map((v) => JSON.stringify(v)).join(', ');
    return said(msg('{field}: must be one of {values}'), { field, values });
  }
  if (issue.keyword === 'additionalProperties') {
    return said(msg('{field}: unknown field {name}'), {
      field,
      name: String(issue.params.additionalProperty),
    });
  }
  return (
    describeIssue(issue, field) ??
    (issue.message === undefined
      ? said(msg('{field}: is invalid'), { field })
      : said(msg('{field}: {problem}'), { field, problem: issue.message }))
  );
}

/** One sentence naming the field, in English: "full_name is required", "email: must be a string". */
export function validationDetail(error: FastifyError): string {
  return english(validationMessage(error));
}

/** The account form field a body's first problem is about ("email: must be a string" → email), if any. */
export function validationField(error: FastifyError): AccountField | undefined {
  const issue = (error.validation as AjvIssue[] | undefined)?.[0];
  if (!issue || error.validationContext !== 'body') return undefined;
  const top = issue.instancePath.split('/')[1];
  const key =
    top === undefined ? (issue.keyword === 'required' ? String(issue.params.missingProperty) : '') : top;
  return isAccountField(key) ? key : undefined;
}

// "must be a string", "must be an integer or null": the JSON types a schema names, each sentence whole.
const ONE_TYPE: Record<string, string> = {
  string: msg('{field}: must be a string'),
  number: msg('{field}: must be a number'),
  integer: msg('{field}: must be an integer'),
  boolean: msg('{field}: must be a boolean'),
  object: msg('{field}: must be an object'),
  array: msg('{field}: must be an array'),
  null: msg('{field}: must be null'),
};
const TYPE_OR_NULL: Record<string, string> = {
  string: msg('{field}: must be a string or null'),
  number: msg('{field}: must be a number or null'),
  integer: msg('{field}: must be an integer or null'),
  boolean: msg('{field}: must be a boolean or null'),
  object: msg('{field}: must be an object or null'),
  array: msg('{field}: must be an array or null'),
};

const withArticle = (type: string) =>
  type === 'null' ? 'null' : `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;

function typeMessage(field: string, type: string): Message {
  const types = type.split(',');
  const [first = '', second] = types;
  if (types.length === 1 && ONE_TYPE[first]) return said(ONE_TYPE[first], { field });
  if (types.length === 2 && second === 'null' && TYPE_OR_NULL[first])
    return said(TYPE_OR_NULL[first], { field });
  // A union no schema of ours names: its JSON types as ajv gives them.
  return said(msg('{field}: must be {types}'), { field, types: types.map(withArticle).join(' or ') });
}

/**
 * The reason's `code` where a client branches on it (rules/cv.ts): a value longer than its field allows. Other
 * refusals need none: their words say it.
 */
export function validationCode(error: FastifyError): CvRefusalCode | undefined {
  const issue = (error.validation as AjvIssue[] | undefined)?.[0];
  return issue?.keyword === 'maxLength' ? CV_REFUSAL_CODES.tooLong : undefined;
}

// ajv's wording, made to read like a sentence: "must be a string", "must be at most 150 characters".
function describeIssue(issue: AjvIssue, field: string): Message | undefined {
  const { params } = issue;
  const limit = Number(params.limit);
  switch (issue.keyword) {
    case 'type':
      return typeMessage(field, String(params.type));
    case 'minLength':
      return limit === 1
        ? said(msg('{field}: may not be blank'), { field })
        : said(msg('{field}: must be at least {limit} characters'), { field, limit });
    case 'maxLength':
      return said(msg('{field}: must be at most {limit} characters'), { field, limit });
    case 'minimum':
      return said(msg('{field}: must be at least {limit}'), { field, limit });
    case 'maximum':
      return said(msg('{field}: must be at most {limit}'), { field, limit });
    case 'minItems':
      return said(
        msg('{field}: must have at least {limit, plural, one {{limit} item} other {{limit} items}}'),
        {
          field,
          limit,
        },
      );
    case 'maxItems':
      return said(msg('{field}: must have at most {limit} items'), { field, limit });
    case 'format':
      return params.format === 'email'
        ? said(msg('{field}: must be a valid email address'), { field })
        : said(msg('{field}: must be a valid {format}'), { field, format: String(params.format) });
    case 'pattern':
      return said(msg('{field}: has an invalid format'), { field });
    default:
      return undefined;
  }
}
