import { sql, type Updateable } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { EventsTable } from '../db/types.ts';
import type { AthleteRow } from '../../shared/schemas/athlete.ts';
import type { LiveResults, ResultsProgress } from '../../shared/schemas/event.ts';
import { Invalid } from '../errors.ts';
import { EVENT_CAP_MESSAGE, MAX_COMPETITION_EVENTS, rowCapRefusal } from '../../shared/rowCap.ts';
import { countEvents } from './queries.ts';
import { venueTimeOfDay } from '../../shared/schedule/venue.ts';
import { competitionClock } from '../../shared/entries.ts';

// What an event is written with, and the limits every write of one keeps: EventChanges
// (changes.ts), the one writer of events, writes nothing that has not passed through here.

/** Event fields a change may set; start lists and results are athlete rows. */
export type EventFields = Omit<
  Updateable<EventsTable>,
  | 'id'
  | 'competitionUic'
  | 'version'
  | 'createdAt'
  | 'updatedAt'
  | 'results'
  | 'startListFile'
  | 'live'
  | 'progress'
> & {
  results?: AthleteRow[];
  startListFile?: AthleteRow[];
  live?: LiveResults | null;
  progress?: ResultsProgress | null;
};

export type NewEventFields = EventFields &
  Required<Pick<EventFields, 'eventName' | 'eventType'>> & {
    /** The admin form generates ids for new events; otherwise the database does. */
    id?: string;
  };

/**
 * Rows past the cap (shared/rowCap.ts): the write is refused and nothing of the change is
 * saved. An upload's file that meets it is refused whole (server/uploads/apply.ts).
 */
export class RowCapExceeded extends Invalid {}

/**
 * The row cap on everything an event is written with: every write goes through `columns`,
 * so no path (a form, a file, the scoreboard feed, rows merged from several flights) gets
 * past it. `event` names the event in the refusal.
 */
export function checkRowCap(fields: EventFields, event = 'the event'): void {
  for (const rows of [fields.results, fields.startListFile, fields.live?.rows]) {
    const refusal = rows ? rowCapRefusal(rows.length, event) : null;
    if (refusal !== null) throw new RowCapExceeded(refusal);
  }
}

/**
 * Refuses one event more in a competition that holds the most it may. Two writers at once
 * may each pass with the last place: the cap is about floods, a few over it harm nothing.
 */
export async function checkEventCap(trx: Db, competitionUic: number): Promise<void> {
  if ((await countEvents(trx, competitionUic)) >= MAX_COMPETITION_EVENTS) {
    throw new RowCapExceeded(EVENT_CAP_MESSAGE);
  }
}

/**
 * The venue's time now, unless results already arrived; only on the competition's own day:
 * results typed in the day after say nothing of when the meet ran. (A new event's first
 * results, from the admin's form, are not timed at all.)
 */
function firstResultsAt(now: Date) {
  const { date } = competitionClock(now);
  return sql<
    string | null
  >`case when (select c.date from competitions c where c.uic = events.competition_uic) = ${date} then coalesce(events.results_at, ${venueTimeOfDay(now)}) else events.results_at end`;
}

export function columns(fields: EventFields, write: 'insert' | 'update' = 'update') {
  checkRowCap(fields);
  const { results, startListFile, live: liveRows, progress: given, ...rest } = fields;
  // Results written by any path (a file, the form, their deletion) replace the scoreboard's
  // unofficial lines: those only ever run ahead of results.
  const live = liveRows !== undefined ? liveRows : results !== undefined ? null : undefined;
  // Only a timing file's results in part say what is still to come; any other write of
  // results or lines says nothing of it.
  const progress = given !== undefined ? given : live !== undefined ? null : undefined;
  // When the first results arrived, whichever path brought them: the estimated starts learn
  // from it how the meet is running (shared/schedule/estimate.ts).
  const arrived = (results?.length ?? 0) > 0 || (liveRows?.rows.length ?? 0) > 0;
  return {
    ...(arrived && write === 'update' && rest.resultsAt === undefined
      ? { resultsAt: firstResultsAt(new Date()) }
      : {}),
    ...rest,
    ...(live !== undefined ? { live: live === null ? null : JSON.stringify(live) } : {}),
    ...(progress !== undefined
      ? { progress: progress === null ? null : JSON.stringify(progress) }
      : {}),
    ...(results !== undefined ? { results: JSON.stringify(results) } : {}),
    ...(startListFile !== undefined ? { startListFile: JSON.stringify(startListFile) } : {}),
    // A start list from anywhere but the next round's draw (a file, the agent, the admin)
    // replaces Rith's draw: it is the timing room's from then on. An empty one (lynx.evt
    // listing the final before its line-up) leaves the draw to be made again.
    ...(startListFile !== undefined && rest.startListDrawn === undefined
      ? { startListDrawn: false }
      : {}),
  };
}
