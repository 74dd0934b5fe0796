import { AjvCompiler, type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import type { FastifyError, FastifySchemaCompiler, FastifyServerOptions } from 'fastify';

/*
 * Route schemas (fastify's built-in ajv), decided once for every route:
 * - Unknown body fields are stripped, not rejected, as the Django-style API ignores them: declare
 *   `additionalProperties: false` on an object schema and ajv removes extra keys (removeAdditional).
 * - Bodies are NOT type-coerced (a number sent for a string field is a 400 "email: must be a string");
 *   params and querystrings ARE coerced, since they arrive as text ("/v1/GeneratedCV/7/" → 7).
 */
// The pool's published types describe ajv's compile(); at run time it is a fastify schema compiler.
type CompilerPool = (externalSchemas: unknown, options: { customOptions: object }) => FastifySchemaCompiler<unknown>;

function buildValidator(externalSchemas: unknown, ajvOptions?: { customOptions?: object }): FastifySchemaCompiler<unknown> {
  const pool = AjvCompiler() as unknown as CompilerPool;
  const custom = ajvOptions?.customOptions ?? {};
  const strict = pool(externalSchemas, { customOptions: { ...custom, coerceTypes: false, allErrors: false } });
  const coercing = pool(externalSchemas, { customOptions: { ...custom, coerceTypes: 'array', allErrors: false } });
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
    if (where === 'body') return issue.keyword === 'type' ? 'Request body must be a JSON object.' : `Request body ${issue.message}`;
    return `${where ?? 'request'} ${issue.message ?? 'is invalid'}`;
  }
  if (issue.keyword === 'enum' && Array.isArray(issue.params.allowedValues)) {
    return `${field}: must be one of ${issue.params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  }
  if (issue.keyword === 'additionalProperties') {
    return `${field}: unknown field ${String(issue.params.additionalProperty)}`;
  }
  return `${field}: ${issue.message ?? 'is invalid'}`;
}
