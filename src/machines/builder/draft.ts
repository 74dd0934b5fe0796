import * as t from 'io-ts';
import type { CvFormData } from './form-data';

// spec §4: "The CV and form state are persisted locally", so a reload or a crash restores the work in
// progress. One draft per builder address (/dashboard/{id}); a save clears them all (spec §4 Saving).

export const DRAFT_KEY_PREFIX = 'cv-builder-draft:';

const Values = t.record(t.string, t.string);

const Draft = t.type({
  version: t.literal(1),
  cv: t.intersection([
    t.type({ name: t.string, template: t.number }),
    t.partial({ id: t.number, uuid: t.string }),
  ]),
  formData: t.record(t.string, Values),
  entryCounts: t.array(t.number),
  completedSections: t.array(t.number),
  expandedSections: t.array(t.number),
  isSaved: t.boolean,
  isEditing: t.boolean,
});

export type BuilderDraft = t.TypeOf<typeof Draft> & { formData: CvFormData };

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function draftKey(routeId: string): string {
  return `${DRAFT_KEY_PREFIX}${routeId}`;
}

/** The draft kept for this address, if one is there and readable; a damaged one is ignored. */
export function readDraft(routeId: string): BuilderDraft | undefined {
  try {
    const raw = storage()?.getItem(draftKey(routeId));
    if (!raw) return undefined;
    const decoded = Draft.decode(JSON.parse(raw));
    return decoded._tag === 'Right' ? decoded.right : undefined;
  } catch {
    return undefined;
  }
}

export function writeDraft(routeId: string, draft: BuilderDraft): void {
  try {
    storage()?.setItem(draftKey(routeId), JSON.stringify(draft));
  } catch {
    // Full or unavailable storage: the builder keeps working, only the crash safety net is missing.
  }
}

export function removeDraft(routeId: string): void {
  try {
    storage()?.removeItem(draftKey(routeId));
  } catch {
    // see writeDraft
  }
}
