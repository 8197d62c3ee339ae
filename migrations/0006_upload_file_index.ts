import { sql, type Kysely } from 'kysely';

/**
 * Raw upload files are kept for their upload only (issue 13, points 6 and 7):
 * * an index telling a file an upload holds from a public one (a competition's image, an
 *   event's photo-finish PDF), so /api/files never serves what a club uploaded as data;
 * * an index for the retention sweep that drops the files of uploads failed long ago.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index uploads_file_ids on uploads using gin (file_ids)`.execute(db);
  await db.schema
    .createIndex('uploads_failed_updated')
    .on('uploads')
    .column('updated_at')
    .where(sql<boolean>`status = 'failed' and cardinality(file_ids) > 0`)
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
