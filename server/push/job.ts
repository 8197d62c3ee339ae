import { createHash } from 'node:crypto';
import webpush, { WebPushError } from 'web-push';
import type { Db } from '../db/connect.ts';
import type { PushConfig } from '../config.ts';
import type { Logger } from '../infra/logger.ts';
import type { PushAlert } from '../../shared/schemas/follow.ts';
import { scheduleEstimates, venueNow } from '../../shared/schedule/venue.ts';
import { parseEventTime } from '../../shared/athletics/eventTime.ts';
import { findPublicCompetition } from '../competitions/queries.ts';
import { listPublicEventRows } from '../events/queries.ts';
import { dueAlerts, type AlertKind } from './alerts.ts';
import { vapidKeys } from './keys.ts';
import {
  claimAlerts,
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
};

/**
 * A push service keeps one undelivered message per topic: a repeat of an alert (sent again
 * after a crash) replaces the first rather than arriving twice. At most 32 URL-safe characters.
 */
const topicOf = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32);

/**
 * The pushAlerts job: every alert a competition's followers are due, each sent once. Alerts
 * are claimed in push_alerts before they are sent; a send that fails for now gives its claim
 * back and the job fails, so the queue retries it; an expired subscription (404/410) is
 * dropped, nothing more goes to it.
 */
export function pushAlertsJob(deps: PushDeps) {
  return async ({ competitionUic }: { competitionUic: number }): Promise<void> => {
    const subscriptions = await subscriptionsFollowing(deps.db, competitionUic);
    if (subscriptions.length === 0) return;
    const competition = await findPublicCompetition(deps.db, competitionUic);
    if (!competition) return;
    const events = await listPublicEventRows(deps.db, competitionUic);
    const now = new Date();
    const estimates = scheduleEstimates(events, competition.date, now);
    const clock = venueNow(competition.date, now);
    const minutesToStart = (id: string) => {
      const start = parseEventTime(estimates.get(id)?.estimatedStart);
      return start === null || !Number.isFinite(clock) ? null : start - clock;
    };
    const keys = await vapidKeys(deps.db, deps.config);
    let failed = 0;
    for (const subscription of subscriptions) {
      const due = dueAlerts(
        events,
        estimates,
        minutesToStart,
        subscription.follows,
        competitionUic,
      );
      for (const { keys: alertKeys, alert } of due) {
        const claimed = await claimAlerts(deps.db, subscription.id, alertKeys);
        if (claimed.length === 0) continue;
        const outcome = await send(deps, subscription, alert, keys);
        if (outcome === 'sent') await markSent(deps.db, subscription.id, claimed);
        else if (outcome === 'gone') break;
        else {
          failed += 1;
          await releaseClaims(deps.db, subscription.id, claimed);
        }
      }
    }
    if (failed > 0) throw new Error(`${failed} alert(s) not sent; the job is retried`);
  };
}

async function send(
  deps: PushDeps,
  subscription: StoredSubscription,
  alert: PushAlert,
  keys: { publicKey: string; privateKey: string },
): Promise<'sent' | 'gone' | 'failed'> {
  try {
    await webpush.sendNotification(
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
    if (err instanceof WebPushError && (err.statusCode === 404 || err.statusCode === 410)) {
      deps.log.info({ subscription: subscription.id }, 'push subscription expired; dropped');
      await dropSubscription(deps.db, subscription.id);
      return 'gone';
    }
    deps.log.warn({ err, subscription: subscription.id }, 'push alert not sent');
    return 'failed';
  }
}
