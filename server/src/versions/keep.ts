import type { Kysely } from 'kysely';
import type { CvVersionReason, Database } from '../db/schema.js';
import { listEntries, type CvFieldEntryRow, type GeneratedCvRow } from '../cvs/repository.js';
import { sortCells, type VersionState } from './content.js';
import { insertVersion, latestVersion, pruneVersions, type VersionSummaryRow } from './repository.js';
import type { RetentionPolicy } from './retention.js';

/*
 * Keeping versions as a CV is saved and delivered: the CV routes call these inside the transaction of the save,
 * so a save and its version land together or not at all.
 */

/** A saved CV's content as a version holds it. */
export function stateOfCv(
  cv: Pick<GeneratedCvRow, 'template_id' | 'layout' | 'design'>,
  entries: readonly Pick<CvFieldEntryRow, 'section_field_id' | 'index' | 'value'>[],
): VersionState {
  return {
    template: cv.template_id,
    cells: sortCells(entries.map((entry) => [entry.section_field_id, entry.index, entry.value])),
    layout: cv.layout,
    design: cv.design,
  };
}

/**
 * A CV saved before versions were kept has none: its state as it stands becomes version 1 (dated when it was last
 * saved) before anything changes it or is delivered from it, so nothing it held is lost.
 */
export async function ensureFirstVersion(
  db: Kysely<Database>,
  cv: GeneratedCvRow,
): Promise<VersionSummaryRow> {
  const latest = await latestVersion(db, cv.id);
  if (latest) return latest;
  return insertVersion(db, cv.id, stateOfCv(cv, await listEntries(db, cv.id)), {
    reason: cv.created === cv.last_updated ? 'create' : 'update',
    at: new Date(cv.last_updated),
  });
}

/** Keeps the CV as just saved as its next version, then thins its older versions as the policy says. */
export async function keepSavedVersion(
  db: Kysely<Database>,
  cv: GeneratedCvRow,
  reason: CvVersionReason,
  policy: RetentionPolicy,
): Promise<VersionSummaryRow> {
  const at = new Date(cv.last_updated);
  const version = await insertVersion(db, cv.id, stateOfCv(cv, await listEntries(db, cv.id)), { reason, at });
  await pruneVersions(db, cv.id, new Date(), policy);
  return version;
}
