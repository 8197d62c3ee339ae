import type { AthleteRow } from '../schemas/athlete.ts';
import type { ResultsProgress } from '../schemas/event.ts';
import { normalizeResultCode } from '../athletics/resultCode.ts';
import { placeOf } from '../resultColumns.ts';

/**
 * When a timing file's results are complete, so the event may be Official. Until then they
 * are shown as unofficial, with what is still to come (ResultsProgress). Pure: the server
 * decides with it where a file's rows go, the pages say it.
 *
 * * A field event run in flights is complete once every flight the start list (lynx.evt)
 *   announced is in: the flights are one competition, ranked together, so the first flight's
 *   places are not the event's.
 * * A heat is complete once every athlete of its start list has a result: FinishLynx saves a
 *   .lif several times while the photo is read (athletes not yet read have no place and no
 *   time), and a file copied over a network share or held by an antivirus scan arrives in
 *   two steps, its rows stopping short. Without a start list, the rows it has are the heat.
 */

const flightOf = (row: AthleteRow) => row.flight ?? 1;

/** What a row says of the athlete's race: a place, a code (DNS, DNF, DQ…) or a time. */
export function hasResult(row: AthleteRow): boolean {
  if (placeOf(row.rank) !== null) return true;
  if (normalizeResultCode(row.rank) !== null) return true;
  return (row.performance ?? '').trim() !== '' || (row.best ?? '').trim() !== '';
}

/** The flights announced and those whose results are in; null when all are. */
export function flightsProgress(
  results: readonly AthleteRow[],
  startList: readonly AthleteRow[],
): ResultsProgress | null {
  const announced = new Set(startList.map(flightOf));
  const arrived = new Set(results.map(flightOf));
  const all = new Set([...announced, ...arrived]);
  const done = [...all].filter((flight) => arrived.has(flight)).length;
  return done < all.size ? { part: 'flights', done, of: all.size } : null;
}

/** The athletes with a result, of those the heat has; null when every one has. */
export function heatProgress(
  results: readonly AthleteRow[],
  startList: readonly AthleteRow[],
): ResultsProgress | null {
  const of = Math.max(results.length, startList.length);
  const done = results.filter(hasResult).length;
  return done < of ? { part: 'athletes', done, of } : null;
}

/**
 * A timing file's results for an event: null when complete, else what is still to come. A file
 * with no rows yet (its header only, the first part of a two-step write) is not complete.
 */
export function resultsProgress(
  kind: 'track' | 'field',
  results: readonly AthleteRow[],
  startList: readonly AthleteRow[],
): ResultsProgress | null {
  if (results.length === 0) {
    const part = kind === 'field' ? 'flights' : 'athletes';
    const of = kind === 'field' ? new Set(startList.map(flightOf)).size : startList.length;
    return { part, done: 0, of: Math.max(1, of) };
  }
  return kind === 'field' ? flightsProgress(results, startList) : heatProgress(results, startList);
}

/** "Flight 1 of 2 in", "2 of 3 flights in", "6 of 8 results in". */
export function progressText({ part, done, of }: ResultsProgress): string {
  if (part === 'athletes') return `${done} of ${of} results in`;
  return done === 1 ? `Flight 1 of ${of} in` : `${done} of ${of} flights in`;
}
