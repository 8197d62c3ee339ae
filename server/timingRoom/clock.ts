import type { Runtime } from '../runtime.ts';
import type { ScoreboardAnswer, ScoreboardUpdate } from '../../shared/schemas/timingRoom.ts';
import { parseRaceTime } from '../../shared/athletics/raceTime.ts';
import { clockEvent, recordClockStart } from '../events/live.ts';
import { Invalid } from '../errors.ts';

type Deps = Pick<Runtime, 'db' | 'bus'>;

/** The longest race clock there is (a 24-hour race): past it a clock is not one. */
const MAX_CLOCK_SECONDS = 24 * 60 * 60;

/**
 * The race clock goes straight to the heat's spectators and is not kept: the next tick, a
 * second later, says more than a stored one could.
 */
export async function forwardClock(
  deps: Deps,
  competitionUic: number,
  update: Extract<ScoreboardUpdate, { type: 'clock' }>,
): Promise<ScoreboardAnswer> {
  const seconds = parseRaceTime(update.time);
  if (seconds === null) {
    return { outcome: 'ignored', eventId: null, reason: `"${update.time}" is not a race time.` };
  }
  if (seconds > MAX_CLOCK_SECONDS) {
    throw new Invalid(`The race clock "${update.time}" is past 24 hours: it cannot be a race's.`);
  }
  const target = await clockEvent(deps.db, competitionUic, update.heat);
  if ('reason' in target) return { outcome: 'ignored', eventId: null, reason: target.reason };
  deps.bus.publish({
    name: 'event.clock',
    payload: {
      eventId: target.stored.id,
      competitionUic,
      state: update.state,
      elapsedMs: Math.round(seconds * 1000),
    },
  });
  if (update.state === 'running' && target.stored.startedAt === null) {
    await recordClockStart(deps.db, target.stored.id, Math.round(seconds * 1000));
  }
  return { outcome: 'published', eventId: target.stored.id, reason: null };
}
