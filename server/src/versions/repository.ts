import type { Kysely, Selectable } from 'kysely';
import { now } from '../db/columns.js';
import type { CvVersionDeliveryTable, CvVersionReason, CvVersionTable, Database } from '../db/schema.js';
import { applyDelta, decode, storeAfter, type VersionDelta, type VersionState } from './content.js';
import { versionsToKeep, type RetentionPolicy } from './retention.js';

/*
 * The cv_versions and cv_version_deliveries tables: every SQL statement about versions is here. Writes take the
 * transaction the route opened (the save and its version land together or not at all).
 */

export type CvVersionRow = Selectable<CvVersionTable>;
export type DeliveryKind = CvVersionDeliveryTable['kind'];
export type VersionSummaryRow = Omit<CvVersionRow, 'content' | 'storage'>;

export interface VersionListItem extends VersionSummaryRow {
  deliveries: Array<{ kind: DeliveryKind; at: string }>;
}

const SUMMARY_COLUMNS = [
  'id',
  'generated_cv_id',
  'number',
  'created',
  'name',
  'reason',
  'template_id',
] as const;

/** The newest version of a CV, without its content. */
export function latestVersion(db: Kysely<Database>, cvId: number): Promise<VersionSummaryRow | undefined> {
  return db
    .selectFrom('cv_versions')
    .select(SUMMARY_COLUMNS)
    .where('generated_cv_id', '=', cvId)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findVersion(
  db: Kysely<Database>,
  cvId: number,
  number: number,
): Promise<VersionSummaryRow | undefined> {
  return db
    .selectFrom('cv_versions')
    .select(SUMMARY_COLUMNS)
    .where('generated_cv_id', '=', cvId)
    .where('number', '=', number)
    .executeTakeFirst();
}

/** Version `number`'s state, rebuilt from the last full version at or before it; and how many deltas that took. */
async function materialise(
  db: Kysely<Database>,
  cvId: number,
  number: number,
): Promise<{ state: VersionState; chainLength: number } | undefined> {
  const keyframe = await db
    .selectFrom('cv_versions')
    .select((eb) => eb.fn.max('number').as('number'))
    .where('generated_cv_id', '=', cvId)
    .where('number', '<=', number)
    .where('storage', '=', 'full')
    .executeTakeFirst();
  if (keyframe?.number === null || keyframe?.number === undefined) return undefined;
  const rows = await db
    .selectFrom('cv_versions')
    .select(['number', 'storage', 'content'])
    .where('generated_cv_id', '=', cvId)
    .where('number', '>=', Number(keyframe.number))
    .where('number', '<=', number)
    .orderBy('number')
    .execute();
  if (rows.at(-1)?.number !== number) return undefined;
  let state = decode<VersionState>(rows[0].content);
  for (const row of rows.slice(1)) state = applyDelta(state, decode<VersionDelta>(row.content));
  return { state, chainLength: rows.length - 1 };
}

/** Version `number` of a CV: what it holds. */
export async function readVersionState(
  db: Kysely<Database>,
  cvId: number,
  number: number,
): Promise<VersionState | undefined> {
  return (await materialise(db, cvId, number))?.state;
}

/** Keeps `state` as the CV's next version; call in the save's transaction. Answers the new version. */
export async function insertVersion(
  db: Kysely<Database>,
  cvId: number,
  state: VersionState,
  options: { reason: CvVersionReason; at?: Date },
): Promise<VersionSummaryRow> {
  const latest = await latestVersion(db, cvId);
  const previous = latest ? await materialise(db, cvId, latest.number) : undefined;
  const stored = storeAfter(previous?.state, previous?.chainLength ?? 0, state);
  return db
    .insertInto('cv_versions')
    .values({
      generated_cv_id: cvId,
      number: (latest?.number ?? 0) + 1,
      created: now(options.at),
      name: null,
      reason: options.reason,
      template_id: state.template,
      storage: stored.storage,
      content: stored.content,
    })
    .returning(SUMMARY_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** A CV's versions, newest first, each with its deliveries (oldest first). */
export async function listVersions(db: Kysely<Database>, cvId: number): Promise<VersionListItem[]> {
  const rows = await db
    .selectFrom('cv_versions')
    .select(SUMMARY_COLUMNS)
    .where('generated_cv_id', '=', cvId)
    .orderBy('number', 'desc')
    .execute();
  const deliveries = await db
    .selectFrom('cv_version_deliveries')
    .innerJoin('cv_versions', 'cv_versions.id', 'cv_version_deliveries.cv_version_id')
    .select(['cv_version_deliveries.cv_version_id', 'cv_version_deliveries.kind', 'cv_version_deliveries.at'])
    .where('cv_versions.generated_cv_id', '=', cvId)
    .orderBy('cv_version_deliveries.at')
    .orderBy('cv_version_deliveries.id')
    .execute();
  const byVersion = new Map<number, VersionListItem['deliveries']>();
  for (const delivery of deliveries) {
    const list = byVersion.get(delivery.cv_version_id) ?? [];
    list.push({ kind: delivery.kind, at: delivery.at });
    byVersion.set(delivery.cv_version_id, list);
  }
  return rows.map((row) => ({ ...row, deliveries: byVersion.get(row.id) ?? [] }));
}

/** Names (or, with null, unnames) a version. False when the CV has no such version. */
export async function renameVersion(
  db: Kysely<Database>,
  cvId: number,
  number: number,
  name: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('cv_versions')
    .set({ name })
    .where('generated_cv_id', '=', cvId)
    .where('number', '=', number)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function recordDelivery(
  db: Kysely<Database>,
  versionId: number,
  kind: DeliveryKind,
  at = new Date(),
): Promise<void> {
  await db
    .insertInto('cv_version_deliveries')
    .values({ cv_version_id: versionId, kind, at: now(at) })
    .execute();
}

/**
 * Thins a CV's versions as the retention policy says (./retention.ts); call in a transaction. A kept delta whose
 * version before it goes is rewritten against the kept one before it, so every kept version still reads back.
 * Answers how many versions went.
 */
export async function pruneVersions(
  db: Kysely<Database>,
  cvId: number,
  at: Date,
  policy: RetentionPolicy,
): Promise<number> {
  const facts = await db
    .selectFrom('cv_versions')
    .select(['number', 'created', 'name'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('cv_version_deliveries')
            .select('cv_version_deliveries.id')
            .whereRef('cv_version_deliveries.cv_version_id', '=', 'cv_versions.id'),
        )
        .as('delivered'),
    )
    // A version a share link pins is what its recipient was sent: kept as a delivered one is.
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('share_links')
            .select('share_links.id')
            .whereRef('share_links.generated_cv_id', '=', 'cv_versions.generated_cv_id')
            .whereRef('share_links.version_number', '=', 'cv_versions.number')
            .where('share_links.revoked_at', 'is', null),
        )
        .as('pinned'),
    )
    .where('generated_cv_id', '=', cvId)
    .execute();
  const keep = versionsToKeep(
    facts.map(({ pinned, ...fact }) => ({ ...fact, delivered: Boolean(fact.delivered) || Boolean(pinned) })),
    at,
    policy,
  );
  if (keep.size === facts.length) return 0;

  const rows = await db
    .selectFrom('cv_versions')
    .select(['id', 'number', 'storage', 'content'])
    .where('generated_cv_id', '=', cvId)
    .orderBy('number')
    .execute();
  let state: VersionState | undefined;
  let keptState: VersionState | undefined;
  let keptChain = 0;
  let previousKept = true;
  for (const row of rows) {
    state =
      row.storage === 'full' ? decode<VersionState>(row.content) : applyDelta(state!, decode(row.content));
    if (!keep.has(row.number)) {
      previousKept = false;
      continue;
    }
    let storage = row.storage;
    if (storage === 'delta' && !previousKept) {
      const stored = storeAfter(keptState, keptChain, state);
      storage = stored.storage;
      await db.updateTable('cv_versions').set(stored).where('id', '=', row.id).execute();
    }
    keptChain = storage === 'full' ? 0 : keptChain + 1;
    keptState = state;
    previousKept = true;
  }
  const gone = rows.filter((row) => !keep.has(row.number)).map((row) => row.id);
  for (let start = 0; start < gone.length; start += 500) {
    await db
      .deleteFrom('cv_versions')
      .where('id', 'in', gone.slice(start, start + 500))
      .execute();
  }
  return gone.length;
}

/** The stored bytes of a CV's versions, and how many (the bench's figure). */
export async function storedSizeOf(
  db: Kysely<Database>,
  cvId: number,
): Promise<Array<{ number: number; bytes: number }>> {
  const rows = await db
    .selectFrom('cv_versions')
    .select(['number', 'content'])
    .where('generated_cv_id', '=', cvId)
    .orderBy('number')
    .execute();
  return rows.map((row) => ({ number: row.number, bytes: row.content.length }));
}
