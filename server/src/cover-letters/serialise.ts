import type { CoverLetterRow } from './repository.js';

/** A cover letter as the API answers it (docs/decisions/0050-cover-letters.md). */
export interface CoverLetterJson {
  id: number;
  uuid: string;
  name: string;
  template: number | null;
  cv: number | null;
  recipient_name: string;
  company: string;
  address: string;
  date: string;
  subject: string;
  salutation: string;
  body: string;
  closing: string;
  signature_name: string;
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
    recipient_name: letter.recipient_name,
    company: letter.company,
    address: letter.address,
    date: letter.date,
    subject: letter.subject,
    salutation: letter.salutation,
    body: letter.body,
    closing: letter.closing,
    signature_name: letter.signature_name,
    created: letter.created,
    last_updated: letter.last_updated,
  };
}
