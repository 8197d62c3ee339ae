import type { Db } from '../db/connect.ts';
import {
  scheduleEstimates,
  type EventEstimate,
  type EventSchedule,
} from '../../shared/schedule/venue.ts';

const scheduleColumns = [
  'events.id',
  'events.competitionUic',
  'events.eventName',
  'events.time',
  'events.round',
  'events.heat',
  'events.heatCount',
  'events.eventType',
  'events.trackDiscipline',
  'events.fieldDiscipline',
  'events.startedAt',
  'events.resultsAt',
  'events.status',
  'events.runOrder',
] as const;

type Scheduled = EventSchedule & { competitionUic: number };

/**
 * The events with their estimated starts. An event's estimate depends on every other event
 * of its competition (a late heat delays the next), so each competition's whole schedule is
 * read, with its date, in one query: its visible events, which are what the track runs.
 */
export async function withEstimates<T extends Scheduled>(
  db: Db,
  events: readonly T[],
  now = new Date(),
): Promise<(T & EventEstimate)[]> {
  const uics = [...new Set(events.map((e) => e.competitionUic))];
  if (uics.length === 0) return [];
  // A competition without visible events is a row of its own, its event columns null.
  const rows = await db
    .selectFrom('competitions')
    .leftJoin('events', (join) =>
      join.onRef('events.competitionUic', '=', 'competitions.uic').on('events.visible', '=', true),
    )
    .select(['competitions.uic', 'competitions.date'])
    .select(scheduleColumns)
    .where('competitions.uic', 'in', uics)
    .execute();
  const dates = new Map<number, string | null>();
  const schedule: Scheduled[] = [];
  for (const { uic, date, ...event } of rows) {
    dates.set(uic, date);
    // The left join types every event column nullable: a row with an event has the table's.
    if (event.id !== null) schedule.push(event as Scheduled);
  }
  const estimates = new Map<string, EventEstimate>();
  for (const [uic, date] of dates) {
    const own = new Map<string, Scheduled>();
    for (const e of schedule) if (e.competitionUic === uic) own.set(e.id, e);
    for (const e of events) if (e.competitionUic === uic && !own.has(e.id)) own.set(e.id, e);
    for (const [id, estimate] of scheduleEstimates([...own.values()], date, now)) {
      estimates.set(id, estimate);
    }
  }
  return events.map((e) => {
    const estimate = estimates.get(e.id);
    return {
      ...e,
      estimatedStart: estimate?.estimatedStart ?? null,
      lateMinutes: estimate?.lateMinutes ?? null,
    };
  });
}
