import { AjvCompiler, type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import type { FastifyError, FastifySchemaCompiler, FastifyServerOptions } from 'fastify';
import { isAccountField, type AccountField } from '../../../rules/account-changes.js';

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
}

/** "/entries/0/value" → "entries[0].value" */
function fieldName(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((name, part) => (/^\d+$/.test(part) ? `${name}[${part}]` : name ? `${name}.${part}` : part), '');
}

/** One sentence naming the field: "full_name is required", "email: must be a string". */
export function validationDetail(error: FastifyError): string {
  const issue = (error.validation as AjvIssue[] | undefined)?.[0];
  const where = error.validationContext;
  if (!issue) return 'Invalid request.';
  const field = fieldName(issue.instancePath);
  if (issue.keyword === 'required') {
    const missing = String(issue.params.missingProperty);
    return `${field ? `${field}.` : ''}${missing} is required`;
  }
  if (!field) {
    if (where === 'body')
      return issue.keyword === 'type'
        ? 'Request body must be a JSON object.'
        : `Request body ${issue.message}`;
    return `${where ?? 'request'} ${issue.message ?? 'is invalid'}`;
  }
  if (issue.keyword === 'enum' && Array.isArray(issue.params.allowedValues)) {
    return `${field}: must be one of ${issue.params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  }
  if (issue.keyword === 'additionalProperties') {
    return `${field}: unknown field ${String(issue.params.additionalProperty)}`;
  }
  const reason = describeIssue(issue);
  if (reason) return `${field}: ${reason}`;
  return `${field}: ${issue.message ?? 'is invalid'}`;
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

const withArticle = (type: string) =>
  type === 'null' ? 'null' : `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;

// ajv's wording, made to read like a sentence: "must be a string", "must be at most 150 characters".
function describeIssue(issue: AjvIssue): string | undefined {
  const { params } = issue;
  switch (issue.keyword) {
    case 'type':
      return `must be ${String(params.type).split(',').map(withArticle).join(' or ')}`;
    case 'minLength':
      return params.limit === 1 ? 'may not be blank' : `must be at least ${String(params.limit)} characters`;
    case 'maxLength':
      return `must be at most ${String(params.limit)} characters`;
    case 'minimum':
      return `must be at least ${String(params.limit)}`;
    case 'maximum':
      return `must be at most ${String(params.limit)}`;
    case 'minItems':
      return `must have at least ${String(params.limit)} item${params.limit === 1 ? '' : 's'}`;
    case 'maxItems':
      return `must have at most ${String(params.limit)} items`;
    case 'format':
      return params.format === 'email'
        ? 'must be a valid email address'
        : `must be a valid ${String(params.format)}`;
    case 'pattern':
      return 'has an invalid format';
    default:
      return undefined;
  }
}
