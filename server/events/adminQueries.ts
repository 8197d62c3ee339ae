import type { SqlBool } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { AdminEvent } from '../../shared/schemas/admin.ts';
import type { AthleteRow } from '../../shared/schemas/athlete.ts';
import type { LiveResults, ResultsProgress } from '../../shared/schemas/event.ts';
import { inRunningOrder, rowCounts, summarize, summaryColumns } from './queries.ts';
import { withEstimates } from './schedule.ts';
import { progressionsOf } from './rounds/progression.ts';

/** The events with their rounds' progression, worked out once per round. */
async function withProgression<
  T extends { id: string; competitionUic: number; hasRoundRules: SqlBool },
>(db: Db, events: T[]) {
  // Read with the events: a meet without round rules reads nothing more.
  const outcomes = events.some((e) => Boolean(e.hasRoundRules))
    ? await progressionsOf(db, events)
    : new Map<string, never>();
  return events.map(({ hasRoundRules: _rules, ...event }) => ({
    ...event,
    progression: outcomes.get(event.id)?.progression ?? null,
  }));
}

/**
 * The event as the admin's form holds it: a timing file's results held in part (waiting in
 * `live` until complete) are its results there, so the admin sees them and a save keeps them
 * (server/events/admin.ts heldResults).
 */
function asAdmin<
  T extends Parameters<typeof summarize>[0] & {
    results: AthleteRow[];
    live: LiveResults | null;
    progress: ResultsProgress | null;
  },
>(row: T) {
  const { live, ...event } = summarize(row);
  return event.progress === null ? event : { ...event, results: live?.rows ?? [] };
}

function adminEvents(db: Db, clubUics: number[]) {
  return db
    .selectFrom('events')
    .innerJoin('competitions', 'competitions.uic', 'events.competitionUic')
    .select(summaryColumns)
    .select(['events.results', 'events.startListFile', 'events.live'])
    .select(rowCounts)
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('roundRules')
            .select('roundRules.competitionUic')
            .whereRef('roundRules.competitionUic', '=', 'events.competitionUic'),
        )
        .as('hasRoundRules'),
    )
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
  return withProgression(db, inRunningOrder(await withEstimates(db, events.map(asAdmin))));
}

export async function findAdminEvent(
  db: Db,
  clubUics: number[],
  id: string,
): Promise<AdminEvent | undefined> {
  const event = await adminEvents(db, clubUics).where('events.id', '=', id).executeTakeFirst();
  if (!event) return undefined;
  return (await withProgression(db, await withEstimates(db, [asAdmin(event)])))[0];
}
