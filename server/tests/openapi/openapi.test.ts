import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import ajvFormats, { type FormatsPlugin } from 'ajv-formats';
import { openApiDocument, OPENAPI_FILE } from '../../scripts/openapi-document.js';
import { PRINTING_ROUTES } from '../../src/http/openapi-responses.js';
import { MAX_PDF_PAGES } from '../../src/render/pdf-errors.js';
import { createTestApp } from '../helpers/app.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PACT_FILE = path.join(root, 'pacts/cv-builder-web-cv-builder-api.json');

/**
 * Operations of the API that the web app never calls, so the pact has no interaction for them; each with why.
 * Every other operation of docs/api/openapi.json must appear in the pact.
 */
const NOT_USED_BY_WEB_APP: Record<string, string> = {};

type Schema = Record<string, unknown>;
interface Operation {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };
interface PactBody {
  content?: unknown;
  contentType?: string;
  encoded?: boolean | string;
}
interface Interaction {
  description: string;
  request: { method: string; path: string; query?: Record<string, string[]>; body?: PactBody };
  response: { status: number; body?: PactBody };
}

const committed = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as OpenApi;
const interactions = (JSON.parse(readFileSync(PACT_FILE, 'utf8')) as { interactions: Interaction[] })
  .interactions;

/** Each OpenAPI operation as `METHOD /path/{param}/`, with a matcher for concrete paths. */
const operations = Object.entries(committed.paths).flatMap(([template, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({
    key: `${method.toUpperCase()} ${template}`,
    method: method.toUpperCase(),
    pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    operation,
  })),
);
const operationOf = (interaction: Interaction) =>
  operations.find((o) => o.method === interaction.request.method && o.pattern.test(interaction.request.path));

const ajv = new Ajv({ strict: false, allErrors: true });
// ajv-formats is CommonJS: under NodeNext its default export is the module object.
const addFormats = ((ajvFormats as unknown as { default?: FormatsPlugin }).default ??
  ajvFormats) as FormatsPlugin;
addFormats(ajv);
const validators = new Map<Schema, ValidateFunction>();
function validate(schema: Schema, value: unknown): string[] {
  let check = validators.get(schema);
  if (!check) validators.set(schema, (check = ajv.compile(schema)));
  return check(value) ? [] : (check.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message}`);
}

const isJson = (body?: PactBody) =>
  body !== undefined && !body.encoded && /json/.test(body.contentType ?? 'application/json');

/** The response an operation documents for a status: the exact code, else its range ('4XX'), else 'default'. */
function responseFor(operation: Operation, status: number) {
  const responses = operation.responses ?? {};
  return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
}

describe('docs/api/openapi.json', () => {
  it('is what the server generates (npm run openapi writes it)', async () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8'), 'docs/api/openapi.json is stale: run npm run openapi').toBe(
      await openApiDocument(),
    );
  });

  it('has every method and path of the pact', () => {
    const missing = interactions
      .filter((interaction) => !operationOf(interaction))
      .map((i) => `${i.request.method} ${i.request.path} (${i.description})`);
    expect(missing).toEqual([]);
  });

  it('accepts every request of the pact that the server answers with success, and every query it sends', () => {
    const problems: string[] = [];
    for (const interaction of interactions) {
      const found = operationOf(interaction);
      if (!found) continue;
      const where = `${found.key} (${interaction.description})`;
      const declared = new Set(
        (found.operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      );
      for (const name of Object.keys(interaction.request.query ?? {}))
        if (!declared.has(name)) problems.push(`${where}: query parameter "${name}" is not in OpenAPI`);
      // A refused request may be wrong on purpose (that is what the interaction pins).
      if (interaction.response.status >= 300 || !isJson(interaction.request.body)) continue;
      const schema = found.operation.requestBody?.content?.['application/json']?.schema;
      const content = interaction.request.body!.content;
      const empty = typeof content === 'object' && content !== null && !Object.keys(content).length;
      if (!schema && empty) continue; // `{}` says nothing a schema could describe (the sign-out's body)
      if (!schema) {
        problems.push(`${where}: OpenAPI has no JSON request body`);
        continue;
      }
      for (const error of validate(schema, content)) problems.push(`${where}: request ${error}`);
    }
    expect(problems).toEqual([]);
  });

  it('describes every answer of the pact that it documents a schema for, and documents every status', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const interaction of interactions) {
      const found = operationOf(interaction);
      if (!found) continue;
      const where = `${found.key} → ${interaction.response.status} (${interaction.description})`;
      const response = responseFor(found.operation, interaction.response.status);
      if (!response) {
        problems.push(
          `${where}: the status is not documented (add it to server/src/http/openapi-responses.ts, then npm run openapi)`,
        );
        continue;
      }
      const schema = response.content?.['application/json']?.schema;
      if (!schema || !isJson(interaction.response.body)) continue;
      checked++;
      for (const error of validate(schema, interaction.response.body!.content))
        problems.push(`${where}: ${error}`);
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  });

  it('documents a print that fails, 413 (too many pages) and 503 (no renderer), on every route that prints a PDF', () => {
    expect(PRINTING_ROUTES.length).toBeGreaterThan(0);
    for (const key of PRINTING_ROUTES) {
      const found = operations.find((o) => o.key === key);
      expect(found, `${key} is not in the document`).toBeDefined();
      const responses = found!.operation.responses ?? {};
      for (const status of ['413', '503']) {
        const schema = responses[status]?.content?.['application/json']?.schema;
        expect(schema, `${key} → ${status}`).toMatchObject({ required: ['detail'] });
      }
      expect(JSON.stringify(responses['413'])).toContain(`more than ${MAX_PDF_PAGES} pages`);
    }
    // A route that prints nothing keeps only its refusals.
    expect(
      operations.find((o) => o.key === 'GET /v1/download/word/{id}/')!.operation.responses,
    ).not.toHaveProperty('413');
  });

  it('has every operation the web app uses in the pact', () => {
    const inPact = new Set(interactions.map((i) => operationOf(i)?.key).filter(Boolean));
    const absent = operations
      .map((o) => o.key)
      .filter((key) => !inPact.has(key) && !(key in NOT_USED_BY_WEB_APP));
    expect(absent, 'pin them with consumer tests, or list them in NOT_USED_BY_WEB_APP with why').toEqual([]);
    const stale = Object.keys(NOT_USED_BY_WEB_APP).filter(
      (key) => inPact.has(key) || !operations.some((o) => o.key === key),
    );
    expect(stale, 'NOT_USED_BY_WEB_APP lists an operation the pact has or OpenAPI lacks').toEqual([]);
  });
});

describe('the browsable reference at /api/docs', () => {
  it('is served with API_DOCS=1 (npm run dev), its assets from the package, nothing from the internet', async () => {
    const testApp = await createTestApp({ apiDocs: true }, undefined, { seed: false });
    try {
      const { app } = testApp;
      const page = await app.inject({ method: 'GET', url: '/api/docs/' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).not.toMatch(/(src|href)="https?:/);
      const assets = [...page.body.matchAll(/(?:src|href)="\.?\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
      expect(assets.length).toBeGreaterThan(0);
      for (const asset of assets) {
        const response = await app.inject({
          method: 'GET',
          url: `/api/docs/${asset.replace(/^\/api\/docs\//, '')}`,
        });
        expect(response.statusCode, asset).toBe(200);
      }
      const document = await app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(document.json()).toEqual(committed);
    } finally {
      await testApp.close();
    }
  });

  it('is not served otherwise', async () => {
    const testApp = await createTestApp({}, undefined, { seed: false });
    try {
      for (const url of ['/api/docs', '/api/docs/', '/api/docs/json'])
        expect((await testApp.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    } finally {
      await testApp.close();
    }
  });
});
