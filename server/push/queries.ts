import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { Follows } from '../../shared/schemas/follow.ts';

export interface StoredSubscription {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  follows: Follows;
}

const competitionsOf = (follows: Follows) => [
  ...new Set([...follows.athletes, ...follows.clubs].map((f) => f.competitionUic)),
];

/**
 * The follows a device's subscription was saved with, its row locked for the save; undefined
 * when the endpoint is new.
 */
export async function lockSubscription(trx: Db, endpoint: string): Promise<Follows | undefined> {
  const row = await trx
    .selectFrom('pushSubscriptions')
    .select('follows')
    .where('endpoint', '=', endpoint)
    .forUpdate()
    .executeTakeFirst();
  return row?.follows;
}

/**
 * New subscriptions from one address are made one at a time (until their transaction ends),
 * so two of its devices subscribing at once cannot both take its last place. Other addresses
 * are not held up: the total may pass its cap by the few saved at the same moment.
 */
export async function lockNewSubscriptions(trx: Db, clientAddress: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`push_subscriptions:${clientAddress}`}))`.execute(
    trx,
  );
}

/** How many subscriptions there are, in all and saved last from this address. */
export async function countSubscriptions(
  db: Db,
  clientAddress: string,
): Promise<{ total: number; fromAddress: number }> {
  const row = await db
    .selectFrom('pushSubscriptions')
    .select([
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) filter (where client_address = ${clientAddress})`.as('fromAddress'),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), fromAddress: Number(row.fromAddress) };
}

/**
 * Saves a device's subscription with its follows (the endpoint names the device). Each save
 * is the device seen: `updated_at` is what a silent subscription's expiry counts from.
 */
export async function saveSubscription(
  trx: Db,
  subscription: { endpoint: string; p256dh: string; auth: string },
  follows: Follows,
  clientAddress: string,
): Promise<string> {
  const values = {
    ...subscription,
    follows: JSON.stringify(follows),
    competitionUics: competitionsOf(follows),
    clientAddress,
  };
  const saved = await trx
    .insertInto('pushSubscriptions')
    .values(values)
    .onConflict((oc) => oc.column('endpoint').doUpdateSet({ ...values, updatedAt: sql`now()` }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return saved.id;
}

export async function deleteSubscription(db: Db, endpoint: string): Promise<boolean> {
  const gone = await db
    .deleteFrom('pushSubscriptions')
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return gone.numDeletedRows > 0n;
}

/** A push service said the subscription is gone (404/410): nothing more is sent to it. */
export async function dropSubscription(db: Db, id: string): Promise<void> {
  await db.deleteFrom('pushSubscriptions').where('id', '=', id).execute();
}

/**
 * Subscriptions no device has saved for `days` days. A browser that still has alerts on
 * saves its subscription at each visit to the site, so these belong to devices that went
 * quiet (a wiped phone, a browser no longer used) without their push service saying so.
 */
export async function dropSilentSubscriptions(db: Db, days: number): Promise<number> {
  const gone = await db
    .deleteFrom('pushSubscriptions')
    .where(sql<boolean>`updated_at < now() - ${days}::float8 * interval '1 day'`)
    .executeTakeFirst();
  return Number(gone.numDeletedRows);
}

export function subscriptionsFollowing(db: Db, competitionUic: number) {
  return db
    .selectFrom('pushSubscriptions')
    .select(['id', 'endpoint', 'p256dh', 'auth', 'follows'])
    .where(sql<boolean>`${competitionUic} = any(competition_uics)`)
    .execute();
}

/**
 * The competitions held on `date` that anybody follows: what the start-soon tick looks at
 * ("starting soon" comes due on the competition's day only).
 */
export async function followedCompetitionsOn(db: Db, date: string): Promise<number[]> {
  const rows = await db
    .selectFrom('competitions')
    .select('uic')
    .where('date', '=', date)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('pushSubscriptions')
          .select(sql`1`.as('one'))
          .where(sql<boolean>`competitions.uic = any(competition_uics)`),
      ),
    )
    .execute();
  return rows.map((r) => r.uic);
}

/** A claim not marked sent by then was cut off by a crash: it may be sent again. */
const UNSENT_RETRY = sql`interval '2 minutes'`;

/**
 * Claims alerts for a subscription: the keys nobody claimed before (or whose claim a crash
 * left unsent long ago). Only what this returns may be sent, so an alert goes out once
 * whatever runs twice.
 */
export async function claimAlerts(
  db: Db,
  subscriptionId: string,
  keys: string[],
): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .insertInto('pushAlerts')
    .values(keys.map((alertKey) => ({ subscriptionId, alertKey })))
    .onConflict((oc) =>
      oc
        .columns(['subscriptionId', 'alertKey'])
        .doUpdateSet({ claimedAt: sql`now()` })
        .where(
          sql<boolean>`push_alerts.sent_at is null and push_alerts.claimed_at < now() - ${UNSENT_RETRY}`,
        ),
    )
    .returning('alertKey')
    .execute();
  return rows.map((r) => r.alertKey);
}

export async function markSent(db: Db, subscriptionId: string, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .updateTable('pushAlerts')
    .set({ sentAt: sql`now()` })
    .where('subscriptionId', '=', subscriptionId)
    .where('alertKey', 'in', keys)
    .execute();
}

/** A send that failed for now: the claims go, so the job's retry claims and sends them. */
export async function releaseClaims(db: Db, subscriptionId: string, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .deleteFrom('pushAlerts')
    .where('subscriptionId', '=', subscriptionId)
    .where('alertKey', 'in', keys)
    .where('sentAt', 'is', null)
    .execute();
}

/** What was true when the device started following: known already, so never alerted. */
export async function markKnown(db: Db, subscriptionId: string, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .insertInto('pushAlerts')
    .values(keys.map((alertKey) => ({ subscriptionId, alertKey, sentAt: sql`now()` })))
    .onConflict((oc) => oc.columns(['subscriptionId', 'alertKey']).doNothing())
    .execute();
}

/** Every alert key claimed for these subscriptions: what a job need not look at again. */
export async function claimedKeys(
  db: Db,
  subscriptionIds: readonly string[],
): Promise<Map<string, Set<string>>> {
  const claimed = new Map<string, Set<string>>(subscriptionIds.map((id) => [id, new Set()]));
  if (subscriptionIds.length === 0) return claimed;
  const rows = await db
    .selectFrom('pushAlerts')
    .select(['subscriptionId', 'alertKey'])
    .where('subscriptionId', 'in', subscriptionIds)
    // A claim a crash left unsent is looked at again (claimAlerts takes it back when stale).
    .where(sql<boolean>`sent_at is not null or claimed_at >= now() - ${UNSENT_RETRY}`)
    .execute();
  for (const row of rows) claimed.get(row.subscriptionId)?.add(row.alertKey);
  return claimed;
}
