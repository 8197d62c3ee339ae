import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  athleteKey,
  athleteMatches,
  clubMatches,
  foldBib,
  foldText,
} from '../../shared/athletes/identity.ts';
import { searchAthletes } from '../../server/athletes/search.ts';
import { indexAthletes } from '../../server/athletes/index.ts';
import { eventRows } from '../support/athleteEvents.ts';
import { athleteRow } from '../../server/parsers/athleteRow.ts';
import type { AthleteRow } from '../../shared/schemas/athlete.ts';

describe('folding names', () => {
  it.each([
    ['Łukasz Nowák', 'lukasz nowak'],
    ["Seán O'Brien", 'sean obrien'],
    ['  Søren   Ærø-Þór ', 'soren aero thor'],
    ['Groß, Jürgen', 'gross jurgen'],
    ['NICCOLÒ  Forlì', 'niccolo forli'],
  ])('%s is %s', (name, folded) => expect(foldText(name)).toBe(folded));

  it('is idempotent and never has capitals, marks or double spaces', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const once = foldText(text);
        expect(foldText(once)).toBe(once);
        expect(once).not.toMatch(/[A-Z]|\p{M}| {2}|^ | $/u);
      }),
    );
  });

  it('reads bibs as labels: "0412" is 412, spaces gone', () => {
    expect(foldBib('0412')).toBe('412');
    expect(foldBib(' A 12 ')).toBe('a12');
    expect(foldBib(null)).toBe('');
  });
});

describe('one athlete across lists', () => {
  const start = { name: 'Łukasz Nowák', club: 'Śląsk Wrocław', bib: '412' };
  it('is the same bib, or the same name and club when a list has no bib', () => {
    expect(athleteKey(start)).toBe('bib:412');
    expect(athleteMatches(start, { name: 'Other Name', club: null, bib: '0412' })).toBe(true);
    expect(athleteMatches(start, { name: 'Lukasz Nowak', club: 'Slask Wroclaw', bib: null })).toBe(
      true,
    );
    // Two bibs say two athletes, whatever the names.
    expect(athleteMatches(start, { name: 'Łukasz Nowák', club: 'Śląsk Wrocław', bib: '413' })).toBe(
      false,
    );
    expect(athleteMatches(start, { name: 'Lukasz Nowak', club: 'AZS Poznań', bib: null })).toBe(
      false,
    );
    expect(clubMatches('slask wroclaw', { club: 'Śląsk  Wrocław' })).toBe(true);
    expect(clubMatches('', { club: '' })).toBe(false);
  });
});

const row = (name: string, fields: Partial<AthleteRow> = {}) =>
  athleteRow({ id: name, name, club: 'Tuam AC', ...fields });

describe("an athlete's name", () => {
  it('is spelt as the list with their bib spells it, even when a list without bibs runs first', () => {
    const [athlete, ...others] = indexAthletes([
      eventRows('jump', { startListFile: [row('Siobhan Ni Bhriain', { bib: null })] }),
      eventRows('heat', { startListFile: [row('Siobhán Ní Bhriain', { bib: '204' })] }),
    ]);
    expect(others).toEqual([]);
    expect(athlete!.entry).toMatchObject({ name: 'Siobhán Ní Bhriain', bib: '204' });
    expect(athlete!.entry.events.map((e) => e.eventId)).toEqual(['jump', 'heat']);
  });
});

describe('the search', () => {
  const index = indexAthletes([
    eventRows('a', {
      startListFile: [
        row('Niamh Walsh', { bib: '12', lane: '4' }),
        row('Aoife Walsh', { bib: '7' }),
      ],
      results: [row('Niamh Walsh', { bib: '12', rank: '2', performance: '12.10' })],
      status: 'official',
    }),
    eventRows('b', {
      live: {
        rows: [row('Aoife Walsh', { bib: null, rank: '1', performance: '5.10' })],
        wind: null,
        updatedAt: '',
      },
    }),
    eventRows('c', {
      startListFile: [row('Walsh Kelly', { bib: '99', club: 'Galway City Harriers' })],
    }),
  ]);
  const names = (q: string) =>
    searchAthletes(index, { q, key: [], club: [] }).athletes.map((a) => a.entry.name);

  it('needs every word, puts a whole bib first and names with a word starting so next', () => {
    expect(names('walsh')).toEqual(['Aoife Walsh', 'Niamh Walsh', 'Walsh Kelly']);
    expect(names('elly')).toEqual(['Walsh Kelly']);
    expect(names('-')).toEqual([]);
    expect(names('niamh wal')).toEqual(['Niamh Walsh']);
    expect(names('7')).toEqual(['Aoife Walsh']);
    expect(names('galway')).toEqual(['Walsh Kelly']);
    expect(names('')).toEqual([]);
  });

  it('answers each athlete with their events: lane, order, rank, mark and which result', () => {
    const [niamh] = searchAthletes(index, { key: ['bib:12'], club: [] }).athletes;
    expect(niamh?.entry.events).toEqual([
      expect.objectContaining({
        eventId: 'a',
        lane: '4',
        order: 1,
        rank: '2',
        performance: '12.10',
        result: 'official',
      }),
    ]);
    const [aoife] = searchAthletes(index, { key: ['bib:7'], club: [] }).athletes;
    // The scoreboard's line has no bib: her name and club make it hers.
    expect(aoife?.entry.events.map((e) => [e.eventId, e.result])).toEqual([
      ['a', null],
      ['b', 'unofficial'],
    ]);
  });

  it('lists a followed club whole', () => {
    const found = searchAthletes(index, { key: [], club: ['TUAM ac'] });
    expect(found.athletes.map((a) => a.entry.name).sort()).toEqual(['Aoife Walsh', 'Niamh Walsh']);
  });
});
