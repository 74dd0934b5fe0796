import * as t from 'io-ts';
import type { ApiClient, RequestOptions } from './http';
import { optional } from './codecs';
import type { CvLayout } from './cvs';

// Live preview of the CV being built (docs/behaviour.md#api-calls, #validation-rules).

/** Form data as the builder posts it (docs/behaviour.md#data): section name → `name-fieldId-repeatIndex` → value. */
export type PreviewCvData = Readonly<Record<string, Readonly<Record<string, string>>>>;

export interface PreviewRequest {
  templateId: number;
  cvData: PreviewCvData;
  /** [extension] The CV's own structure (issue 12); left out when it has none. */
  layout?: CvLayout;
}

export const PreviewHtml = t.type({ html: t.string }, 'PreviewHtml');
export type PreviewHtml = t.TypeOf<typeof PreviewHtml>;

/** A template's own preview (docs/behaviour.md#data). */
export const TemplatePreview = t.type(
  { template_name: t.string, icon_url: optional(t.string) },
  'TemplatePreview',
);
export type TemplatePreview = t.TypeOf<typeof TemplatePreview>;

type CallOptions = Pick<RequestOptions, 'signal'>;

const previewBody = ({ templateId, cvData, layout }: PreviewRequest) => ({
  template_id: templateId,
  cv_data: cvData,
  ...(layout ? { layout } : {}),
});

/** POST /v1/preview/ {template_id, cv_data} → the CV as an HTML document. */
export async function preview(
  client: ApiClient,
  request: PreviewRequest,
  options?: CallOptions,
): Promise<string> {
  const answer = await client.post('/v1/preview/', previewBody(request), PreviewHtml, options);
  return answer.html;
}

/** POST /v1/preview-pdf/: the same body, the CV as a PDF. */
export function previewPdf(client: ApiClient, request: PreviewRequest, options?: CallOptions): Promise<Blob> {
  return client.postBlob('/v1/preview-pdf/', previewBody(request), options);
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
