import type { Db } from '../db/connect.ts';
import type { PushConfig } from '../config.ts';
import type { PublicReads } from '../publicCache/reads.ts';
import type { Follows, SavePushSubscription } from '../../shared/schemas/follow.ts';
import { foldText } from '../../shared/athletes/identity.ts';
import { scheduleEstimates } from '../../shared/schedule/venue.ts';
import { Invalid } from '../errors.ts';
import { dueAlerts } from './alerts.ts';
import { isAllowedEndpoint } from './endpoints.ts';
import { markKnown, saveSubscription } from './queries.ts';
import type { AthleteIndex } from '../athletes/index.ts';

export const ENDPOINT_REFUSED =
  'This browser\u2019s push service is not one Rith can send alerts to.';

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
 */
export async function saveDeviceSubscription(
  deps: { db: Db; config: PushConfig; reads: PublicReads },
  body: SavePushSubscription,
): Promise<void> {
  const { subscription, follows } = body;
  if (!isAllowedEndpoint(subscription.endpoint, deps.config.endpointHosts)) {
    throw new Invalid(ENDPOINT_REFUSED, 'push_endpoint_refused');
  }
  // Read before the transaction: the index is the node's cache, which reads through its own
  // connection (an embedded database has one, held by the transaction).
  const indexes = new Map<number, AthleteIndex>();
  for (const uic of new Set([...follows.athletes, ...follows.clubs].map((f) => f.competitionUic))) {
    const index = (await deps.reads.athletesOf(uic)).facts;
    if (index) indexes.set(uic, index);
  }
  await deps.db.transaction().execute(async (trx) => {
    const saved = await saveSubscription(
      trx,
      { endpoint: subscription.endpoint, ...subscription.keys },
      follows,
    );
    const fresh = added(saved.before, follows);
    for (const [uic, index] of indexes) {
      const estimates = scheduleEstimates(index.schedule, index.date, new Date());
      const known = dueAlerts(index.schedule, estimates, () => null, fresh, uic);
      await markKnown(
        trx,
        saved.id,
        known.flatMap((a) => a.keys),
      );
    }
  });
}
