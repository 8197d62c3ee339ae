import type { FieldDiscipline, Round, TrackDiscipline } from '../domain.ts';
import { formatEventTime, parseEventTime } from '../athletics/eventTime.ts';
import { runningOrder } from '../meet/runningOrder.ts';

/**
 * When will an event that has not started yet start? Meets run on a rolling timetable: the
 * track is one queue of heats, so a late heat pushes every later heat until slack in the
 * timetable (a heat is not called before its own time) absorbs the delay. Field events run
 * beside the track in their own pits and only wait for their own time. Everything here is in
 * meet-clock minutes since midnight of one day; the caller passes one day's events.
 */

export interface ScheduledEvent {
  id: string;
  eventName: string;
  /** The timetable text ("14:30", "2:30 PM"). */
  time: string | null;
  round: Round;
  /** 1-based heat, null when not split. */
  heat: number | null;
  heatCount: number;
  eventType: 'ATHLETICS' | 'JUMP';
  trackDiscipline: TrackDiscipline | null;
  fieldDiscipline: FieldDiscipline | null;
  /** Meet-clock minutes since midnight when it really started; null while it has not. */
  startedAt: number | null;
  /** Meet-clock minutes when its results (unofficial or official) first arrived; null while none. */
  resultsAt: number | null;
  /** Its place in the meet's running order from lynx.sch / lynx.evt (shared/meet/runningOrder.ts). */
  runOrder?: number | null;
}

export interface StartEstimate {
  /** Meet-clock minutes since midnight; null when there is no schedule time to go on. For a started event: when it started. */
  estimatedStart: number | null;
  /** estimatedStart minus the event's own scheduled slot, in whole minutes (positive = late, negative = early); null without a schedule. */
  lateMinutes: number | null;
  started: boolean;
}

/** Minutes from one heat's gun to the next heat's gun, and from the gun to the last finisher. */
export interface Pace {
  heat: number;
  race: number;
}

// Typical gun-to-gun times of a well-run meet (lanes cleared, next heat set and called).
const FLAT: readonly (readonly [upToMetres: number, pace: Pace])[] = [
  [60, { heat: 3, race: 0.2 }],
  [110, { heat: 3.5, race: 0.3 }],
  [200, { heat: 3.5, race: 0.5 }],
  [300, { heat: 4, race: 0.8 }],
  [400, { heat: 4.5, race: 1.2 }],
  [800, { heat: 5.5, race: 2.5 }],
  [1000, { heat: 6, race: 3 }],
  [1609, { heat: 7.5, race: 5.5 }],
  [2000, { heat: 9, race: 7 }],
  [3200, { heat: 12, race: 11 }],
  [5000, { heat: 20, race: 18 }],
  [10000, { heat: 38, race: 36 }],
];
// Relays by total distance: more teams to set than runners in a heat, changeovers on the way.
const RELAY: readonly (readonly [upToMetres: number, pace: Pace])[] = [
  [400, { heat: 4, race: 0.8 }],
  [800, { heat: 4.5, race: 1.7 }],
  [1600, { heat: 5.5, race: 3.5 }],
  [4000, { heat: 12, race: 10 }],
];
const UNKNOWN_PACE: Pace = { heat: 4, race: 1 };
/** Photo-finish reading and publishing: results follow the last finisher by about this much. */
const RESULTS_LAG = 1.5;

const METRES: Readonly<Record<TrackDiscipline, number | null>> = {
  FIFTYFIVE_METER: 55,
  SIXTY_METER: 60,
  ONE_HUNDRED_METER: 100,
  ONE_TEN_METER: 110,
  TWO_HUNDRED_METER: 200,
  THREE_HUNDRED_METER: 300,
  FOUR_HUNDRED_METER: 400,
  EIGHT_HUNDRED_METER: 800,
  FIFTEEN_HUNDRED_METER: 1500,
  SIXTEEN_HUNDRED_METER: 1600,
  THREE_K: 3000,
  THREE_THOUSAND_TWO_HUNDRED_METER: 3200,
  FIVE_K: 5000,
  TEN_K: 10000,
  CUSTOM: null,
};

const RELAY_NAME = /(\d)\s*[x×]\s*(\d{3,4})|relay|medley|staffel|staffetta|sztafeta|relais|relevo/i;
const WALK_NAME = /walk|gehen|marcia|chód|chod|marche|marcha/i;

const byTable = (table: typeof FLAT, metres: number): Pace =>
  table.find(([upTo]) => metres <= upTo)?.[1] ?? table[table.length - 1]?.[1] ?? UNKNOWN_PACE;

/** The first distance the name gives ("100hs", "3000 m Hindernis", "1 Mile"). */
function metresInName(name: string): number | null {
  if (/\bmile\b/i.test(name)) return 1609;
  for (const match of name.matchAll(/(\d{2,5})\s*(?:m\b|meter|metre|hs|[a-z]|\s|$)/gi)) {
    const metres = Number(match[1]);
    if (metres >= 50) return metres;
  }
  return null;
}

/** The default pace of a track event: discipline first, else the distance its name gives. */
export function defaultPace(event: Pick<ScheduledEvent, 'eventName' | 'trackDiscipline'>): Pace {
  const name = event.eventName;
  const relay = RELAY_NAME.exec(name);
  if (relay) {
    const total = relay[1] && relay[2] ? Number(relay[1]) * Number(relay[2]) : null;
    return byTable(RELAY, total ?? (/medley/i.test(name) ? 4000 : 1600));
  }
  const metres = (event.trackDiscipline && METRES[event.trackDiscipline]) ?? metresInName(name);
  if (metres === null) return UNKNOWN_PACE;
  if (WALK_NAME.test(name)) {
    // Walkers take about twice a runner's time: 5 min a kilometre.
    const race = (metres / 1000) * 5;
    return { heat: race + 2, race };
  }
  return byTable(FLAT, metres);
}

/**
 * Heats of one race share round, timetable time and name, less the heat's own number that
 * some timing rooms put at the end ("100m Uomini - Batteria 2", "300m K U14-Bieg 2").
 */
const raceKey = (e: ScheduledEvent): string => {
  const name =
    e.heat === null ? e.eventName : e.eventName.replace(new RegExp(`(?<!\\d)${e.heat}\\s*$`), '');
  return [name.trim(), e.round, e.time ?? '', e.heatCount].join('|');
};

const heatIndex = (e: ScheduledEvent): number => e.heat ?? 1;

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * Heat durations for this meet. Gaps between consecutive observed heats of one race are the
 * best evidence (that race's own median); other races scale their default by the meet-wide
 * median ratio of observed to default, pulled towards 1 while there are few observations.
 * A gap that includes a hold (a false start, a fall) is capped so it cannot dominate.
 */
function heatDurations(track: readonly ScheduledEvent[]): Map<string, number> {
  const ratiosByRace = new Map<string, number[]>();
  const races = new Map<string, ScheduledEvent[]>();
  for (const e of track) races.set(raceKey(e), [...(races.get(raceKey(e)) ?? []), e]);
  for (const [key, heats] of races) {
    const observed = heats
      .filter((e) => e.startedAt !== null)
      .sort((a, b) => heatIndex(a) - heatIndex(b));
    const ratios: number[] = [];
    for (let i = 1; i < observed.length; i += 1) {
      const [prev, next] = [observed[i - 1], observed[i]];
      if (!prev || !next || prev.startedAt === null || next.startedAt === null) continue;
      const steps = heatIndex(next) - heatIndex(prev);
      const gap = (next.startedAt - prev.startedAt) / steps;
      if (steps > 0 && gap > 0) ratios.push(clamp(gap / defaultPace(next).heat, 0.5, 2.5));
    }
    ratiosByRace.set(key, ratios);
  }
  const all = [...ratiosByRace.values()].flat();
  const PRIOR = 2;
  const meetRatio = all.length
    ? clamp((median(all) * all.length + PRIOR) / (all.length + PRIOR), 0.6, 1.8)
    : 1;
  const durations = new Map<string, number>();
  for (const [key, heats] of races) {
    const own = ratiosByRace.get(key) ?? [];
    const ratio = own.length
      ? (median(own) * own.length + meetRatio) / (own.length + 1)
      : meetRatio;
    for (const e of heats) durations.set(e.id, defaultPace(e).heat * ratio);
  }
  return durations;
}

/** Where the heat sits in the timetable: the race's time plus the heats run before it. */
const slotOf = (e: ScheduledEvent, duration: number): number | null => {
  const time = parseEventTime(e.time);
  return time === null ? null : time + (heatIndex(e) - 1) * duration;
};

/**
 * When it started: as observed, or for a track heat known only by its results, the results'
 * arrival less the race and the photo-finish lag. A field event's first results only bound
 * its start from above; it most likely began on its time.
 */
function observedStart(e: ScheduledEvent): number | null {
  if (e.startedAt !== null) return e.startedAt;
  if (e.resultsAt === null) return null;
  if (e.eventType === 'ATHLETICS') return e.resultsAt - defaultPace(e).race - RESULTS_LAG;
  const time = parseEventTime(e.time);
  return time === null ? e.resultsAt : Math.min(time, e.resultsAt);
}

/**
 * Track heats in the order they are run: the meet's running order (times first, then the order
 * lynx.sch or lynx.evt lists the races), heats of one race together.
 */
function trackOrder(events: readonly ScheduledEvent[]): ScheduledEvent[] {
  const ordered = runningOrder(events.map((e) => ({ ...e, runOrder: e.runOrder ?? null })));
  return ordered.filter(
    (e) => e.eventType === 'ATHLETICS' && (parseEventTime(e.time) !== null || e.runOrder !== null),
  );
}

/**
 * Minutes since anything was last seen to happen (a gun, results) for the meet to count as
 * running now: past that, nothing says how late it is (results may simply not be published),
 * so nothing is pushed back to now.
 */
const RUNNING_WITHIN = 30;

/** Now, when the meet is seen running; else no floor: estimates come from what was observed. */
function floorOf(events: readonly ScheduledEvent[], now: number): number {
  const seen = events.flatMap((e) => [observedStart(e), e.resultsAt]);
  const last = Math.max(...seen.filter((t): t is number => t !== null));
  return Number.isFinite(last) && now - last <= RUNNING_WITHIN ? now : -Infinity;
}

const estimate = (start: number | null, slot: number | null, started: boolean): StartEstimate => ({
  estimatedStart: start,
  lateMinutes: start === null || slot === null ? null : Math.round(start - slot),
  started,
});

/** Calling the next race to the line and moving the start: a pause the heats of one race do not have. */
const CHANGEOVER = 2;

/**
 * The pause between races on this track: the start of a race's first heat less when the
 * previous race's last heat should have freed the track, counted only where that race was
 * late (it waited for the track, not for the clock). The median, pulled towards the default
 * while there are few, so one long hold (a medal ceremony) does not set it.
 */
function changeoverOf(
  track: readonly ScheduledEvent[],
  duration: (e: ScheduledEvent) => number,
): number {
  const observed: number[] = [];
  track.forEach((e, i) => {
    const before = track[i - 1];
    if (!before || raceKey(before) === raceKey(e)) return;
    const [start, previous, slot] = [
      observedStart(e),
      observedStart(before),
      slotOf(e, duration(e)),
    ];
    if (start === null || previous === null || slot === null || start - slot < 1) return;
    observed.push(clamp(start - previous - duration(before), 0, 10));
  });
  const PRIOR = 2;
  return observed.length
    ? (median(observed) * observed.length + CHANGEOVER * PRIOR) / (observed.length + PRIOR)
    : CHANGEOVER;
}

/**
 * Each event's estimated start by id. Track heats queue in timetable order: an unstarted heat
 * starts at the latest of its own slot, the track coming free (previous heat's start plus its
 * duration, plus a changeover between races) and now. Field events: their time, or now.
 */
export function estimateStarts(
  events: readonly ScheduledEvent[],
  now: number,
): Map<string, StartEstimate> {
  const result = new Map<string, StartEstimate>();
  const track = trackOrder(events);
  const durations = heatDurations(track);
  const duration = (e: ScheduledEvent) => durations.get(e.id) ?? defaultPace(e).heat;
  const changeover = changeoverOf(track, duration);
  // Nothing is estimated before now while the meet is seen running; otherwise only what was
  // observed moves an estimate.
  const floor = floorOf(events, now);
  const known = (value: number) => (Number.isFinite(value) ? value : null);

  // A heat that has not started while a later one has was skipped, moved or is simply not
  // reported: nothing is known of when it runs, and it holds up nothing.
  const frontier = track.findLastIndex((e) => observedStart(e) !== null);
  // When the track is free for the next heat (of the same race; a new race adds a changeover).
  let free = -Infinity;
  track.forEach((e, i) => {
    const slot = slotOf(e, duration(e));
    const start = observedStart(e);
    if (start !== null) {
      free = Math.max(free, start + duration(e));
      result.set(e.id, estimate(start, slot, true));
    } else if (i < frontier) {
      result.set(e.id, estimate(null, slot, false));
    } else {
      const before = track[i - 1];
      const pause = before && raceKey(before) !== raceKey(e) ? changeover : 0;
      const next = known(Math.max(slot ?? -Infinity, free + pause, floor));
      if (next !== null) free = next + duration(e);
      result.set(e.id, estimate(next, slot, false));
    }
  });

  // Field events and anything without a readable time: their own time, not before now while
  // the meet runs. Track delay does not reach the pits (own officials, own area).
  for (const e of events) {
    if (result.has(e.id)) continue;
    const slot = parseEventTime(e.time);
    const start = observedStart(e);
    if (start !== null) result.set(e.id, estimate(start, slot, true));
    else result.set(e.id, estimate(slot === null ? null : Math.max(slot, floor), slot, false));
  }
  return result;
}

/**
 * How late the meet is running now, in whole minutes: the lateness of the most recently
 * started track heat, or, when the next heat is already overdue (a hold), how overdue it is.
 */
export function meetLateness(events: readonly ScheduledEvent[], now: number): number | null {
  const track = trackOrder(events);
  const durations = heatDurations(track);
  let latest: { start: number; late: number } | null = null;
  for (const e of track) {
    const start = observedStart(e);
    const slot = slotOf(e, durations.get(e.id) ?? defaultPace(e).heat);
    if (start === null || slot === null || (latest && latest.start > start)) continue;
    latest = { start, late: start - slot };
  }
  if (!latest) return null;
  const frontier = track.findLastIndex((e) => observedStart(e) !== null);
  const next = track[frontier + 1];
  const nextSlot = next ? slotOf(next, durations.get(next.id) ?? defaultPace(next).heat) : null;
  // An overdue heat makes the meet later only while it is seen running (floorOf).
  const overdue = nextSlot === null ? -Infinity : floorOf(events, now) - nextSlot;
  return Math.round(Math.max(latest.late, overdue));
}

const ON_TIME = 2;

/** "≈ 14:32 · running 12 min late" for an event still to start; null once it has started. */
export function formatEstimate(e: StartEstimate): string | null {
  if (e.started || e.estimatedStart === null) return null;
  const minutes = ((Math.round(e.estimatedStart) % 1440) + 1440) % 1440;
  const clock = formatEventTime(
    `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`,
  );
  const late = e.lateMinutes;
  if (late === null) return `≈ ${clock}`;
  if (Math.abs(late) < ON_TIME) return `≈ ${clock} · on time`;
  return `≈ ${clock} · running ${Math.abs(late)} min ${late > 0 ? 'late' : 'early'}`;
}
