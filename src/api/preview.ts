import * as t from 'io-ts';
import type { ApiClient, RequestOptions } from './http';
import { optional } from './codecs';
import type { CvLayout } from './cvs';
import { designToWire, type CvDesign } from './design';
import { FITS_ONE_PAGE_HEADER } from '../../rules/design';

// Live preview of the CV being built (docs/behaviour.md#api-calls, #validation-rules).

/** Form data as the builder posts it (docs/behaviour.md#data): section name → `name-fieldId-repeatIndex` → value. */
export type PreviewCvData = Readonly<Record<string, Readonly<Record<string, string>>>>;

export interface PreviewRequest {
  templateId: number;
  cvData: PreviewCvData;
  /** [extension] The CV's own structure; left out when it has none. */
  layout?: CvLayout;
  /** [extension] The CV's design settings; left out when it has none. */
  design?: CvDesign;
}

/**
 * [extension] With fit to one page on, whether the CV fits one page (false: it needs more even at the smallest
 * size and prints normally); undefined when fit to one page is off or the server does not say.
 */
export type FitsOnePage = boolean | undefined;

export const PreviewHtml = t.intersection(
  [t.type({ html: t.string }), t.partial({ fits_one_page: t.union([t.boolean, t.null, t.undefined]) })],
  'PreviewHtml',
);
export type PreviewHtml = t.TypeOf<typeof PreviewHtml>;

/** A template's own preview (docs/behaviour.md#data). */
export const TemplatePreview = t.type(
  { template_name: t.string, icon_url: optional(t.string) },
  'TemplatePreview',
);
export type TemplatePreview = t.TypeOf<typeof TemplatePreview>;

/** [extension] One item of the ATS checklist; `problems` lists what failed, as data to show. */
export const AtsCheck = t.type(
  {
    id: t.keyof({ values: null, order: null, contact: null, characters: null }),
    passed: t.boolean,
    problems: t.array(t.string),
  },
  'AtsCheck',
);
export type AtsCheck = t.TypeOf<typeof AtsCheck>;

/** [extension] What an applicant tracking system reads from the CV's PDF, and the checklist. */
export const AtsReport = t.intersection(
  [
    t.type({ text: t.string, checks: t.array(AtsCheck) }),
    // [extension] What the view says beside the checklist (that parsers ignore the CV's photo).
    t.partial({ notes: t.union([t.array(t.string), t.null, t.undefined]) }),
  ],
  'AtsReport',
);
export type AtsReport = t.TypeOf<typeof AtsReport>;

type CallOptions = Pick<RequestOptions, 'signal'>;

const previewBody = ({ templateId, cvData, layout, design }: PreviewRequest) => ({
  template_id: templateId,
  cv_data: cvData,
  ...(layout ? { layout } : {}),
  ...(design ? { design: designToWire(design) } : {}),
  // [extension] The photo as a data URL (the server never fetches an address); a hidden one prints nowhere.
  ...(design?.photo.image && !design.photo.hidden ? { photo: design.photo.image } : {}),
});

/** POST /v1/preview/ {template_id, cv_data} → the CV as an HTML document. */
export async function preview(
  client: ApiClient,
  request: PreviewRequest,
  options?: CallOptions,
): Promise<string> {
  return (await previewWithFit(client, request, options)).html;
}

/** POST /v1/preview/ with whether the CV fits one page ([extension] `fits_one_page`). */
export async function previewWithFit(
  client: ApiClient,
  request: PreviewRequest,
  options?: CallOptions,
): Promise<{ html: string; fitsOnePage: FitsOnePage }> {
  const answer = await client.post('/v1/preview/', previewBody(request), PreviewHtml, options);
  return { html: answer.html, fitsOnePage: answer.fits_one_page ?? undefined };
}

/** POST /v1/preview-pdf/: the same body, the CV as a PDF. */
export async function previewPdf(
  client: ApiClient,
  request: PreviewRequest,
  options?: CallOptions,
): Promise<Blob> {
  return (await previewPdfWithFit(client, request, options)).pdf;
}

/** POST /v1/preview-pdf/ with whether the CV fits one page ([extension] the x-cv-fits-one-page header). */
export async function previewPdfWithFit(
  client: ApiClient,
  request: PreviewRequest,
  options?: CallOptions,
): Promise<{ pdf: Blob; fitsOnePage: FitsOnePage }> {
  const { blob, headers } = await client.postBlobResponse('/v1/preview-pdf/', previewBody(request), options);
  const fits = headers[FITS_ONE_PAGE_HEADER];
  return { pdf: blob, fitsOnePage: fits === 'true' ? true : fits === 'false' ? false : undefined };
}

/** [extension] POST /v1/preview-text/: the same body; the text a parser reads from the CV's PDF and the checklist. */
export function previewText(client: ApiClient, request: PreviewRequest, options?: CallOptions): Promise<AtsReport> {
  return client.post('/v1/preview-text/', previewBody(request), AtsReport, options);
}

/** GET /v1/template-preview/{templateId}/: the template's name and sample image, for a CV with nothing in it yet. */
export function templatePreview(
  client: ApiClient,
  templateId: number,
  options?: CallOptions,
): Promise<TemplatePreview> {
  return client.get(
    `/v1/template-preview/${encodeURIComponent(String(templateId))}/`,
    TemplatePreview,
    options,
  );
}

/** GET /v1/template-preview-pdf/{templateId}/: the template filled with its sample CV, as a PDF. */
export function templatePreviewPdf(
  client: ApiClient,
  templateId: number,
  options?: CallOptions,
): Promise<Blob> {
  return client.getBlob(`/v1/template-preview-pdf/${encodeURIComponent(String(templateId))}/`, options);
}
