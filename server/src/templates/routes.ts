import { msg } from '../../../rules/languages.js';
import { readFile, stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/errors.js';
import { catalogueJson, findTemplate, listTags } from './repository.js';

export const TEMPLATE_NOT_FOUND = msg('Template not found.');
const ICON_NOT_FOUND = msg('Icon not found.');

const templateListQuery = {
  type: 'object',
  properties: { category: { type: 'integer', minimum: 1 } },
} as const;

/** A template id in the path: any short text; one that is not a plain positive id is simply not a template (404). */
export function templateIdParams(name: string) {
  return {
    type: 'object',
    required: [name],
    properties: { [name]: { type: 'string', maxLength: 32 } },
  } as const;
}

/** "7" → 7; anything else → undefined (answered 404, not 400: no such template). */
export function parseTemplateId(raw: string): number | undefined {
  if (!/^[1-9][0-9]{0,9}$/.test(raw)) return undefined;
  return Number(raw);
}

const iconParams = {
  type: 'object',
  required: ['slug'],
  properties: { slug: { type: 'string', maxLength: 100 } },
} as const;

// Icon files, read again when the file changes (the admin panel renders icons again).
const icons = new Map<string, { bytes: Buffer; mtimeMs: number }>();

/** The catalogue: tags, templates and their icons. */
export async function templateRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/Tag/', async () => listTags(app.db));

  app.get<{ Querystring: { category?: number } }>(
    '/v1/CvTemplate/',
    { schema: { querystring: templateListQuery } },
    async (request, reply) =>
      reply.type('application/json; charset=utf-8').send(await catalogueJson(app.db, request.query.category)),
  );

  app.get<{ Params: { id: string } }>(
    '/v1/CvTemplate/:id/',
    { schema: { params: templateIdParams('id') } },
    async (request) => {
      const id = parseTemplateId(request.params.id);
      const template = id === undefined ? undefined : await findTemplate(app.db, id);
      if (!template) throw notFound(TEMPLATE_NOT_FOUND);
      return template;
    },
  );

  // Icons are public: the template list shows them before anyone picks a template.
  app.get<{ Params: { slug: string }; Querystring: { v?: string } }>(
    '/static/templates/:slug/icon.png',
    { schema: { params: iconParams } },
    async (request, reply) => {
      const template = app.cvTemplates.bySlug(request.params.slug);
      if (!template) throw notFound(ICON_NOT_FOUND);
      let icon: Buffer;
      try {
        // A stat per request: an icon rendered again (by any instance) is served from then on.
        const { mtimeMs } = await stat(template.iconPath);
        const cached = icons.get(template.slug);
        if (cached && cached.mtimeMs === mtimeMs) icon = cached.bytes;
        else {
          icon = await readFile(template.iconPath);
          icons.set(template.slug, { bytes: icon, mtimeMs });
        }
      } catch {
        throw notFound(ICON_NOT_FOUND);
      }
      return reply
        .header('content-type', 'image/png')
        .header(
          'cache-control',
          request.query.v ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        )
        .send(icon);
    },
  );
}
