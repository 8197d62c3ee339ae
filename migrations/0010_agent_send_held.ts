import type { Kysely } from 'kysely';

/**
 * "Send held files" in the admin console's Timing room: when an admin asked a token's agent
 * to send the files it held back (saved before the day it started). Kept in the database, not
 * in a process's memory, so the request survives a restart of Rith and reaches the agent
 * whichever API node its next status report lands on; cleared once the agent reports that it
 * holds nothing back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('competition_tokens')
    .addColumn('send_held_requested_at', 'timestamptz')
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
