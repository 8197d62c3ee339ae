import { sql, type Kysely } from 'kysely';

/**
 * Corrections in the open (issue 16): every version of what spectators were shown of an
 * event's results, kept when it differs from the one before (server/events/history.ts): its
 * status, where its rows came from (`source`: the results, the scoreboard's unofficial lines
 * or none) and those rows. `correction` marks a version that changed results already shown as
 * results. An event's few versions are read by its key: no other index is needed.
 *
 * Each event already showing something gets its current state as its first version, so a
 * change after this migration is told against what spectators saw, not against nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('event_versions')
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('status', sql`event_status`, (c) => c.notNull())
    .addColumn('source', 'text', (c) =>
      c.notNull().check(sql`source in ('results', 'live', 'none')`),
    )
    .addColumn('rows', 'jsonb', (c) => c.notNull())
    .addColumn('correction', 'boolean', (c) => c.notNull().defaultTo(false))
    .addPrimaryKeyConstraint('event_versions_pk', ['event_id', 'version'])
    .execute();

  await sql`
    insert into event_versions (event_id, version, recorded_at, status, source, rows)
    select id, version, updated_at, status, source, rows
    from (
      select id, version, updated_at, status,
        case
          when jsonb_array_length(results) > 0 then 'results'
          when jsonb_array_length(coalesce(live -> 'rows', '[]')) > 0 then 'live'
          else 'none'
        end as source,
        case
          when jsonb_array_length(results) > 0 then results
          when jsonb_array_length(coalesce(live -> 'rows', '[]')) > 0 then live -> 'rows'
          else '[]'::jsonb
        end as rows
      from events
    ) shown
    where source <> 'none' or status <> 'upcoming'
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
