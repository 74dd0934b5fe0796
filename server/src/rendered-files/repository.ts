import type { Kysely } from 'kysely';
import { now } from '../db/columns.js';
import type { CvRenderedFileTable, Database } from '../db/schema.js';
import type { VersionSummaryRow } from '../versions/repository.js';

/* The cv_rendered_files table: every SQL statement about a version's stored PDF and Word file is here. */

export type RenderedFileKind = CvRenderedFileTable['kind'];

/** The stored file of a version, when one of `kind` was made with `key`; else undefined. */
export async function findRenderedFile(
  db: Kysely<Database>,
  versionId: number,
  kind: RenderedFileKind,
  key: string,
): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('cv_rendered_files')
    .select('content')
    .where('cv_version_id', '=', versionId)
    .where('kind', '=', kind)
    .where('render_key', '=', key)
    .executeTakeFirst();
  return row?.content;
}

export interface VersionWithFile extends VersionSummaryRow {
  /** Its stored file of the kind asked for, whatever key it was made with (the caller compares). */
  file?: { key: string; content: Buffer };
}

/**
 * Version `number` of a CV (its newest without one) and its stored file of `kind`, in one query: a download of a
 * file already made costs a single read besides the session and the CV.
 */
export async function versionWithFile(
  db: Kysely<Database>,
  cvId: number,
  kind: RenderedFileKind,
  number?: number,
): Promise<VersionWithFile | undefined> {
  const row = await db
    .selectFrom('cv_versions')
    .leftJoin('cv_rendered_files', (join) =>
      join
        .onRef('cv_rendered_files.cv_version_id', '=', 'cv_versions.id')
        .on('cv_rendered_files.kind', '=', kind),
    )
    .select([
      'cv_versions.id',
      'cv_versions.generated_cv_id',
      'cv_versions.number',
      'cv_versions.created',
      'cv_versions.name',
      'cv_versions.reason',
      'cv_versions.template_id',
      'cv_rendered_files.render_key',
      'cv_rendered_files.content',
    ])
    .where('cv_versions.generated_cv_id', '=', cvId)
    .$if(number !== undefined, (query) => query.where('cv_versions.number', '=', number!))
    .orderBy('cv_versions.number', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  const { render_key, content, ...version } = row;
  return {
    ...version,
    file: render_key !== null && content !== null ? { key: render_key, content } : undefined,
  };
}

/** Stores a version's file of `kind`, replacing one made with another key. */
export async function storeRenderedFile(
  db: Kysely<Database>,
  versionId: number,
  kind: RenderedFileKind,
  key: string,
  content: Buffer,
  at = new Date(),
): Promise<void> {
  const values = { render_key: key, content, size: content.length, created_at: now(at) };
  await db
    .insertInto('cv_rendered_files')
    .values({ cv_version_id: versionId, kind, ...values })
    .onConflict((oc) => oc.columns(['cv_version_id', 'kind']).doUpdateSet(values))
    .execute();
}

/**
 * Removes the stored files a CV no longer needs: those of every version but its newest, its named ones and the ones
 * it delivered (downloaded or emailed). Answers how many went.
 */
export async function pruneRenderedFiles(db: Kysely<Database>, cvId: number): Promise<number> {
  const newest = db
    .selectFrom('cv_versions')
    .select((eb) => eb.fn.max('number').as('number'))
    .where('generated_cv_id', '=', cvId);
  const result = await db
    .deleteFrom('cv_rendered_files')
    .where('cv_version_id', 'in', (eb) =>
      eb
        .selectFrom('cv_versions')
        .select('cv_versions.id')
        .where('cv_versions.generated_cv_id', '=', cvId)
        .where('cv_versions.name', 'is', null)
        .where('cv_versions.number', '<', newest)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('cv_version_deliveries')
                .select('cv_version_deliveries.id')
                .whereRef('cv_version_deliveries.cv_version_id', '=', 'cv_versions.id'),
            ),
          ),
        ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Removes every stored file of a CV: its photo changed, and a photo is not part of a version, so each file is made
 * again, with the photo it has now, when next asked for.
 */
export async function forgetRenderedFiles(db: Kysely<Database>, cvId: number): Promise<void> {
  await db
    .deleteFrom('cv_rendered_files')
    .where('cv_version_id', 'in', (eb) =>
      eb.selectFrom('cv_versions').select('cv_versions.id').where('cv_versions.generated_cv_id', '=', cvId),
    )
    .execute();
}

export interface RenderedFileSummary {
  number: number;
  kind: RenderedFileKind;
  render_key: string;
  size: number;
}

/** A CV's stored files (without their bytes), by version number: what tests and the operator look at. */
export function listRenderedFiles(db: Kysely<Database>, cvId: number): Promise<RenderedFileSummary[]> {
  return db
    .selectFrom('cv_rendered_files')
    .innerJoin('cv_versions', 'cv_versions.id', 'cv_rendered_files.cv_version_id')
    .select([
      'cv_versions.number',
      'cv_rendered_files.kind',
      'cv_rendered_files.render_key',
      'cv_rendered_files.size',
    ])
    .where('cv_versions.generated_cv_id', '=', cvId)
    .orderBy('cv_versions.number')
    .orderBy('cv_rendered_files.kind')
    .execute();
}
