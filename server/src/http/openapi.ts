import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { documentedAnswers, PRINT_FAILURES, PRINTING_ROUTES } from './openapi-responses.js';
import { MAX_PHOTO_BYTES, PHOTO_TYPES } from '../../../rules/design.js';

/** Where the browsable reference is served in development (API_DOCS=1, which `npm run dev` sets). */
export const API_DOCS_PATH = '/api/docs';

/** The API of spec section 7 and its extensions; the rest (health, admin pages, static files, the SPA) is not. */
const API_PATH = /^\/(auth|v1|cv)\//;

/** A refusal, as every route answers one (docs/behaviour.md#api-calls). */
const ERROR: OpenAPIV3_1.SchemaObject = {
  type: 'object',
  required: ['detail'],
  properties: {
    detail: { type: 'string', description: 'What is wrong, in words a person can act on.' },
    code: {
      type: 'string',
      description:
        'A machine-readable reason, where the app needs one whatever language the detail is in (extension): a CV ' +
        "save's or preview's `too_long`, `not_a_phone`, `not_a_date`, `template_not_offered`; a link's " +
        '`link_invalid`, `link_expired`; a sign-in\'s `email_not_confirmed`.',
    },
    field: { type: 'string', description: 'The form field the refusal is about (extension).' },
  },
};

/** A route that prints a PDF: its print failures, each a refusal with `detail` (openapi-responses.ts). */
function printFailureAnswers(key: string): Record<string, unknown> {
  if (!PRINTING_ROUTES.includes(key)) return {};
  return Object.fromEntries(
    Object.entries(PRINT_FAILURES).map(([status, description]) => [status, { description, ...ERROR }]),
  );
}

/**
 * Bodies a route schema cannot state: the photo's PUT takes the image's bytes as they are (the route reads any
 * Content-Type and judges the bytes, so no JSON schema validates the body), which the document names here.
 */
function withRawBodies(document: { paths?: Record<string, Record<string, unknown> | undefined> }): void {
  const importFile = document.paths?.['/v1/import/file/']?.post as { requestBody?: unknown } | undefined;
  if (importFile)
    importFile.requestBody = {
      required: true,
      description:
        "[extension] The CV's file as it is: a PDF or a Word .docx up to 10 MB. It is read in memory and never kept.",
      content: Object.fromEntries(
        ['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'].map(
          (type) => [type, { schema: { type: 'string', format: 'binary' } }],
        ),
      ),
    };
  const put = document.paths?.['/v1/GeneratedCV/{id}/photo/']?.put as { requestBody?: unknown } | undefined;
  if (!put) return;
  put.requestBody = {
    required: true,
    description:
      `[extension] The photo's bytes: a JPEG, PNG or WebP image up to ${MAX_PHOTO_BYTES / 1024 / 1024} MB, whatever ` +
      'the Content-Type says. It is turned upright, stripped of its metadata and kept as a JPEG at most 600 px on ' +
      'its long side; anything else (an SVG, an HTML page named .jpg) is refused with 415.',
    content: Object.fromEntries(
      PHOTO_TYPES.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
    ),
  };
}

/** The tag a path is listed under: its resource ('auth', 'GeneratedCV', 'CvTemplate', 'cv' …). */
function tagOf(url: string): string {
  const [first, second] = url.split('/').filter(Boolean);
  return first === 'v1' ? second.replace(/[{}]/g, '') : first;
}

/**
 * The OpenAPI 3.1 document of the routes' own schemas (docs/api/openapi.json is its committed copy). Registered
 * before the routes, whose schemas it collects as they register; with API_DOCS=1 the document and a browsable page
 * (Swagger UI, its assets served from the package: nothing is fetched from the internet) are served at /api/docs.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'CV Builder API',
        version: '1',
        description:
          'The API the CV Builder web app calls, as the reference server implements it. The contract is ' +
          'pacts/cv-builder-web-cv-builder-api.json: this document is checked against it (server/tests/openapi). ' +
          'Errors are JSON { "detail": "…" }, in the person’s language: the signed-in person’s saved one (PATCH ' +
          '/auth/profile/), else the first language of Accept-Language the product offers, else English. Unsafe methods ' +
          'need the `csrftoken` cookie (GET /auth/csrf/) echoed in X-CSRFToken; signed-in calls carry the `sessionid` cookie.',
      },
      components: {
        schemas: { Error: ERROR },
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sessionid' },
          csrf: { type: 'apiKey', in: 'header', name: 'X-CSRFToken' },
        },
      },
    },
    transform: ({ schema, url, route }) => {
      const methods = [route.method].flat();
      const documented = API_PATH.test(url) && !methods.includes('HEAD');
      const base = (schema ?? {}) as Record<string, unknown>;
      if (!documented) return { schema: { ...base, hide: true }, url };
      const response = (base.response ?? {}) as Record<string, unknown>;
      const key = `${methods[0]} ${url.replace(/:(\w+)/g, '{$1}')}`;
      return {
        url,
        schema: {
          ...base,
          tags: [tagOf(url)],
          response: {
            ...documentedAnswers(key),
            ...printFailureAnswers(key),
            ...response,
            '4XX': response['4XX'] ?? { description: 'Refused', ...ERROR },
          },
        },
      };
    },
    transformObject: (documentObject) => {
      const document =
        'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject;
      // Fastify's own servers list would name the host the document was generated on.
      delete (document as { servers?: unknown }).servers;
      withRawBodies(document as Parameters<typeof withRawBodies>[0]);
      return document;
    },
  });
  if (app.config.apiDocs) {
    await app.register(swaggerUi, {
      routePrefix: API_DOCS_PATH,
      uiConfig: { docExpansion: 'list', deepLinking: true },
      staticCSP: true,
    });
  }
}
