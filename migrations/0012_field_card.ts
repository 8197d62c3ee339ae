import { sql, type Kysely } from 'kysely';

/**
 * The officials' field card (issue 29). A competition token gets a role: `agent` (the timing
 * room's, as before) or `field` (a judge's phone, which opens only the card). A field event's
 * card keeps its settings and when the judge ended it (`field_cards`), the athletes added at
 * the field after the start list (`field_entries`) and every trial (`field_trials`).
 *
 * A trial's id is made by the phone, so that a phone sending it again (after no answer, or
 * from its offline queue) changes nothing: the body it was first sent with is kept to tell a
 * repeat from a different trial reusing an id. One athlete's trial of a round (horizontal),
 * or n-th trial at a height (vertical), is held once: two phones entering it are not both
 * kept. A correction or removal keeps the row (corrected or deleted), for the history.
 *
 * The versions of what spectators were shown (event_versions) gain a source: `card`, the field
 * card's standings, kept as they change (server/events/history.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('competition_tokens')
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('agent')
        .check(sql`role in ('agent', 'field')`),
    )
    .execute();

  await sql`
    alter table event_versions
      drop constraint event_versions_source_check,
      add constraint event_versions_source_check
        check (source in ('results', 'live', 'card', 'none'))
  `.execute(db);

  await db.schema
    .createTable('field_cards')
    .addColumn('event_id', 'uuid', (c) =>
      c.primaryKey().references('events.id').onDelete('cascade'),
    )
    .addColumn('settings', 'jsonb', (c) => c.notNull())
    .addColumn('completed_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('field_entries')
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('bib', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('club', 'text')
    .addColumn('flight', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('field_entries_pk', ['event_id', 'bib'])
    .execute();

  await db.schema
    .createTable('field_trials')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('seq', 'bigserial', (c) => c.notNull())
    .addColumn('bib', 'text', (c) => c.notNull())
    .addColumn('round', 'integer')
    .addColumn('height', 'text')
    .addColumn('trial', 'integer')
    .addColumn('mark', 'text', (c) => c.notNull())
    .addColumn('wind', 'text')
    .addColumn('request', 'jsonb', (c) => c.notNull())
    .addColumn('token_id', 'uuid', (c) =>
      c.references('competition_tokens.id').onDelete('set null'),
    )
    .addColumn('entered_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('corrected_at', 'timestamptz')
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create index field_trials_event on field_trials (event_id, seq)`.execute(db);
  await sql`
    create unique index field_trials_round on field_trials (event_id, bib, round)
    where deleted_at is null and round is not null
  `.execute(db);
  await sql`
    create unique index field_trials_height on field_trials (event_id, bib, height, trial)
    where deleted_at is null and height is not null
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
