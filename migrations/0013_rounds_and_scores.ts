import { sql, type Kysely } from 'kysely';

/**
 * The meet's story (issue 30).
 * * `round_rules`: a round's qualification rule ("first P of each heat, then the next T
 *   fastest"), kept by the round's key (shared/meet/rounds.ts) rather than on each heat, so a
 *   heat a file adds later, or a file sent again, keeps it.
 * * `events.start_list_drawn`: the start list is Rith's draw from the last round's
 *   qualifiers, provisional until the timing room sends one (which replaces it).
 * * `combined_events` and their parts: decathlons and the like, grouped by the admin, or by
 *   the names FinishLynx gives their parts (`auto_key`, one group per key).
 * * `team_scoring`: a competition's team-scores settings; none means no team table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('round_rules')
    .addColumn('competition_uic', 'integer', (c) =>
      c.notNull().references('competitions.uic').onDelete('cascade'),
    )
    .addColumn('round_key', 'text', (c) => c.notNull())
    .addColumn('by_place', 'integer', (c) => c.notNull().check(sql`by_place >= 0`))
    .addColumn('by_time', 'integer', (c) => c.notNull().check(sql`by_time >= 0`))
    // Who the round sent through when its heats were last told: told again only on a change.
    .addColumn('told', 'text')
    .addPrimaryKeyConstraint('round_rules_pk', ['competition_uic', 'round_key'])
    .execute();

  await db.schema
    .alterTable('events')
    .addColumn('start_list_drawn', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('combined_events')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('competition_uic', 'integer', (c) =>
      c.notNull().references('competitions.uic').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`kind in ('DECATHLON', 'HEPTATHLON', 'INDOOR_HEPTATHLON', 'PENTATHLON', 'INDOOR_PENTATHLON')`,
        ),
    )
    .addColumn('sex', 'text', (c) => c.notNull().check(sql`sex in ('men', 'women')`))
    .addColumn('auto_key', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`
    create unique index combined_events_auto on combined_events (competition_uic, auto_key)
    where auto_key is not null
  `.execute(db);
  await db.schema
    .createTable('combined_event_parts')
    .addColumn('combined_id', 'uuid', (c) =>
      c.notNull().references('combined_events.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('combined_event_parts_pk', ['combined_id', 'event_id'])
    .execute();
  await sql`create index combined_event_parts_event on combined_event_parts (event_id)`.execute(db);

  await db.schema
    .createTable('team_scoring')
    .addColumn('competition_uic', 'integer', (c) =>
      c.primaryKey().references('competitions.uic').onDelete('cascade'),
    )
    .addColumn('settings', 'jsonb', (c) => c.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
