import { describe, expect, it } from 'vitest';
import { formatUnits, parseDecimal, scaleMagnitude } from '../../shared/athletics/decimal.ts';

describe('parseDecimal', () => {
  it.each([
    ['1.25', { negative: false, whole: '1', fraction: '25' }],
    ['-0.0', { negative: true, whole: '0', fraction: '0' }],
    ['+7', { negative: false, whole: '7', fraction: '' }],
    ['.5', { negative: false, whole: '', fraction: '5' }],
    [' 3. ', { negative: false, whole: '3', fraction: '' }],
  ])('reads %j', (text, digits) => {
    expect(parseDecimal(text)).toEqual(digits);
  });

  it.each(['', '.', '-', '1.2.3', '1e3', '1,5', 'abc', '--1'])('rejects %j', (text) => {
    expect(parseDecimal(text)).toBeNull();
  });
});

describe('scaleMagnitude', () => {
  const digits = (text: string) => {
    const parsed = parseDecimal(text);
    if (!parsed) throw new Error(text);
    return parsed;
  };

  // In floats 0.29 * 100 is 28.999999999999996 and 0.07 * 100 is 7.000000000000001.
  it('avoids the float traps of scaling by multiplication', () => {
    expect(scaleMagnitude(digits('0.29'), 2, 'down')).toBe(29);
    expect(scaleMagnitude(digits('4.35'), 2, 'down')).toBe(435);
    expect(scaleMagnitude(digits('0.07'), 2, 'up')).toBe(7);
    expect(scaleMagnitude(digits('1.1'), 2, 'up')).toBe(110);
    expect(scaleMagnitude(digits('1.005'), 2, 'down')).toBe(100);
    expect(scaleMagnitude(digits('1.005'), 2, 'up')).toBe(101);
  });

  it('rounds up only when a dropped digit is not zero', () => {
    expect(scaleMagnitude(digits('9.570'), 2, 'up')).toBe(957);
    expect(scaleMagnitude(digits('9.5700001'), 2, 'up')).toBe(958);
  });

  it('pads short fractions and ignores the sign', () => {
    expect(scaleMagnitude(digits('-2'), 2, 'up')).toBe(200);
    expect(scaleMagnitude(digits('.5'), 3, 'down')).toBe(500);
  });
});

describe('formatUnits', () => {
  it.each([
    [705, 2, '7.05'],
    [5, 2, '0.05'],
    [0, 1, '0.0'],
    [150, 3, '0.150'],
    [140002, 2, '1400.02'],
  ])('%j units of %j places -> %j', (units, places, text) => {
    expect(formatUnits(units, places)).toBe(text);
  });
});
