import * as t from 'io-ts';
import type { CoverLetterFields } from '../api/cover-letters';
import { draftKey, draftStorage } from './draft-store';

// A cover letter's local draft: what the editor holds that the saved copy lacks, per person and per letter, so a
// reload, a crash or a closed tab loses nothing. It lives beside the CV drafts (draft-store.ts), so signing out
// removes it with them and counts it among the unsaved work it would lose; a CV draft's reader ignores it (its
// shape is not a CV's).

const Fields = t.type({
  template: t.union([t.number, t.null]),
  cv: t.union([t.number, t.null]),
  recipient_name: t.string,
  company: t.string,
  address: t.string,
  date: t.string,
  subject: t.string,
  salutation: t.string,
  body: t.string,
  closing: t.string,
  signature_name: t.string,
});

const LetterDraftCodec = t.intersection([
  t.type({
    // The drafts' common header (draft-store.ts's countUnsavedDrafts reads version, owner and unsaved).
    version: t.literal(2),
    kind: t.literal('cover-letter'),
    owner: t.string,
    name: t.string,
    fields: Fields,
    unsaved: t.boolean,
    updatedAt: t.number,
  }),
  t.partial({
    /** The saved copy the edit started from: its version is the next save's If-Match. */
    lastUpdated: t.string,
  }),
]);

export type LetterDraft = t.TypeOf<typeof LetterDraftCodec>;

/** A saved letter is kept under its id, a new one under the draft id its address carries. */
export type LetterKey = { id: number } | { draftId: string };

export function letterKeyOf(key: LetterKey): string {
  return 'id' in key ? `letter-${key.id}` : `letter-new-${key.draftId}`;
}

export function readLetterDraft(owner: string, key: LetterKey): LetterDraft | undefined {
  try {
    const raw = draftStorage()?.getItem(draftKey(owner, letterKeyOf(key)));
    if (!raw) return undefined;
    const decoded = LetterDraftCodec.decode(JSON.parse(raw));
    return decoded._tag === 'Right' && decoded.right.owner === owner ? decoded.right : undefined;
  } catch {
    return undefined;
  }
}

export function writeLetterDraft(
  owner: string,
  key: LetterKey,
  draft: { name: string; fields: CoverLetterFields; lastUpdated?: string },
): void {
  const value: LetterDraft = {
    version: 2,
    kind: 'cover-letter',
    owner,
    name: draft.name,
    fields: draft.fields,
    unsaved: true,
    updatedAt: Date.now(),
    ...(draft.lastUpdated ? { lastUpdated: draft.lastUpdated } : {}),
  };
  try {
    draftStorage()?.setItem(draftKey(owner, letterKeyOf(key)), JSON.stringify(value));
  } catch {
    // Full or unavailable storage: the editor keeps working, only the crash safety net is missing.
  }
}

export function removeLetterDraft(owner: string, key: LetterKey): void {
  try {
    draftStorage()?.removeItem(draftKey(owner, letterKeyOf(key)));
  } catch {
    // see writeLetterDraft
  }
}
