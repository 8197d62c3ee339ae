import { sql, type Kysely } from 'kysely';

/**
 * The timing room publishes by itself (issue 12):
 * * a competition token lets the agent on the timing PC upload that competition's files and
 *   nothing else; only its hash is kept, and what the agent last reported (`agent`,
 *   `agent_seen_at`) is what the admin console shows;
 * * the last content of each FinishLynx file a competition received (`lynx_files`): the same
 *   content again is acknowledged and changes nothing;
 * * an event's unofficial results from the finish camera's scoreboard feed (`live`), shown
 *   until the saved results file makes them official.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('competition_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('competition_uic', 'integer', (c) =>
      c.notNull().references('competitions.uic').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('files_received', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('agent', 'jsonb')
    .addColumn('agent_seen_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('competition_tokens_competition')
    .on('competition_tokens')
    .column('competition_uic')
    .execute();

  await db.schema
    .createTable('lynx_files')
    .addColumn('competition_uic', 'integer', (c) =>
      c.notNull().references('competitions.uic').onDelete('cascade'),
    )
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('upload_id', 'uuid', (c) => c.notNull().references('uploads.id').onDelete('cascade'))
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('lynx_files_pkey', ['competition_uic', 'name_key'])
    .execute();

  await db.schema.alterTable('events').addColumn('live', 'jsonb').execute();
}
