import { sql, type Kysely } from 'kysely';

/**
 * Following athletes (issue 15):
 * * what really happened to each event, on the venue's clock ("HH:MM:SS"), for the estimated
 *   start times: when it started (the finish camera's start time, or the scoreboard's running
 *   clock) and when its first results arrived;
 * * Web Push: the VAPID key pair generated for a deployment configured without one, each
 *   device's subscription with the athletes and clubs it follows, and every alert claimed
 *   for a subscription, so an alert goes out once whatever restarts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('started_at', 'text')
    .addColumn('results_at', 'text')
    .execute();

  await db.schema
    .createTable('push_keys')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('private_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('follows', 'jsonb', (c) => c.notNull())
    /** The competitions the follows are in: what a competition's alert job looks up. */
    .addColumn('competition_uics', sql`integer[]`, (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index push_subscriptions_competitions on push_subscriptions using gin (competition_uics)`.execute(
    db,
  );

  await db.schema
    .createTable('push_alerts')
    .addColumn('subscription_id', 'uuid', (c) =>
      c.notNull().references('push_subscriptions.id').onDelete('cascade'),
    )
    /** `{eventId}:{kind}:{follow}`: one alert of a kind, for one follow, about one event. */
    .addColumn('alert_key', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    /** Null while it is being sent; a claim left unsent by a crash is sent again later. */
    .addColumn('sent_at', 'timestamptz')
    .addPrimaryKeyConstraint('push_alerts_pk', ['subscription_id', 'alert_key'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
