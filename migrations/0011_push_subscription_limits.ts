import { sql, type Kysely } from 'kysely';

/**
 * Alert subscriptions are capped per address and in all, and expire when silent (issue 27):
 * * `client_address`: the address (an IPv6 address's /64) a subscription was last saved
 *   from, what the per-address cap counts; null for those saved before, which count only
 *   in the total;
 * * `updated_at`, already set at every save (each visit to the site saves again), is when
 *   the device was last seen: indexed for the sweep that drops those silent too long.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('push_subscriptions').addColumn('client_address', 'text').execute();
  await sql`create index push_subscriptions_client_address on push_subscriptions (client_address)`.execute(
    db,
  );
  await sql`create index push_subscriptions_updated_at on push_subscriptions (updated_at)`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
