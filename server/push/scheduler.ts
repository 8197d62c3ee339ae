import type { Bus } from '../infra/bus.ts';
import type { JobQueue } from '../infra/queue.ts';
import type { Logger } from '../infra/logger.ts';
import type { Db } from '../db/connect.ts';
import type { PushConfig } from '../config.ts';
import { dropSilentSubscriptions, followedCompetitionsOn } from './queries.ts';
import { competitionClock } from '../../shared/entries.ts';

/**
 * What starts the pushAlerts job for a competition: each change to one of its events (a
 * start list, a scoreboard line, a results file), and a tick for the "starting soon" alerts,
 * which come due with the clock. Every worker does this; a job id names the change or the
 * tick, so the queue runs each once however many workers saw it. The tick first drops the
 * subscriptions gone silent (PUSH_SUBSCRIPTION_EXPIRY_DAYS), which frees their places under
 * the caps.
 */
export function startPushScheduler(
  deps: { db: Db; bus: Bus; queue: JobQueue; log: Pick<Logger, 'info' | 'warn'> },
  config: Pick<PushConfig, 'tickMs' | 'subscriptionExpiryDays'>,
): () => void {
  const enqueue = (competitionUic: number, jobId: string) =>
    deps.queue
      .enqueue('pushAlerts', { competitionUic }, { jobId, once: true })
      .catch((err: unknown) => deps.log.warn({ err, competitionUic }, 'alert job not queued'));

  const tick = async () => {
    const slot = Math.floor(Date.now() / config.tickMs);
    try {
      const dropped = await dropSilentSubscriptions(deps.db, config.subscriptionExpiryDays);
      if (dropped > 0) deps.log.info({ dropped }, 'silent push subscriptions dropped');
      for (const uic of await followedCompetitionsOn(deps.db, competitionClock(new Date()).date))
        await enqueue(uic, `${uic}:tick:${slot}`);
    } catch (err) {
      deps.log.warn({ err }, 'alert tick failed');
    }
  };

  const unsubscribe = deps.bus.subscribe(
    (message) => {
      // A heat's later scoreboard lines come as `event.live`: its finishers are alerted too.
      if (message.name === 'event.changed' || message.name === 'event.live') {
        const { event, version } = message.payload;
        void enqueue(event.competitionUic, `${event.competitionUic}:${event.id}:${version}`);
      } else if (message.name === 'event.outdated') {
        const { competitionUic, eventId, version } = message.payload;
        void enqueue(competitionUic, `${competitionUic}:${eventId}:${version}`);
      }
    },
    // Changes may have been missed: look at every followed competition now.
    () => void tick(),
  );
  // What changed while no worker ran (a restart) is looked at once at start: today's
  // competitions (a change to another day's is queued by the change itself).
  void tick();
  const timer = setInterval(() => void tick(), config.tickMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    unsubscribe();
  };
}
