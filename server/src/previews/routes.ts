import type { FastifyInstance, FastifyReply } from 'fastify';
import { badRequest, notFound } from '../http/errors.js';
import { requireUser } from '../http/session.js';
import { TEMPLATE_NOT_FOUND, parseTemplateId, templateIdParams } from '../templates/routes.js';
import { iconUrl } from '../templates/seed.js';
import type { CvLayoutShape } from '../../../rules/cv.js';
import { FITS_ONE_PAGE_HEADER, type CvDesignShape } from '../../../rules/design.js';
import { designSchema, readDesign } from '../cv-input/design.js';
import { BUNDLED_FONTS, fontJson } from '../render/fonts.js';
import { layoutSchema, readLayout } from '../cv-input/layout.js';
import type { CvTemplate } from '../templates/compile.js';
import { atsReport } from '../render/ats.js';
import { buildRenderModelFromFormData, RenderInputError } from '../cv-input/values.js';
import type { RenderModel } from '../render/model.js';
import { previewCvHtml, printCv } from '../render/print.js';

interface PreviewBody {
  template_id: unknown;
  cv_data?: Record<string, unknown> | null;
  /** [extension] The CV's own structure (issue 12), as saved with it. */
  layout?: CvLayoutShape | null;
  /** [extension] The CV's design settings (issue 13), as saved with it. */
  design?: CvDesignShape | null;
}

const previewBody = {
  type: 'object',
  required: ['template_id'],
  properties: {
    // A number, or digits in a string (the builder takes the id from its address): see templateIdOf.
    template_id: {},
    cv_data: { type: ['object', 'null'] },
    layout: layoutSchema,
    design: designSchema,
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

  const previewModel = (body: PreviewBody): { template: CvTemplate; model: RenderModel } => {
    const template = renderableTemplate(templateIdOf(body.template_id));
    try {
      const layout = readLayout(body.layout, template.definition);
      const design = readDesign(body.design) ?? null;
      return {
        template,
        model: buildRenderModelFromFormData(template.definition, body.cv_data ?? {}, layout, design),
      };
    } catch (error) {
      if (error instanceof RenderInputError) throw badRequest(error.message);
      throw error;
    }
  };

  app.post<{ Body: PreviewBody }>(
    '/v1/preview/',
    { schema: { body: previewBody } },
    async (request, reply) => {
      requireUser(request);
      const { template, model } = previewModel(request.body);
      const { html, fitsOnePage } = await previewCvHtml(app.pdf, template, model);
      // [extension] fits_one_page: only when the design asks to fit one page and a renderer could measure it.
      return reply
        .header('cache-control', 'private, no-store')
        .send(fitsOnePage === undefined ? { html } : { html, fits_one_page: fitsOnePage });
    },
  );

  app.post<{ Body: PreviewBody }>(
    '/v1/preview-pdf/',
    { schema: { body: previewBody } },
    async (request, reply) => {
      requireUser(request);
      const { template, model } = previewModel(request.body);
      // The live preview re-renders on every pause in typing: it skips the structure tree (~20 ms).
      const { pdf, fitsOnePage } = await printCv(app.pdf, template, model, { tagged: false });
      if (fitsOnePage !== undefined) reply.header(FITS_ONE_PAGE_HEADER, String(fitsOnePage));
      return sendPdf(reply, pdf, 'preview.pdf', 'private, no-store');
    },
  );

  // [extension] The bundled fonts a CV's design may name (issue 13): installed on the server, never fetched.
  app.get('/v1/fonts/', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').send(BUNDLED_FONTS.map(fontJson)),
  );

  // [extension] The ATS view (issue 17): the text a parser reads from the PDF the person would download, and a
  // checklist. The PDF is printed as the live PDF preview prints it (no structure tree): the same text, in the same
  // order, as the download's.
  app.post<{ Body: PreviewBody }>('/v1/preview-text/', { schema: { body: previewBody } }, async (request, reply) => {
    requireUser(request);
    const { template, model } = previewModel(request.body);
    // The PDF as the person would download it: their design's paper, fitted to one page when they ask.
    const { pdf } = await printCv(app.pdf, template, model, { tagged: false });
    return reply.header('cache-control', 'private, no-store').send(await atsReport(model, pdf));
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
      const { pdf } = await printCv(
        app.pdf,
        template,
        buildRenderModelFromFormData(template.definition, template.sample),
      );
      return sendPdf(reply, pdf, `${template.slug}-sample.pdf`, 'private, max-age=3600');
    },
  );
}
