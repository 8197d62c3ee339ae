import type { Db } from '../db/connect.ts';
import type { AdminEvent } from '../../shared/schemas/admin.ts';
import { hasResults, hasStartList, summaryColumns } from './queries.ts';

function adminEvents(db: Db, clubUics: number[]) {
  return db
    .selectFrom('events')
    .innerJoin('competitions', 'competitions.uic', 'events.competitionUic')
    .select(summaryColumns)
    .select(['events.results', 'events.startListFile', hasResults, hasStartList])
    .where('competitions.clubUic', 'in', clubUics);
}

/** Every event of a competition of the given clubs, hidden ones included. */
export function listAdminEvents(
  db: Db,
  clubUics: number[],
  competitionUic: number,
): Promise<AdminEvent[]> {
  return adminEvents(db, clubUics)
    .where('events.competitionUic', '=', competitionUic)
    .orderBy('events.eventName')
    .orderBy('events.lynxRound')
    .orderBy('events.heat')
    .execute();
}

export function findAdminEvent(
  db: Db,
  clubUics: number[],
  id: string,
): Promise<AdminEvent | undefined> {
  return adminEvents(db, clubUics).where('events.id', '=', id).executeTakeFirst();
}
