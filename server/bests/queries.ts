import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { Sex } from '../../shared/athletes/person.ts';

/** The competition's date, club and whether it is run indoors (server/bests/season.ts). */
export function competitionFacts(trx: Db, competitionUic: number) {
  return trx
    .selectFrom('competitions')
    .select(['uic', 'date', 'clubUic', 'competitionName'])
    .select((eb) => [
      eb
        .exists(
          eb
            .selectFrom('events')
            .select('id')
            .whereRef('events.competitionUic', '=', 'competitions.uic')
            .where('events.trackDiscipline', 'in', ['SIXTY_METER', 'FIFTYFIVE_METER']),
        )
        .as('sprintsShort'),
      eb
        .exists(
          eb
            .selectFrom('events')
            .select('id')
            .whereRef('events.competitionUic', '=', 'competitions.uic')
            .where('events.trackDiscipline', '=', 'ONE_HUNDRED_METER'),
        )
        .as('sprintsLong'),
    ])
    .where('uic', '=', competitionUic)
    .executeTakeFirst();
}

export interface NewPerson {
  personKey: string;
  name: string;
  club: string | null;
  sex: Sex | null;
}

/**
 * Each person's athlete, made the first time Rith meets them; a merged athlete answers with
 * the one it was merged into. Keyed by person key.
 */
export async function athleteIdsOf(
  trx: Db,
  people: readonly NewPerson[],
): Promise<Map<string, string>> {
  const unique = [...new Map(people.map((p) => [p.personKey, p])).values()];
  const ids = new Map<string, string>();
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await trx
      .insertInto('athletes')
      .values(unique.slice(i, i + 500))
      // A no-op update, so the existing row comes back too.
      .onConflict((oc) =>
        oc.column('personKey').doUpdateSet({ personKey: sql`excluded.person_key` }),
      )
      .returning(['id', 'personKey', 'mergedInto'])
      .execute();
    for (const row of rows) ids.set(row.personKey, row.mergedInto ?? row.id);
  }
  return ids;
}

/** Every athlete id of the people behind the given athletes (merged ones included). */
const sameAthletes = (ids: readonly string[]) =>
  sql<boolean>`coalesce(athletes.merged_into, athletes.id) in (${sql.join(ids)})`;

export interface PriorMark {
  athleteId: string;
  hand: boolean;
  season: string;
  low: number;
  high: number;
}

/**
 * The athletes' counting marks in the event before this one: every competition before this
 * competition's date, and this competition's events whose marks landed earlier.
 */
export async function priorMarks(
  trx: Db,
  q: {
    athleteIds: readonly string[];
    eventKey: string;
    eventId: string;
    competitionUic: number;
    date: string;
    landedAt: Date;
  },
): Promise<PriorMark[]> {
  if (q.athleteIds.length === 0) return [];
  return trx
    .selectFrom('performances')
    .innerJoin('athletes', 'athletes.id', 'performances.athleteId')
    .select([
      sql<string>`coalesce(athletes.merged_into, athletes.id)`.as('athleteId'),
      'performances.hand',
      'performances.season',
      sql<number>`min(performances.mark)`.as('low'),
      sql<number>`max(performances.mark)`.as('high'),
    ])
    .where(sameAthletes(q.athleteIds))
    .where('performances.eventKey', '=', q.eventKey)
    .where('performances.legal', '=', true)
    .where('performances.eventId', '<>', q.eventId)
    .where((eb) =>
      eb.or([
        eb('performances.competitionDate', '<', q.date),
        eb.and([
          eb('performances.competitionUic', '=', q.competitionUic),
          eb('performances.landedAt', '<', q.landedAt),
        ]),
      ]),
    )
    .groupBy([
      sql`coalesce(athletes.merged_into, athletes.id)`,
      'performances.hand',
      'performances.season',
    ])
    .execute();
}

export function seedsOf(trx: Db, athleteIds: readonly string[], eventKey: string) {
  if (athleteIds.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom('seedBests')
    .innerJoin('athletes', 'athletes.id', 'seedBests.athleteId')
    .select([
      sql<string>`coalesce(athletes.merged_into, athletes.id)`.as('athleteId'),
      'seedBests.kind',
      'seedBests.season',
      'seedBests.mark',
    ])
    .where(sameAthletes(athleteIds))
    .where('seedBests.eventKey', '=', eventKey)
    .execute();
}

/** The records lists the competition holds in the event: its own and its club's. */
export function recordsOf(
  trx: Db,
  q: { clubUic: number; competitionUic: number; eventKey: string },
) {
  return trx
    .selectFrom('records')
    .select(['type', 'sex', 'mark', 'markText', 'holder', 'date'])
    .where('eventKey', '=', q.eventKey)
    .where('clubUic', '=', q.clubUic)
    .where((eb) =>
      eb.or([eb('competitionUic', '=', q.competitionUic), eb('competitionUic', 'is', null)]),
    )
    .execute();
}

/** The counting automatic marks set earlier in this competition in the event, with who set them. */
export function earlierInCompetition(
  trx: Db,
  q: { competitionUic: number; eventKey: string; eventId: string; landedAt: Date },
) {
  return trx
    .selectFrom('performances')
    .innerJoin('athletes', 'athletes.id', 'performances.athleteId')
    .select([
      'performances.sex',
      'performances.mark',
      'performances.markText',
      'performances.competitionDate',
      'athletes.name',
    ])
    .where('performances.competitionUic', '=', q.competitionUic)
    .where('performances.eventKey', '=', q.eventKey)
    .where('performances.legal', '=', true)
    .where('performances.hand', '=', false)
    .where('performances.eventId', '<>', q.eventId)
    .where('performances.landedAt', '<', q.landedAt)
    .execute();
}

/** When the event's marks first landed; now for its first. */
export async function landedAtOf(trx: Db, eventId: string): Promise<Date> {
  const row = await trx
    .selectFrom('performances')
    .select((eb) => eb.fn.min('landedAt').as('landedAt'))
    .where('eventId', '=', eventId)
    .executeTakeFirst();
  return row?.landedAt ? new Date(row.landedAt) : new Date();
}
