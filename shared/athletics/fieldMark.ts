import { formatUnits, parseDecimal, scaleMagnitude } from './decimal.ts';
import type { DecimalDigits } from './decimal.ts';
import { normalizeResultCode } from './resultCode.ts';

/** A distance or height in metres: unsigned digits only. */
function readMark(text: string | null | undefined): DecimalDigits | null {
  const trimmed = (text ?? '').trim();
  return /^[\d.]+$/.test(trimmed) ? parseDecimal(trimmed) : null;
}

/**
 * Two decimals, cut rather than rounded: World Athletics records a distance to the whole
 * centimetre below what was measured (7.655 -> 7.65). Codes are normalised; other text comes
 * back trimmed.
 */
export function formatFieldMark(text: string | null | undefined): string {
  const mark = readMark(text);
  if (mark) return formatUnits(scaleMagnitude(mark, 2, 'down'), 2);
  return normalizeResultCode(text) ?? (text ?? '').trim();
}

const FOULS = new Set(['F', 'X', 'FOUL']);
const PASSES = new Set(['-', 'P', 'PASS']);

/**
 * A horizontal trial's foul (X) or pass (-) however the source spelled it (F, FOUL, P, PASS);
 * null when the cell is something else (a mark). One rule for every reader and the pages.
 */
export function trialCode(cell: string): 'X' | '-' | null {
  const upper = cell.trim().toUpperCase();
  return FOULS.has(upper) ? 'X' : PASSES.has(upper) ? '-' : null;
}

function formatHorizontalAttempt(cell: string): string {
  return trialCode(cell) ?? formatFieldMark(cell);
}

/** Up to three tries at one height: failures, then a clearance or a pass to the next height. */
const VERTICAL_CELL = /^(X{0,2}O|X{1,3}|X{0,2}-)$/;

function formatVerticalAttempt(cell: string): string {
  // FieldLynx writes passes as P (PPP for the whole height); World Athletics shows "-".
  const symbols = cell.toUpperCase().replaceAll('P', '-');
  const collapsed = /^-+$/.test(symbols) ? '-' : symbols;
  if (VERTICAL_CELL.test(collapsed)) return collapsed;
  return normalizeResultCode(cell) ?? cell;
}

/** One cell of a field series: a mark or a horizontal X/-, or a vertical O/XO/XXO/XXX/-. */
export function formatAttempt(cell: string | null | undefined, vertical: boolean): string {
  const trimmed = (cell ?? '').trim();
  if (trimmed === '') return '';
  return vertical ? formatVerticalAttempt(trimmed) : formatHorizontalAttempt(trimmed);
}

/**
 * The longest valid mark of a horizontal series, as written in its cell (trimmed), so it can
 * be stored like the source's own best; display it through formatFieldMark.
 */
export function bestMark(attempts: readonly (string | null)[]): string | null {
  let best: { text: string; value: number } | null = null;
  for (const cell of attempts) {
    const mark = readMark(cell);
    if (!mark) continue;
    const value = Number(`${mark.whole || 0}.${mark.fraction || 0}`);
    if (value > 0 && (!best || value > best.value)) best = { text: (cell ?? '').trim(), value };
  }
  return best?.text ?? null;
}
