import type { ProviderStates } from '../provider-state.js';
import { CV_OWNER, OTHER_USER, OTHER_USERS_CV, SAVED_CV, insertCv, insertUser } from './cvs.js';

/*
 * Provider states for the bin (an extension):
 * - 'a signed-in user with a deleted CV' → CV_OWNER signed in; SAVED_CV deleted at DELETED_AT, removed for good at
 *                                          PURGE_AT unless restored
 * - "a signed-in user and another user's deleted CV" → CV_OWNER signed in, nothing of theirs; OTHER_USERS_CV is
 *                                          OTHER_USER's, deleted: restoring or removing it is 404
 */

export const DELETED_AT = '2026-11-20T10:00:00.000Z';
export const PURGE_AT = '2026-12-20T10:00:00.000Z';

export const states: ProviderStates = {
  'a signed-in user with a deleted CV': async ({ db, signIn }) => {
    await insertUser(db, CV_OWNER);
    await insertCv(db, CV_OWNER.id, SAVED_CV);
    await db
      .updateTable('generated_cvs')
      .set({ archived_at: DELETED_AT, purge_at: PURGE_AT })
      .where('id', '=', SAVED_CV.id)
      .execute();
    await signIn(CV_OWNER.id);
  },
  "a signed-in user and another user's deleted CV": async ({ db, signIn }) => {
    await insertUser(db, CV_OWNER);
    await insertUser(db, OTHER_USER);
    await insertCv(db, OTHER_USER.id, OTHER_USERS_CV);
    await db
      .updateTable('generated_cvs')
      .set({ archived_at: DELETED_AT, purge_at: PURGE_AT })
      .where('id', '=', OTHER_USERS_CV.id)
      .execute();
    await signIn(CV_OWNER.id);
  },
};
