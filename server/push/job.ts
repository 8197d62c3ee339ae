import { createHash } from 'node:crypto';
import type * as WebPush from 'web-push';
import type { Db } from '../db/connect.ts';
import type { PushConfig } from '../config.ts';
import type { Logger } from '../infra/logger.ts';
import type { PushAlert } from '../../shared/schemas/follow.ts';
import { scheduleEstimates, venueNow } from '../../shared/schedule/venue.ts';
import { parseEventTime } from '../../shared/athletics/eventTime.ts';
import { findPublicCompetition } from '../competitions/queries.ts';
import { listPublicEventRows } from '../events/queries.ts';
import { withQualification } from '../events/rounds/progression.ts';
import { dueAlerts, type AlertKind, type DueAlert } from './alerts.ts';
import { vapidKeys, type VapidKeys } from './keys.ts';
import { pushEndpoint } from './endpoints.ts';
import { lazyPackage } from '../infra/lazyPackage.ts';

const webpush = lazyPackage<typeof WebPush>('web-push');
import {
  claimAlerts,
  claimedKeys,
  dropSubscription,
  markSent,
  releaseClaims,
  subscriptionsFollowing,
  type StoredSubscription,
} from './queries.ts';

export interface PushDeps {
  db: Db;
  config: PushConfig;
  log: Pick<Logger, 'info' | 'warn'>;
}

/** How long a push service keeps trying a device that is off: past then the alert is stale. */
const TTL_SECONDS: Record<AlertKind, number> = {
  startList: 2 * 3600,
  startingSoon: 15 * 60,
  unofficial: 3600,
  official: 6 * 3600,
  qualified: 6 * 3600,
};

/**
 * A push service keeps one undelivered message per topic: a repeat of an alert (sent again
 * after a crash) replaces the first rather than arriving twice. At most 32 URL-safe characters.
 */
const topicOf = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32);

/**
 * The pushAlerts job: every alert a competition's followers are due, each sent once. Alerts
 * are claimed in push_alerts before they are sent; a send that fails for now gives its claim
 * back and the job fails, so the queue retries it; an expired subscription (404/410), or one
 * whose endpoint Rith may not post to (endpoints.ts), is dropped, nothing more goes to it.
 */
export function pushAlertsJob(deps: PushDeps) {
  return async ({ competitionUic }: { competitionUic: number }): Promise<void> => {
    const subscriptions = await subscriptionsFollowing(deps.db, competitionUic);
    if (subscriptions.length === 0) return;
    const competition = await findPublicCompetition(deps.db, competitionUic);
    if (!competition) return;
    // Marked Q and q: a follower hears they are through to the next round.
    const events = await withQualification(
      deps.db,
      await listPublicEventRows(deps.db, competitionUic),
    );
    const now = new Date();
    const estimates = scheduleEstimates(events, competition.date, now);
    const clock = venueNow(competition.date, now);
    const minutesToStart = (id: string) => {
      const start = parseEventTime(estimates.get(id)?.estimatedStart);
      // Whole minutes on both sides, as the estimate is shown: one clamped to now is 0, not -0.4.
      return start === null || !Number.isFinite(clock) ? null : start - Math.floor(clock);
    };
    const keys = await vapidKeys(deps.db, deps.config);
    const claimed = await claimedKeys(
      deps.db,
      subscriptions.map((s) => s.id),
    );
    let failed = 0;
    for (const subscription of subscriptions) {
      // One device's trouble is its own: the others still get their alerts.
      try {
        // Stored before endpoints were checked as they are dialled, or under a host no longer
        // allowed: never dialled, and dropped.
        if (
          pushEndpoint(subscription.endpoint, deps.config.endpointHosts) !== subscription.endpoint
        ) {
          deps.log.warn({ subscription: subscription.id }, 'push endpoint not allowed; dropped');
          await dropSubscription(deps.db, subscription.id);
          continue;
        }
        const due = dueAlerts(
          events,
          estimates,
          minutesToStart,
          subscription.follows,
          competitionUic,
          claimed.get(subscription.id),
        );
        failed += await sendDue(deps, subscription, due, keys);
      } catch (err) {
        failed += 1;
        deps.log.warn({ err, subscription: subscription.id }, 'alerts for a device failed');
      }
    }
    if (failed > 0) throw new Error(`${failed} alert(s) not sent; the job is retried`);
  };
}

/** Claims and sends a device's due alerts, in order; answers how many are to be retried. */
async function sendDue(
  deps: PushDeps,
  subscription: StoredSubscription,
  due: DueAlert[],
  keys: VapidKeys,
): Promise<number> {
  let failed = 0;
  for (const { keys: alertKeys, alert } of due) {
    const claimed = await claimAlerts(deps.db, subscription.id, alertKeys);
    if (claimed.length === 0) continue;
    const outcome = await send(deps, subscription, alert, keys);
    if (outcome === 'gone') return failed;
    if (outcome === 'retry') {
      failed += 1;
      await releaseClaims(deps.db, subscription.id, claimed);
    } else {
      // Sent, or refused for good (it would be refused again): either way, done.
      await markSent(deps.db, subscription.id, claimed);
    }
  }
  return failed;
}

async function send(
  deps: PushDeps,
  subscription: StoredSubscription,
  alert: PushAlert,
  keys: VapidKeys,
): Promise<'sent' | 'gone' | 'refused' | 'retry'> {
  try {
    await webpush().sendNotification(
      {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      JSON.stringify(alert),
      {
        vapidDetails: { subject: deps.config.vapidSubject, ...keys },
        TTL: TTL_SECONDS[alert.kind],
        urgency: alert.kind === 'startingSoon' ? 'high' : 'normal',
        topic: topicOf(alert.tag),
        timeout: 10_000,
      },
    );
    return 'sent';
  } catch (err) {
    const outcome = outcomeOf(err);
    if (outcome === 'gone') {
      deps.log.info({ err, subscription: subscription.id }, 'push subscription gone; dropped');
      await dropSubscription(deps.db, subscription.id);
    } else {
      deps.log.warn({ err, subscription: subscription.id }, 'push alert not sent');
    }
    return outcome;
  }
}

/**
 * What a failed send means. 404 and 410: the subscription expired. 400, 401 and 403: the push
 * service will never take it (keys that do not decrypt, a subscription made for another
 * VAPID key), nor can a message encrypted for broken keys be sent: the subscription goes.
 * 413 and other refusals: this alert will not go, the next may. 429, 5xx and network
 * failures: later, by the queue's retry.
 */
export function outcomeOf(err: unknown): 'gone' | 'refused' | 'retry' {
  if (!(err instanceof webpush().WebPushError)) {
    // web-push encrypts before it sends: a key it cannot use fails here, for good.
    return err instanceof Error && /key|encrypt|ecdh/i.test(err.message) ? 'gone' : 'retry';
  }
  const status = err.statusCode;
  if ([400, 401, 403, 404, 410].includes(status)) return 'gone';
  if (status === 429 || status >= 500) return 'retry';
  return 'refused';
}
