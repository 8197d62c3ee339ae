import { sql, type Selection } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/types.ts';
import type { EventSummary, PublicEvent } from '../../shared/schemas/event.ts';
import type { EventParents } from '../../shared/live/pushedEvent.ts';
import type { AthleteRow } from '../../shared/schemas/athlete.ts';
import { isTimedFinal } from '../../shared/athletics/heats.ts';
import { timedFinalRanking } from '../athletics/timedFinal.ts';
import { findPublicCompetition, publicCompetitions } from '../competitions/queries.ts';
import { findVisibleClub } from '../clubs/queries.ts';
import { withEstimates } from './schedule.ts';
import type { EventStatus } from '../../shared/domain.ts';
import { publicRows, shownTable } from '../../shared/meet/shown.ts';
import { runningOrder } from '../../shared/meet/runningOrder.ts';
import { withoutMeaninglessWind } from '../athletics/windEvents.ts';
import { correctedAtColumn, isoTime } from './history.ts';
import { progressionsOf, type KnownRounds, type RoundOutcome } from './rounds/progression.ts';

export const summaryColumns = [
  'events.id',
  'events.competitionUic',
  'events.eventName',
  'events.time',
  'events.round',
  'events.heat',
  'events.heatCount',
  'events.status',
  'events.visible',
  'events.autoCreatedFromTimetable',
  'events.eventType',
  'events.trackDiscipline',
  'events.fieldDiscipline',
  'events.windSpeed',
  'events.resultsFileName',
  'events.resultsFileType',
  'events.startListFileName',
  'events.startListType',
  'events.pdfLink',
  'events.startedAt',
  'events.resultsAt',
  'events.progress',
  'events.runOrder',
  'events.startListDrawn',
  'events.version',
] as const;

/** What the event holds, by count: what the one rule of what is shown reads (shared/meet/shown.ts). */
export const rowCounts = [
  sql<number>`jsonb_array_length(events.results)`.as('resultCount'),
  sql<number>`jsonb_array_length(events.start_list_file)`.as('startListCount'),
  sql<number>`jsonb_array_length(coalesce(events.live -> 'rows', '[]'::jsonb))`.as('liveCount'),
];

type Counted = {
  status: EventStatus;
  resultCount: number;
  startListCount: number;
  liveCount: number;
};

/** A listing's row with what its page shows, by the one rule every screen follows. */
export function summarize<T extends Counted>(row: T) {
  const { resultCount, startListCount, liveCount, ...event } = row;
  const shown = shownTable({
    status: event.status,
    results: resultCount,
    startList: startListCount,
    live: liveCount,
  });
  return { ...event, hasResults: shown === 'results', hasStartList: startListCount > 0, shown };
}

/** Public events: visible, in a public competition, in the meet's running order. */
export async function listPublicEvents(db: Db, competitionUic?: number): Promise<EventSummary[]> {
  let query = publicCompetitions(db)
    .innerJoin('events', 'events.competitionUic', 'competitions.uic')
    .where('events.visible', '=', true)
    .select(summaryColumns)
    .select(rowCounts);
  if (competitionUic !== undefined) query = query.where('competitions.uic', '=', competitionUic);
  // No wind where the rules measure none: a 1500 m's gauge reading means nothing.
  const rows = await query.orderBy('events.competitionUic').execute();
  const events = rows.map((row) => withoutMeaninglessWind(summarize(row)));
  return inRunningOrder(await withEstimates(db, events));
}

/** Each competition's events in running order, competitions in the order they came. */
export function inRunningOrder<T extends EventSummary>(events: readonly T[]): T[] {
  const byCompetition = new Map<number, T[]>();
  for (const event of events) {
    const own = byCompetition.get(event.competitionUic);
    if (own) own.push(event);
    else byCompetition.set(event.competitionUic, [event]);
  }
  return [...byCompetition.values()].flatMap((own) => runningOrder(own));
}

/**
 * A timed final's overall result: its visible sections' rows ranked together by time. Read
 * with the section, so a section's page and its push always agree with the others.
 */
async function overallOf(
  db: Db,
  event: { id: string; round: EventSummary['round']; heat: number | null; heatCount: number },
): Promise<AthleteRow[]> {
  if (!isTimedFinal(event)) return [];
  const sections = await db
    .selectFrom('events as section')
    .innerJoin('events as self', (join) =>
      join
        .onRef('self.competitionUic', '=', 'section.competitionUic')
        .onRef('self.lynxRace', '=', 'section.lynxRace'),
    )
    .select(['section.heat', 'section.results'])
    .where('self.id', '=', event.id)
    .where('section.visible', '=', true)
    .where('section.status', 'in', ['official', 'imported'])
    .execute();
  return timedFinalRanking(
    sections.flatMap((s) => (s.heat === null ? [] : [{ heat: s.heat, rows: s.results }])),
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Event ids are UUIDs; anything else names no event (and must not reach a uuid column). */
export const isEventId = (id: string): boolean => UUID.test(id);

/**
 * An event's row as its public payload is made from it (publicEvents): read, or returned by
 * the write that changed it (changes.ts), in the order the payload's fields come in.
 */
export const publicEventColumns = [
  ...summaryColumns,
  'events.results',
  'events.startListFile',
  'events.live',
  correctedAtColumn,
  ...rowCounts,
] as const;

export type PublicEventRow = Selection<Database, 'events', (typeof publicEventColumns)[number]>;

/** The public event with its competition and club, or undefined when the public may not see it. */
export async function findPublicEvent(db: Db, id: string): Promise<PublicEvent | undefined> {
  if (!UUID.test(id)) return undefined;
  const row = await db
    .selectFrom('events')
    .select(publicEventColumns)
    .where('events.id', '=', id)
    .where('events.visible', '=', true)
    .executeTakeFirst();
  // By the row's own id: the address may spell the UUID in capitals.
  return row && (await publicEvents(db, [row])).get(row.id);
}

/**
 * The competition and club a public event's payload carries, or undefined when the public
 * may not see them.
 */
export async function findEventParents(
  db: Db,
  competitionUic: number,
): Promise<EventParents | undefined> {
  const competition = await findPublicCompetition(db, competitionUic);
  const club = competition && (await findVisibleClub(db, competition.clubUic));
  return competition && club ? { competition, club } : undefined;
}

/**
 * The public events made from their rows, by id: those the public may see (visible, in a
 * public competition of a visible club) and no others. Each competition, its club and its
 * schedule are read once for all its events.
 */
export async function publicEvents(
  db: Db,
  rows: readonly PublicEventRow[],
  /** Competitions' rounds a change has read already (none: null), not read again. */
  known?: KnownRounds,
): Promise<Map<string, PublicEvent>> {
  const parents = new Map<number, EventParents | undefined>();
  for (const { competitionUic, visible } of rows) {
    if (visible && !parents.has(competitionUic)) {
      parents.set(competitionUic, await findEventParents(db, competitionUic));
    }
  }
  const shown = rows.flatMap((row) => {
    const of = row.visible ? parents.get(row.competitionUic) : undefined;
    return of ? [{ ...of, row, summary: withoutMeaninglessWind(summarize(publicRows(row))) }] : [];
  });
  const estimated = await withEstimates(
    db,
    shown.map(({ summary }) => summary),
  );
  // Worked out once per round for every heat of it given.
  const progressions = await progressionsOf(
    db,
    shown.map(({ row }) => row),
    known,
  );
  const events = new Map<string, PublicEvent>();
  for (const [i, { row, summary, competition, club }] of shown.entries()) {
    // Estimated in the order given.
    const estimate = estimated[i];
    events.set(row.id, {
      ...summary,
      estimatedStart: estimate?.estimatedStart ?? null,
      lateMinutes: estimate?.lateMinutes ?? null,
      correctedAt: isoTime(row.correctedAt),
      overall: await overallOf(db, row),
      ...qualification(row.id, summary.results, progressions.get(row.id)),
      competition,
      club,
    });
  }
  return events;
}

/** The round's progression, and the event's results marked Q, q or null. */
function qualification(id: string, results: AthleteRow[], outcome: RoundOutcome | undefined) {
  if (!outcome) return { progression: null };
  const marks = outcome.marks.get(id);
  return {
    progression: outcome.progression,
    results: results.map((row) => ({ ...row, qualified: marks?.get(row.id) ?? null })),
  };
}

/**
 * What a change needs to know of an event before its first write, in one read: whether the
 * public sees it now (it, its competition and its club are visible), and whether it is a
 * timed final's section.
 */
export async function eventBeforeChange(db: Db, id: string) {
  if (!UUID.test(id)) return undefined;
  return (
    db
      .selectFrom('events')
      .select([
        'competitionUic',
        'lynxRace',
        'lynxFamily',
        'eventName',
        'eventType',
        'round',
        'heat',
        'heatCount',
      ])
      .select((eb) =>
        eb
          .and([
            eb('events.visible', '=', true),
            eb.exists(
              publicCompetitions(db)
                .select('competitions.uic')
                // The outer row's competition: a raw reference, as the plugin leaves it.
                .where('competitions.uic', '=', sql<number>`events.competition_uic`),
            ),
          ])
          .as('isPublic'),
      )
      // Whether its competition has a round rule: most have none, and skip the rounds' work.
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('roundRules')
              .select('roundRules.competitionUic')
              .where('roundRules.competitionUic', '=', sql<number>`events.competition_uic`),
          )
          .as('hasRoundRules'),
      )
      .where('id', '=', id)
      .executeTakeFirst()
  );
}

/** The competition an event belongs to, whether or not it is public. */
/** How many events a competition holds, public or not. */
export async function countEvents(db: Db, competitionUic: number): Promise<number> {
  const { count } = await db
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('competitionUic', '=', competitionUic)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function findEventCompetitionUic(db: Db, id: string): Promise<number | undefined> {
  if (!UUID.test(id)) return undefined;
  const row = await db
    .selectFrom('events')
    .select('competitionUic')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.competitionUic;
}

/** What an upload's report says of each event it wrote, as they stand now. */
export async function uploadedEventFacts(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, never>();
  const events = await db
    .selectFrom('events')
    .select(['id', 'eventName', 'eventType', 'round', 'heat', 'heatCount'])
    .where('id', 'in', ids)
    .execute();
  const seen = await publicCompetitions(db)
    .innerJoin('events', 'events.competitionUic', 'competitions.uic')
    .select('events.id')
    .where('events.visible', '=', true)
    .where('events.id', 'in', ids)
    .execute();
  const isPublic = new Set(seen.map((e) => e.id));
  return new Map(events.map((e) => [e.id, { ...e, public: isPublic.has(e.id) }]));
}

/** The event's type, which decides how a results spreadsheet is read. */
export async function eventTypeOf(db: Db, id: string): Promise<EventSummary['eventType'] | null> {
  if (!UUID.test(id)) return null;
  const row = await db
    .selectFrom('events')
    .select('eventType')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.eventType ?? null;
}

/**
 * A public competition's visible events with the rows the public may see (shared/meet/
 * shown.ts), for the athlete index (server/athletes/) and the alerts: empty when the public
 * may not see the competition.
 */
export async function listPublicEventRows(db: Db, competitionUic: number) {
  const events = await publicCompetitions(db)
    .innerJoin('events', 'events.competitionUic', 'competitions.uic')
    .where('competitions.uic', '=', competitionUic)
    .where('events.visible', '=', true)
    .select([
      'events.id',
      'events.competitionUic',
      'events.eventName',
      'events.eventType',
      'events.trackDiscipline',
      'events.fieldDiscipline',
      'events.round',
      'events.heat',
      'events.heatCount',
      'events.time',
      'events.runOrder',
      'events.status',
      'events.startedAt',
      'events.resultsAt',
      'events.startListFile',
      'events.results',
      'events.live',
    ])
    .execute();
  return runningOrder(events.map(publicRows));
}
export type EventRows = Awaited<ReturnType<typeof listPublicEventRows>>[number];

/** A competition's events by name and discipline, hidden ones too: what names are read from. */
export async function eventNamesOf(db: Db, competitionUic: number) {
  return db
    .selectFrom('events')
    .select(['id', 'eventName', 'eventType', 'trackDiscipline', 'fieldDiscipline', 'visible'])
    .where('competitionUic', '=', competitionUic)
    .execute();
}
