import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  flagName,
  personalFlags,
  recordFlags,
  type PriorBests,
} from '../../../shared/athletics/bests/flags.ts';
import { isBetter } from '../../../shared/athletics/bests/marks.ts';

const TIME = { measure: 'time' } as const;
const DISTANCE = { measure: 'distance' } as const;

describe('personalFlags', () => {
  it.each([
    // [measure, mark, pb, sb, flags]
    ['a first mark on Rith', TIME, 1050, null, null, []],
    ['a first distance on Rith', DISTANCE, 765, null, null, []],
    ['a faster time', TIME, 1049, 1050, 1060, ['PB']],
    ['a longer distance', DISTANCE, 766, 765, 750, ['PB']],
    ['a faster time than the PB with no season yet', TIME, 1049, 1050, null, ['PB']],
    ['a time equal to the PB', TIME, 1050, 1050, 1060, ['=PB']],
    ['a distance equal to the PB', DISTANCE, 765, 765, 765, ['=PB']],
    ['a time between PB and SB', TIME, 1055, 1050, 1060, ['SB']],
    ['a distance between PB and SB', DISTANCE, 760, 765, 750, ['SB']],
    ["the season's first time, slower than the PB", TIME, 1100, 1050, null, ['SB']],
    ["the season's first distance, shorter than the PB", DISTANCE, 700, 765, null, ['SB']],
    ['a time equal to the SB', TIME, 1060, 1050, 1060, []],
    ['a time slower than the SB', TIME, 1070, 1050, 1060, []],
    ['a distance shorter than the SB', DISTANCE, 740, 765, 750, []],
  ] as const)('%s', (_, measure, mark, pb, sb, flags) => {
    expect(personalFlags(measure, mark, { pb, sb })).toEqual(flags);
  });

  it('reads time and distance in opposite directions', () => {
    const prior = { pb: 1000, sb: 1000 };
    expect(personalFlags(TIME, 999, prior)).toEqual(['PB']);
    expect(personalFlags(TIME, 1001, prior)).toEqual([]);
    expect(personalFlags(DISTANCE, 1001, prior)).toEqual(['PB']);
    expect(personalFlags(DISTANCE, 999, prior)).toEqual([]);
  });

  /** A history of marks, some this season: the PB and SB as the server works them out. */
  const history = fc.array(
    fc.record({ value: fc.integer({ min: 1, max: 60 }), thisSeason: fc.boolean() }),
    {
      maxLength: 8,
    },
  );
  const bestOf = (measure: typeof TIME | typeof DISTANCE, values: number[]) =>
    values.reduce<number | null>(
      (best, v) => (best === null || isBetter(measure, v, best) ? v : best),
      null,
    );

  it('never gives both PB and SB, and a PB beats every mark before (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(TIME, DISTANCE),
        history,
        fc.integer({ min: 1, max: 60 }),
        (measure, marks, mark) => {
          const all = marks.map((m) => m.value);
          const season = marks.filter((m) => m.thisSeason).map((m) => m.value);
          const prior: PriorBests = { pb: bestOf(measure, all), sb: bestOf(measure, season) };
          const flags = personalFlags(measure, mark, prior);

          expect(flags.length).toBeLessThanOrEqual(1);
          expect(flags.includes('PB') && flags.includes('SB')).toBe(false);
          if (all.length === 0) expect(flags).toEqual([]);
          if (flags.includes('PB')) {
            expect(all.every((v) => isBetter(measure, mark, v))).toBe(true);
          }
          if (flags.includes('=PB')) {
            expect(all.some((v) => isBetter(measure, v, mark))).toBe(false);
            expect(all).toContain(mark);
          }
          if (flags.includes('SB')) {
            expect(season.every((v) => isBetter(measure, mark, v))).toBe(true);
            expect(all.some((v) => !isBetter(measure, mark, v))).toBe(true);
          }
          // Whatever beats every mark before it, in a history, is a PB.
          if (all.length > 0 && all.every((v) => isBetter(measure, mark, v))) {
            expect(flags).toEqual(['PB']);
          }
        },
      ),
    );
  });
});

describe('recordFlags', () => {
  it('marks records broken, and equalled with "="', () => {
    const records = [
      { type: 'MR', mark: 1000 },
      { type: 'CR', mark: 990 },
      { type: 'NR', mark: 980 },
    ];
    expect(recordFlags(TIME, 990, records)).toEqual(['=CR', 'MR']);
    expect(recordFlags(TIME, 985, records)).toEqual(['CR', 'MR']);
    expect(recordFlags(TIME, 980, records)).toEqual(['=NR', 'CR', 'MR']);
    expect(recordFlags(TIME, 1000, records)).toEqual(['=MR']);
    expect(recordFlags(TIME, 1001, records)).toEqual([]);
    expect(recordFlags(TIME, 1000, [])).toEqual([]);
  });

  it('wants a longer distance', () => {
    const records = [
      { type: 'NR', mark: 895 },
      { type: 'MR', mark: 820 },
    ];
    expect(recordFlags(DISTANCE, 821, records)).toEqual(['MR']);
    expect(recordFlags(DISTANCE, 895, records)).toEqual(['=NR', 'MR']);
    expect(recordFlags(DISTANCE, 819, records)).toEqual([]);
  });

  it('ranks an area record (ER) as an AR', () => {
    const records = [
      { type: 'MR', mark: 1100 },
      { type: 'ER', mark: 1100 },
      { type: 'NR', mark: 1100 },
    ];
    expect(recordFlags(TIME, 1000, records)).toEqual(['ER', 'NR', 'MR']);
  });

  it("orders WR, AR, NR, CR, MR, then the club's own codes", () => {
    const records = ['MR', 'U20', 'CR', 'WR', 'CLUB', 'NR', 'AR'].map((type) => ({
      type,
      mark: 1000,
    }));
    expect(recordFlags(TIME, 999, records)).toEqual(['WR', 'AR', 'NR', 'CR', 'MR', 'CLUB', 'U20']);
    expect(recordFlags(TIME, 1000, records)).toEqual([
      '=WR',
      '=AR',
      '=NR',
      '=CR',
      '=MR',
      '=CLUB',
      '=U20',
    ]);
  });

  it('leaves the records passed in as they were', () => {
    const records = [
      { type: 'MR', mark: 1000 },
      { type: 'WR', mark: 900 },
    ];
    const copy = structuredClone(records);
    recordFlags(TIME, 800, records);
    expect(records).toEqual(copy);
  });

  it('gives the same flags whatever order the lists come in (property)', () => {
    const codes = ['WR', 'AR', 'NR', 'CR', 'MR', 'CLUB'];
    const records = fc
      .uniqueArray(fc.constantFrom(...codes), { minLength: 0, maxLength: codes.length })
      .chain((types) =>
        fc.tuple(
          ...types.map((type) =>
            fc.record({ type: fc.constant(type), mark: fc.integer({ min: 1, max: 20 }) }),
          ),
        ),
      );
    fc.assert(
      fc.property(
        fc.constantFrom(TIME, DISTANCE),
        records,
        fc.integer({ min: 1, max: 20 }),
        (measure, list, mark) => {
          const flags = recordFlags(measure, mark, list);
          expect(recordFlags(measure, mark, [...list].reverse())).toEqual(flags);
          const codesShown = flags.map((f) => f.replace(/^=/, ''));
          expect(codesShown).toEqual(codes.filter((c) => codesShown.includes(c)));
          for (const { type, mark: held } of list) {
            const broken = isBetter(measure, mark, held);
            expect(flags.includes(type)).toBe(broken);
            expect(flags.includes(`=${type}`)).toBe(mark === held);
          }
        },
      ),
    );
  });
});

describe('flagName', () => {
  it.each([
    ['WR', 'World record'],
    ['AR', 'Area record'],
    ['NR', 'National record'],
    ['CR', 'Championship record'],
    ['MR', 'Meeting record'],
    ['PB', 'Personal best'],
    ['SB', 'Season best'],
    ['=PB', 'Equalled personal best'],
    ['=MR', 'Equalled meeting record'],
    ['=WR', 'Equalled world record'],
    ['ER', 'European record'],
    ['=ER', 'Equalled European record'],
    ['=NACAC', 'Equalled NACAC record'],
    ['=CLUB', 'Equalled CLUB record'],
    ['CLUB', 'CLUB record'],
  ])('names %s "%s"', (flag, name) => {
    expect(flagName(flag)).toBe(name);
  });
});
