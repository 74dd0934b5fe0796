import type { CvLayoutShape } from '../../../rules/cv.js';
import { designJson, parseStoredDesign } from '../cv-input/design.js';
import { layoutJson, parseStoredLayout } from '../cv-input/layout.js';
import type { CvFieldEntryRow, GeneratedCvRow } from './repository.js';

export interface CvFieldEntryJson {
  id: number;
  value: string;
  index: number;
  section_field: number;
}

export interface GeneratedCvSummaryJson {
  id: number;
  uuid: string;
  url: string;
  name: string;
  template: number;
  created: string;
  last_updated: string;
}

export interface GeneratedCvJson extends GeneratedCvSummaryJson {
  entries: CvFieldEntryJson[];
  /** [extension] The CV's own structure, or null: it prints as its template says. */
  layout: CvLayoutShape | null;
  /** [extension] The CV's design settings, or null: it prints as its template says. */
  design: ReturnType<typeof designJson> | null;
}

export function entryJson(entry: CvFieldEntryRow): CvFieldEntryJson {
  return { id: entry.id, value: entry.value, index: entry.index, section_field: entry.section_field_id };
}

/** The list shape of GET /v1/GeneratedCV/ (docs/behaviour.md#api-calls): no entries. */
export function cvSummaryJson(cv: GeneratedCvRow, publicUrl: string): GeneratedCvSummaryJson {
  return {
    id: cv.id,
    uuid: cv.uuid,
    url: `${publicUrl}/v1/GeneratedCV/${cv.id}/`,
    name: cv.name,
    template: cv.template_id,
    created: cv.created,
    last_updated: cv.last_updated,
  };
}

export function cvJson(
  cv: GeneratedCvRow,
  entries: readonly CvFieldEntryRow[],
  publicUrl: string,
): GeneratedCvJson {
  const { created, last_updated, ...identity } = cvSummaryJson(cv, publicUrl);
  const layout = parseStoredLayout(cv.layout);
  const design = parseStoredDesign(cv.design);
  // Keys in the order docs/behaviour.md#data lists them, then the extension.
  return {
    ...identity,
    entries: entries.map(entryJson),
    created,
    last_updated,
    layout: layout ? layoutJson(layout) : null,
    design: design ? designJson(design) : null,
  };
}
