import { sql, type Kysely } from 'kysely';

/**
 * Nothing lost, nothing stuck (issue 13, points 10 and 12):
 * * `live_outbox`: every live notice is written in the transaction of the change it
 *   announces; the process that committed it hands it to the bus and deletes it, and any
 *   node or worker delivers what a crashed or cut-off process left behind (`due_at`);
 * * `outbox_emails` becomes a queue with retries: `status` (pending, sent, kept when there is
 *   no relay, failed), attempts, when to try next, and when the link it carries expires;
 * * indexes for the sweep that finds stranded uploads and for the check that an upload is
 *   not older than what its event already shows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('live_outbox')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('message', 'json', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('due_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('failed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('live_outbox_due')
    .on('live_outbox')
    .column('due_at')
    .where(sql.ref('failed_at'), 'is', null)
    .execute();

  await db.schema
    .alterTable('outbox_emails')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'sent', 'kept', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('link', 'text')
    .addColumn('last_error', 'text')
    .execute();
  // Mails written before: delivered, or kept for a developer (never retried now).
  await sql`update outbox_emails set status = case when sent_at is null then 'kept' else 'sent' end`.execute(
    db,
  );
  await db.schema
    .createIndex('outbox_emails_due')
    .on('outbox_emails')
    .column('next_attempt_at')
    .where(sql.ref('status'), '=', 'pending')
    .execute();

  await db.schema
    .createIndex('uploads_unfinished')
    .on('uploads')
    .column('updated_at')
    .where(sql<boolean>`status in ('queued', 'parsing')`)
    .execute();
  await db.schema
    .createIndex('uploads_competition_created')
    .on('uploads')
    .columns(['competition_uic', 'created_at'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
