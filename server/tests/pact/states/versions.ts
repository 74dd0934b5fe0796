import type { Kysely } from 'kysely';
import type { Database } from '../../../src/db/schema.js';
import { sortCells, type Cell } from '../../../src/versions/content.js';
import { insertVersion, recordDelivery } from '../../../src/versions/repository.js';
import type { ProviderStates } from '../provider-state.js';
import { SAVED_CV, states as cvStates } from './cvs.js';

/*
 * Provider states for the versions of a saved CV (an extension):
 * - 'a signed-in user with a saved CV with three versions' → 'a signed-in user with a saved CV', and SAVED_CV's
 *   versions: 1 (created, 'Junior Analyst'), 2 (named 'Sent to Acme', its PDF downloaded), 3 (the CV as it is)
 */

export const VERSIONED_CV = SAVED_CV;

export const VERSIONS = [
  {
    number: 1,
    created: '2024-05-01T09:30:00.000Z',
    name: null,
    reason: 'create',
    cells: [
      [1001, 0, 'Ada Lovelace'],
      [1003, 0, 'ada@example.com'],
      [1009, 0, 'Junior Analyst'],
    ] as Cell[],
  },
  {
    number: 2,
    created: '2024-05-01T15:00:00.000Z',
    name: 'Sent to Acme',
    reason: 'update',
    cells: [
      [1001, 0, 'Ada Lovelace'],
      [1003, 0, 'ada@example.com'],
      [1009, 0, 'Analyst Programmer'],
      [1009, 1, 'Engine Designer'],
    ] as Cell[],
    delivered: { kind: 'pdf', at: '2024-05-01T16:00:00.000Z' },
  },
  {
    number: 3,
    created: SAVED_CV.last_updated,
    name: null,
    reason: 'update',
    cells: SAVED_CV.entries.map((entry) => [entry.section_field, entry.index, entry.value]) as Cell[],
  },
] as const;

async function insertVersions(db: Kysely<Database>): Promise<void> {
  for (const version of VERSIONS) {
    const row = await insertVersion(
      db,
      SAVED_CV.id,
      { template: SAVED_CV.template, cells: sortCells([...version.cells]), layout: null, design: null },
      { reason: version.reason, at: new Date(version.created) },
    );
    if (version.name)
      await db.updateTable('cv_versions').set({ name: version.name }).where('id', '=', row.id).execute();
    if ('delivered' in version)
      await recordDelivery(db, row.id, version.delivered.kind, new Date(version.delivered.at));
  }
}

export const states: ProviderStates = {
  'a signed-in user with a saved CV with three versions': async (context) => {
    await cvStates['a signed-in user with a saved CV']!(context);
    await insertVersions(context.db);
  },
};
