import { sql, type Kysely } from 'kysely';

/**
 * FinishLynx names a race by event number, round and heat; an event created or updated from
 * lynx.evt, a .lif or a .lff keeps that key so the next file of the same race finds it.
 * Events created from a timetable keep the line they came from, for the same reason.
 * An upload remembers the file type the admin chose.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('lynx_event_number', 'text')
    .addColumn('lynx_round', 'text')
    .addColumn('lynx_heat', 'text')
    // The timetable line an Auto event came from, as the file wrote it: the admin may edit
    // the event's name or round, and the same timetable uploaded again still finds it.
    .addColumn('timetable_key', 'text')
    .execute();
  await db.schema
    .createIndex('events_lynx_key_unique')
    .on('events')
    .columns(['competition_uic', 'lynx_event_number', 'lynx_round', 'lynx_heat'])
    .unique()
    .where(sql.ref('lynx_event_number'), 'is not', null)
    .execute();
  await db.schema
    .alterTable('uploads')
    .addColumn('file_type', sql`file_type`, (c) => c.notNull().defaultTo('LYNX_MEET_MANAGMENT'))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
