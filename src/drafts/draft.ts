import * as t from 'io-ts';
import {
  DRAFT_KEY_PREFIX as OWNERLESS_PREFIX,
  VERSIONED_PREFIX,
  draftKey,
  draftStorage as storage,
  storageKeys as keysOf,
} from './draft-store';
import { decodeLayout, type CvLayout } from '../api/cvs';
import type { CvFormData } from '../cv/form-data';
import { decodeDesign, type CvDesign } from '../api/design';

// The builder's work in progress, kept in local storage so a reload, a crash or a closed tab loses nothing.
// A draft belongs to one person and one CV: its key holds the person's user id and the CV's identity (a saved
// CV's uuid or a new CV's draft id, see ./identity), so nothing of another person's is ever read, and no CV's
// draft is ever shown for another CV.

export { DRAFT_KEY_PREFIX, draftKey, removeDraftsOf, countUnsavedDrafts } from './draft-store';

const Values = t.record(t.string, t.string);
const FormData = t.record(t.string, Values);

const Draft = t.intersection([
  t.type({
    version: t.literal(2),
    owner: t.string,
    cv: t.intersection([
      t.type({ name: t.string, template: t.number }),
      t.partial({ id: t.number, uuid: t.string }),
    ]),
    formData: FormData,
    /** Values the current template has no place for, kept for a switch back (see form-data's switchTemplateValues). */
    stash: FormData,
    entryCounts: t.array(t.number),
    completedSections: t.array(t.number),
    expandedSections: t.array(t.number),
    isSaved: t.boolean,
    isEditing: t.boolean,
    /** Whether the form differs from the saved copy (or, for a new CV, holds anything). */
    unsaved: t.boolean,
    updatedAt: t.number,
  }),
  t.partial({
    /** The saved copy this draft started from: what 'unsaved' is measured against, and its version. */
    base: t.intersection([
      t.type({ fingerprint: t.string }),
      t.partial({ lastUpdated: t.string, photo: t.string }),
    ]),
    /** The CV's own structure; a draft written before it had one has none. */
    layout: t.unknown,
    /** The CV's design settings; a draft written before them has none (the template's look on A4). */
    design: t.unknown,
    /** How sections the template has no place for were shaped, for a switch back (layout's LayoutStash). */
    layoutStash: t.record(
      t.string,
      t.partial({
        kind: t.string,
        hidden: t.literal(true),
        title: t.string,
        after: t.string,
        order: t.array(t.string),
      }),
    ),
  }),
]);

export type BuilderDraft = Omit<t.TypeOf<typeof Draft>, 'layout' | 'design'> & {
  formData: CvFormData;
  stash: CvFormData;
  layout?: CvLayout;
  design?: CvDesign;
};

function decode(raw: string | null, owner: string): BuilderDraft | undefined {
  if (!raw) return undefined;
  try {
    const decoded = Draft.decode(JSON.parse(raw));
    if (decoded._tag === 'Left' || decoded.right.owner !== owner) return undefined;
    const { layout, design, ...draft } = decoded.right;
    const shaped = layout === undefined ? undefined : decodeLayout(layout);
    // A damaged design is dropped on its own: the values and structure are kept.
    const designed = design === undefined ? undefined : decodeDesign(design);
    return { ...draft, ...(shaped ? { layout: shaped } : {}), ...(designed ? { design: designed } : {}) };
  } catch {
    return undefined;
  }
}

/** This person's draft of this CV, if one is there and readable; a damaged one is ignored. */
export function readDraft(owner: string, cvKey: string): BuilderDraft | undefined {
  try {
    return decode(storage()?.getItem(draftKey(owner, cvKey)) ?? null, owner);
  } catch {
    return undefined;
  }
}

export function writeDraft(owner: string, cvKey: string, draft: BuilderDraft): void {
  try {
    storage()?.setItem(draftKey(owner, cvKey), JSON.stringify(draft));
  } catch {
    // Full or unavailable storage: the builder keeps working, only the crash safety net is missing.
  }
}

export function removeDraft(owner: string, cvKey: string): void {
  try {
    storage()?.removeItem(draftKey(owner, cvKey));
  } catch {
    // see writeDraft
  }
}

/** This person's drafts with changes not saved yet (what signing out would lose), newest first. */
export function unsavedDrafts(owner: string): BuilderDraft[] {
  const store = storage();
  if (!store) return [];
  try {
    const prefix = `${VERSIONED_PREFIX}${encodeURIComponent(owner)}:`;
    return keysOf(store)
      .filter((key) => key.startsWith(prefix))
      .flatMap((key) => {
        const draft = decode(store.getItem(key), owner);
        return draft?.unsaved ? [draft] : [];
      })
      .sort((a, b) => b.updatedAt - a.updatedAt);
  } catch {
    return [];
  }
}

/**
 * Drafts written before drafts had an owner (`cv-builder-draft:{address}`) cannot be told apart by person: they
 * are removed unread, so one person's unsaved CV is never shown to the next on a shared computer.
 */
export function removeOwnerlessDrafts(): void {
  const store = storage();
  if (!store) return;
  try {
    for (const key of keysOf(store))
      if (key.startsWith(OWNERLESS_PREFIX) && !key.startsWith(VERSIONED_PREFIX)) store.removeItem(key);
  } catch {
    // see writeDraft
  }
}
