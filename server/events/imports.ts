import type { Person, ScheduleEntry } from '../parsers/types.ts';
import type { Db } from '../db/connect.ts';
import type { EventChanges } from './changes.ts';
import { nameStartLists } from './lynx/people.ts';
import { replacePeople, replaceSchedule, storedPeople } from './lynx/queries.ts';

/**
 * What the events domain offers the uploads and imports (server/exchange/): every write an
 * upload or an import makes to events goes through here, inside its transaction, and is
 * announced by its EventChanges.
 */
export { EventChanges } from './changes.ts';
export { checkAgainstStartLists, saveLynxRace, type RaceOutcome } from './lynx/races.ts';
export { nextListingTurn, type StoredEvent } from './lynx/queries.ts';
export { withPeople } from './lynx/people.ts';
export { classifyCompetition } from './lynx/reclassify.ts';
export { dropUnlistedHeats } from './lynx/unlisted.ts';
export { saveEventFile } from './files.ts';
export { RowCapExceeded } from './columns.ts';
export { saveTimetableEvents } from './timetable.ts';
export { eventTypeOf, uploadedEventFacts } from './queries.ts';
export type { EventFields } from './columns.ts';
export { findImportedEvent } from './exchange.ts';

/** lynx.sch: the races in running order, which tell rounds and heats before any file. */
export function saveSchedule(
  trx: Db,
  competitionUic: number,
  races: readonly ScheduleEntry[],
): Promise<void> {
  return replaceSchedule(trx, competitionUic, races);
}

/**
 * lynx.ppl: kept for a lynx.evt sent later, and the start lists already saved with bibs only
 * get their athletes' names now.
 */
export async function savePeople(
  changes: EventChanges,
  competitionUic: number,
  people: readonly Person[],
): Promise<{ eventId: string; rows: number }[]> {
  await replacePeople(changes.trx, competitionUic, people);
  return nameStartLists(changes, competitionUic, people);
}

/** The athletes a start list is named from: this upload's lynx.ppl, else the last one saved. */
export async function peopleFor(
  trx: Db,
  competitionUic: number,
  sent: readonly Person[],
): Promise<readonly Person[]> {
  return sent.length > 0 ? sent : storedPeople(trx, competitionUic);
}
