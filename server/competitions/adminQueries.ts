import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { AdminCompetition } from '../../shared/schemas/admin.ts';
import { publicCompetitionColumns } from './queries.ts';

// Admins count every event, hidden ones too.
const eventCount = sql<number>`(
  select count(*)::int from events e where e.competition_uic = competitions.uic
)`.as('eventCount');

function adminCompetitions(db: Db, clubUics: number[]) {
  return db
    .selectFrom('competitions')
    .select(publicCompetitionColumns)
    .select(['competitions.timeTableFile', eventCount])
    .select(
      sql<
        string | null
      >`to_char(competitions.results_final_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as(
        'resultsFinalAt',
      ),
    )
    .where('competitions.clubUic', 'in', clubUics);
}

/** The competitions of the given clubs (the caller passes the signed-in user's clubs). */
export function listAdminCompetitions(db: Db, clubUics: number[]): Promise<AdminCompetition[]> {
  if (clubUics.length === 0) return Promise.resolve([]);
  return adminCompetitions(db, clubUics)
    .orderBy('competitions.date', (ob) => ob.desc().nullsLast())
    .orderBy('competitions.uic')
    .execute() as Promise<AdminCompetition[]>;
}

export async function findAdminCompetition(
  db: Db,
  clubUics: number[],
  uic: number,
): Promise<AdminCompetition | undefined> {
  return (await adminCompetitions(db, clubUics)
    .where('competitions.uic', '=', uic)
    .executeTakeFirst()) as AdminCompetition | undefined;
}

/** Whether another competition of the club already has this URL name. */
export async function urlNameTaken(
  db: Db,
  clubUic: number,
  urlName: string,
  exceptUic?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('competitions')
    .select('uic')
    .where('clubUic', '=', clubUic)
    .where('urlName', '=', urlName);
  if (exceptUic !== undefined) query = query.where('uic', '!=', exceptUic);
  return (await query.executeTakeFirst()) !== undefined;
}
