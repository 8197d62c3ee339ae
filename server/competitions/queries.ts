import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/types.ts';
import type { Competition } from '../../shared/schemas/competition.ts';

type WithClub = Database & { clubs: Database['clubs'] };

/** Competitions the public may see: visible, of a visible club. */
export function publicCompetitions(
  db: Db,
): SelectQueryBuilder<WithClub, 'competitions' | 'clubs', object> {
  return db
    .selectFrom('competitions')
    .innerJoin('clubs', 'clubs.uic', 'competitions.clubUic')
    .where('competitions.visible', '=', true)
    .where('clubs.visible', '=', true);
}

// Lets the home page prefer a competition that has events without fetching them all.
const publicEventCount = sql<number>`(
  select count(*)::int from events e where e.competition_uic = competitions.uic and e.visible
)`.as('eventCount');

export const publicCompetitionColumns = [
  'competitions.uic',
  'competitions.clubUic',
  'competitions.competitionName',
  'competitions.urlName',
  'competitions.visible',
  'competitions.imageLink',
  'competitions.liveNow',
  'competitions.location',
  'competitions.date',
  'competitions.startTime',
  'competitions.closeTime',
  'competitions.description',
  'competitions.mapLink',
  'competitions.facebook',
  'competitions.timedBy',
  'competitions.timedByLink',
  'competitions.timeTableType',
  'competitions.timeTableFileName',
  'competitions.version',
] as const;

export function listPublicCompetitions(db: Db): Promise<Competition[]> {
  return publicCompetitions(db)
    .select(publicCompetitionColumns)
    .select(publicEventCount)
    .orderBy('competitions.date', (ob) => ob.desc().nullsLast())
    .orderBy('competitions.uic')
    .execute();
}

export function findPublicCompetition(db: Db, uic: number): Promise<Competition | undefined> {
  return publicCompetitions(db)
    .select(publicCompetitionColumns)
    .select(publicEventCount)
    .where('competitions.uic', '=', uic)
    .executeTakeFirst();
}

/** The version of a public competition, or undefined when the public may not see it. */
export async function publicCompetitionVersion(db: Db, uic: number): Promise<number | undefined> {
  const row = await publicCompetitions(db)
    .select('competitions.version')
    .where('competitions.uic', '=', uic)
    .executeTakeFirst();
  return row?.version;
}
