import { letterContentOf, type LetterContent } from '../render/letter.js';
import type { CoverLetterRow } from './repository.js';

/** A cover letter as the API answers it (docs/decisions/0050-cover-letters.md). */
export interface CoverLetterJson extends LetterContent {
  id: number;
  uuid: string;
  name: string;
  template: number | null;
  cv: number | null;
  created: string;
  last_updated: string;
}

export function letterJson(letter: CoverLetterRow): CoverLetterJson {
  return {
    id: letter.id,
    uuid: letter.uuid,
    name: letter.name,
    template: letter.template_id,
    // A CV in the bin, or removed for good, links no more.
    cv: letter.live_cv_id,
    ...letterContentOf(letter),
    created: letter.created,
    last_updated: letter.last_updated,
  };
}
