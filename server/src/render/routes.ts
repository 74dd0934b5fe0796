import type { FastifyInstance, FastifyReply } from 'fastify';
import { badRequest, notFound } from '../http/errors.js';
import { requireUser } from '../http/session.js';
import { TEMPLATE_NOT_FOUND, parseTemplateId, templateIdParams } from '../templates/routes.js';
import { iconUrl } from '../templates/seed.js';
import type { CvLayoutShape } from '../../../rules/cv.js';
import { layoutSchema, readLayout } from '../cvs/layout.js';
import { renderHtml, type CvTemplate } from './html.js';
import { buildRenderModelFromFormData, RenderInputError } from './model.js';
import { printForRequest } from './print.js';

interface PreviewBody {
  template_id: unknown;
  cv_data?: Record<string, unknown> | null;
  /** [extension] The CV's own structure (issue 12), as saved with it. */
  layout?: CvLayoutShape | null;
}

const previewBody = {
  type: 'object',
  required: ['template_id'],
  properties: {
    // A number, or digits in a string (the builder takes the id from its address): see templateIdOf.
    template_id: {},
    cv_data: { type: ['object', 'null'] },
    layout: layoutSchema,
  },
} as const;

function templateIdOf(raw: unknown): number {
  if (typeof raw === 'number' && Number.isInteger(raw) && raw > 0) return raw;
  if (typeof raw === 'string' && /^[1-9][0-9]{0,9}$/.test(raw)) return Number(raw);
  throw badRequest('template_id: must be a template id (a positive whole number)');
}

function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string, cacheControl: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${fileName}"`)
    .header('cache-control', cacheControl)
    .send(pdf);
}

/** The live preview (HTML and PDF) of a CV being built, and each template's sample. */
export async function previewRoutes(app: FastifyInstance): Promise<void> {
  const renderableTemplate = (id: number | undefined): CvTemplate => {
    const template = id === undefined ? undefined : app.cvTemplates.byId(id);
    if (!template) throw notFound(TEMPLATE_NOT_FOUND);
    return template;
  };

  const previewHtml = (body: PreviewBody): string => {
    const template = renderableTemplate(templateIdOf(body.template_id));
    try {
      const layout = readLayout(body.layout, template.definition);
      return renderHtml(template, buildRenderModelFromFormData(template.definition, body.cv_data ?? {}, layout));
    } catch (error) {
      if (error instanceof RenderInputError) throw badRequest(error.message);
      throw error;
    }
  };

  app.post<{ Body: PreviewBody }>('/v1/preview/', { schema: { body: previewBody } }, async (request, reply) => {
    requireUser(request);
    const html = previewHtml(request.body);
    return reply.header('cache-control', 'private, no-store').send({ html });
  });

  app.post<{ Body: PreviewBody }>('/v1/preview-pdf/', { schema: { body: previewBody } }, async (request, reply) => {
    requireUser(request);
    const html = previewHtml(request.body);
    // The live preview re-renders on every pause in typing: it skips the structure tree (~20 ms).
    const pdf = await printForRequest(app.pdf, html, { tagged: false });
    return sendPdf(reply, pdf, 'preview.pdf', 'private, no-store');
  });

  app.get<{ Params: { templateId: string } }>(
    '/v1/template-preview/:templateId/',
    { schema: { params: templateIdParams('templateId') } },
    async (request) => {
      requireUser(request);
      const template = renderableTemplate(parseTemplateId(request.params.templateId));
      return { template_name: template.definition.name, icon_url: iconUrl(template) };
    },
  );

  app.get<{ Params: { templateId: string } }>(
    '/v1/template-preview-pdf/:templateId/',
    { schema: { params: templateIdParams('templateId') } },
    async (request, reply) => {
      requireUser(request);
      const template = renderableTemplate(parseTemplateId(request.params.templateId));
      const html = renderHtml(template, buildRenderModelFromFormData(template.definition, template.sample));
      const pdf = await printForRequest(app.pdf, html);
      return sendPdf(reply, pdf, `${template.slug}-sample.pdf`, 'private, max-age=3600');
    },
  );
}
