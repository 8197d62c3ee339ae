import type { AthleteRow } from '../../schemas/athlete.ts';
import { formatFieldMark } from '../fieldMark.ts';
import { formatRaceTime, parseRaceTime } from '../raceTime.ts';
import { normalizeResultCode } from '../resultCode.ts';
import { windLabel } from '../wind.ts';
import type { BestsEvent } from './event.ts';

/**
 * A row's mark as bests and records compare it (athletics-rules.md, "Wind, records and
 * bests"): the mark as shown (a time in hundredths rounded up, a distance in centimetres cut
 * down), so two marks that read alike are equal.
 */
export interface Mark {
  /** Hundredths of a second, or centimetres. */
  value: number;
  /** As shown: "12.05", "1:52.34", "7.65". */
  text: string;
  /** A hand time (tenths, or whole seconds): kept apart from fully automatic ones. */
  hand: boolean;
  /** The wind with the mark, as written; null where none was read. */
  wind: string | null;
  /**
   * Counts for a best or a record: in a wind event outdoors, a reading of +2.0 m/s or less;
   * anywhere else, always.
   */
  legal: boolean;
}

/**
 * The wind of a field row's best attempt, where each attempt has its own; of two attempts
 * alike, the legal one's.
 */
function bestAttemptWind(row: AthleteRow): string | null {
  const best = formatFieldMark(row.best ?? row.performance);
  const winds = (row.attempts ?? []).flatMap((cell, at) =>
    formatFieldMark(cell) === best ? [row.attemptWinds?.[at] ?? null] : [],
  );
  return (
    winds.find((wind) => windLabel(wind) !== 'Wind-aided' && wind !== null) ?? winds[0] ?? null
  );
}

function timeOf(text: string): { value: number; text: string; hand: boolean } | null {
  const seconds = parseRaceTime(text);
  if (seconds === null || seconds <= 0) return null;
  // Hand times are read to the tenth (whole seconds are a road race's, not a stopwatch's).
  const hand = /\.\d$/.test(text);
  const shown = hand || !text.includes('.') ? text : formatRaceTime(text);
  return { value: Math.round((parseRaceTime(shown) ?? seconds) * 100), text: shown, hand };
}

function distanceOf(text: string): { value: number; text: string; hand: boolean } | null {
  const shown = formatFieldMark(text);
  if (!/^\d+\.\d{2}$/.test(shown)) return null;
  const value = Math.round(Number(shown) * 100);
  return value > 0 ? { value, text: shown, hand: false } : null;
}

/** A mark as written ("10.45", "1:52.3", "7.65m"), read for the event; null if it is none. */
export function readMark(
  written: string | null | undefined,
  event: Pick<BestsEvent, 'measure'>,
): Pick<Mark, 'value' | 'text' | 'hand'> | null {
  const text = (written ?? '').trim().replace(/\s*[a-z]+$/i, '');
  if (text === '' || normalizeResultCode(text) !== null) return null;
  return event.measure === 'time' ? timeOf(text) : distanceOf(text);
}

/** The row's mark in the event; null for a code (DNS, NM, DQ…) or no mark. */
export function markOf(
  row: AthleteRow,
  event: BestsEvent,
  context: { eventWind: string | null; indoor: boolean },
): Mark | null {
  if (normalizeResultCode(row.rank) !== null) return null;
  const mark = readMark(
    event.measure === 'time' ? row.performance : (row.best ?? row.performance),
    event,
  );
  if (!mark) return null;
  const wind =
    row.windspeed ??
    (event.measure === 'distance' ? bestAttemptWind(row) : null) ??
    context.eventWind ??
    null;
  const measured = event.windMeasured && !context.indoor;
  const legal =
    !measured || windLabel(wind) === 'Legal wind' || windLabel(wind) === 'Strong headwind';
  return { ...mark, wind: measured ? wind : null, legal };
}

/** Whether `a` is a better mark than `b` in the event. */
export const isBetter = (event: Pick<BestsEvent, 'measure'>, a: number, b: number): boolean =>
  event.measure === 'time' ? a < b : a > b;

/**
 * The season a mark counts for: the calendar year outdoors; indoors the winter's, a meet from
 * November on belonging to the next year's indoor season.
 */
export function seasonOf(date: string, indoor: boolean): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return indoor ? `${month >= 11 ? year + 1 : year} indoor` : `${year} outdoor`;
}
