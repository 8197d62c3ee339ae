import { sql, type Kysely } from 'kysely';

/**
 * Bests and records (issue 31).
 * * `athletes`: a person Rith knows across competitions, by the key of shared/athletes/
 *   person.ts (a licence, else the folded name, club and sex). `merged_into` joins two the
 *   key told apart (a club admin's merge; split by clearing it). `hidden`: the athlete's page
 *   is not shown.
 * * `performances`: every result of an athlete Rith knows, by event and row, with what the bests
 *   read (the event's key, the season, the wind's verdict, hand timing), written in the
 *   change that writes the results.
 * * `seed_bests`: PB and SB an entry or start list gave, so a first meet on Rith flags PBs.
 * * `records`: a competition's records lists, or its club's (competition_uic null).
 * * `athlete_page_links`: the links that let a registered athlete hide or show their page,
 *   mailed to the address they registered with.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('athletes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('person_key', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('club', 'text')
    .addColumn('sex', 'text')
    .addColumn('merged_into', 'uuid', (c) => c.references('athletes.id').onDelete('set null'))
    .addColumn('hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('athletes_merged_into')
    .on('athletes')
    .column('merged_into')
    .execute();

  await db.schema
    .createTable('performances')
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('row_id', 'text', (c) => c.notNull())
    .addColumn('athlete_id', 'uuid', (c) =>
      c.notNull().references('athletes.id').onDelete('cascade'),
    )
    .addColumn('competition_uic', 'integer', (c) =>
      c.notNull().references('competitions.uic').onDelete('cascade'),
    )
    // Null for a result bests are not kept in (a relay, a combined event) or with no mark
    // (DNF, NM): still one of the athlete's results.
    .addColumn('event_key', 'text')
    .addColumn('sex', 'text')
    .addColumn('mark', 'integer')
    .addColumn('mark_text', 'text')
    .addColumn('wind', 'text')
    .addColumn('legal', 'boolean', (c) => c.notNull())
    .addColumn('hand', 'boolean', (c) => c.notNull())
    .addColumn('season', 'text', (c) => c.notNull())
    .addColumn('competition_date', 'date', (c) => c.notNull())
    .addColumn('place', 'text')
    .addColumn('flags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    // When the event's marks first landed: what came earlier in the same competition.
    .addColumn('landed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('performances_pk', ['event_id', 'row_id'])
    .execute();
  await db.schema
    .createIndex('performances_athlete_event')
    .on('performances')
    .columns(['athlete_id', 'event_key'])
    .execute();
  await db.schema
    .createIndex('performances_competition')
    .on('performances')
    .columns(['competition_uic', 'event_key'])
    .execute();

  await db.schema
    .createTable('seed_bests')
    .addColumn('athlete_id', 'uuid', (c) =>
      c.notNull().references('athletes.id').onDelete('cascade'),
    )
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('PB', 'SB')`))
    .addColumn('season', 'text', (c) => c.notNull())
    .addColumn('mark', 'integer', (c) => c.notNull())
    .addColumn('mark_text', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('seed_bests_pk', ['athlete_id', 'event_key', 'kind', 'season'])
    .execute();

  await db.schema
    .createTable('records')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('club_uic', 'integer', (c) =>
      c.notNull().references('clubs.uic').onDelete('cascade'),
    )
    .addColumn('competition_uic', 'integer', (c) =>
      c.references('competitions.uic').onDelete('cascade'),
    )
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('event_name', 'text', (c) => c.notNull())
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('sex', 'text', (c) => c.notNull())
    .addColumn('mark', 'integer', (c) => c.notNull())
    .addColumn('mark_text', 'text', (c) => c.notNull())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('date', 'text')
    .execute();
  await db.schema.createIndex('records_club').on('records').column('club_uic').execute();

  await db.schema
    .createTable('athlete_page_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('athlete_id', 'uuid', (c) =>
      c.notNull().references('athletes.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('athlete_page_links').execute();
  await db.schema.dropTable('records').execute();
  await db.schema.dropTable('seed_bests').execute();
  await db.schema.dropTable('performances').execute();
  await db.schema.dropTable('athletes').execute();
}
