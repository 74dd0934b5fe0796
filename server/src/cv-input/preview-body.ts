import { msg } from '../../../rules/languages.js';
import { badRequest } from '../http/errors.js';
import type { CvDesign } from '../render/design.js';
import type { CvLayout, FieldValue, TemplateDefinition } from '../render/input.js';
import type { CvLayoutShape } from '../../../rules/cv.js';
import type { CvDesignShape } from '../../../rules/design.js';
import { designSchema, readDesign } from './design.js';
import { layoutSchema, readLayout } from './layout.js';
import { readFormDataValues, RenderInputError } from './values.js';

/*
 * A CV as a preview sends it (POST /v1/preview/, /v1/preview-pdf/, /v1/preview-text/): the builder's form data, not
 * yet saved, with the CV's layout and design checked as a save checks them.
 */

export interface PreviewBody {
  template_id: unknown;
  cv_data?: Record<string, unknown> | null;
  /** [extension] The CV's own structure, as saved with it. */
  layout?: CvLayoutShape | null;
  /** [extension] The CV's design settings, as saved with it. */
  design?: CvDesignShape | null;
  /** [extension] The CV's photo as a data URL (JPEG, PNG or WebP), processed as an upload is; never an address. */
  photo?: string | null;
}

export const previewBodySchema = {
  type: 'object',
  required: ['template_id'],
  properties: {
    // A number, or digits in a string (the builder takes the id from its address): see templateIdOf.
    template_id: {},
    cv_data: { type: ['object', 'null'] },
    layout: layoutSchema,
    design: designSchema,
    photo: { type: ['string', 'null'], maxLength: 1_000_000 },
  },
} as const;

/** The body's template id; anything else than a positive whole number (or its digits) is a 400. */
export function templateIdOf(raw: unknown): number {
  if (typeof raw === 'number' && Number.isInteger(raw) && raw > 0) return raw;
  if (typeof raw === 'string' && /^[1-9][0-9]{0,9}$/.test(raw)) return Number(raw);
  throw badRequest(msg('template_id: must be a template id (a positive whole number)'));
}

export interface PreviewInput {
  values: FieldValue[];
  layout: CvLayout | null;
  design: CvDesign | null;
}

/** The body's values, layout and design checked against its template; every problem is a 400 naming the field. */
export function readPreviewInput(body: PreviewBody, template: TemplateDefinition): PreviewInput {
  try {
    const layout = readLayout(body.layout, template);
    const design = readDesign(body.design) ?? null;
    return { values: readFormDataValues(body.cv_data ?? {}), layout, design };
  } catch (error) {
    if (error instanceof RenderInputError)
      throw badRequest(error.detail, error.code ? { code: error.code } : {});
    throw error;
  }
}
