import { formatUnits, parseDecimal, scaleMagnitude } from './decimal.ts';
import type { DecimalDigits } from './decimal.ts';

interface RaceTime {
  /** Hours and minutes folded into seconds. */
  leadingSeconds: number;
  /** The seconds part as written, with its full precision. */
  seconds: DecimalDigits;
}

const SECONDS = /^\d+(?:\.\d+)?$/;
const TWO_DIGITS_BELOW_60 = /^[0-5]\d$/;

/** Reads ss.fff, m:ss.fff or h:mm:ss.fff; inner parts must be two digits below 60. */
function readRaceTime(text: string | null | undefined): RaceTime | null {
  const parts = (text ?? '').trim().split(':');
  const last = parts.pop() ?? '';
  const seconds = SECONDS.test(last) ? parseDecimal(last) : null;
  if (!seconds || parts.length > 2) return null;
  if (parts.length > 0 && !TWO_DIGITS_BELOW_60.test(seconds.whole)) return null;
  const [first, second] = parts;
  if (first !== undefined && !/^\d+$/.test(first)) return null;
  if (second !== undefined && !TWO_DIGITS_BELOW_60.test(second)) return null;
  const leadingMinutes = parts.reduce((total, part) => total * 60 + Number(part), 0);
  return { leadingSeconds: leadingMinutes * 60, seconds };
}

/** Seconds at the precision written, so ties can be ordered on thousandths. */
export function parseRaceTime(text: string | null | undefined): number | null {
  const time = readRaceTime(text);
  if (!time) return null;
  return time.leadingSeconds + Number(`${time.seconds.whole}.${time.seconds.fraction || 0}`);
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * Hundredths rounded up, as World Athletics shows fully automatic times; the carry can reach
 * the minutes (59.991 -> 1:00.00). Text that is not a time comes back trimmed.
 */
export function formatRaceTime(text: string | null | undefined): string {
  const time = readRaceTime(text);
  if (!time) return (text ?? '').trim();
  const hundredths = time.leadingSeconds * 100 + scaleMagnitude(time.seconds, 2, 'up');
  const fraction = formatUnits(hundredths % 100, 2).slice(1);
  const totalSeconds = Math.floor(hundredths / 100);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor(totalSeconds / 60) % 60;
  const seconds = totalSeconds % 60;
  if (hours > 0) return `${hours}:${pad2(minutes)}:${pad2(seconds)}${fraction}`;
  if (minutes > 0) return `${minutes}:${pad2(seconds)}${fraction}`;
  return `${seconds}${fraction}`;
}
