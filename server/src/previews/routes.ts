import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  previewBodySchema,
  readPreviewInput,
  templateIdOf,
  type PreviewBody,
} from '../cv-input/preview-body.js';
import { buildRenderModelFromFormData } from '../cv-input/values.js';
import { notFound, printFailuresAsHttp } from '../http/errors.js';
import { requireUser } from '../http/session.js';
import { atsReport } from '../render/ats.js';
import { BUNDLED_FONTS, type BundledFont, type FontCategory } from '../render/fonts.js';
import { buildRenderModel, type RenderModel } from '../render/model.js';
import { previewCvHtml, printCv } from '../render/print.js';
import type { CvTemplate } from '../templates/compile.js';
import { TEMPLATE_NOT_FOUND, parseTemplateId, templateIdParams } from '../templates/routes.js';
import { iconUrl } from '../templates/seed.js';
import { FITS_ONE_PAGE_HEADER } from '../../../rules/design.js';
import { withPreviewPhoto } from '../photos/render.js';

/** GET /v1/fonts/'s shape: what a client shows and sends back. */
export interface FontJson {
  id: string;
  name: string;
  category: FontCategory;
  body_family: string;
  heading_family: string;
}

export function fontJson(font: BundledFont): FontJson {
  return {
    id: font.id,
    name: font.name,
    category: font.category,
    body_family: font.body,
    heading_family: font.heading,
  };
}

function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string, cacheControl: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${fileName}"`)
    .header('cache-control', cacheControl)
    .send(pdf);
}

/** The live preview (HTML, PDF and the ATS view) of a CV being built, each template's sample, and the fonts. */
export async function previewRoutes(app: FastifyInstance): Promise<void> {
  const renderableTemplate = (id: number | undefined): CvTemplate => {
    const template = id === undefined ? undefined : app.cvTemplates.byId(id);
    if (!template) throw notFound(TEMPLATE_NOT_FOUND);
    return template;
  };

  const previewModel = async (body: PreviewBody): Promise<{ template: CvTemplate; model: RenderModel }> => {
    const template = renderableTemplate(templateIdOf(body.template_id));
    const { values, layout, design } = readPreviewInput(body, template.definition);
    const model = buildRenderModel(template.definition, values, layout, design);
    return { template, model: await withPreviewPhoto(model, template.definition, body.photo) };
  };

  app.post<{ Body: PreviewBody }>(
    '/v1/preview/',
    { schema: { body: previewBodySchema } },
    async (request, reply) => {
      requireUser(request);
      const { template, model } = await previewModel(request.body);
      const { html, fitsOnePage } = await printFailuresAsHttp(() => previewCvHtml(app.pdf, template, model));
      // [extension] fits_one_page: only when the design asks to fit one page and a renderer could measure it.
      return reply
        .header('cache-control', 'private, no-store')
        .send(fitsOnePage === undefined ? { html } : { html, fits_one_page: fitsOnePage });
    },
  );

  app.post<{ Body: PreviewBody }>(
    '/v1/preview-pdf/',
    { schema: { body: previewBodySchema } },
    async (request, reply) => {
      requireUser(request);
      const { template, model } = await previewModel(request.body);
      // The live preview re-renders on every pause in typing: it skips the structure tree (~20 ms).
      const { pdf, fitsOnePage } = await printFailuresAsHttp(() =>
        printCv(app.pdf, template, model, { tagged: false }),
      );
      if (fitsOnePage !== undefined) reply.header(FITS_ONE_PAGE_HEADER, String(fitsOnePage));
      return sendPdf(reply, pdf, 'preview.pdf', 'private, no-store');
    },
  );

  // [extension] The bundled fonts a CV's design may name: installed on the server, never fetched.
  app.get('/v1/fonts/', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').send(BUNDLED_FONTS.map(fontJson)),
  );

  // [extension] The ATS view: the text a parser reads from the PDF the person would download, and a checklist. The
  // PDF is printed as the live PDF preview prints it (no structure tree): the same text, in the same order, as the
  // download's.
  app.post<{ Body: PreviewBody }>(
    '/v1/preview-text/',
    { schema: { body: previewBodySchema } },
    async (request, reply) => {
      requireUser(request);
      const { template, model } = await previewModel(request.body);
      // The PDF as the person would download it: their design's paper, fitted to one page when they ask.
      const { pdf } = await printFailuresAsHttp(() => printCv(app.pdf, template, model, { tagged: false }));
      return reply.header('cache-control', 'private, no-store').send(await atsReport(model, pdf));
    },
  );

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
      const model = buildRenderModelFromFormData(template.definition, template.sample);
      const { pdf } = await printFailuresAsHttp(() => printCv(app.pdf, template, model));
      return sendPdf(reply, pdf, `${template.slug}-sample.pdf`, 'private, max-age=3600');
    },
  );
}
