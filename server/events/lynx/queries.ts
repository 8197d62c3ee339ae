import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { Person } from '../../parsers/types.ts';
import type { ScheduledRace } from '../../meet/listOrder.ts';

/** The columns writing a file to an event needs, read with the row locked. */
const storedColumns = [
  'id',
  'eventName',
  'eventType',
  'trackDiscipline',
  'fieldDiscipline',
  'status',
  'round',
  'heat',
  'heatCount',
  'time',
  'results',
  'resultsFileType',
  'resultsFileName',
  'startListFile',
  'startListType',
  'lynxUnit',
  'lynxRace',
  'lynxFamily',
  'lynxEventNumber',
  'lynxRound',
  'lynxHeat',
  'lynxTime',
  'lynxName',
  'lynxListed',
  'windSpeed',
  'startedAt',
  'pdfFileId',
  'live',
  'progress',
] as const;

export type StoredEvent = Awaited<ReturnType<typeof lockedEvent>>;

export function lockedEvent(trx: Db, id: string) {
  return trx
    .selectFrom('events')
    .select(storedColumns)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** The events with these unit keys (a race in each session that numbered it). */
export function eventsByUnits(trx: Db, competitionUic: number, units: readonly string[]) {
  return trx
    .selectFrom('events')
    .select(storedColumns)
    .where('competitionUic', '=', competitionUic)
    .where('lynxUnit', 'in', units)
    .forUpdate()
    .execute();
}

/** Every event FinishLynx numbered so in this competition and round, whatever its heat. */
export function eventsByNumber(
  trx: Db,
  competitionUic: number,
  eventNumber: string,
  round: string,
) {
  return trx
    .selectFrom('events')
    .select(storedColumns)
    .where('competitionUic', '=', competitionUic)
    .where('lynxEventNumber', '=', eventNumber)
    .where('lynxRound', '=', round)
    .orderBy('createdAt')
    .forUpdate()
    .execute();
}

/**
 * The competition's field events no FinishLynx file made (by the admin, or from a timetable),
 * locked: a judge may have run one on the field card before FieldLynx's file comes.
 */
export function handMadeFieldEvents(trx: Db, competitionUic: number) {
  return trx
    .selectFrom('events')
    .select(storedColumns)
    .where('competitionUic', '=', competitionUic)
    .where('eventType', '=', 'JUMP')
    .where('lynxEventNumber', 'is', null)
    .orderBy('createdAt')
    .forUpdate()
    .execute();
}

/** The competition's FinishLynx events, as classifying their rounds and heats needs them. */
export async function lynxEventStates(trx: Db, competitionUic: number) {
  const rows = await trx
    .selectFrom('events')
    .select([
      'id',
      'eventName',
      'lynxName',
      'eventType',
      'lynxEventNumber',
      'lynxHeat',
      'lynxListed',
      'runOrder',
      'lynxUnit',
      'lynxRace',
      'lynxFamily',
      'lynxRound',
      'round',
      'roundLocked',
      'heat',
      'heatCount',
      'status',
      sql<boolean>`case when event_type = 'JUMP' then field_discipline is not null
        else track_discipline is not null end`.as('classifiable'),
      sql<boolean>`jsonb_array_length(results) > 0`.as('hasResults'),
      sql<boolean>`progress is not null`.as('inPart'),
    ])
    .where('competitionUic', '=', competitionUic)
    .where('lynxUnit', 'is not', null)
    .forUpdate()
    .execute();
  return rows.map((row) => ({
    ...row,
    // Named before names were kept as written: the name is as written.
    lynxName: row.lynxName ?? row.eventName,
    lynxEventNumber: row.lynxEventNumber ?? '',
    lynxUnit: row.lynxUnit ?? '',
    lynxRace: row.lynxRace ?? row.lynxUnit ?? '',
    lynxFamily: row.lynxFamily ?? row.lynxUnit ?? '',
    lynxRound: row.lynxRound ?? '1',
  }));
}

export function scheduledRaces(trx: Db, competitionUic: number): Promise<ScheduledRace[]> {
  return trx
    .selectFrom('lynxSchedule')
    .select(['eventNumber', 'round', 'heat'])
    .where('competitionUic', '=', competitionUic)
    .orderBy('position')
    .execute();
}

/** lynx.sch is the whole schedule each time it is saved: it replaces the one before. */
export async function replaceSchedule(
  trx: Db,
  competitionUic: number,
  races: readonly ScheduledRace[],
): Promise<void> {
  await trx.deleteFrom('lynxSchedule').where('competitionUic', '=', competitionUic).execute();
  const seen = new Set<string>();
  const rows = races.flatMap((race, position) => {
    const key = `${race.eventNumber}|${race.round}|${race.heat}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ competitionUic, ...race, position }];
  });
  if (rows.length > 0) await trx.insertInto('lynxSchedule').values(rows).execute();
}

/** The athletes of the competition's last lynx.ppl. */
export function storedPeople(trx: Db, competitionUic: number): Promise<Person[]> {
  return trx
    .selectFrom('lynxPeople')
    .select(['bib', 'lastName', 'firstName', 'club'])
    .where('competitionUic', '=', competitionUic)
    .execute();
}

/** lynx.ppl is the whole list each time it is saved: it replaces the one before. */
export async function replacePeople(
  trx: Db,
  competitionUic: number,
  people: readonly Person[],
): Promise<void> {
  await trx.deleteFrom('lynxPeople').where('competitionUic', '=', competitionUic).execute();
  const byBib = new Map(people.map((person) => [person.bib, person]));
  const rows = [...byBib.values()].map((person) => ({ competitionUic, ...person }));
  for (let i = 0; i < rows.length; i += 500) {
    await trx
      .insertInto('lynxPeople')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

/**
 * The turn of a lynx.evt being applied to the competition (under its lock): its second, and
 * always after the turn of the one before, even saved within the same second. Two files must
 * never share a turn: a file's first flight of an event starts its start list afresh only in
 * a turn of its own (races.ts), so a flight taken away in the later file would stay.
 */
export async function nextListingTurn(trx: Db, competitionUic: number): Promise<number> {
  const { last } = await trx
    .selectFrom('events')
    .select((eb) => eb.fn.max('lynxListed').as('last'))
    .where('competitionUic', '=', competitionUic)
    .executeTakeFirstOrThrow();
  const now = Math.floor(Date.now() / 1000);
  return last === null ? now : Math.max(now, Math.floor(last) + 1);
}
