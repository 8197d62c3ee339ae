import { sql, type Kysely } from 'kysely';

/**
 * Real meets as timing rooms write them (issue 11):
 * * a heat knows its number and how many heats its race has, so spectators can tell six
 *   "Men 100 Meter Dash" apart;
 * * an event made from FinishLynx files keeps the heat (`lynx_unit`), the race whose heats or
 *   sections it is one of (`lynx_race`) and the family of races (`lynx_family`, one event's
 *   rounds) it stands for: the flights of one field event are one unit, so every flight's
 *   file lands on the same event; the family is what rounds are told from ("the highest round
 *   is the final"), the race what heats are counted in;
 * * the time lynx.evt gave (`lynx_time`), so a new schedule moves it unless the admin did;
 * * a round the admin chose is not re-derived from the files (`round_locked`);
 * * lynx.sch lists rounds and heats before any result exists, and lynx.ppl names athletes a
 *   lynx.evt sent later gives by bib only, so both are kept;
 * * an upload keeps what happened to each of its files (`report`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('heat', 'integer', (c) => c.check(sql`heat > 0`))
    .addColumn('heat_count', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`heat_count > 0`),
    )
    .addColumn('lynx_unit', 'text')
    .addColumn('lynx_race', 'text')
    .addColumn('lynx_family', 'text')
    .addColumn('lynx_time', 'text')
    .addColumn('round_locked', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  // Events saved before this were one per event, round and heat (or flight): a race keeps
  // that key, heat 0 read as 1 as FinishLynx means it; the first flight of a field event
  // becomes the event every later flight's file lands on.
  await sql`
    with keyed as (
      select id, event_type,
        'n:' || lynx_event_number as family,
        'n:' || lynx_event_number || '|r:' || lynx_round as race,
        case when lynx_heat ~ '^[0-9]{1,4}$' and lynx_heat::int > 0
          then lynx_heat::int else 1 end as heat,
        row_number() over (
          partition by competition_uic, lynx_event_number, lynx_round, event_type
          order by lynx_heat
        ) as nth
      from events
      where lynx_event_number is not null
    )
    update events
    set lynx_family = keyed.family,
        lynx_race = keyed.race,
        lynx_unit = case when keyed.event_type = 'JUMP' and keyed.nth = 1 then keyed.race
          else keyed.race || '|h:' || keyed.heat end
    from keyed
    where events.id = keyed.id
  `.execute(db);
  await db.schema.dropIndex('events_lynx_key_unique').execute();
  await db.schema
    .createIndex('events_lynx_unit_unique')
    .on('events')
    .columns(['competition_uic', 'lynx_unit'])
    .unique()
    .where(sql.ref('lynx_unit'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('events_lynx_number_idx')
    .on('events')
    .columns(['competition_uic', 'lynx_event_number', 'lynx_round'])
    .execute();

  await db.schema
    .createTable('lynx_schedule')
    .addColumn('competition_uic', 'integer', (c) =>
      c.notNull().references('competitions.uic').onDelete('cascade'),
    )
    .addColumn('event_number', 'text', (c) => c.notNull())
    .addColumn('round', 'text', (c) => c.notNull())
    .addColumn('heat', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('lynx_schedule_pkey', [
      'competition_uic',
      'event_number',
      'round',
      'heat',
    ])
    .execute();

  await db.schema
    .createTable('lynx_people')
    .addColumn('competition_uic', 'integer', (c) =>
      c.notNull().references('competitions.uic').onDelete('cascade'),
    )
    .addColumn('bib', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('club', 'text')
    .addPrimaryKeyConstraint('lynx_people_pkey', ['competition_uic', 'bib'])
    .execute();

  await db.schema
    .alterTable('uploads')
    .addColumn('report', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
