import type { AthleteRow } from '../schemas/athlete.ts';
import type {
  AthleteChange,
  AthleteResult,
  ResultChange,
  ShownSource,
} from '../schemas/eventHistory.ts';
import { eventStatusLabels, type EventStatus, type EventType } from '../domain.ts';
import { athleteKey } from '../athletes/identity.ts';
import { formatPerformance, normalizeResultCode } from '../athletics/performance.ts';
import { compareResultRows } from '../athletics/resultOrder.ts';
import { performanceKind, placeOf } from '../resultColumns.ts';
import { competitionClock } from '../entries.ts';
import { shownRows } from '../meet/shown.ts';
import { clockText } from '../schedule/venue.ts';

/**
 * Corrections in the open: what changed between two versions of what spectators were shown of
 * an event. One rule for the server, which keeps each version and says which were
 * corrections (server/events/history.ts), and the event page, which highlights what a pushed
 * correction changed. Pure: no server or browser imports.
 */

/** What spectators are shown of an event's results at one version. */
export interface ShownResults {
  status: EventStatus;
  source: ShownSource;
  rows: readonly AthleteRow[];
}

/** Before an event's first version: upcoming, nothing shown. */
export const NOTHING_SHOWN: ShownResults = { status: 'upcoming', source: 'none', rows: [] };

/**
 * The rows spectators are shown, by the rule every screen follows (shared/meet/shown.ts): the
 * event's results once they are shown (official), else the unofficial lines (the finish
 * camera's, or the part of a file's results that is in), else none.
 */
export function shownResults(event: {
  status: EventStatus;
  results: readonly AthleteRow[];
  startListFile?: readonly AthleteRow[];
  live: { rows: readonly AthleteRow[]; field?: unknown } | null;
}): ShownResults {
  const { status } = event;
  const { source, rows } = shownRows({ ...event, startListFile: event.startListFile ?? [] });
  // The field card's standings are lines too, but each trial in them is the judge's word.
  const card = source === 'live' && event.live?.field !== undefined;
  return { status, source: card ? 'card' : source, rows };
}

/** An athlete's result as the results table shows it (ResultsTable's rowResult). */
export function athleteResult(row: AthleteRow, eventType: EventType): AthleteResult {
  // A field series' best is its result; FinishLynx writes codes in the place column.
  const source = (row.best ?? '').trim() !== '' ? row.best : row.performance;
  const shown = formatPerformance(source, performanceKind(eventType));
  return {
    place: placeOf(row.rank),
    mark: shown !== '' && normalizeResultCode(shown) === null ? shown : null,
    code: normalizeResultCode(row.rank) ?? normalizeResultCode(row.performance),
  };
}

const statusWord = (status: EventStatus) => eventStatusLabels[status].toLowerCase();

/** A result in one word: its code when it has one (that is the news), else its mark. */
const resultWord = (r: AthleteResult) => r.code ?? r.mark ?? '–';
const placeWord = (place: number | null) => (place === null ? '–' : String(place));

function athleteName(row: AthleteRow): string {
  const name = row.name.trim();
  if (name !== '') return name;
  const bib = (row.bib ?? '').trim();
  return bib !== '' ? `Bib ${bib}` : 'An athlete';
}

/**
 * Each row with its athlete (athleteKey) and a slot to pair it by, in the order the table
 * shows them: an athlete listed twice (a key shared by two rows without bibs) is paired in the
 * order the rows come.
 */
function keyed(rows: readonly AthleteRow[]) {
  const seen = new Map<string, number>();
  const entries = rows.map((row) => {
    const key = athleteKey(row);
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return { row, key, slot: `${n}|${key}` };
  });
  return entries.sort((a, b) => compareResultRows(a.row, b.row));
}

/**
 * The trials of a field series shown that are no longer so: changed ("trial 3 11.07 →
 * 11.70", "1.80 XO → O") or taken back ("trial 2 X → –"). Trials added are not changes.
 */
function trialsChanged(before: AthleteRow, after: AthleteRow): string[] {
  if ((before.heights?.length ?? 0) > 0) {
    const now = cellsByHeight(after);
    return [...cellsByHeight(before)].flatMap(([height, cell]) => {
      const next = now.get(height) ?? '';
      return cell === '' || next.toUpperCase().startsWith(cell.toUpperCase())
        ? []
        : [`${height} ${cell.toUpperCase()} → ${next.toUpperCase() || '–'}`];
    });
  }
  return (before.attempts ?? []).flatMap((cell, i) => {
    const next = after.attempts?.[i] ?? null;
    return cell === null || cell.trim() === '' || next === cell
      ? []
      : [`trial ${i + 1} ${cell} → ${next ?? '–'}`];
  });
}

function athleteChange(
  change: AthleteChange['change'],
  row: AthleteRow,
  key: string,
  before: AthleteResult | null,
  after: AthleteResult | null,
  trials: readonly string[] = [],
): AthleteChange | null {
  const name = athleteName(row);
  const fields: AthleteChange['fields'] = [];
  let summary: string;
  if (after === null) {
    summary = `${name} removed`;
  } else if (before === null) {
    const result = after.code ?? after.mark;
    const detail = [result, after.place === null ? null : `place ${after.place}`];
    const text = detail.filter((part) => part !== null).join(', ');
    summary = `${name} added${text ? `: ${text}` : ''}`;
  } else {
    if (before.place !== after.place) fields.push('place');
    if (before.mark !== after.mark) fields.push('mark');
    if (before.code !== after.code) fields.push('code');
    if (trials.length > 0) fields.push('trials');
    if (fields.length === 0) return null;
    const parts: string[] = [...trials];
    if (fields.includes('code')) parts.push(`${resultWord(before)} → ${resultWord(after)}`);
    // A field series' best follows from its trials: the trials changed say it.
    else if (fields.includes('mark') && trials.length === 0) {
      parts.push(`${before.mark ?? '–'} → ${after.mark ?? '–'}`);
    }
    if (fields.includes('place')) {
      parts.push(`place ${placeWord(before.place)} → ${placeWord(after.place)}`);
    }
    summary = `${name}: ${parts.join(', ')}`;
  }
  return {
    type: 'athlete',
    change,
    key,
    name,
    bib: row.bib,
    club: row.club,
    before,
    after,
    fields,
    summary,
  };
}

const SOURCE_WORDS: Record<ShownSource, string> = {
  results: 'The results',
  live: "The scoreboard's unofficial lines",
  card: "The field card's standings",
  none: 'Nothing',
};

/**
 * What changed from `before` to `after`: the status, where the rows come from, and each
 * athlete whose place, time or mark, or code changed, who was added or removed. Athletes are
 * listed in the order the table shows them, those removed last. Names, clubs and other
 * columns are not compared: they change nothing of a result.
 */
export function resultChanges(
  before: ShownResults,
  after: ShownResults,
  eventType: EventType,
): ResultChange[] {
  const changes: ResultChange[] = [];
  if (before.status !== after.status) {
    changes.push({
      type: 'status',
      from: before.status,
      to: after.status,
      summary: `Status: ${statusWord(before.status)} → ${statusWord(after.status)}`,
    });
  }
  if (before.source !== after.source && before.source !== 'none' && after.source !== 'none') {
    changes.push({
      type: 'source',
      from: before.source,
      to: after.source,
      summary: `${SOURCE_WORDS[after.source]} replaced ${SOURCE_WORDS[before.source].toLowerCase()}`,
    });
  }
  const olds = keyed(before.rows);
  const held = new Map(olds.map((entry) => [entry.slot, entry.row]));
  const matched = new Set<string>();
  for (const { row, key, slot } of keyed(after.rows)) {
    const old = held.get(slot);
    const next = athleteResult(row, eventType);
    if (old) matched.add(slot);
    const change = old
      ? athleteChange(
          'changed',
          row,
          key,
          athleteResult(old, eventType),
          next,
          trialsChanged(old, row),
        )
      : athleteChange('added', row, key, null, next);
    if (change) changes.push(change);
  }
  for (const { row, key, slot } of olds) {
    if (matched.has(slot)) continue;
    const change = athleteChange('removed', row, key, athleteResult(row, eventType), null);
    if (change) changes.push(change);
  }
  return changes;
}

/**
 * Whether a version corrected results: results already shown as results (not the unofficial
 * lines, which the results file always replaces) changed for some athlete. Making them
 * official, or any other status change alone, is not a correction.
 */
export function isCorrection(before: ShownResults, changes: readonly ResultChange[]): boolean {
  return before.source === 'results' && changes.some((change) => change.type === 'athlete');
}

/** A vertical series by bar height: each height's cell ("XO"). */
function cellsByHeight(row: AthleteRow): Map<string, string> {
  const cells = new Map<string, string>();
  (row.heights ?? []).forEach((height, i) => cells.set(height, row.attempts?.[i] ?? ''));
  return cells;
}

/**
 * A field series only went on: every trial shown is still there as it was (a bar height's
 * cell may only have grown, "X" to "XO"), new trials after it. The best mark, the place, even
 * "no mark yet" then follow from trials added, which is growth.
 */
function seriesWentOn(before: AthleteRow, after: AthleteRow): boolean {
  if ((before.heights?.length ?? 0) > 0) {
    const now = cellsByHeight(after);
    return [...cellsByHeight(before)].every(([height, cell]) =>
      (now.get(height) ?? '').toUpperCase().startsWith(cell.toUpperCase()),
    );
  }
  return (before.attempts ?? []).every(
    (cell, i) => cell === null || cell.trim() === '' || after.attempts?.[i] === cell,
  );
}

const hasSeries = (row: AthleteRow) => (row.attempts ?? []).some((cell) => (cell ?? '') !== '');

/** A code that ends an athlete's competition (DQ, DNS, r…); NM only says no valid mark yet. */
const ending = (code: string | null) => code !== null && code !== 'NM';

/** Something shown of the athlete is no longer so: a time, mark or code changed or went. */
function resultChanged(before: AthleteRow, after: AthleteRow, eventType: EventType): boolean {
  const was = athleteResult(before, eventType);
  const now = athleteResult(after, eventType);
  if (eventType === 'JUMP' && hasSeries(before)) {
    const codeChanged = was.code !== now.code && (ending(was.code) || ending(now.code));
    return codeChanged || !seriesWentOn(before, after);
  }
  return (
    (was.mark !== null && was.mark !== now.mark) || (was.code !== null && was.code !== now.code)
  );
}

/** The same trials, no more: places can only have moved by a decision, not by the next round. */
const sameSeries = ({ before, after }: { before: AthleteRow; after: AthleteRow }) =>
  JSON.stringify(before.attempts ?? []) === JSON.stringify(after.attempts ?? []);

/**
 * Places only follow the marks: two athletes shown one ahead of the other who no longer are
 * (or a place shown that went) is a correction, whoever else was added between them.
 */
function orderChanged(pairs: readonly { before: AthleteRow; after: AthleteRow }[]): boolean {
  const placed = pairs.map(({ before, after }) => ({
    was: placeOf(before.rank),
    now: placeOf(after.rank),
  }));
  if (placed.some(({ was, now }) => was !== null && now === null)) return true;
  const ranked = placed.filter(({ was, now }) => was !== null && now !== null) as {
    was: number;
    now: number;
  }[];
  return ranked.some((a, i) =>
    ranked.slice(i + 1).some((b) => Math.sign(a.was - b.was) !== Math.sign(a.now - b.now)),
  );
}

/**
 * Whether `after` corrects results shown as `before`: an athlete shown is gone, a time, mark
 * or code shown changed (a field series only added to did not), or two athletes on the track
 * swapped places. Rows only added are growth, not a correction: a heat's file written in two
 * steps, a flight's athletes joining the first flight's, a field event's next round.
 */
export function correctsShown(
  before: readonly AthleteRow[],
  after: readonly AthleteRow[],
  eventType: EventType,
): boolean {
  const now = new Map(keyed(after).map((entry) => [entry.slot, entry.row]));
  const pairs: { before: AthleteRow; after: AthleteRow }[] = [];
  for (const { row, slot } of keyed(before)) {
    const next = now.get(slot);
    if (next === undefined || resultChanged(row, next, eventType)) return true;
    pairs.push({ before: row, after: next });
  }
  // A field event's places move with the trials added; with none added, as on the track.
  const placesFollowTrials = eventType === 'JUMP' && !pairs.every(sameSeries);
  return !placesFollowTrials && orderChanged(pairs);
}

/**
 * Whether what an event shows now corrects its results, measured against the last version
 * that showed results (`lastResults`), not merely the version before: results withdrawn and
 * then put back changed are one correction, of what changed between the two; withdrawing
 * them is none. The field card's standings count as results shown: an official file that
 * differs from what the judge entered corrects them.
 */
export function correctsResults(
  lastResults: ShownResults | null,
  shown: ShownResults,
  eventType: EventType,
): boolean {
  const shownBefore = lastResults?.source === 'results' || lastResults?.source === 'card';
  if (!lastResults || !shownBefore || shown.source !== 'results') return false;
  return correctsShown(lastResults.rows, shown.rows, eventType);
}

/** The athletes' changes of a correction in one line: the first few, and how many more. */
export function correctionSummary(changes: readonly ResultChange[], shown = 3): string {
  const lines = changes.flatMap((c) => (c.type === 'athlete' ? [c.summary] : []));
  const more = lines.length - shown;
  return lines.slice(0, shown).join('; ') + (more > 0 ? `; and ${more} more` : '');
}

/** "HH:MM" on the venue's clock, for a moment given as ISO text. */
export function venueClock(at: string | Date): string {
  return clockText(competitionClock(new Date(at)).minutes);
}
