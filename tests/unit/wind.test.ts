import { describe, expect, it } from 'vitest';
import { formatWind, parseWind, windLabel } from '../../shared/athletics/wind.ts';

describe('parseWind', () => {
  it.each([
    ['+1.3', 1.3],
    ['-0.4', -0.4],
    ['1.3', 1.3],
    [' +2.0 ', 2],
    ['-1.2,,,,,,,', -1.2],
    ['-1.4,,,,,,,,,,,192,,,', -1.4],
    ['+1.3 m/s', 1.3],
    ['+1.3m/s', 1.3],
    ['-2.1 M/S', -2.1],
    [1.3, 1.3],
    [-0.4, -0.4],
  ])('reads %j', (value, wind) => {
    expect(parseWind(value)).toBe(wind);
  });

  it.each(['-0.0', '+0.0', '0', -0])('reads %j as plain 0, never -0', (value) => {
    expect(parseWind(value)).toBe(0);
  });

  it.each([null, undefined, '', '   ', ',,,,', 'NWI', 'm/s', Number.NaN, Infinity])(
    'returns null for %j',
    (value) => {
      expect(parseWind(value)).toBeNull();
    },
  );
});

describe('formatWind', () => {
  it.each([
    ['+1.3', '+1.3'],
    ['1.3', '+1.3'],
    ['-0.4', '-0.4'],
    ['0', '+0.0'],
    ['-0.0', '+0.0'],
    ['-0.04', '+0.0'],
    ['+0.01', '+0.1'],
    ['+1.21', '+1.3'],
    ['+1.25', '+1.3'],
    ['-1.29', '-1.2'],
    ['+2.0', '+2.0'],
    ['+2.00', '+2.0'],
    ['+2.01', '+2.1'],
    ['-2.01', '-2.0'],
    ['+0.29', '+0.3'],
    ['+10.9', '+10.9'],
    ['+12', '+12.0'],
    ['-1.2,,,,,,,', '-1.2'],
    ['+1.3 m/s', '+1.3'],
  ])('%j -> %j', (value, shown) => {
    expect(formatWind(value)).toBe(shown);
  });

  it('rounds numbers by their decimal spelling, not their binary value', () => {
    // 0.1 is stored as 0.1000000000000000055..., which must not round up to +0.2.
    expect(formatWind(0.1)).toBe('+0.1');
    expect(formatWind(2)).toBe('+2.0');
    expect(formatWind(1.21)).toBe('+1.3');
    expect(formatWind(-0)).toBe('+0.0');
    expect(formatWind(-1.29)).toBe('-1.2');
  });

  it('rounds tiny numbers written with an exponent in the positive direction', () => {
    expect(formatWind(1e-7)).toBe('+0.1');
    expect(formatWind(-1e-7)).toBe('+0.0');
  });

  it.each([null, undefined, '', 'calm', Number.NaN])('gives "" for %j', (value) => {
    expect(formatWind(value)).toBe('');
  });
});

describe('windLabel', () => {
  it.each([
    ['+2.1', 'Wind-aided'],
    ['+2.01', 'Wind-aided'],
    ['+2.0', 'Legal wind'],
    ['+2.00', 'Legal wind'],
    ['0', 'Legal wind'],
    ['-0.0', 'Legal wind'],
    ['-2.0', 'Legal wind'],
    ['-2.09', 'Legal wind'],
    ['-2.1', 'Strong headwind'],
    ['-5.3', 'Strong headwind'],
    [2.01, 'Wind-aided'],
    [2, 'Legal wind'],
  ] as const)('%j -> %j', (value, label) => {
    expect(windLabel(value)).toBe(label);
  });

  it.each([null, undefined, '', ' '])('is null without wind: %j', (value) => {
    expect(windLabel(value)).toBeNull();
  });
});
