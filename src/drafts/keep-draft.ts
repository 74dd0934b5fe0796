import type { CvLayout } from '../api/cvs';
import type { CvDesign } from '../api/design';
import { isPlainDesign } from '../cv/design';
import { isFormDataEmpty, type CvFormData } from '../cv/form-data';
import { cvKeyOf, type CvIdentity } from '../cv/identity';
import { isDefaultLayout, type LayoutStash } from '../cv/layout';
import { removeDraft, writeDraft, type BuilderDraft } from './draft';
import { TAB_ID, mayWrite } from './edit-lock';
import type { BuilderCv, SavedBase } from './load-cv';

// What the builder has on screen, as its draft keeps it, and how that draft is written: while it holds something
// the saved copy lacks it is written, and once nothing in it differs it is removed.

/** The builder's work in progress: the part of the builder's state its draft is made of. */
export interface DraftWork {
  /** The CV the draft belongs to; none before a CV is loaded (nothing is written then). */
  identity?: CvIdentity;
  cv: BuilderCv;
  formData: CvFormData;
  stash: CvFormData;
  layout: CvLayout;
  design: CvDesign;
  layoutStash: LayoutStash;
  entryCounts: number[];
  completedSections: number[];
  expandedSections: number[];
  isSaved: boolean;
  isEditing: boolean;
  unsaved: boolean;
  base?: SavedBase;
}

/** The draft of this work, as local storage keeps it. */
export function draftOf(owner: string, work: DraftWork, updatedAt = Date.now()): BuilderDraft {
  const { name, template, id, uuid } = work.cv;
  return {
    version: 2,
    owner,
    cv: { name, template, ...(id !== undefined ? { id } : {}), ...(uuid !== undefined ? { uuid } : {}) },
    formData: work.formData,
    ...(isDefaultLayout(work.layout) ? {} : { layout: work.layout }),
    ...(isPlainDesign(work.design) ? {} : { design: work.design }),
    stash: work.stash,
    ...(Object.keys(work.layoutStash).length > 0 ? { layoutStash: work.layoutStash } : {}),
    entryCounts: work.entryCounts,
    completedSections: work.completedSections,
    expandedSections: work.expandedSections,
    isSaved: work.isSaved,
    isEditing: work.isEditing,
    unsaved: work.unsaved,
    updatedAt,
    ...(work.base ? { base: work.base } : {}),
  };
}

/** A draft is worth keeping while it holds unsaved changes or values or shaping waiting for another template. */
export function needsDraft(work: DraftWork): boolean {
  return work.unsaved || !isFormDataEmpty(work.stash) || Object.keys(work.layoutStash).length > 0;
}

/** The name under which tabs agree who edits this CV. */
export function editLockKey(owner: string, identity: CvIdentity): string {
  return `${owner}:${cvKeyOf(identity)}`;
}

/**
 * Writes this CV's draft, or removes it when nothing in it differs from the saved copy. A tab that another tab
 * has taken the CV from writes nothing (unless it is handing over): the other tab's words are newer.
 */
export function keepDraft(owner: string, work: DraftWork, handingOver = false): void {
  if (!work.identity) return;
  if (!handingOver && !mayWrite(editLockKey(owner, work.identity), TAB_ID)) return;
  const key = cvKeyOf(work.identity);
  if (needsDraft(work)) writeDraft(owner, key, draftOf(owner, work));
  else removeDraft(owner, key);
}

/** Removes this CV's draft, whoever holds the CV. */
export function dropDraft(owner: string, identity: CvIdentity): void {
  removeDraft(owner, cvKeyOf(identity));
}
