import type { Db } from '../db/connect.ts';
import type { AthleteRow, PreviousRecord } from '../../shared/schemas/athlete.ts';
import type { FieldDiscipline, TrackDiscipline } from '../../shared/domain.ts';
import { personKey, sexOf, type Sex } from '../../shared/athletes/person.ts';
import type { BestsEvent } from '../../shared/athletics/bests/event.ts';
import { isBetter, markOf, seasonOf, type Mark } from '../../shared/athletics/bests/marks.ts';
import {
  personalFlags,
  recordFlags,
  type PriorBests,
  type StandingRecord,
} from '../../shared/athletics/bests/flags.ts';
import { competitionClock } from '../../shared/entries.ts';
import { bestsEventOf } from './discipline.ts';
import { isIndoor } from './season.ts';
import {
  athleteIdsOf,
  competitionFacts,
  earlierInCompetition,
  landedAtOf,
  priorMarks,
  recordsOf,
  seedsOf,
  type PriorMark,
} from './queries.ts';
import { saveSeeds } from './seeds.ts';

/** What the event's rows are read with. */
export interface EventOfRows {
  id: string;
  competitionUic: number;
  eventName: string;
  trackDiscipline: TrackDiscipline | null;
  fieldDiscipline: FieldDiscipline | null;
  windSpeed: string | null;
}

interface Context {
  event: EventOfRows;
  kind: BestsEvent | null;
  clubUic: number;
  date: string;
  indoor: boolean;
  season: string;
}

async function contextOf(trx: Db, event: EventOfRows): Promise<Context | null> {
  const competition = await competitionFacts(trx, event.competitionUic);
  if (!competition) return null;
  const indoor = isIndoor(competition);
  const date = competition.date ?? competitionClock(new Date()).date;
  return {
    event,
    kind: bestsEventOf(event),
    clubUic: competition.clubUic,
    date,
    indoor,
    season: seasonOf(date, indoor),
  };
}

interface Person {
  row: AthleteRow;
  sex: Sex | null;
  key: string | null;
}

/** Each row's athlete: the rows with the athlete's id. */
async function known(trx: Db, event: EventOfRows, rows: readonly AthleteRow[]) {
  const people: Person[] = rows.map((row) => {
    const sex = sexOf(row.gender, event.eventName);
    return { row, sex, key: personKey(row, sex) };
  });
  const ids = await athleteIdsOf(
    trx,
    people.flatMap(({ row, sex, key }) =>
      key === null ? [] : [{ personKey: key, name: row.name.trim(), club: row.club, sex }],
    ),
  );
  return people.map((person) => ({
    ...person,
    athleteId: person.key === null ? null : (ids.get(person.key) ?? null),
  }));
}

/** The athlete's best ever and best this season before this mark, hand times apart. */
function priorBests(
  kind: BestsEvent,
  marks: readonly PriorMark[],
  seeds: Awaited<ReturnType<typeof seedsOf>>,
  athleteId: string,
  mark: Mark,
  season: string,
): PriorBests {
  const best = (values: number[]) =>
    values.reduce<number | null>(
      (held, value) => (held === null || isBetter(kind, value, held) ? value : held),
      null,
    );
  const own = marks.filter((m) => m.athleteId === athleteId && m.hand === mark.hand);
  const value = (m: PriorMark) => (kind.measure === 'time' ? m.low : m.high);
  const seeded = mark.hand ? [] : seeds.filter((s) => s.athleteId === athleteId);
  return {
    pb: best([...own.map(value), ...seeded.map((s) => s.mark)]),
    sb: best([
      ...own.filter((m) => m.season === season).map(value),
      ...seeded.filter((s) => s.kind === 'SB' && s.season === season).map((s) => s.mark),
    ]),
  };
}

/** Per sex, the mark each records list's code stands at now (a better one set earlier here). */
async function standingRecords(
  trx: Db,
  c: Context,
  kind: BestsEvent,
  eventId: string,
  landedAt: Date,
) {
  const [records, earlier] = await Promise.all([
    recordsOf(trx, {
      clubUic: c.clubUic,
      competitionUic: c.event.competitionUic,
      eventKey: kind.key,
    }),
    earlierInCompetition(trx, {
      competitionUic: c.event.competitionUic,
      eventKey: kind.key,
      eventId,
      landedAt,
    }),
  ]);
  return (sex: Sex | null): HeldRecord[] => {
    if (sex === null) return [];
    const setHere = earlier
      .filter((e) => e.sex === sex && e.mark !== null)
      .reduce<(typeof earlier)[number] | null>(
        (top, e) => (top === null || isBetter(kind, e.mark!, top.mark!) ? e : top),
        null,
      );
    const byType = new Map<string, HeldRecord>();
    for (const record of records.filter((r) => r.sex === sex)) {
      const held = byType.get(record.type);
      if (held === undefined || isBetter(kind, record.mark, held.mark)) {
        byType.set(record.type, { ...record, markText: record.markText });
      }
    }
    return [...byType.values()].map((record) =>
      setHere !== null && isBetter(kind, setHere.mark!, record.mark)
        ? {
            type: record.type,
            mark: setHere.mark!,
            markText: setHere.markText ?? '',
            holder: setHere.name,
            date: setHere.competitionDate,
          }
        : record,
    );
  };
}

/** A record as it stood before the mark: what the event page shows beside a new one. */
interface HeldRecord extends StandingRecord {
  markText: string;
  holder: string;
  date: string | null;
}

/**
 * An event's results as they land (issue 31): each row's athlete, and the flags its mark sets
 * (PB, SB, records), worked out from what Rith held before this competition and the marks
 * earlier in it; the marks are kept for the next. In the change that writes the results, so
 * the flags go out with them.
 */
export async function resultsWithBests(
  trx: Db,
  event: EventOfRows,
  rows: readonly AthleteRow[],
): Promise<AthleteRow[]> {
  if (rows.length === 0) {
    await trx.deleteFrom('performances').where('eventId', '=', event.id).execute();
    return [];
  }
  const c = await contextOf(trx, event);
  if (!c) return [...rows];
  const people = await known(trx, event, rows);
  const landedAt = await landedAtOf(trx, event.id);
  await trx.deleteFrom('performances').where('eventId', '=', event.id).execute();
  const { kind } = c;
  const marked = people.map((person) => ({
    ...person,
    mark:
      person.athleteId === null || kind === null
        ? null
        : markOf(person.row, kind, { eventWind: event.windSpeed, indoor: c.indoor }),
  }));
  const flagged: (Person & {
    athleteId: string | null;
    mark: Mark | null;
    flags: string[];
    was?: PreviousRecord[];
  })[] =
    kind === null
      ? marked.map((m) => ({ ...m, flags: [] }))
      : await flagsOf(trx, c, kind, marked, landedAt);
  const performances = flagged.flatMap(({ row, athleteId, mark, sex, flags }) =>
    athleteId === null
      ? []
      : [
          {
            eventId: event.id,
            rowId: row.id,
            athleteId,
            competitionUic: event.competitionUic,
            eventKey: kind?.key ?? null,
            sex,
            mark: mark?.value ?? null,
            markText: mark?.text ?? null,
            wind: mark?.wind ?? null,
            legal: mark?.legal ?? false,
            hand: mark?.hand ?? false,
            season: c.season,
            competitionDate: c.date,
            place: row.rank,
            flags,
            landedAt,
          },
        ],
  );
  const unique = [...new Map(performances.map((p) => [p.rowId, p])).values()];
  for (let i = 0; i < unique.length; i += 500) {
    await trx
      .insertInto('performances')
      .values(unique.slice(i, i + 500))
      .execute();
  }
  return flagged.map(({ row, athleteId, flags, was }) => ({
    ...row,
    athleteId,
    flags,
    ...(was ? { records: was } : {}),
  }));
}

/** Each marked row's flags, against the athletes' bests before it and the records lists. */
async function flagsOf<T extends { athleteId: string | null; sex: Sex | null; mark: Mark | null }>(
  trx: Db,
  c: Context,
  kind: BestsEvent,
  marked: readonly T[],
  landedAt: Date,
): Promise<(T & { flags: string[]; was?: PreviousRecord[] })[]> {
  const athleteIds = [
    ...new Set(marked.flatMap((m) => (m.mark && m.athleteId ? [m.athleteId] : []))),
  ];
  const [marks, seeds, records] = await Promise.all([
    priorMarks(trx, {
      athleteIds,
      eventKey: kind.key,
      eventId: c.event.id,
      competitionUic: c.event.competitionUic,
      date: c.date,
      landedAt,
    }),
    seedsOf(trx, athleteIds, kind.key),
    standingRecords(trx, c, kind, c.event.id, landedAt),
  ]);
  // In one race only the best mark sets a record: one behind it breaks none, however fast.
  const counting = marked.flatMap((m) => (m.mark?.legal && !m.mark.hand ? [m] : []));
  const topOf = (sex: Sex | null) =>
    counting
      .filter((m) => m.sex === sex)
      .reduce<number | null>(
        (top, m) => (top === null || isBetter(kind, m.mark!.value, top) ? m.mark!.value : top),
        null,
      );
  return marked.map((m) => {
    if (m.mark === null || m.athleteId === null || !m.mark.legal) return { ...m, flags: [] };
    const prior = priorBests(kind, marks, seeds, m.athleteId, m.mark, c.season);
    const personal = personalFlags(kind, m.mark.value, prior);
    const top = topOf(m.sex);
    const behind = top !== null && isBetter(kind, top, m.mark.value);
    const standing = records(m.sex).map((r) => ({
      ...r,
      mark: behind && isBetter(kind, top, r.mark) ? top : r.mark,
    }));
    const broken = m.mark.hand ? [] : recordFlags(kind, m.mark.value, standing);
    const was = standing.flatMap(({ type, markText, holder, date }) =>
      broken.includes(type) || broken.includes(`=${type}`)
        ? [{ type, mark: markText, holder, date }]
        : [],
    );
    return { ...m, flags: [...broken, ...personal], ...(was.length > 0 ? { was } : {}) };
  });
}

/** A start list's rows with their athletes; the PB and SB it gave are kept as seed bests. */
export async function startListWithAthletes(
  trx: Db,
  event: EventOfRows,
  rows: readonly AthleteRow[],
): Promise<AthleteRow[]> {
  const people = await known(trx, event, rows);
  const c = people.some(({ row }) => row.pb || row.sb) ? await contextOf(trx, event) : null;
  if (c?.kind) await saveSeeds(trx, c.kind, c.season, people);
  return people.map(({ row, athleteId }) => ({ ...row, athleteId }));
}
