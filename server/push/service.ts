import type { Db } from '../db/connect.ts';
import type { PushConfig } from '../config.ts';
import type { PublicReads } from '../publicCache/reads.ts';
import type { Follows, SavePushSubscription } from '../../shared/schemas/follow.ts';
import { foldText } from '../../shared/athletes/identity.ts';
import { scheduleEstimates } from '../../shared/schedule/venue.ts';
import { AppError, Invalid, TooManyRequests } from '../errors.ts';
import { dueAlerts } from './alerts.ts';
import { addressGroup } from '../infra/addressGroup.ts';
import { pushEndpoint } from './endpoints.ts';
import {
  countSubscriptions,
  lockNewSubscriptions,
  lockSubscription,
  markKnown,
  saveSubscription,
} from './queries.ts';
import type { AthleteIndex } from '../athletes/index.ts';

export const ENDPOINT_REFUSED =
  'This browser\u2019s push service is not one Rith can send alerts to.';
export const ADDRESS_FULL =
  'Alerts are already on for as many devices on this network as Rith takes from one connection. Turn them on over another connection (mobile data, say), or try again later.';
export const SERVICE_FULL =
  'Rith cannot turn alerts on for more devices right now. Please try again later.';
/** Places under the per-address cap free up as devices stop alerts or go silent: hours. */
const ADDRESS_FULL_RETRY_S = 3600;

const followIds = (follows: Follows | null): Set<string> =>
  new Set([
    ...(follows?.athletes ?? []).map((a) => `${a.competitionUic}|${a.key}`),
    ...(follows?.clubs ?? []).map((c) => `${c.competitionUic}|club:${foldText(c.club)}`),
  ]);

/** The follows of `after` that `before` did not have. */
function added(before: Follows | null, after: Follows): Follows {
  const had = followIds(before);
  return {
    athletes: after.athletes.filter((a) => !had.has(`${a.competitionUic}|${a.key}`)),
    clubs: after.clubs.filter((c) => !had.has(`${c.competitionUic}|club:${foldText(c.club)}`)),
  };
}

/**
 * Saves a device's subscription with what it follows. What is already true of a newly
 * followed athlete (a start list out, a result in) is recorded as known, in the same
 * transaction: alerts are for what happens next, not a burst of the past. Only "starting
 * soon" is left, as that is still to come. Nothing is sent here: the worker's job sends.
 * A device already subscribed may always save again (that is how it is seen); a new one
 * must find room under the caps.
 */
export async function saveDeviceSubscription(
  deps: { db: Db; config: PushConfig; reads: PublicReads },
  body: SavePushSubscription,
  clientIp: string,
): Promise<void> {
  const { subscription, follows } = body;
  const endpoint = pushEndpoint(subscription.endpoint, deps.config.endpointHosts);
  if (endpoint === null) throw new Invalid(ENDPOINT_REFUSED, 'push_endpoint_refused');
  const clientAddress = addressGroup(clientIp);
  // Read before the transaction: the index is the node's cache, which reads through its own
  // connection (an embedded database has one, held by the transaction).
  const indexes = new Map<number, AthleteIndex>();
  for (const uic of new Set([...follows.athletes, ...follows.clubs].map((f) => f.competitionUic))) {
    const index = (await deps.reads.athletesOf(uic)).facts;
    if (index) indexes.set(uic, index);
  }
  await deps.db.transaction().execute(async (trx) => {
    const before = await lockSubscription(trx, endpoint);
    if (before === undefined) await makeRoom(trx, deps.config, clientAddress);
    const id = await saveSubscription(
      trx,
      { endpoint, ...subscription.keys },
      follows,
      clientAddress,
    );
    const fresh = added(before ?? null, follows);
    for (const [uic, index] of indexes) {
      const estimates = scheduleEstimates(index.schedule, index.date, new Date());
      const known = dueAlerts(index.schedule, estimates, () => null, fresh, uic);
      await markKnown(
        trx,
        id,
        known.flatMap((a) => a.keys),
      );
    }
  });
}

/** Refuses a new subscription over either cap; holds the new-subscription lock when it passes. */
async function makeRoom(trx: Db, config: PushConfig, clientAddress: string): Promise<void> {
  await lockNewSubscriptions(trx, clientAddress);
  const count = await countSubscriptions(trx, clientAddress);
  if (count.total >= config.maxSubscriptions) {
    throw new AppError(503, SERVICE_FULL, 'push_capacity_full');
  }
  if (count.fromAddress >= config.maxSubscriptionsPerAddress) {
    throw new TooManyRequests(ADDRESS_FULL, ADDRESS_FULL_RETRY_S, 'push_address_full');
  }
}
