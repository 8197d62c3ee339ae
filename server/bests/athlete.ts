import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import type {
  AthleteBest,
  AthleteMark,
  AthleteProfile,
} from '../../shared/schemas/athleteProfile.ts';
import { isBetter } from '../../shared/athletics/bests/marks.ts';
import { bestsEventOf } from './discipline.ts';
import { competitionClock } from '../../shared/entries.ts';

/** The athlete behind an id: the one it was merged into, if it was. */
export async function athleteOf(db: Db, id: string) {
  const athlete = await db
    .selectFrom('athletes')
    .leftJoin('athletes as target', 'target.id', 'athletes.mergedInto')
    .select([
      sql<string>`coalesce(target.id, athletes.id)`.as('id'),
      sql<string>`coalesce(target.name, athletes.name)`.as('name'),
      sql<string | null>`case when target.id is null then athletes.club else target.club end`.as(
        'club',
      ),
      sql<boolean>`coalesce(target.hidden, athletes.hidden)`.as('hidden'),
    ])
    .where('athletes.id', '=', id)
    .executeTakeFirst();
  return athlete;
}

/** Every published result of the athlete (and of those merged into them), newest first. */
function resultsOf(db: Db, id: string) {
  return db
    .selectFrom('performances')
    .innerJoin('athletes', 'athletes.id', 'performances.athleteId')
    .innerJoin('events', 'events.id', 'performances.eventId')
    .innerJoin('competitions', 'competitions.uic', 'events.competitionUic')
    .select([
      'performances.eventId',
      'performances.eventKey',
      'performances.mark',
      'performances.markText',
      'performances.wind',
      'performances.legal',
      'performances.hand',
      'performances.season',
      'performances.place',
      'performances.flags',
      'performances.competitionDate',
      'events.eventName',
      'events.round',
      'events.trackDiscipline',
      'events.fieldDiscipline',
      'competitions.uic',
      'competitions.competitionName',
    ])
    .where(sql<boolean>`coalesce(athletes.merged_into, athletes.id) = ${id}`)
    .where('events.visible', '=', true)
    .where('events.status', 'in', ['official', 'imported'])
    .where('competitions.visible', '=', true)
    .orderBy('performances.competitionDate', 'desc')
    .orderBy('performances.landedAt', 'desc')
    .limit(2000)
    .execute();
}

type Result = Awaited<ReturnType<typeof resultsOf>>[number];

/**
 * The athlete's page: bests per event (indoor and outdoor apart; wind-aided and hand-timed
 * marks apart, shown only where better than the legal automatic best) and every result.
 * Undefined when there is no such athlete or their page is hidden.
 */
export async function athleteProfile(db: Db, id: string): Promise<AthleteProfile | undefined> {
  const athlete = await athleteOf(db, id);
  if (!athlete || athlete.hidden) return undefined;
  const [rows, merged] = await Promise.all([
    resultsOf(db, athlete.id),
    db
      .selectFrom('athletes')
      .select(['id', 'name', 'club'])
      .where('mergedInto', '=', athlete.id)
      .orderBy('name')
      .execute(),
  ]);
  const season = competitionClock(new Date()).date.slice(0, 4);
  return {
    id: athlete.id,
    name: athlete.name,
    club: athlete.club,
    bests: bestsOf(rows, season),
    merged,
    results: rows.map((row) => ({
      eventId: row.eventId,
      eventName: row.eventName,
      competitionUic: row.uic,
      competitionName: row.competitionName,
      date: row.competitionDate,
      round: row.round,
      place: row.place,
      mark: row.markText,
      wind: row.wind,
      flags: row.flags,
    })),
  };
}

const asMark = (row: Result): AthleteMark => ({
  mark: row.markText ?? '',
  wind: row.wind,
  date: row.competitionDate,
  competitionName: row.competitionName,
  eventId: row.eventId,
});

function bestsOf(rows: readonly Result[], thisYear: string): AthleteBest[] {
  const groups = new Map<string, Result[]>();
  for (const row of rows) {
    if (row.eventKey === null || row.mark === null) continue;
    const key = `${row.eventKey}|${row.season.endsWith('indoor')}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()].map((marks) => {
    const first = marks[0]!;
    const kind = bestsEventOf(first) ?? { measure: 'time' as const, label: first.eventName };
    const best = (list: Result[]) =>
      list.reduce<Result | null>(
        (held, row) => (held === null || isBetter(kind, row.mark!, held.mark!) ? row : held),
        null,
      );
    const counting = marks.filter((m) => m.legal && !m.hand);
    const pb = best(counting);
    const beats = (row: Result | null) =>
      row !== null && (pb === null || isBetter(kind, row.mark!, pb.mark!)) ? asMark(row) : null;
    const sb = best(counting.filter((m) => m.season.startsWith(thisYear)));
    return {
      event: kind.label,
      indoor: first.season.endsWith('indoor'),
      pb: pb && asMark(pb),
      sb: sb && asMark(sb),
      windAided: beats(best(marks.filter((m) => !m.legal && !m.hand))),
      hand: beats(best(marks.filter((m) => m.hand && m.legal))),
    };
  });
}
