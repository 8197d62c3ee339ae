import { formatUnits, parseDecimal, scaleMagnitude } from '../decimal.ts';
import type { FieldDiscipline } from '../../domain.ts';
import { verticalJumps } from '../../domain.ts';

/*
 * What an official's card may write in one cell (athletics rules, field events): a
 * horizontal trial is a distance to the centimetre, `x` (foul), `-` (pass) or `r`
 * (retired); a vertical trial is `o` (clear), `x` (fail) or `-` (pass) at one bar height.
 */

export type FieldKind = 'horizontal' | 'vertical';
export const HORIZONTAL_CODES = ['x', '-', 'r'] as const;
export const VERTICAL_MARKS = ['o', 'x', '-'] as const;
export type VerticalMark = (typeof VERTICAL_MARKS)[number];

/** The longest throw ever is under 105 m: anything past this is a typing slip. */
const LONGEST_MARK_CM = 150_00;
/** Bars from a schools' high jump to the pole vault world record, with room either side. */
const LOWEST_BAR_CM = 50;
const HIGHEST_BAR_CM = 7_00;

/**
 * Disciplines a field card can run: the jumps and throws, and a field event Rith could not
 * name (CUSTOM, or none), run as a horizontal one. Combined events are run event by event.
 */
const CARD_DISCIPLINES: readonly (FieldDiscipline | null)[] = [
  'HIGH_JUMP',
  'POLE_VAULT',
  'LONG_JUMP',
  'TRIPLE_JUMP',
  'DISCUS_THROW',
  'HAMMER_THROW',
  'JAVELIN_THROW',
  'SHOT_PUT',
  'WEIGHT_THROW',
  'CUSTOM',
  null,
];
export const isCardDiscipline = (discipline: FieldDiscipline | null): boolean =>
  CARD_DISCIPLINES.includes(discipline);

export const fieldKindOf = (discipline: FieldDiscipline | null): FieldKind =>
  discipline !== null && verticalJumps.includes(discipline) ? 'vertical' : 'horizontal';

/** Long and triple jump have a wind reading per trial; the best mark's is shown with it. */
export const hasTrialWind = (discipline: FieldDiscipline | null): boolean =>
  discipline === 'LONG_JUMP' || discipline === 'TRIPLE_JUMP';

/** Every bar rise is at least this much (TR 26): 2 cm in the high jump, 5 cm in the vault. */
export const minimumRiseCm = (discipline: FieldDiscipline | null): number =>
  discipline === 'POLE_VAULT' ? 5 : 2;

/** Metres with at most two decimals ("11.07", "8", "0.5"), as whole centimetres; else null. */
function centimetres(text: string): number | null {
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) return null;
  const digits = parseDecimal(text);
  return digits ? scaleMagnitude(digits, 2, 'down') : null;
}

/** A distance as the card and the results write it: "11.07". */
export const formatCentimetres = (cm: number): string => formatUnits(cm, 2);

/**
 * A horizontal trial as stored ("11.07", "x", "-", "r"), or null when the text is not one.
 * Commas are read as decimal points: a phone's keypad in many languages gives one.
 */
export function readHorizontalMark(text: string): string | null {
  const trimmed = text.trim().toLowerCase().replace(',', '.');
  if ((HORIZONTAL_CODES as readonly string[]).includes(trimmed)) return trimmed;
  const cm = centimetres(trimmed);
  return cm !== null && cm > 0 && cm <= LONGEST_MARK_CM ? formatCentimetres(cm) : null;
}

/** The distance of a stored horizontal trial in centimetres; null for x, - and r. */
export const markCentimetres = (mark: string): number | null => centimetres(mark);

export function readVerticalMark(text: string): VerticalMark | null {
  const trimmed = text.trim().toLowerCase();
  return (VERTICAL_MARKS as readonly string[]).includes(trimmed) ? (trimmed as VerticalMark) : null;
}

/** A bar height in centimetres ("2.05" -> 205), or null when it is not a plausible one. */
export function readHeight(text: string): number | null {
  const cm = centimetres(text.trim().replace(',', '.'));
  return cm !== null && cm >= LOWEST_BAR_CM && cm <= HIGHEST_BAR_CM ? cm : null;
}

/** A wind reading as shown ("+1.2", "-0.4", "0.0"); null when the text is not one. */
export function readWind(text: string): string | null {
  const match = /^([+-]?)(\d{1,2})(?:[.,](\d))?$/.exec(text.trim());
  if (!match) return null;
  const [, sign = '', whole = '0', tenth = '0'] = match;
  const value = `${Number(whole)}.${tenth}`;
  if (value === '0.0') return '0.0';
  return `${sign === '-' ? '-' : '+'}${value}`;
}
