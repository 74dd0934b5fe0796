import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { badRequest, notFound, serviceUnavailable } from '../http/errors.js';
import { requireUser } from '../http/session.js';
import { renderHtml, type CvTemplate } from '../render/html.js';
import { buildRenderModelFromFormData, RenderInputError } from '../render/model.js';
import { PdfUnavailableError } from '../render/pdf.js';
import { findTemplate, listTags, listTemplates } from './repository.js';
import { iconUrl } from './seed.js';

export const TEMPLATE_NOT_FOUND = 'Template not found.';

interface PreviewBody {
  template_id: unknown;
  cv_data?: Record<string, unknown> | null;
}

const previewBody = {
  type: 'object',
  required: ['template_id'],
  properties: {
    // A number, or digits in a string (the builder takes the id from its address): see templateIdOf.
    template_id: {},
    cv_data: { type: ['object', 'null'] },
  },
} as const;

const templateListQuery = {
  type: 'object',
  properties: { category: { type: 'integer', minimum: 1 } },
} as const;

function templateIdOf(raw: unknown): number {
  if (typeof raw === 'number' && Number.isInteger(raw) && raw > 0) return raw;
  if (typeof raw === 'string' && /^[1-9][0-9]{0,9}$/.test(raw)) return Number(raw);
  throw badRequest('template_id: must be a template id (a positive whole number)');
}

/** "7" → 7; anything that is not a plain positive id is simply not a template (404). */
function parseId(raw: string): number | undefined {
  if (!/^[1-9][0-9]{0,9}$/.test(raw)) return undefined;
  return Number(raw);
}

async function sendPdf(reply: FastifyReply, render: () => Promise<Buffer>, fileName: string, cacheControl: string) {
  let pdf: Buffer;
  try {
    pdf = await render();
  } catch (error) {
    if (error instanceof PdfUnavailableError) throw serviceUnavailable(error.message);
    throw error;
  }
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${fileName}"`)
    .header('cache-control', cacheControl)
    .send(pdf);
}

/** Tags, templates, previews and template icons (spec §7, issue 5). */
export async function templateRoutes(app: FastifyInstance): Promise<void> {
  const registry = app.cvTemplates;

  const renderableTemplate = (id: number | undefined): CvTemplate => {
    const template = id === undefined ? undefined : registry.byId(id);
    if (!template) throw notFound(TEMPLATE_NOT_FOUND);
    return template;
  };

  const previewHtml = (body: PreviewBody): string => {
    const template = renderableTemplate(templateIdOf(body.template_id));
    try {
      return renderHtml(template, buildRenderModelFromFormData(template.definition, body.cv_data ?? {}));
    } catch (error) {
      if (error instanceof RenderInputError) throw badRequest(error.message);
      throw error;
    }
  };

  app.get('/v1/Tag/', async () => listTags(app.db));

  app.get<{ Querystring: { category?: number } }>(
    '/v1/CvTemplate/',
    { schema: { querystring: templateListQuery } },
    async (request) => listTemplates(app.db, request.query.category),
  );

  app.get<{ Params: { id: string } }>('/v1/CvTemplate/:id/', async (request) => {
    const id = parseId(request.params.id);
    const template = id === undefined ? undefined : await findTemplate(app.db, id);
    if (!template) throw notFound(TEMPLATE_NOT_FOUND);
    return template;
  });

  app.post<{ Body: PreviewBody }>('/v1/preview/', { schema: { body: previewBody } }, async (request, reply) => {
    requireUser(request);
    const html = previewHtml(request.body);
    return reply.header('cache-control', 'private, no-store').send({ html });
  });

  app.post<{ Body: PreviewBody }>('/v1/preview-pdf/', { schema: { body: previewBody } }, async (request, reply) => {
    requireUser(request);
    const html = previewHtml(request.body);
    // The live preview re-renders on every pause in typing: it skips the structure tree (~20 ms).
    return sendPdf(reply, () => app.pdf.render(html, { tagged: false }), 'preview.pdf', 'private, no-store');
  });

  app.get<{ Params: { templateId: string } }>('/v1/template-preview/:templateId/', async (request) => {
    requireUser(request);
    const template = renderableTemplate(parseId(request.params.templateId));
    return { template_name: template.definition.name, icon_url: iconUrl(template) };
  });

  app.get<{ Params: { templateId: string } }>('/v1/template-preview-pdf/:templateId/', async (request, reply) => {
    requireUser(request);
    const template = renderableTemplate(parseId(request.params.templateId));
    const html = renderHtml(template, buildRenderModelFromFormData(template.definition, template.sample));
    return sendPdf(reply, () => app.pdf.render(html), `${template.slug}-sample.pdf`, 'private, max-age=3600');
  });

  // Icons are public: the template list shows them before anyone picks a template.
  const icons = new Map<string, Buffer>();
  app.get<{ Params: { slug: string }; Querystring: { v?: string } }>(
    '/static/templates/:slug/icon.png',
    async (request, reply) => {
      const template = registry.bySlug(request.params.slug);
      if (!template) throw notFound('Icon not found.');
      let icon = icons.get(template.slug);
      if (!icon) {
        try {
          icon = await readFile(template.iconPath);
        } catch {
          throw notFound('Icon not found.');
        }
        icons.set(template.slug, icon);
      }
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', request.query.v ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
        .send(icon);
    },
  );
}
