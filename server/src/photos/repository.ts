import type { Kysely } from 'kysely';
import { now } from '../db/columns.js';
import type { Database } from '../db/schema.js';
import type { ProcessedPhoto } from './process.js';

/* The cv_photos table: every SQL statement about a CV's photo is here. */

export interface StoredPhoto extends ProcessedPhoto {
  updatedAt: string;
}

export async function findPhoto(db: Kysely<Database>, cvId: number): Promise<StoredPhoto | undefined> {
  const row = await db
    .selectFrom('cv_photos')
    .select(['content_type', 'content', 'width', 'height', 'digest', 'updated_at'])
    .where('generated_cv_id', '=', cvId)
    .executeTakeFirst();
  return (
    row && {
      contentType: row.content_type,
      content: Buffer.from(row.content),
      width: row.width,
      height: row.height,
      digest: row.digest,
      updatedAt: row.updated_at,
    }
  );
}

/** Whether each CV has a photo: the CVs of `cvIds` that have one. */
export async function cvsWithPhotos(db: Kysely<Database>, cvIds: readonly number[]): Promise<Set<number>> {
  if (cvIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('cv_photos')
    .select('generated_cv_id')
    .where('generated_cv_id', 'in', cvIds)
    .execute();
  return new Set(rows.map((row) => row.generated_cv_id));
}

/** The CV's photo, replacing the one it had. */
export async function storePhoto(
  db: Kysely<Database>,
  cvId: number,
  photo: ProcessedPhoto,
  at = new Date(),
): Promise<void> {
  const values = {
    content_type: photo.contentType,
    content: photo.content,
    width: photo.width,
    height: photo.height,
    digest: photo.digest,
    updated_at: now(at),
  };
  await db
    .insertInto('cv_photos')
    .values({ generated_cv_id: cvId, ...values })
    .onConflict((conflict) => conflict.column('generated_cv_id').doUpdateSet(values))
    .execute();
}

/** False when the CV had no photo. */
export async function deletePhoto(db: Kysely<Database>, cvId: number): Promise<boolean> {
  const result = await db.deleteFrom('cv_photos').where('generated_cv_id', '=', cvId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

