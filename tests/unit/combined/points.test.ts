import { describe, expect, it } from 'vitest';
import {
  combinedKinds,
  defaultSex,
  partPoints,
  partsOf,
  type CombinedPart,
} from '../../../shared/athletics/combined/points.ts';

// Published splits, each recomputed from the formula. European Athletics' report of the record
// gives Mayer's 100 m 963 points; the 1500 m is then 705, and the ten add up to 9126.
const mayer: [CombinedPart, string, number][] = [
  ['100m', '10.55', 963],
  ['LJ', '7.80', 1010],
  ['SP', '16.00', 851],
  ['HJ', '2.05', 850],
  ['400m', '48.42', 889],
  ['110mH', '13.75', 1007],
  ['DT', '50.54', 882],
  ['PV', '5.45', 1051],
  ['JT', '71.90', 918],
  ['1500m', '4:36.11', 705],
];

const joynerKersee: [CombinedPart, string, number][] = [
  ['100mH', '12.69', 1172],
  ['HJ', '1.86', 1054],
  ['SP', '15.80', 915],
  ['200m', '22.56', 1123],
  ['LJ', '7.27', 1264],
  ['JT', '45.66', 776],
  ['800m', '2:08.51', 987],
];

describe('partPoints: published scores', () => {
  it.each(mayer)(
    "Kevin Mayer's decathlon world record (Talence 2018): %s %s = %i",
    (part, mark, points) => {
      expect(partPoints(part, 'men', mark)).toBe(points);
    },
  );

  it('adds up to 9126', () => {
    const total = mayer.reduce(
      (sum, [part, mark]) => sum + (partPoints(part, 'men', mark) ?? 0),
      0,
    );
    expect(total).toBe(9126);
  });

  it.each(joynerKersee)(
    "Jackie Joyner-Kersee's heptathlon world record (Seoul 1988): %s %s = %i",
    (part, mark, points) => {
      expect(partPoints(part, 'women', mark)).toBe(points);
    },
  );

  it('adds up to 7291', () => {
    const total = joynerKersee.reduce(
      (sum, [part, mark]) => sum + (partPoints(part, 'women', mark) ?? 0),
      0,
    );
    expect(total).toBe(7291);
  });

  it.each<[CombinedPart, 'men' | 'women', string]>([
    ['110mH', 'men', '13.80'],
    ['LJ', 'men', '7.76'],
    ['200m', 'women', '23.80'],
    ['800m', 'women', '2:07.63'],
  ])("the tables' check value %s (%s) %s = 1000", (part, sex, mark) => {
    expect(partPoints(part, sex, mark)).toBe(1000);
  });
});

describe('partPoints: marks', () => {
  it('scores 0 for a mark no better than B', () => {
    expect(partPoints('100m', 'men', '18.00')).toBe(0);
    expect(partPoints('100m', 'men', '19.20')).toBe(0);
    expect(partPoints('LJ', 'men', '2.10')).toBe(0);
    expect(partPoints('SP', 'women', '1.50')).toBe(0);
  });

  it('rounds a time in thousandths up to hundredths first', () => {
    expect(partPoints('100m', 'men', '10.541')).toBe(963);
    expect(partPoints('100m', 'men', '10.540')).toBe(partPoints('100m', 'men', '10.54'));
    expect(partPoints('100m', 'men', '10.54')).toBe(966);
    // The carry reaches the minutes.
    expect(partPoints('400m', 'men', '59.991')).toBe(partPoints('400m', 'men', '1:00.00'));
  });

  it('cuts a distance to the centimetre below', () => {
    expect(partPoints('LJ', 'men', '7.809')).toBe(1010);
    expect(partPoints('SP', 'men', ' 16.00 ')).toBe(851);
  });

  it.each([null, '', 'DNS', 'DNF', 'NM', 'X', '7,80', '7.80m', 'abc'])(
    'gives no points for %j',
    (text) => {
      expect(partPoints('LJ', 'men', text)).toBeNull();
    },
  );

  it('gives no points where the sex has no table for the event', () => {
    expect(partPoints('800m', 'men', '2:00.00')).toBeNull();
    expect(partPoints('110mH', 'women', '13.50')).toBeNull();
  });
});

describe('kinds', () => {
  it('lists every kind for a schema', () => {
    expect(combinedKinds).toEqual([
      'DECATHLON',
      'HEPTATHLON',
      'INDOOR_HEPTATHLON',
      'PENTATHLON',
      'INDOOR_PENTATHLON',
    ]);
  });

  it.each([
    ['DECATHLON', 'men'],
    ['HEPTATHLON', 'women'],
    ['INDOOR_HEPTATHLON', 'men'],
    ['PENTATHLON', 'women'],
    ['INDOOR_PENTATHLON', 'women'],
  ] as const)('%s is for %s unless the name says', (kind, sex) => {
    expect(defaultSex(kind)).toBe(sex);
  });

  it('holds the events in the order World Athletics does', () => {
    expect(partsOf('DECATHLON', 'men')).toEqual(mayer.map(([part]) => part));
    expect(partsOf('DECATHLON', 'women')).toEqual([
      '100m',
      'DT',
      'PV',
      'JT',
      '400m',
      '100mH',
      'LJ',
      'SP',
      'HJ',
      '1500m',
    ]);
    expect(partsOf('HEPTATHLON', 'women')).toEqual(joynerKersee.map(([part]) => part));
    expect(partsOf('INDOOR_HEPTATHLON', 'men')).toEqual([
      '60m',
      'LJ',
      'SP',
      'HJ',
      '60mH',
      'PV',
      '1000m',
    ]);
    expect(partsOf('PENTATHLON', 'women')).toEqual(['100mH', 'HJ', 'SP', 'LJ', '800m']);
    expect(partsOf('PENTATHLON', 'men')).toEqual(['LJ', 'JT', '200m', 'DT', '1500m']);
    expect(partsOf('INDOOR_PENTATHLON', 'women')).toEqual(['60mH', 'HJ', 'SP', 'LJ', '800m']);
    expect(partsOf('INDOOR_PENTATHLON', 'men')).toEqual(['60mH', 'LJ', 'SP', 'HJ', '1000m']);
  });

  it('scores every event of every programme', () => {
    for (const kind of combinedKinds) {
      for (const sex of ['men', 'women'] as const) {
        for (const part of partsOf(kind, sex)) {
          const mark = ['HJ', 'PV', 'LJ', 'SP', 'DT', 'JT'].includes(part) ? '1.00' : '1:00.00';
          expect(partPoints(part, sex, mark), `${kind} ${sex} ${part}`).not.toBeNull();
        }
      }
    }
  });
});
