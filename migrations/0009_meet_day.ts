import { sql, type Kysely } from 'kysely';

/**
 * A real meet day (issue 26):
 * * `progress`: results a timing file brought that are not complete yet (a flight of two in,
 *   a .lif still being written), shown as unofficial until the rest is in;
 * * `lynx_name`: the name as the timing system wrote it ("100m K U14-Bieg 10"), which says
 *   the round and heat; the event shows its family's name ("100m K U14");
 * * `lynx_listed`: where lynx.evt listed the race (the file's turn, then its line), and
 *   `run_order`: the meet's running order worked out from lynx.sch and lynx.evt.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('progress', 'jsonb')
    .addColumn('lynx_name', 'text')
    .addColumn('lynx_listed', 'double precision')
    .addColumn('run_order', 'integer')
    .execute();
  // Events made from FinishLynx files so far were named as the file named them.
  await sql`update events set lynx_name = event_name where lynx_unit is not null`.execute(db);
  // The sweep that settles a heat whose file stopped short looks for these only.
  await sql`create index events_progress_idx on events (updated_at) where progress is not null`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
