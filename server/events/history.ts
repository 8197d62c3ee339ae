import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/types.ts';
import type { EventHistory, EventVersion } from '../../shared/schemas/eventHistory.ts';
import {
  correctsResults,
  correctsShown,
  NOTHING_SHOWN,
  resultChanges,
  shownResults,
  venueClock,
  type ShownResults,
} from '../../shared/results/corrections.ts';

/*
 * Corrections in the open: each version of what spectators were shown of an event's results
 * (`event_versions`), what changed from one to the next, and when they were last corrected.
 * The rule of what changed and what is a correction is shared/results/corrections.ts.
 */

/**
 * Keeps the event as it stands when what it shows differs from its last kept version: a
 * place, a time or mark, a code, an athlete added or removed, where its rows come from, or
 * its status. A change that shows nothing new (a name, a time in the timetable, a photo) is
 * not kept. Called by eventMessages, inside the transaction of every announced change to an
 * event, whatever wrote it (a file, the form, the scoreboard), with the row the change left
 * (not read again). Hidden events are kept too: the versions are what the event showed, and
 * show again when it is public. Returns when it kept a correction, for the payload's
 * `correctedAt` (null when it kept none).
 */
export async function recordVersion(
  trx: Db,
  event: Pick<
    Selectable<Database['events']>,
    'id' | 'status' | 'results' | 'live' | 'eventType' | 'version'
  >,
): Promise<Date | null> {
  const eventId = event.id;
  const last = await trx
    .selectFrom('eventVersions')
    .select(['status', 'source', 'rows'])
    .where('eventId', '=', eventId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  const before: ShownResults = last ?? NOTHING_SHOWN;
  const shown = shownResults(event);
  const changes = resultChanges(before, shown, event.eventType);
  if (changes.length === 0) return null;
  // The scoreboard's lines change with every finisher: the first lines are kept (the event
  // turned unofficial), the rest are no part of what results were published.
  if (before.source === 'live' && shown.source === 'live' && before.status === shown.status) {
    return null;
  }
  // The field card's standings are kept as they change: each trial shown is the judge's
  // word, and one changed or taken back is a correction.
  if (before.source === 'card' && shown.source === 'card') {
    return keep(trx, event, shown, correctsShown(before.rows, shown.rows, event.eventType));
  }
  // Results are measured against the last results shown, or the field card's standings they
  // take over from (FieldLynx's file after the judge's card).
  const lastResults =
    last?.source === 'results' || last?.source === 'card'
      ? last
      : ((await trx
          .selectFrom('eventVersions')
          .select(['status', 'source', 'rows'])
          .where('eventId', '=', eventId)
          .where('source', 'in', ['results', 'card'])
          .orderBy('version', 'desc')
          .limit(1)
          .executeTakeFirst()) ?? null);
  return keep(trx, event, shown, correctsResults(lastResults, shown, event.eventType));
}

/** Keeps a version; when it is a correction, when it was kept. */
async function keep(
  trx: Db,
  event: { id: string; version: number },
  shown: ShownResults,
  correction: boolean,
): Promise<Date | null> {
  const kept = await trx
    .insertInto('eventVersions')
    .values({
      eventId: event.id,
      version: event.version,
      status: shown.status,
      source: shown.source,
      rows: JSON.stringify(shown.rows),
      correction,
    })
    .returning('recordedAt')
    .executeTakeFirstOrThrow();
  return correction ? kept.recordedAt : null;
}

/**
 * When the event's results were last corrected, as its payload says: the later of the time
 * its row was read with (correctedAtColumn) and the correction kept since (recordVersion).
 */
export function lastCorrected(read: Date | string | null, kept: Date | null): string | null {
  const times = [read, kept].filter((at) => at !== null).map((at) => new Date(at).getTime());
  return times.length === 0 ? null : new Date(Math.max(...times)).toISOString();
}

/** When the event's results were last corrected: a column of a query on `events`. */
export const correctedAtColumn = sql<Date | string | null>`(
  select max(v.recorded_at) from event_versions v where v.event_id = events.id and v.correction
)`.as('correctedAt');

/** A timestamp as the API gives it: ISO 8601 text. */
export const isoTime = (at: Date | string | null): string | null =>
  at === null ? null : new Date(at).toISOString();

/**
 * Every kept version of the event, newest first, each with what changed from the one before
 * (the first from nothing shown). The caller checks that the public may see the event.
 */
export async function eventHistory(db: Db, eventId: string): Promise<EventHistory> {
  const rows = await db
    .selectFrom('eventVersions')
    .innerJoin('events', 'events.id', 'eventVersions.eventId')
    .select([
      'eventVersions.version',
      'eventVersions.recordedAt',
      'eventVersions.status',
      'eventVersions.source',
      'eventVersions.rows',
      'eventVersions.correction',
      'events.eventType',
    ])
    .where('eventVersions.eventId', '=', eventId)
    .orderBy('eventVersions.version')
    .execute();
  let before = NOTHING_SHOWN;
  // What a correction of results corrected: the last results shown, or the field card's
  // standings they took over from, as recordVersion measured it.
  let lastShown: ShownResults | null = null;
  const versions: EventVersion[] = rows.map((row) => {
    const shown: ShownResults = { status: row.status, source: row.source, rows: row.rows };
    // Status and source against the version before; the athletes' changes of a correction
    // against what it corrected.
    const base = row.correction && shown.source === 'results' && lastShown ? lastShown : before;
    const changes =
      base === before
        ? resultChanges(before, shown, row.eventType)
        : [
            ...resultChanges(before, shown, row.eventType).filter((c) => c.type !== 'athlete'),
            ...resultChanges(base, shown, row.eventType).filter((c) => c.type === 'athlete'),
          ];
    before = shown;
    if (shown.source === 'results' || shown.source === 'card') lastShown = shown;
    const at = isoTime(row.recordedAt) ?? '';
    return {
      version: row.version,
      at,
      atVenue: venueClock(at),
      status: row.status,
      source: row.source,
      correction: row.correction,
      changes,
    };
  });
  const corrected = versions.findLast((v) => v.correction);
  return { eventId, correctedAt: corrected?.at ?? null, versions: versions.reverse() };
}
