import { MIN_FIT_BODY_PT } from '../../../rules/design.js';
import type { RenderDesign } from './design.js';
import { renderHtml, type RenderTemplate } from './html.js';
import type { RenderModel } from './model.js';
import type { PdfPrinter } from './pdf.js';

/*
 * Fit to one page: spacing gives way first, then line height, then the font size, a step at a time,
 * never below 8.5 pt body text. Each step takes no more room than the one before, so pdf.ts can search them.
 */

const SPACE_STEPS = [0.8, 0.6, 0.45] as const;
const TIGHT_LINE_SCALE = 0.92;
const FONT_STEP = 0.95;

export function fitSteps(design: RenderDesign, bodyFontPt: number): RenderDesign[] {
  const steps: RenderDesign[] = [design];
  for (const space of SPACE_STEPS) steps.push({ ...design, spaceScale: Math.min(design.spaceScale, space) });
  const tight = { ...steps[steps.length - 1]!, lineScale: Math.min(design.lineScale, TIGHT_LINE_SCALE) };
  steps.push(tight);
  const smallest = MIN_FIT_BODY_PT / bodyFontPt;
  let fontScale = tight.fontScale;
  while (fontScale * FONT_STEP > smallest) {
    fontScale *= FONT_STEP;
    steps.push({ ...tight, fontScale });
  }
  if (fontScale > smallest) steps.push({ ...tight, fontScale: smallest });
  return steps;
}

export interface FittedModel {
  model: RenderModel;
  /** Undefined when the design does not ask to fit one page. */
  fitsOnePage?: boolean;
}

/** The model as it prints: with fit to one page on, the first step that fits (or its own design if none does). */
export async function fitModel(
  pdf: PdfPrinter,
  template: RenderTemplate,
  model: RenderModel,
): Promise<FittedModel> {
  const { design } = model;
  if (!design.fitOnePage) return { model };
  const steps = fitSteps(design, template.bodyFontPt);
  const candidates = steps.map((step) => renderHtml(template, { ...model, design: step }));
  const [top, right, bottom, left] = template.pageMarginsMm.map((mm) => mm * design.marginScale) as [
    number,
    number,
    number,
    number,
  ];
  const box = { widthMm: design.widthMm - left - right, heightMm: design.heightMm - top - bottom };
  const { index, fits } = await pdf.firstThatFits(candidates, box);
  return { model: { ...model, design: steps[index]! }, fitsOnePage: fits };
}
