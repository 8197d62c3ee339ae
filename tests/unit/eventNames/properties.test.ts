import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contradiction,
  disciplineFromText,
  eventDiscipline,
  eventTypeFromText,
  readEventName,
  roundFromText,
} from '../../../server/eventNames/index.ts';

/** Pieces of real names, so that random names hit the rules and not only noise. */
const piece = fc.constantFrom(
  'Men',
  'Women',
  '100m',
  '4x400',
  '1 Mile',
  'Hurdles',
  'Heat',
  'Heat 2',
  'Final',
  'Semi-Final',
  'Bieg',
  'Bieg 3',
  'Lauf',
  '2.',
  'Serie',
  'a',
  'A',
  'Finale a serie',
  'Zeitläufe',
  'Skok w dal',
  'FINAŁ',
  'Hürden',
  'U14',
  'K',
  '-',
  ',',
  '(',
  ')',
  '/',
  '#',
  'ª',
  '°',
  '×',
  'ł',
  '\u0301',
  '\uFFFD',
  '\u0000',
  ' ',
);
const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(' ')),
  fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join('')),
);
const hint = fc.option(fc.oneof(fc.string(), fc.constantFrom('0', '1', '400', 'LJ1', 'WT1')));

describe('properties', () => {
  it('never throws, on any text and any hints', () => {
    fc.assert(
      fc.property(anyText, anyText, hint, hint, (a, b, distance, fieldCode) => {
        const facts = readEventName(a);
        const discipline = eventDiscipline(a, { distance, fieldCode });
        expect(typeof facts.base).toBe('string');
        expect(facts.base).toBe(facts.base.trim());
        expect(facts.base).toBe(facts.base.toLowerCase());
        if (discipline.eventType === 'JUMP') expect(discipline.metres).toBeNull();
        const other = { name: b, discipline: eventDiscipline(b) };
        const why = contradiction({ name: a, discipline }, other);
        expect(why === null || why.length > 0).toBe(true);
        roundFromText(a);
        eventTypeFromText(a);
        disciplineFromText(a);
      }),
      { numRuns: 1500 },
    );
  });

  it('the base never keeps the heat word of an appended " Heat N"', () => {
    fc.assert(
      fc.property(anyText, fc.integer({ min: 1, max: 99 }), (name, heat) => {
        const { base } = readEventName(`${name} Heat ${heat}`);
        // Unless the name itself ends in words that read so ("MenHeat 1" is no heat word).
        const own = readEventName(name).base.endsWith(`heat ${heat}`);
        expect(base.endsWith(`heat ${heat}`) && !own).toBe(false);
      }),
      { numRuns: 1500 },
    );
  });

  it('every heat of a real name shares its base, however the heat is written', () => {
    const names = fc.constantFrom(
      'Men 100m',
      'Women 60 Meter Hurdles',
      '300m K U14',
      '100m Hürden Frauen',
      'Skok w dal K',
      '100hs Allieve',
      '100 m vallas Mujeres',
      'Women 4x400 Meter Relay',
      'Men 3000m S/C',
    );
    const written = fc.constantFrom(
      (n: number) => ` Heat ${n}`,
      (n: number) => ` - Heat ${n}`,
      (n: number) => `-Bieg ${n}`,
      (n: number) => ` - Bieg ${n}`,
      (n: number) => ` Lauf ${n}`,
      (n: number) => ` ${n}. Lauf`,
      (n: number) => ` Seria ${n}`,
      (n: number) => ` Serie ${n}`,
      (n: number) => ` Série ${n}`,
      (n: number) => ` Batteria ${n}`,
      (n: number) => ` ${n}ª serie`,
      (n: number) => `, Section ${n}`,
      (n: number) => ` (Heat ${n})`,
      (n: number) => ` Race ${n}`,
    );
    fc.assert(
      fc.property(names, written, fc.integer({ min: 1, max: 40 }), (name, heatWords, heat) => {
        const facts = readEventName(`${name}${heatWords(heat)}`);
        expect(facts.base).toBe(readEventName(name).base);
        expect(facts.heat).toBe(heat);
        expect(facts.round).toBeNull();
        expect(eventDiscipline(`${name}${heatWords(heat)}`)).toEqual(eventDiscipline(name));
      }),
    );
  });

  it('a name never contradicts itself, nor its own heats and round words', () => {
    const names = fc.constantFrom(
      'Men 100m',
      'Women Long Jump',
      'Men 4x400 Meter Relay',
      'Women 3000 Meter Steeplechase',
      'Trójskok Mężczyźni',
      'Salto in alto Allievi',
    );
    const extra = fc.constantFrom('', ' Final', ' Heat 2', ' Flight 1', ' - Bieg 3', ' Finale');
    fc.assert(
      fc.property(names, extra, (name, words) => {
        const a = { name, discipline: eventDiscipline(name) };
        const b = { name: name + words, discipline: eventDiscipline(name + words) };
        expect(contradiction(a, b)).toBeNull();
        expect(contradiction(a, a)).toBeNull();
      }),
    );
  });
});
