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

/** Which public competitions a list holds; every one when nothing is set. */
export interface CompetitionFilter {
  clubUic?: number;
  /** What a `?comp=` address names: a url name (any case) or a uic. */
  named?: string;
}

export function listPublicCompetitions(
  db: Db,
  filter: CompetitionFilter = {},
): Promise<Competition[]> {
  let query = publicCompetitions(db).select(publicCompetitionColumns).select(publicEventCount);
  if (filter.clubUic !== undefined) {
    query = query.where('competitions.clubUic', '=', filter.clubUic);
  }
  if (filter.named !== undefined) {
    const name = filter.named.trim().toLowerCase();
    const uic = /^[1-9]\d{0,8}$/.test(name) ? Number(name) : undefined;
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', [eb.fn('trim', ['competitions.urlName'])]), '=', name),
        ...(uic === undefined ? [] : [eb('competitions.uic', '=', uic)]),
      ]),
    );
  }
  return query
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

/**
 * What an export or a results PDF says of its competition (server/exchange/), whether or not
 * the public may see it: the caller decides who may read a hidden one.
 */
export function exchangeCompetition(db: Db, uic: number) {
  return db
    .selectFrom('competitions')
    .innerJoin('clubs', 'clubs.uic', 'competitions.clubUic')
    .select([
      'competitions.uic',
      'competitions.clubUic',
      'competitions.competitionName',
      'competitions.date',
      'competitions.location',
      'competitions.resultsFinalAt',
      'clubs.clubName',
    ])
    .where('competitions.uic', '=', uic)
    .executeTakeFirst();
}
export type ExchangeCompetition = NonNullable<Awaited<ReturnType<typeof exchangeCompetition>>>;
