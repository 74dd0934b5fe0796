import type { Kysely } from 'kysely';
import type { Database } from '../../../src/db/schema.js';
import type { ProviderStates } from '../provider-state.js';
import { CV_OWNER, OTHER_USER, SAVED_CV, insertCv, insertUser } from './cvs.js';

/*
 * Provider states for cover letters (server/src/cover-letters/; the contract is /work/notes/letters-contract.md).
 * Letters have FIXED ids: use the constants rather than copying the numbers.
 * - 'a signed-in user with a saved CV and a cover letter' → CV_OWNER signed in, SAVED_CV (7) and COVER_LETTER (31),
 *   linked to SAVED_CV
 * - "a signed-in user and another user's cover letter"   → CV_OWNER signed in; OTHER_USERS_LETTER (32) belongs to
 *   OTHER_USER: every route on it is 404 for the signed-in user
 * Create and preview use the CV states ('a signed-in user with a saved CV', 'a signed-in user with no saved CVs').
 */

export const COVER_LETTER = {
  id: 31,
  uuid: '9a1c2e3f-4b5d-4c6e-8f70-1a2b3c4d5e60',
  name: 'Letter to Acme',
  template: null,
  cv: SAVED_CV.id,
  recipient_name: 'Jane Roe',
  company: 'Acme Ltd',
  address: '1 Main Street\nSpringfield',
  date: '2024-05-03',
  subject: 'Application for Analyst Programmer',
  salutation: 'Dear Ms Roe,',
  body: '<p>I am writing to apply.</p>',
  closing: 'Yours sincerely,',
  signature_name: 'Ada Lovelace',
  created: '2024-05-03T09:00:00.000Z',
  last_updated: '2024-05-03T09:30:00.000Z',
} as const;

export const OTHER_USERS_LETTER = {
  ...COVER_LETTER,
  id: 32,
  uuid: '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d',
  name: 'Grace’s letter',
  cv: null,
  signature_name: 'Grace Hopper',
} as const;

type SeededLetter = typeof COVER_LETTER | typeof OTHER_USERS_LETTER;

export async function insertLetter(db: Kysely<Database>, ownerId: number, letter: SeededLetter): Promise<void> {
  const { id, uuid, template, cv, created, last_updated, ...text } = letter;
  await db
    .insertInto('cover_letters')
    .values({
      id,
      uuid,
      owner_id: ownerId,
      template_id: template,
      generated_cv_id: cv,
      created,
      last_updated,
      ...text,
    })
    .execute();
}

export const states: ProviderStates = {
  'a signed-in user with a saved CV and a cover letter': async ({ db, signIn }) => {
    await insertUser(db, CV_OWNER);
    await insertCv(db, CV_OWNER.id, SAVED_CV);
    await insertLetter(db, CV_OWNER.id, COVER_LETTER);
    await signIn(CV_OWNER.id);
  },
  "a signed-in user and another user's cover letter": async ({ db, signIn }) => {
    await insertUser(db, CV_OWNER);
    await insertUser(db, OTHER_USER);
    await insertLetter(db, OTHER_USER.id, OTHER_USERS_LETTER);
    await signIn(CV_OWNER.id);
  },
};
