import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { Round } from '../../shared/domain.ts';
import { publicRows } from '../../shared/meet/shown.ts';
import { runningOrder } from '../../shared/meet/runningOrder.ts';
import { correctedAtColumn, eventHistory, isoTime } from './history.ts';
import { isEventId } from './queries.ts';

/*
 * What the events domain offers meets in and out (server/exchange/): the events an import
 * made or fills, and a competition's events as an export or a results PDF reads them.
 */

/** A race of an import: the key it was made with, and what it says of itself. */
export interface ImportedRace {
  key: string;
  eventName: string;
  round: Round;
  heat: number | null;
}

/**
 * The event a race lands on: the one an import of this file made of it before (its key); else
 * one with the same name and heat in the same round (or a round not known on either side)
 * that neither this file's races nor this import have taken: an event the club made itself (a
 * timetable's), or one another file made (the entries a results file fills).
 */
export async function findImportedEvent(
  trx: Db,
  competitionUic: number,
  race: ImportedRace,
  taken: { fileKeys: readonly string[]; claimed: readonly string[] },
) {
  const columns = ['id', 'exchangeHash', 'roundLocked', 'status'] as const;
  const made = await trx
    .selectFrom('events')
    .select(columns)
    .where('competitionUic', '=', competitionUic)
    .where('exchangeKey', '=', race.key)
    .forUpdate()
    .executeTakeFirst();
  if (made) return made;
  let query = trx
    .selectFrom('events')
    .select(columns)
    .where('competitionUic', '=', competitionUic)
    .where((eb) =>
      eb.or([eb('exchangeKey', 'is', null), eb('exchangeKey', 'not in', ['', ...taken.fileKeys])]),
    )
    // lower() on both sides: the database's and JavaScript's case rules may differ (Ø, Å).
    .where(sql<string>`lower(event_name)`, '=', sql<string>`lower(${race.eventName.trim()})`)
    // A race's first heat also fills an event of the round not split yet (an entries file's),
    // while it has no results of its own.
    .where(
      race.heat === 1
        ? sql<boolean>`(heat = 1 or (heat is null and jsonb_array_length(results) = 0))`
        : sql<boolean>`heat is not distinct from ${race.heat}`,
    );
  if (race.round !== 'unknown') query = query.where('round', 'in', [race.round, 'unknown']);
  if (taken.claimed.length > 0) query = query.where('id', 'not in', [...taken.claimed]);
  return query.orderBy('createdAt').limit(1).forUpdate().executeTakeFirst();
}

/**
 * A competition's events as the public sees them (results only once they are shown, the
 * unofficial lines only while they are: shared/meet/shown.ts), in running order; with
 * `hidden`, the club admin's view, hidden events too.
 */
export async function exchangeEvents(
  db: Db,
  competitionUic: number,
  hidden: boolean,
  only?: string,
) {
  let query = db
    .selectFrom('events')
    .select([
      'id',
      'competitionUic',
      'eventName',
      'eventType',
      'trackDiscipline',
      'fieldDiscipline',
      'round',
      'heat',
      'heatCount',
      'time',
      'runOrder',
      'status',
      'visible',
      'windSpeed',
      'startListFile',
      'results',
      'live',
      'progress',
      'exchangeKey',
      sql<Date>`events.updated_at`.as('updatedAt'),
      'version',
      correctedAtColumn,
    ])
    .where('competitionUic', '=', competitionUic);
  if (!hidden) query = query.where('visible', '=', true);
  if (only !== undefined) query = query.where('id', '=', only);
  const rows = await query.execute();
  return runningOrder(
    rows.map((row) => ({
      ...publicRows(row),
      correctedAt: isoTime(row.correctedAt),
    })),
  );
}
export type ExchangeEventRow = Awaited<ReturnType<typeof exchangeEvents>>[number];

/** The corrections of an event's results made after `since`, oldest first. */
export async function correctionsSince(db: Db, eventId: string, since: Date) {
  const history = await eventHistory(db, eventId);
  return history.versions.filter((v) => v.correction && new Date(v.at) > since).reverse();
}

/** The competition an event is of; undefined when there is no such event. */
export async function competitionOfEvent(db: Db, eventId: string): Promise<number | undefined> {
  if (!isEventId(eventId)) return undefined;
  const row = await db
    .selectFrom('events')
    .select('competitionUic')
    .where('id', '=', eventId)
    .executeTakeFirst();
  return row?.competitionUic;
}
