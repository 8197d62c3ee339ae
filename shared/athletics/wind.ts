import { parseDecimal, scaleMagnitude } from './decimal.ts';
import type { DecimalDigits } from './decimal.ts';

export type WindLabel = 'Wind-aided' | 'Strong headwind' | 'Legal wind';

/**
 * Reads "+1.3", "-0.4", "+1.3 m/s", or a LIF wind sub-list whose first item is the wind
 * ("-1.2,,,,,,,"). A number goes through its shortest decimal spelling (String(1.21) is
 * "1.21", where toFixed(20) would show the binary value 1.2099...), which is the value the
 * sender meant; only magnitudes below 1e-6 are spelt with an exponent, and there toFixed is
 * exact enough because any such reading rounds to +0.1 or 0.0 alike.
 */
function readWind(value: string | number | null | undefined): DecimalDigits | null {
  if (typeof value === 'number') {
    const text = String(value);
    return parseDecimal(text.includes('e') ? value.toFixed(20) : text);
  }
  const first = (value ?? '').split(',')[0] ?? '';
  return parseDecimal(first.replace(/m\/s\s*$/i, ''));
}

/** Metres per second; -0.0 comes back as 0. */
export function parseWind(value: string | number | null | undefined): number | null {
  const wind = readWind(value);
  if (!wind) return null;
  const magnitude = Number(`${wind.whole || 0}.${wind.fraction || 0}`);
  return wind.negative && magnitude !== 0 ? -magnitude : magnitude;
}

/**
 * Whole tenths, rounded to the next tenth in the positive direction as World Athletics
 * requires (+1.21 -> +1.3, -1.29 -> -1.2).
 */
function windTenths(value: string | number | null | undefined): number | null {
  const wind = readWind(value);
  if (!wind) return null;
  if (!wind.negative) return scaleMagnitude(wind, 1, 'up');
  const tenths = scaleMagnitude(wind, 1, 'down');
  return tenths === 0 ? 0 : -tenths;
}

/** Signed with one decimal ("+1.3", "-0.4", "+0.0"); '' when there is no wind. */
export function formatWind(value: string | number | null | undefined): string {
  const tenths = windTenths(value);
  if (tenths === null) return '';
  const magnitude = Math.abs(tenths);
  return `${tenths < 0 ? '-' : '+'}${Math.floor(magnitude / 10)}.${magnitude % 10}`;
}

/** Judged on the wind as shown, so the label always agrees with the figure next to it. */
export function windLabel(value: string | number | null | undefined): WindLabel | null {
  const tenths = windTenths(value);
  if (tenths === null) return null;
  if (tenths > 20) return 'Wind-aided';
  if (tenths < -20) return 'Strong headwind';
  return 'Legal wind';
}
