import { sql, type Updateable } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { EventsTable } from '../db/types.ts';
import type { ChangeDeps } from '../runtime.ts';
import type { AthleteRow } from '../../shared/schemas/athlete.ts';
import type { LiveResults, ResultsProgress } from '../../shared/schemas/event.ts';
import { Invalid, NotFound } from '../errors.ts';
import { EVENT_CAP_MESSAGE, MAX_COMPETITION_EVENTS, rowCapRefusal } from '../../shared/rowCap.ts';
import { commitThenPublish, resolveChange, type Change } from '../live/commit.ts';
import { countEvents, isEventId } from './queries.ts';
import { eventMessage, type SavedEvent } from './message.ts';
import { EventChanges } from './changes.ts';
import { venueTimeOfDay } from '../../shared/schedule/venue.ts';
import { competitionClock } from '../../shared/entries.ts';

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

export type { SavedEvent } from './message.ts';

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
async function checkEventCap(trx: Db, competitionUic: number): Promise<void> {
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
  };
}

export async function createEvent(
  deps: ChangeDeps,
  competitionUic: number,
  change: Change<NewEventFields>,
): Promise<SavedEvent> {
  return commitThenPublish(deps, async (trx) => {
    const fields = await resolveChange(change, trx);
    const { eventName, eventType, ...rest } = fields;
    await checkEventCap(trx, competitionUic);
    const saved = await trx
      .insertInto('events')
      .values({ ...columns(rest, 'insert'), competitionUic, eventName, eventType })
      .returning(['id', 'competitionUic', 'version'])
      .executeTakeFirstOrThrow();
    return { result: saved, message: await eventMessage(trx, saved, false) };
  });
}

/**
 * Writes fields of an event inside a transaction the caller commits and announces (through
 * EventChanges): the version goes up by one with every write.
 */
export async function writeEvent(trx: Db, id: string, fields: EventFields): Promise<void> {
  await trx
    .updateTable('events')
    .set({ ...columns(fields), version: sql<number>`version + 1`, updatedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Creates an event inside a transaction the caller commits and announces. */
export async function insertEvent(
  trx: Db,
  competitionUic: number,
  fields: Omit<NewEventFields, 'id'>,
): Promise<string> {
  const { eventName, eventType, ...rest } = fields;
  await checkEventCap(trx, competitionUic);
  const saved = await trx
    .insertInto('events')
    .values({ ...columns(rest, 'insert'), competitionUic, eventName, eventType })
    .returning('id')
    .executeTakeFirstOrThrow();
  return saved.id;
}

/**
 * Saves the given fields; the event's version goes up by one in the same transaction. What
 * spectators are told goes through EventChanges, so a timed final's other sections, whose
 * overall ranking this event is part of, are told too.
 */
export async function updateEvent(
  deps: ChangeDeps,
  id: string,
  change: Change<EventFields>,
): Promise<SavedEvent> {
  if (!isEventId(id)) throw new NotFound('Event not found');
  return commitThenPublish(deps, async (trx) => {
    const changes = new EventChanges(trx);
    await changes.before(id);
    const fields = await resolveChange(change, trx);
    const saved = await trx
      .updateTable('events')
      .set({ ...columns(fields), version: sql<number>`version + 1`, updatedAt: sql`now()` })
      .where('id', '=', id)
      .returning(['id', 'competitionUic', 'version'])
      .executeTakeFirst();
    if (!saved) throw new NotFound('Event not found');
    return { result: saved, message: await changes.messages() };
  });
}

export async function deleteEvent(deps: ChangeDeps, id: string): Promise<void> {
  if (!isEventId(id)) throw new NotFound('Event not found');
  await commitThenPublish(deps, async (trx) => {
    const exists = await trx
      .selectFrom('events')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!exists) throw new NotFound('Event not found');
    const changes = new EventChanges(trx);
    await changes.remove(id);
    return { result: undefined, message: await changes.messages() };
  });
}
