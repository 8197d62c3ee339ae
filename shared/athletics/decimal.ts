/**
 * A decimal number kept as the digits it was written with, so that rounding to a display
 * precision never meets binary floating-point error (0.29 * 100 is 28.999999999999996).
 */
export interface DecimalDigits {
  negative: boolean;
  whole: string;
  fraction: string;
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

export function parseDecimal(text: string): DecimalDigits | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  return { negative: sign === '-', whole, fraction };
}

/**
 * The magnitude as a whole number of 10^-places units. 'up' moves to the next unit when any
 * dropped digit is non-zero; 'down' drops them.
 */
export function scaleMagnitude(
  digits: DecimalDigits,
  places: number,
  direction: 'up' | 'down',
): number {
  const kept = digits.fraction.slice(0, places).padEnd(places, '0');
  const units = Number(digits.whole + kept);
  const droppedNonZero = /[1-9]/.test(digits.fraction.slice(places));
  return direction === 'up' && droppedNonZero ? units + 1 : units;
}

/** Writes a whole number of 10^-places units (places >= 1) as a decimal: 705, 2 -> "7.05". */
export function formatUnits(units: number, places: number): string {
  const text = String(units).padStart(places + 1, '0');
  return `${text.slice(0, -places)}.${text.slice(-places)}`;
}
