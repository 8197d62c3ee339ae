import { parseDecimal, scaleMagnitude } from '../decimal.ts';
import { formatRaceTime, parseRaceTime } from '../raceTime.ts';

/*
 * Points of the combined events, by World Athletics' Scoring Tables for Combined Events: a race
 * scores INT(A × (B − T)^C) with T in seconds, a jump INT(A × (M − B)^C) with M in centimetres,
 * a throw INT(A × (D − B)^C) with D in metres. A mark no better than B scores 0.
 */

export const combinedKinds = [
  'DECATHLON',
  'HEPTATHLON',
  'INDOOR_HEPTATHLON',
  'PENTATHLON',
  'INDOOR_PENTATHLON',
] as const;
export type CombinedKind = (typeof combinedKinds)[number];

export type CombinedSex = 'men' | 'women';

export type CombinedPart =
  | '60m'
  | '100m'
  | '200m'
  | '400m'
  | '800m'
  | '1000m'
  | '1500m'
  | '60mH'
  | '100mH'
  | '110mH'
  | 'HJ'
  | 'PV'
  | 'LJ'
  | 'SP'
  | 'DT'
  | 'JT';

/** Who a kind is for when its name does not say. */
export const defaultSex = (kind: CombinedKind): CombinedSex =>
  kind === 'DECATHLON' || kind === 'INDOOR_HEPTATHLON' ? 'men' : 'women';

const menHeptathlon: readonly CombinedPart[] = ['60m', 'LJ', 'SP', 'HJ', '60mH', 'PV', '1000m'];

/** Each kind's events in the order World Athletics holds them (Technical Rule 39). */
const programmes: Readonly<Record<CombinedKind, Record<CombinedSex, readonly CombinedPart[]>>> = {
  DECATHLON: {
    men: ['100m', 'LJ', 'SP', 'HJ', '400m', '110mH', 'DT', 'PV', 'JT', '1500m'],
    // The women's decathlon puts the throws and the vault on the first day.
    women: ['100m', 'DT', 'PV', 'JT', '400m', '100mH', 'LJ', 'SP', 'HJ', '1500m'],
  },
  // Men run the heptathlon indoors only: a men's heptathlon is that one.
  HEPTATHLON: { men: menHeptathlon, women: ['100mH', 'HJ', 'SP', '200m', 'LJ', 'JT', '800m'] },
  // World Athletics has no women's indoor heptathlon, so no tables to score one.
  INDOOR_HEPTATHLON: { men: menHeptathlon, women: [] },
  PENTATHLON: {
    men: ['LJ', 'JT', '200m', 'DT', '1500m'],
    women: ['100mH', 'HJ', 'SP', 'LJ', '800m'],
  },
  INDOOR_PENTATHLON: {
    men: ['60mH', 'LJ', 'SP', 'HJ', '1000m'],
    women: ['60mH', 'HJ', 'SP', 'LJ', '800m'],
  },
};

export const partsOf = (kind: CombinedKind, sex: CombinedSex): readonly CombinedPart[] =>
  programmes[kind][sex];

interface Table {
  a: number;
  b: number;
  c: number;
}
const table = (a: number, b: number, c: number): Table => ({ a, b, c });

type Unit = 'seconds' | 'centimetres' | 'metres';

const units: Readonly<Record<CombinedPart, Unit>> = {
  '60m': 'seconds',
  '100m': 'seconds',
  '200m': 'seconds',
  '400m': 'seconds',
  '800m': 'seconds',
  '1000m': 'seconds',
  '1500m': 'seconds',
  '60mH': 'seconds',
  '100mH': 'seconds',
  '110mH': 'seconds',
  HJ: 'centimetres',
  PV: 'centimetres',
  LJ: 'centimetres',
  SP: 'metres',
  DT: 'metres',
  JT: 'metres',
};

/** A, B and C of each event; an event a sex does not contest has no table. */
const tables: Readonly<Record<CombinedPart, Partial<Record<CombinedSex, Table>>>> = {
  '60m': { men: table(58.015, 11.5, 1.81) },
  '100m': { men: table(25.4347, 18, 1.81), women: table(17.857, 21, 1.81) },
  // The men's 200 m is the outdoor pentathlon's.
  '200m': { men: table(5.8425, 38, 1.81), women: table(4.99087, 42.5, 1.81) },
  '400m': { men: table(1.53775, 82, 1.81), women: table(1.34285, 91.7, 1.81) },
  '800m': { women: table(0.11193, 254, 1.88) },
  '1000m': { men: table(0.08713, 305.5, 1.85) },
  '1500m': { men: table(0.03768, 480, 1.85), women: table(0.02883, 535, 1.88) },
  '60mH': { men: table(20.5173, 15.5, 1.92), women: table(20.0479, 17, 1.835) },
  '100mH': { women: table(9.23076, 26.7, 1.835) },
  '110mH': { men: table(5.74352, 28.5, 1.92) },
  HJ: { men: table(0.8465, 75, 1.42), women: table(1.84523, 75, 1.348) },
  PV: { men: table(0.2797, 100, 1.35), women: table(0.44125, 100, 1.35) },
  LJ: { men: table(0.14354, 220, 1.4), women: table(0.188807, 210, 1.41) },
  SP: { men: table(51.39, 1.5, 1.05), women: table(56.0211, 1.5, 1.05) },
  DT: { men: table(12.91, 4, 1.1), women: table(12.3311, 3, 1.1) },
  JT: { men: table(10.14, 7, 1.08), women: table(15.9803, 3.8, 1.04) },
};

/**
 * Whole hundredths of a second: thousandths are rounded up first, as World Athletics shows
 * fully automatic times (10.541 is 10.55).
 */
function hundredths(text: string): number | null {
  const seconds = parseRaceTime(formatRaceTime(text));
  return seconds === null ? null : Math.round(seconds * 100);
}

/** Whole centimetres, cut as World Athletics records a distance (7.655 m is 7.65 m). */
function centimetres(text: string): number | null {
  const trimmed = text.trim();
  const digits = /^\d+(?:\.\d+)?$/.test(trimmed) ? parseDecimal(trimmed) : null;
  return digits ? scaleMagnitude(digits, 2, 'down') : null;
}

/**
 * How far the mark is past B, worked out from whole hundredths and centimetres so that no
 * binary fraction creeps in before the power.
 */
function margin(unit: Unit, b: number, text: string): number | null {
  if (unit === 'seconds') {
    const time = hundredths(text);
    return time === null ? null : (Math.round(b * 100) - time) / 100;
  }
  const cm = centimetres(text);
  if (cm === null) return null;
  return unit === 'centimetres' ? cm - b : (cm - Math.round(b * 100)) / 100;
}

/**
 * The points of one performance ("10.55", "4:36.11", "7.80"); null when the text is no mark
 * (a result code, nothing) or the sex has no table for the event. A value that is a whole
 * number on paper can come out of the float power a hair below it: the epsilon keeps INT from
 * dropping that point.
 */
export function partPoints(
  part: CombinedPart,
  sex: CombinedSex,
  performance: string | null,
): number | null {
  const coefficients = tables[part][sex];
  if (!coefficients || performance === null) return null;
  const past = margin(units[part], coefficients.b, performance);
  if (past === null) return null;
  if (past <= 0) return 0;
  return Math.floor(coefficients.a * past ** coefficients.c + 1e-9);
}
