import type { Bus } from '../infra/bus.ts';
import type { JobQueue } from '../infra/queue.ts';
import type { Logger } from '../infra/logger.ts';
import type { Db } from '../db/connect.ts';
import { followedCompetitionsOn } from './queries.ts';
import { competitionClock } from '../../shared/entries.ts';

/**
 * What starts the pushAlerts job for a competition: each change to one of its events (a
 * start list, a scoreboard line, a results file), and a tick for the "starting soon" alerts,
 * which come due with the clock. Every worker does this; a job id names the change or the
 * tick, so the queue runs each once however many workers saw it.
 */
export function startPushScheduler(
  deps: { db: Db; bus: Bus; queue: JobQueue; log: Pick<Logger, 'warn'> },
  tickMs: number,
): () => void {
  const enqueue = (competitionUic: number, jobId: string) =>
    deps.queue
      .enqueue('pushAlerts', { competitionUic }, { jobId, once: true })
      .catch((err: unknown) => deps.log.warn({ err, competitionUic }, 'alert job not queued'));

  const tick = async () => {
    const slot = Math.floor(Date.now() / tickMs);
    try {
      for (const uic of await followedCompetitionsOn(deps.db, competitionClock(new Date()).date))
        await enqueue(uic, `${uic}:tick:${slot}`);
    } catch (err) {
      deps.log.warn({ err }, 'alert tick failed');
    }
  };

  const unsubscribe = deps.bus.subscribe(
    (message) => {
      if (message.name === 'event.changed') {
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
  const timer = setInterval(() => void tick(), tickMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    unsubscribe();
  };
}
