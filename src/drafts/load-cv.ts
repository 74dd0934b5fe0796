import { layoutInLanguage } from '../cv/section-headings';
import type { CvFieldEntryInput, CvLayout, CvReference, GeneratedCvDetail } from '../api/cvs';
import { sectionsWithProblems } from '../cv/field-rules';
import { templateDesign, type CvDesign } from '../api/design';
import type { TemplateDetail } from '../api/templates';
import type { PageSize } from '../../rules/design';
import { PLAIN_DESIGN } from '../cv/design';
import { photoKey } from '../cv/photo';
import type { BuilderDraft } from './draft';
import {
  cvFingerprint,
  entryCountOf,
  groupEntries,
  hasAnyValue,
  isFormDataEmpty,
  type CvFormData,
} from '../cv/form-data';
import { cvKeyOf, type BuilderTarget, type CvIdentity } from '../cv/identity';
import { prefillFromAccount, type AccountDetails } from '../cv/account-prefill';
import { EMPTY_LAYOUT, isDefaultLayout, type LayoutStash } from '../cv/layout';

/** docs/behaviour.md#data: name, template, entries, and id or uuid once saved. */
export interface BuilderCv {
  name: string;
  template: number;
  entries: CvFieldEntryInput[];
  id?: number;
  uuid?: string;
}

/** The saved copy the builder measures 'unsaved' against, with its version for the save's check. */
export interface SavedBase {
  fingerprint: string;
  lastUpdated?: string;
  /** [extension] The saved photo's key (src/cv/photo.ts): a save uploads the photo only when it changed. */
  photo?: string;
}

/** Everything the builder needs to show a CV: the CV, its template's sections and the form state. */
export interface LoadedCv {
  identity: CvIdentity;
  cv: BuilderCv;
  template: TemplateDetail;
  formData: CvFormData;
  /** The CV's own structure: its order, hidden sections, headings and sections of its own. */
  layout: CvLayout;
  /** The CV's design settings; left out, the template's look on A4. */
  design?: CvDesign;
  /** Values the template has no place for (see form-data's switchTemplateValues). */
  stash: CvFormData;
  /** How sections a template switch could not place were shaped (see layout's layoutForTemplate). */
  layoutStash?: LayoutStash;
  entryCounts: number[];
  completedSections: number[];
  expandedSections: number[];
  isSaved: boolean;
  isEditing: boolean;
  base?: SavedBase;
}

export interface CvLoaders {
  getGeneratedCv: (reference: CvReference, signal?: AbortSignal) => Promise<GeneratedCvDetail>;
  getTemplate: (id: number, signal?: AbortSignal) => Promise<TemplateDetail>;
  /** The signed-in person's draft of a CV (by its key, see ./identity's cvKeyOf); nobody else's. */
  readDraft: (cvKey: string) => BuilderDraft | undefined;
  removeDraft: (cvKey: string) => void;
  mintDraftId: () => string;
  /** [extension] A saved CV's photo as a data URL; undefined when it has none (or the backend keeps no photos). */
  getPhoto?: (reference: CvReference, signal?: AbortSignal) => Promise<string | undefined>;
}

/** The section to open first: the first one not completed yet. */
export function firstOpenSection(sectionCount: number, completed: readonly number[]): number[] {
  for (let index = 0; index < sectionCount; index += 1) if (!completed.includes(index)) return [index];
  return [];
}

/** Whether the form differs from the saved copy; a CV never saved is unsaved once it holds anything. */
export function hasUnsavedChanges(state: {
  cv: Pick<BuilderCv, 'name' | 'template'>;
  formData: CvFormData;
  layout: CvLayout;
  design?: CvDesign;
  base?: SavedBase;
}): boolean {
  return state.base
    ? cvFingerprint(state.cv, state.formData, state.layout, state.design) !== state.base.fingerprint
    : !isFormDataEmpty(state.formData) || !isDefaultLayout(state.layout);
}

/**
 * docs/behaviour.md#cv-editing-state: a new CV starts with the chosen name (or empty), the template and no
 * entries, not editing, not saved.
 */
export function newCv(
  template: TemplateDetail,
  draftId: string,
  name = '',
  pageSize: PageSize = PLAIN_DESIGN.page_size,
  language: string = PLAIN_DESIGN.language,
  /** The person's name, email and phone, which fill the personal details (docs/decisions/0041-saves-and-notices.md). */
  account?: AccountDetails,
): LoadedCv {
  const empty = Object.fromEntries(template.sections.map((section) => [section.name, {}]));
  const formData = prefillFromAccount(template, empty, account);
  const cv = { name, template: template.id, entries: [] };
  // The template's look on the paper of where the person is.
  const design = templateDesign(pageSize, language);
  // Its section headings in its language (src/cv/section-headings.ts).
  const layout = layoutInLanguage(template, language);
  return {
    identity: { kind: 'new', draftId },
    cv,
    template,
    formData,
    layout,
    design,
    // What the account filled in and the headings in the CV's language are where the CV starts: not a change of the
    // person's, so not 'Unsaved changes' (and no draft) until they change something.
    ...(formData === empty && layout === EMPTY_LAYOUT
      ? {}
      : { base: { fingerprint: cvFingerprint(cv, formData, layout, design) } }),
    stash: {},
    entryCounts: template.sections.map(() => 1),
    completedSections: [],
    expandedSections: firstOpenSection(template.sections.length, []),
    isSaved: false,
    isEditing: false,
  };
}

/**
 * docs/behaviour.md#cv-editing-state: setting a current CV marks it as editing, and as saved since it has an id
 * or uuid.
 */
export function savedCv(detail: GeneratedCvDetail, template: TemplateDetail, photo?: string): LoadedCv {
  const entries = detail.entries.map(({ value, index, section_field }) => ({ value, index, section_field }));
  const grouped = groupEntries(template.sections, entries);
  const cv: BuilderCv = {
    name: detail.name,
    template: template.id,
    entries,
    ...(detail.id !== undefined ? { id: detail.id } : {}),
    ...(detail.uuid ? { uuid: detail.uuid } : {}),
  };
  const layout = detail.layout ?? EMPTY_LAYOUT;
  const designed = detail.design ?? PLAIN_DESIGN;
  // The photo is part of the design in the builder: its undo steps, drafts and 'Unsaved changes' include it.
  const design = photo ? { ...designed, photo: { ...designed.photo, image: photo } } : designed;
  return {
    identity: { kind: 'saved', uuid: savedKeyOf(detail) },
    cv,
    template,
    ...grouped,
    layout,
    design,
    stash: {},
    expandedSections: firstOpenSection(template.sections.length, grouped.completedSections),
    isSaved: true,
    isEditing: true,
    base: {
      fingerprint: cvFingerprint(cv, grouped.formData, layout, design),
      ...(detail.last_updated ? { lastUpdated: detail.last_updated } : {}),
      ...(photo ? { photo: photoKey(photo) } : {}),
    },
  };
}

/** A saved CV is known by its uuid; a backend that gives none still has the id. */
function savedKeyOf(detail: GeneratedCvDetail): string {
  return detail.uuid ?? `id-${detail.id ?? ''}`;
}

/** A draft comes back as it was left; counts that no longer fit the template are worked out again. */
export function draftCv(draft: BuilderDraft, identity: CvIdentity, template: TemplateDetail): LoadedCv {
  const sections = template.sections;
  const formData = Object.fromEntries(
    sections.map((section) => [section.name, draft.formData[section.name] ?? {}]),
  );
  const fits = draft.entryCounts.length === sections.length;
  const inRange = (indexes: number[]) => indexes.filter((index) => index >= 0 && index < sections.length);
  // A section holding a value its field refuses (an imported phone number that cannot exist) is not completed.
  const refused = sectionsWithProblems(sections, formData);
  return {
    identity,
    cv: { ...draft.cv, template: template.id, entries: [] },
    template,
    formData,
    layout: draft.layout ?? EMPTY_LAYOUT,
    design: draft.design ?? PLAIN_DESIGN,
    stash: draft.stash,
    ...(draft.layoutStash ? { layoutStash: draft.layoutStash } : {}),
    entryCounts: fits
      ? draft.entryCounts.map((count, index) => Math.max(count, entryCountOf(formData[sections[index].name])))
      : sections.map((section) => entryCountOf(formData[section.name])),
    completedSections: fits
      ? inRange(draft.completedSections)
      : sections.flatMap((section, index) =>
          hasAnyValue(formData[section.name]) && !refused.has(index) ? [index] : [],
        ),
    expandedSections: fits ? inRange(draft.expandedSections) : [],
    isSaved: draft.isSaved,
    isEditing: draft.isEditing,
    ...(draft.base ? { base: draft.base } : {}),
  };
}

async function fromDraft(
  identity: CvIdentity,
  loaders: CvLoaders,
  signal: AbortSignal | undefined,
): Promise<LoadedCv | undefined> {
  const key = cvKeyOf(identity);
  const draft = loaders.readDraft(key);
  if (!draft) return undefined;
  try {
    return draftCv(draft, identity, await loaders.getTemplate(draft.cv.template, signal));
  } catch {
    // The draft's template is gone: the address decides, as if there were no draft.
    loaders.removeDraft(key);
    return undefined;
  }
}

/**
 * A saved CV: the person's draft of it while it holds unsaved changes (the draft wins until the CV is saved),
 * else the server copy with what the draft kept aside (values a template switch had no place for). The server
 * copy is always fetched: it proves the CV is still the person's and gives the version a save is checked against.
 */
async function openSaved(
  detail: GeneratedCvDetail,
  loaders: CvLoaders,
  signal: AbortSignal | undefined,
): Promise<LoadedCv> {
  const reference = detail.uuid ?? detail.id;
  const [template, photo] = await Promise.all([
    loaders.getTemplate(detail.template, signal),
    // A photo that cannot be read leaves the CV without one in the builder; the CV still opens.
    reference !== undefined && loaders.getPhoto
      ? loaders.getPhoto(reference, signal).catch(() => undefined)
      : Promise.resolve(undefined),
  ]);
  const saved = savedCv(detail, template, photo);
  const draft = await fromDraft(saved.identity, loaders, signal);
  if (draft && hasUnsavedChanges(draft)) return draft;
  return draft
    ? { ...saved, stash: draft.stash, ...(draft.layoutStash ? { layoutStash: draft.layoutStash } : {}) }
    : saved;
}

/**
 * docs/behaviour.md#cv-builder, with the intent in the address deciding first: a uuid is that saved CV; a
 * template id with a draft id is a new CV from that template (never a saved CV that shares the number); a bare
 * number is tried as a generated CV's id first, then as a template id, and a new CV gets a draft id of its own.
 */
export async function loadBuilderCv(
  target: BuilderTarget,
  loaders: CvLoaders,
  signal?: AbortSignal,
  /** A new CV's page size (from the browser's locale). */
  pageSize: PageSize = PLAIN_DESIGN.page_size,
  /** A new CV's language (from the browser's languages). */
  language: string = PLAIN_DESIGN.language,
  /** Fills a new CV's personal details; a draft is never touched. */
  account?: AccountDetails,
): Promise<LoadedCv> {
  switch (target.kind) {
    case 'saved':
      return openSaved(await loaders.getGeneratedCv(target.reference, signal), loaders, signal);
    case 'new': {
      const identity: CvIdentity = { kind: 'new', draftId: target.draftId };
      return (
        (await fromDraft(identity, loaders, signal)) ??
        newCv(
          await loaders.getTemplate(target.templateId, signal),
          target.draftId,
          '',
          pageSize,
          language,
          account,
        )
      );
    }
    case 'numeric': {
      let detail: GeneratedCvDetail | undefined;
      try {
        detail = await loaders.getGeneratedCv(target.id, signal);
      } catch {
        detail = undefined;
      }
      if (detail) return openSaved(detail, loaders, signal);
      return newCv(
        await loaders.getTemplate(target.id, signal),
        loaders.mintDraftId(),
        '',
        pageSize,
        PLAIN_DESIGN.language,
        account,
      );
    }
  }
}
