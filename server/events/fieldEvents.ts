import type { Db } from '../db/connect.ts';

/*
 * What the field card (server/field/) reads of events: the field events of a competition,
 * and one of them with its start list, locked for the change that writes its card.
 */

const FIELD_EVENT_COLUMNS = [
  'id',
  'competitionUic',
  'eventName',
  'time',
  'eventType',
  'fieldDiscipline',
  'status',
  'startListFile',
  'resultsFileType',
  'version',
] as const;

/** The competition's field events, in timetable order. */
export function fieldEventsOf(db: Db, competitionUic: number) {
  return db
    .selectFrom('events')
    .select(FIELD_EVENT_COLUMNS)
    .where('competitionUic', '=', competitionUic)
    .where('eventType', '=', 'JUMP')
    .orderBy('time')
    .orderBy('eventName')
    .execute();
}

/**
 * One event as the card reads it; `lock` holds its row to the end of the transaction, so
 * trials entered from two phones at once are checked one after the other.
 */
export function fieldEventOf(db: Db, id: string, lock: boolean) {
  const query = db.selectFrom('events').select(FIELD_EVENT_COLUMNS).where('id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export type FieldEventRow = NonNullable<Awaited<ReturnType<typeof fieldEventOf>>>;
