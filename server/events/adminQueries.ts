import type { Db } from '../db/connect.ts';
import type { AdminEvent } from '../../shared/schemas/admin.ts';
import { inRunningOrder, rowCounts, summarize, summaryColumns } from './queries.ts';
import { withEstimates } from './schedule.ts';

function adminEvents(db: Db, clubUics: number[]) {
  return db
    .selectFrom('events')
    .innerJoin('competitions', 'competitions.uic', 'events.competitionUic')
    .select(summaryColumns)
    .select(['events.results', 'events.startListFile'])
    .select(rowCounts)
    .where('competitions.clubUic', 'in', clubUics);
}

/** Every event of a competition of the given clubs, hidden ones included. */
export async function listAdminEvents(
  db: Db,
  clubUics: number[],
  competitionUic: number,
): Promise<AdminEvent[]> {
  const events = await adminEvents(db, clubUics)
    .where('events.competitionUic', '=', competitionUic)
    .execute();
  return inRunningOrder(await withEstimates(db, events.map(summarize)));
}

export async function findAdminEvent(
  db: Db,
  clubUics: number[],
  id: string,
): Promise<AdminEvent | undefined> {
  const event = await adminEvents(db, clubUics).where('events.id', '=', id).executeTakeFirst();
  return event && (await withEstimates(db, [summarize(event)]))[0];
}
