import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database>;

export async function cvCountsOf(db: Db, userId: number) {
  const rows = await db
    .selectFrom('generated_cvs')
    .select((eb) => [sql<number>`case when archived_at is null then 0 else 1 end`.as('archived'), eb.fn.countAll<string | number>().as('n')])
    .where('owner_id', '=', userId)
    .groupBy(sql`case when archived_at is null then 0 else 1 end`)
    .execute();
  const live = Number(rows.find((row) => Number(row.archived) === 0)?.n ?? 0);
  const archived = Number(rows.find((row) => Number(row.archived) === 1)?.n ?? 0);
  return { live, archived, total: live + archived };
}
