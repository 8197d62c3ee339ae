import { parseEventTime } from '../athletics/eventTime.ts';
import { competitionClock } from '../entries.ts';
import type { EventSummary } from '../schemas/event.ts';
import { estimateStarts, formatEstimate, type ScheduledEvent } from './estimate.ts';

/** What the estimate reads of an event: its schedule and what really happened to it. */
export type EventSchedule = Pick<
  EventSummary,
  | 'id'
  | 'eventName'
  | 'time'
  | 'round'
  | 'heat'
  | 'heatCount'
  | 'eventType'
  | 'trackDiscipline'
  | 'fieldDiscipline'
  | 'startedAt'
  | 'resultsAt'
  | 'status'
  | 'runOrder'
>;

/**
 * An event past its start with nothing observed of it (results typed into the form, a heat
 * scratched): it has nothing to estimate, and holds no place in the queue of heats.
 */
const isOverUnobserved = (event: EventSchedule) =>
  event.status !== 'upcoming' && event.startedAt === null && event.resultsAt === null;

export interface EventEstimate {
  /** Venue clock, "HH:MM" (24-hour); null when the timetable gives no time to go on. */
  estimatedStart: string | null;
  lateMinutes: number | null;
}

/** An estimate as pages show it: also whether the event has started, and its words. */
export interface ShownEstimate extends EventEstimate {
  started: boolean;
  /** "≈ 14:32 · running 12 min late"; null once started or without a time. */
  text: string | null;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Minutes an estimate may lie behind now before it says nothing: a heat called a bit late. */
const PAST_GRACE = 5;

/** "HH:MM" of minutes after midnight, to the nearest minute as formatEstimate shows it. */
export function clockText(minutes: number): string {
  const day = 24 * 60;
  const whole = ((Math.round(minutes) % day) + day) % day;
  return `${pad2(Math.floor(whole / 60))}:${pad2(whole % 60)}`;
}

/** The venue's clock now, "HH:MM:SS": what the server stamps an event's observations with. */
export function venueTimeOfDay(now: Date): string {
  const { minutes } = competitionClock(now);
  return `${clockText(minutes)}:${pad2(now.getUTCSeconds())}`;
}

/**
 * Minutes after midnight on the venue's clock, on the competition's own day. Another day has
 * no "now" to hold estimates back (-Infinity): a meet tomorrow is estimated by its timetable,
 * one that is over by what happened.
 */
export function venueNow(competitionDate: string | null, now: Date): number {
  const clock = competitionClock(now);
  return competitionDate === clock.date
    ? clock.minutes + now.getUTCSeconds() / 60
    : Number.NEGATIVE_INFINITY;
}

/** Every event's estimated start (shared/schedule/estimate.ts) as the API and pages show it. */
export function scheduleEstimates(
  events: readonly EventSchedule[],
  competitionDate: string | null,
  now: Date,
): Map<string, ShownEstimate> {
  const scheduled: ScheduledEvent[] = events
    .filter((e) => !isOverUnobserved(e))
    .map((event) => ({
      ...event,
      startedAt: parseEventTime(event.startedAt),
      resultsAt: parseEventTime(event.resultsAt),
    }));
  const venueMinutes = venueNow(competitionDate, now);
  const estimates = estimateStarts(scheduled, venueMinutes);
  const shown = new Map<string, ShownEstimate>();
  for (const event of events) {
    if (isOverUnobserved(event)) {
      shown.set(event.id, { estimatedStart: null, lateMinutes: null, started: true, text: null });
      continue;
    }
    const estimate = estimates.get(event.id);
    // With no "now" (another day) an event without a time has nothing to go on; one still to
    // start whose time is well past has nothing either: no guess says when it runs.
    const due = estimate?.estimatedStart ?? Number.NaN;
    const past = !estimate?.started && due < venueMinutes - PAST_GRACE;
    const known = estimate && Number.isFinite(due) && !past ? estimate : null;
    shown.set(event.id, {
      estimatedStart: known?.estimatedStart == null ? null : clockText(known.estimatedStart),
      lateMinutes: known?.lateMinutes ?? null,
      started: estimate?.started ?? false,
      text: known ? formatEstimate(known) : null,
    });
  }
  return shown;
}
