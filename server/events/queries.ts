import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { EventSummary, PublicEvent } from '../../shared/schemas/event.ts';
import { findPublicCompetition, publicCompetitions } from '../competitions/queries.ts';
import { findVisibleClub } from '../clubs/queries.ts';

export const summaryColumns = [
  'events.id',
  'events.competitionUic',
  'events.eventName',
  'events.time',
  'events.round',
  'events.status',
  'events.visible',
  'events.autoCreatedFromTimetable',
  'events.eventType',
  'events.trackDiscipline',
  'events.fieldDiscipline',
  'events.windSpeed',
  'events.resultsFileName',
  'events.resultsFileType',
  'events.startListFileName',
  'events.startListType',
  'events.pdfLink',
  'events.version',
] as const;

export const hasResults = sql<boolean>`jsonb_array_length(events.results) > 0`.as('hasResults');
export const hasStartList = sql<boolean>`jsonb_array_length(events.start_list_file) > 0`.as(
  'hasStartList',
);

/** Public events: visible, in a public competition. Results stay out of listings. */
export function listPublicEvents(db: Db, competitionUic?: number): Promise<EventSummary[]> {
  let query = publicCompetitions(db)
    .innerJoin('events', 'events.competitionUic', 'competitions.uic')
    .where('events.visible', '=', true)
    .select(summaryColumns)
    .select([hasResults, hasStartList]);
  if (competitionUic !== undefined) query = query.where('competitions.uic', '=', competitionUic);
  return query.orderBy('events.competitionUic').orderBy('events.eventName').execute();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Event ids are UUIDs; anything else names no event (and must not reach a uuid column). */
export const isEventId = (id: string): boolean => UUID.test(id);

/** The public event with its competition and club, or undefined when the public may not see it. */
export async function findPublicEvent(db: Db, id: string): Promise<PublicEvent | undefined> {
  if (!UUID.test(id)) return undefined;
  const event = await db
    .selectFrom('events')
    .select(summaryColumns)
    .select(['events.results', 'events.startListFile', hasResults, hasStartList])
    .where('events.id', '=', id)
    .where('events.visible', '=', true)
    .executeTakeFirst();
  if (!event) return undefined;
  const competition = await findPublicCompetition(db, event.competitionUic);
  if (!competition) return undefined;
  const club = await findVisibleClub(db, competition.clubUic);
  if (!club) return undefined;
  return { ...event, competition, club };
}

/** Whether the public may see the event: it, its competition and its club are visible. */
export async function isPublicEvent(db: Db, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  return (await publicEventVersions(db, { eventId: id })).length > 0;
}

/** The competition an event belongs to, whether or not it is public. */
export async function findEventCompetitionUic(db: Db, id: string): Promise<number | undefined> {
  if (!UUID.test(id)) return undefined;
  const row = await db
    .selectFrom('events')
    .select('competitionUic')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.competitionUic;
}

/**
 * Id and version of the public events of a competition, or of one event: what a live
 * subscription's snapshot holds.
 */
export function publicEventVersions(
  db: Db,
  of: { competitionUic: number } | { eventId: string },
): Promise<{ id: string; version: number }[]> {
  let query = publicCompetitions(db)
    .innerJoin('events', 'events.competitionUic', 'competitions.uic')
    .select(['events.id', 'events.version'])
    .where('events.visible', '=', true);
  query =
    'eventId' in of
      ? query.where('events.id', '=', of.eventId)
      : query.where('competitions.uic', '=', of.competitionUic);
  return query.execute();
}
