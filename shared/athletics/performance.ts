import { formatUnits, parseDecimal, scaleMagnitude } from './decimal.ts';
import { formatFieldMark } from './fieldMark.ts';
import { formatRaceTime } from './raceTime.ts';
import { normalizeResultCode } from './resultCode.ts';

// The results-display API in one place; each rule lives in its own module.
export { bestMark, formatAttempt, formatFieldMark } from './fieldMark.ts';
export { formatRaceTime, parseRaceTime } from './raceTime.ts';
export { compareResultRows, sortResultRows } from './resultOrder.ts';
export { normalizeResultCode } from './resultCode.ts';
export type { ResultCode } from './resultCode.ts';

/** A row's performance for display: '' when missing, codes normalised (NT -> DNS). */
export function formatPerformance(
  text: string | null | undefined,
  kind: 'track' | 'field',
): string {
  const code = normalizeResultCode(text);
  if (code) return code;
  return kind === 'track' ? formatRaceTime(text) : formatFieldMark(text);
}

/**
 * Three decimals. Extra digits are cut, not rounded: 0.0995 is a false start (under 0.100)
 * and must not be shown as 0.100. Other text comes back trimmed.
 */
export function formatReactionTime(text: string | null | undefined): string {
  const trimmed = (text ?? '').trim();
  const digits = /^[\d.]+$/.test(trimmed) ? parseDecimal(trimmed) : null;
  return digits ? formatUnits(scaleMagnitude(digits, 3, 'down'), 3) : trimmed;
}
