import { sql, type Kysely } from 'kysely';

/**
 * Meets in and out (issue 32).
 * * `events.exchange_key`: the race an import made or filled (the file's event, round and
 *   heat, server/parsers/exchange/), so the same file imported again finds its events; and
 *   `exchange_hash`, what the import last wrote, so an unchanged race is not written at all.
 * * `competitions.results_final_at`: when the club admin marked the results final for the
 *   federation; the exports carry the corrections made after it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('exchange_key', 'text')
    .addColumn('exchange_hash', 'text')
    .execute();
  await db.schema
    .createIndex('events_exchange_key')
    .on('events')
    .columns(['competition_uic', 'exchange_key'])
    .unique()
    .where(sql.ref('exchange_key'), 'is not', null)
    .execute();
  await db.schema.alterTable('competitions').addColumn('results_final_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('competitions').dropColumn('results_final_at').execute();
  await db.schema.dropIndex('events_exchange_key').execute();
  await db.schema
    .alterTable('events')
    .dropColumn('exchange_hash')
    .dropColumn('exchange_key')
    .execute();
}
