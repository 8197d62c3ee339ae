import { isDeepStrictEqual } from 'node:util';
import type { ChangeDeps } from '../runtime.ts';
import type { Db } from '../db/connect.ts';
import type { AthleteRow } from '../../shared/schemas/athlete.ts';
import type {
  ScoreboardAnswer,
  ScoreboardHeat,
  ScoreboardRow,
  ScoreboardUpdate,
} from '../../shared/schemas/timingRoom.ts';
import { parseLif } from '../parsers/lynx/index.ts';
import { describeFailure } from '../parsers/types.ts';
import { parseRaceTime } from '../../shared/athletics/raceTime.ts';
import { normalizeResultCode } from '../../shared/athletics/resultCode.ts';
import { rowCapRefusal } from '../../shared/rowCap.ts';
import { commitThenPublish } from '../live/commit.ts';
import { lockCompetition } from '../competitions/service.ts';
import { Invalid } from '../errors.ts';
import { linesMessage } from './message.ts';
import { findRace, type LynxRace } from './lynx/races.ts';
import type { StoredEvent } from './lynx/queries.ts';
import { RowCapExceeded } from './columns.ts';
import { EventChanges } from './changes.ts';
import { venueTimeOfDay } from '../../shared/schedule/venue.ts';

type Results = Extract<ScoreboardUpdate, { type: 'results' }>;

/** A .lif cell: quoted when it holds a comma, a quote or surrounding spaces. */
function cell(text: string): string {
  const value = text.trim();
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A line the scoreboard showed that is a result: a time, or a code such as DNF. */
function isResultLine(row: ScoreboardRow): boolean {
  const place = row.place.trim();
  const time = row.time.trim();
  const placeOk = place === '' || /^\d{1,4}$/.test(place) || normalizeResultCode(place) !== null;
  const timeOk =
    time === ''
      ? normalizeResultCode(place) !== null
      : parseRaceTime(time) !== null || normalizeResultCode(time) !== null;
  return placeOk && timeOk;
}

/**
 * The scoreboard's lines written as the .lif FinishLynx will save for the heat, read by the
 * .lif parser: the unofficial rows take the official ones' exact shape, and the heat is
 * found by the same rules the file will be. Lines that are not results yet are left out.
 */
function asLif(heat: ScoreboardHeat, wind: string | null, rows: readonly ScoreboardRow[]) {
  const header = [heat.eventNumber, heat.round, heat.heat, cell(heat.eventName), cell(wind ?? '')];
  const lines = rows
    .filter(isResultLine)
    .map((r) =>
      [r.place, r.bib, r.lane, r.name, '', r.affiliation, r.time, '', '', r.reactionTime]
        .map(cell)
        .join(','),
    );
  const fileName = `event ${heat.eventNumber}, round ${heat.round}, heat ${heat.heat}`;
  // Checked before the lines are read: past the cap they are refused, not parsed.
  const tooMany = rowCapRefusal(lines.length, `the scoreboard's ${fileName}`);
  if (tooMany !== null) throw new RowCapExceeded(tooMany);
  const text = [header.join(','), ...lines].join('\r\n');
  const parsed = parseLif(new TextEncoder().encode(text), 'scoreboard');
  if (!parsed.ok)
    throw new Invalid(`The scoreboard lines could not be read: ${describeFailure(parsed.error)}`);
  const { key } = parsed.value;
  if (key === null) throw new Invalid('The scoreboard did not say which heat it shows.');
  const race: LynxRace = {
    parsed: { ...parsed.value, key },
    contents: 'results',
    fileName,
    rows: parsed.value.rows,
  };
  return race;
}

/** The scoreboard shows a name as FinishLynx formats it: the start list's entry says it better. */
function withEntries(rows: readonly AthleteRow[], entries: readonly AthleteRow[]): AthleteRow[] {
  return rows.map((row) => {
    const entry =
      (row.bib !== null ? entries.find((e) => e.bib === row.bib) : undefined) ??
      (row.bib === null && row.lane !== null
        ? entries.find((e) => e.lane === row.lane)
        : undefined);
    if (!entry) return row;
    return {
      ...row,
      name: entry.name || row.name,
      club: entry.club ?? row.club,
      category: entry.category ?? row.category,
      gender: entry.gender ?? row.gender ?? null,
      lane: row.lane ?? entry.lane,
    };
  });
}

type Target = { stored: StoredEvent } | { reason: string };

/** The event the heat's results file will land on; scoreboard data never makes an event. */
async function targetOf(trx: Db, competitionUic: number, race: LynxRace): Promise<Target> {
  const found = await findRace(trx, competitionUic, race);
  if ('refused' in found) return { reason: found.refused };
  if (found.stored === null) {
    return {
      reason:
        `Rith has no ${race.fileName} ("${race.parsed.eventName}") yet: it shows once lynx.evt ` +
        `or the heat's results file is in.`,
    };
  }
  return { stored: found.stored };
}

/**
 * The scoreboard feed only runs ahead of the event's own results: once any are in, or the
 * admin has made the event official or scratched it, its lines change nothing.
 */
function ignoredBecause(
  stored: Pick<StoredEvent, 'status' | 'results' | 'progress'>,
): string | null {
  if (stored.status === 'scratched') return 'The event is scratched.';
  if (stored.results.length > 0 || stored.status === 'official') {
    return 'The official results are in: the scoreboard does not change them.';
  }
  if (stored.progress !== null) {
    return "The heat's results file is coming in: the scoreboard does not change it.";
  }
  return null;
}

/** The stored rows come back from JSONB with their keys reordered: compare values, not text. */
const sameRows = (stored: readonly AthleteRow[], rows: readonly AthleteRow[]) =>
  isDeepStrictEqual(stored, JSON.parse(JSON.stringify(rows)));

/**
 * A heat's lines from the finish camera's scoreboard: saved as the event's unofficial results
 * (the event turns unofficial) and pushed to spectators, until the results file replaces them.
 * Lines that are not results yet are skipped; an update that cannot be read changes nothing.
 */
export async function saveScoreboardResults(
  deps: ChangeDeps,
  competitionUic: number,
  update: Results,
): Promise<ScoreboardAnswer> {
  const race = asLif(update.heat, update.wind, update.rows);
  return commitThenPublish<ScoreboardAnswer>(deps, async (trx) => {
    // One at a time with the competition's uploads: a results file applied meanwhile wins.
    await lockCompetition(trx, competitionUic);
    const target = await targetOf(trx, competitionUic, race);
    const ignored = (reason: string, eventId: string | null = null) => ({
      result: { outcome: 'ignored' as const, eventId, reason },
      message: null,
    });
    if ('reason' in target) return ignored(target.reason);
    const { stored } = target;
    const why = ignoredBecause(stored);
    if (why !== null) return ignored(why, stored.id);
    const rows = withEntries(race.rows, stored.startListFile);
    const published: ScoreboardAnswer = { outcome: 'published', eventId: stored.id, reason: null };
    const current = await trx
      .selectFrom('events')
      .select('live')
      .where('id', '=', stored.id)
      .executeTakeFirstOrThrow();
    const wind = race.parsed.wind;
    if (current.live !== null && current.live.wind === wind && sameRows(current.live.rows, rows)) {
      return { result: published, message: null };
    }
    // Only this event is told: unofficial lines are no part of a timed final's overall
    // ranking, so its other sections have nothing new (its messages() would tell them all).
    const changes = new EventChanges(trx);
    const turnsUnofficial = stored.status === 'upcoming';
    const saved = await changes.write(stored.id, {
      live: { rows, wind, updatedAt: new Date().toISOString() },
      ...(turnsUnofficial ? { status: 'unofficial' } : {}),
    });
    if (!saved) return ignored('The event was deleted meanwhile.', stored.id);
    const wasPublic = changes.sawBefore(stored.id);
    const message = await changes.messageOf(stored.id);
    // Since the version before (the row was read locked), only the lines and what is worked
    // out from them changed: pages the public already shows the event on are sent it without
    // the rows the lines keep. A heat turning unofficial, its first lines, still goes whole.
    const linesOnly = wasPublic && !turnsUnofficial;
    return { result: published, message: linesOnly ? linesMessage(message) : message };
  });
}

/**
 * The event a running or stopped clock belongs to, or why none: a heat whose results are in
 * has no race on. Read in a transaction of its own (the lookup locks the rows it reads).
 */
export async function clockEvent(
  db: Db,
  competitionUic: number,
  heat: ScoreboardHeat,
): Promise<Target> {
  const race = asLif(heat, null, []);
  return db.transaction().execute(async (trx) => {
    const target = await targetOf(trx, competitionUic, race);
    if ('reason' in target) return target;
    const why = ignoredBecause(target.stored);
    return why === null ? target : { reason: why };
  });
}

/**
 * The heat's start, from the first running clock that reaches it: now less the time on the
 * clock, on the venue's clock. Only the first one counts (a .lif's start time overwrites it
 * with the gun's own); not announced, as the next results carry it.
 */
export async function recordClockStart(db: Db, eventId: string, elapsedMs: number): Promise<void> {
  const startedAt = venueTimeOfDay(new Date(Date.now() - elapsedMs));
  await db
    .updateTable('events')
    .set({ startedAt })
    .where('id', '=', eventId)
    .where('startedAt', 'is', null)
    .execute();
}
