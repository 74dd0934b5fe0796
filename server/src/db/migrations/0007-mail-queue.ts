import type { Kysely } from 'kysely';
import { createIndex, idColumn, timestampColumn } from '../columns.js';

// Account mail leaves through a queue in the database (../../mail/queue.ts): written in the request's
// transaction, sent after the answer, retried while the mail server is down, and shared by every instance.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_queue')
    .$call(idColumn(db))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .$call(timestampColumn('created_at'))
    .$call(timestampColumn('next_attempt_at'))
    // A process that claims a message holds it until then; one that dies mid-send lets it go by itself.
    .$call(timestampColumn('claimed_until', { nullable: true }))
    .addColumn('claim', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await createIndex(db, 'mail_queue_due_idx', 'mail_queue', ['next_attempt_at', 'id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_queue').execute();
}
