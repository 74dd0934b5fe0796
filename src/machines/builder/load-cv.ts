import type { CvFieldEntryInput, CvReference, GeneratedCvDetail } from '../../api/cvs';
import type { TemplateDetail } from '../../api/templates';
import { NUMERIC_ID_PATTERN, UUID_PATTERN } from '../../config/constants';
import type { BuilderDraft } from './draft';
import { entryCountOf, groupEntries, hasAnyValue, type CvFormData } from './form-data';

/** spec §3 CV (client state): name, template, entries, and id or uuid once saved. */
export interface BuilderCv {
  name: string;
  template: number;
  entries: CvFieldEntryInput[];
  id?: number;
  uuid?: string;
}

/** Everything the builder needs to show a CV: the CV, its template's sections and the form state. */
export interface LoadedCv {
  cv: BuilderCv;
  template: TemplateDetail;
  formData: CvFormData;
  entryCounts: number[];
  completedSections: number[];
  expandedSections: number[];
  isSaved: boolean;
  isEditing: boolean;
}

export interface CvLoaders {
  getGeneratedCv: (reference: CvReference, signal?: AbortSignal) => Promise<GeneratedCvDetail>;
  getTemplate: (id: number, signal?: AbortSignal) => Promise<TemplateDetail>;
  readDraft: (routeId: string) => BuilderDraft | undefined;
  removeDraft: (routeId: string) => void;
}

export class UnknownBuilderIdError extends Error {
  constructor(routeId: string) {
    super(`"${routeId}" is neither a template id nor a CV id.`);
  }
}

/** The section to open first: the first one not completed yet. */
export function firstOpenSection(sectionCount: number, completed: readonly number[]): number[] {
  for (let index = 0; index < sectionCount; index += 1) if (!completed.includes(index)) return [index];
  return [];
}

/** spec §4: a new CV starts with the chosen name (or empty), the template and no entries, not editing, not saved. */
export function newCv(template: TemplateDetail, name = ''): LoadedCv {
  return {
    cv: { name, template: template.id, entries: [] },
    template,
    formData: Object.fromEntries(template.sections.map((section) => [section.name, {}])),
    entryCounts: template.sections.map(() => 1),
    completedSections: [],
    expandedSections: firstOpenSection(template.sections.length, []),
    isSaved: false,
    isEditing: false,
  };
}

/** spec §4: setting a current CV marks it as editing, and as saved since it has an id or uuid. */
export function savedCv(detail: GeneratedCvDetail, template: TemplateDetail): LoadedCv {
  const entries = detail.entries.map(({ value, index, section_field }) => ({ value, index, section_field }));
  const grouped = groupEntries(template.sections, entries);
  return {
    cv: {
      name: detail.name,
      template: template.id,
      entries,
      ...(detail.id !== undefined ? { id: detail.id } : {}),
      ...(detail.uuid ? { uuid: detail.uuid } : {}),
    },
    template,
    ...grouped,
    expandedSections: firstOpenSection(template.sections.length, grouped.completedSections),
    isSaved: true,
    isEditing: true,
  };
}

/** A draft comes back as it was left; counts that no longer fit the template are worked out again. */
export function draftCv(draft: BuilderDraft, template: TemplateDetail): LoadedCv {
  const sections = template.sections;
  const formData = Object.fromEntries(
    sections.map((section) => [section.name, draft.formData[section.name] ?? {}]),
  );
  const fits = draft.entryCounts.length === sections.length;
  const inRange = (indexes: number[]) => indexes.filter((index) => index >= 0 && index < sections.length);
  return {
    cv: { ...draft.cv, template: template.id, entries: [] },
    template,
    formData,
    entryCounts: fits
      ? draft.entryCounts.map((count, index) => Math.max(count, entryCountOf(formData[sections[index].name])))
      : sections.map((section) => entryCountOf(formData[section.name])),
    completedSections: fits
      ? inRange(draft.completedSections)
      : sections.flatMap((section, index) => (hasAnyValue(formData[section.name]) ? [index] : [])),
    expandedSections: fits ? inRange(draft.expandedSections) : [],
    isSaved: draft.isSaved,
    isEditing: draft.isEditing,
  };
}

/**
 * spec §2 CV builder: the id is a template id (digits) or a generated CV id (a uuid, or digits). A numeric id is
 * tried first as a generated CV; if that lookup fails it is a template id. Work in progress left at this address
 * (a draft) comes first: it is what the person was looking at before the reload.
 */
export async function loadBuilderCv(
  routeId: string,
  loaders: CvLoaders,
  signal?: AbortSignal,
): Promise<LoadedCv> {
  const draft = loaders.readDraft(routeId);
  if (draft) {
    try {
      return draftCv(draft, await loaders.getTemplate(draft.cv.template, signal));
    } catch {
      // The draft's template is gone: the address decides, as if there were no draft.
      loaders.removeDraft(routeId);
    }
  }
  if (UUID_PATTERN.test(routeId)) {
    const detail = await loaders.getGeneratedCv(routeId, signal);
    return savedCv(detail, await loaders.getTemplate(detail.template, signal));
  }
  if (!NUMERIC_ID_PATTERN.test(routeId)) throw new UnknownBuilderIdError(routeId);
  let detail: GeneratedCvDetail | undefined;
  try {
    detail = await loaders.getGeneratedCv(routeId, signal);
  } catch {
    detail = undefined;
  }
  if (detail) return savedCv(detail, await loaders.getTemplate(detail.template, signal));
  return newCv(await loaders.getTemplate(Number(routeId), signal));
}
