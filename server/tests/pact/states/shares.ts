import type { Kysely } from 'kysely';
import { hashPassword } from '../../../src/auth/passwords.js';
import type { Database } from '../../../src/db/schema.js';
import type { ProviderStates } from '../provider-state.js';
import { CV_OWNER, SAVED_CV, insertCv, insertUser } from './cvs.js';

/*
 * Provider states for the share links of a saved CV (an extension; the contract is /work/notes' share contract,
 * pinned in docs/api/openapi.json). The CV is SAVED_CV's content under id 1 (SHARED_CV), so a consumer names it as
 * /v1/GeneratedCV/1/. Seeded links have fixed ids far above the ones a POST makes.
 * - 'a signed-in user with a saved CV 1'                     → CV_OWNER signed in, SHARED_CV, no links
 * - 'a signed-in user with a saved CV 1 that has share links' → and SHARE_LINKS: 'Acme Corp' (101, viewed twice
 *   and downloaded once today) and 'Globex' (102, a password and an expiry, never opened); the list answers Globex
 *   first (newest first)
 */

export const SHARED_CV = { ...SAVED_CV, id: 1, uuid: '5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f' } as const;
// insertCv is typed for the CVs of cvs.ts; this one is SAVED_CV's content under another id.
const seededCv = SHARED_CV as unknown as Parameters<typeof insertCv>[2];

export const SHARE_LINKS = [
  {
    id: 101,
    slug: 'AcmeCorpLinkSlug0000001',
    label: 'Acme Corp',
    password: null,
    expires_at: null,
    created: '2024-05-03T09:00:00.000Z',
    last_viewed: 'today',
    counts: { views: 2, downloads: 1 },
  },
  {
    id: 102,
    slug: 'GlobexLinkSlug000000002',
    label: 'Globex',
    password: 'globex-password',
    expires_at: '2999-12-31T23:59:59.999Z',
    created: '2024-05-04T09:00:00.000Z',
    last_viewed: null,
    counts: null,
  },
] as const;

async function insertShareLinks(db: Kysely<Database>): Promise<void> {
  const today = new Date();
  for (const link of SHARE_LINKS) {
    await db
      .insertInto('share_links')
      .values({
        id: link.id,
        slug: link.slug,
        generated_cv_id: SHARED_CV.id,
        owner_id: CV_OWNER.id,
        label: link.label,
        password_hash: link.password ? await hashPassword(link.password) : null,
        expires_at: link.expires_at,
        version_number: null,
        created: link.created,
        last_viewed: link.last_viewed ? today.toISOString() : null,
        revoked_at: null,
      })
      .execute();
    if (link.counts)
      await db
        .insertInto('share_link_days')
        .values({ share_link_id: link.id, day: today.toISOString().slice(0, 10), ...link.counts })
        .execute();
  }
}

export const states: ProviderStates = {
  'a signed-in user with a saved CV 1': async ({ db, signIn }) => {
    await insertUser(db, CV_OWNER);
    await insertCv(db, CV_OWNER.id, seededCv);
    await signIn(CV_OWNER.id);
  },
  'a signed-in user with a saved CV 1 that has share links': async ({ db, signIn }) => {
    await insertUser(db, CV_OWNER);
    await insertCv(db, CV_OWNER.id, seededCv);
    await insertShareLinks(db);
    await signIn(CV_OWNER.id);
  },
};
