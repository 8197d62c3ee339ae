import { athleteRow } from '../../server/parsers/athleteRow.ts';
import type { AthleteRow } from '../../shared/schemas/athlete.ts';
import { raceTime } from '../seed/rows.ts';

const FIRST = [
  'Cian',
  'Darragh',
  'Oisín',
  'Tadhg',
  'Eoin',
  'Fionn',
  'Ronan',
  'Adam',
  'Kevin',
  'Ryan',
  'Shane',
  'Niall',
  'Dylan',
  'Conor',
  'Seán',
  'Liam',
  'Cathal',
  'Diarmuid',
  'Rory',
  'Pádraig',
  'Aoife',
  'Saoirse',
  'Niamh',
  'Caoimhe',
  'Ciara',
  'Róisín',
  'Éabha',
  'Orla',
  'Clodagh',
  'Sorcha',
];
const LAST = [
  'Ó Briain',
  'Keane',
  'Fitzgerald',
  'Moran',
  'Gallagher',
  'Murray',
  'Delaney',
  'Nolan',
  'Flanagan',
  'Kiernan',
  'Hegarty',
  'Foley',
  'Costello',
  'Brennan',
  'Doyle',
  'McEvoy',
  'Power',
  'Kavanagh',
  'Byrne',
  'Hennessy',
  'Gleeson',
  'Daly',
  'Whelan',
  'Lynch',
  'Quinn',
  'Duffy',
];
const CLUBS = [
  'Dublin City Harriers',
  'Clonliffe Harriers',
  'Leevale AC',
  'Galway City Harriers',
  'Letterkenny AC',
  'Raheny Shamrock AC',
  'Mullingar Harriers',
  'Crusaders AC',
  'Tralee Harriers',
  'Cork Track Academy',
  'Athenry AC',
  'Sligo AC',
];

export interface Athlete {
  bib: string;
  name: string;
  club: string;
}

/** `count` distinct athletes with bibs from 100 up. */
export function athletes(random: () => number, count: number): Athlete[] {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const names = new Set<string>();
  const out: Athlete[] = [];
  while (out.length < count) {
    const name = `${pick(FIRST)} ${pick(LAST)}`;
    if (names.has(name)) continue;
    names.add(name);
    out.push({ bib: String(100 + Math.floor(random() * 800)), name, club: pick(CLUBS) });
  }
  return out;
}

/** Lanes 1 to n in the order given. */
export function laneDraw(
  field: readonly Pick<AthleteRow, 'bib' | 'name' | 'club'>[],
  eventName: string,
): AthleteRow[] {
  return field.map(({ bib, name, club }, index) =>
    athleteRow({ bib, name, club, eventName, lane: String(index + 1), category: 'Senior' }),
  );
}

/** Places the start list by a random time around `base` seconds; one athlete may not start. */
export function raceResults(
  random: () => number,
  startList: readonly AthleteRow[],
  base: number,
  spread: number,
): AthleteRow[] {
  const timed = startList.map((row) => ({ row, time: base + random() * spread }));
  const dns = random() < 0.3 ? timed.pop() : undefined;
  timed.sort((a, b) => a.time - b.time);
  const rows = timed.map(({ row, time }, index): AthleteRow => ({
    ...row,
    rank: String(index + 1),
    performance: raceTime(time),
    reactionTime: (0.12 + random() * 0.06).toFixed(3),
  }));
  if (dns) rows.push({ ...dns.row, rank: 'DNS', performance: null, reactionTime: null });
  return rows;
}

/** A signed wind reading with one decimal, between -2.5 and +2.8 m/s. */
export function windReading(random: () => number): string {
  const wind = Math.round((random() * 5.3 - 2.5) * 10) / 10;
  return `${wind >= 0 ? '+' : ''}${wind.toFixed(1)}`;
}

/** Six long-jump attempts each, with their winds; places by best mark. */
export function longJumpResults(random: () => number, startList: readonly AthleteRow[]) {
  const rows = startList.map((row) => {
    const attempts: string[] = [];
    const winds: (string | null)[] = [];
    for (let i = 0; i < 6; i += 1) {
      const foul = random() < 0.2;
      attempts.push(foul ? 'X' : (5.3 + random() * 1.1).toFixed(2));
      winds.push(windReading(random));
    }
    const marks = attempts.map((a) => (a === 'X' ? 0 : Number(a)));
    const bestIndex = marks.indexOf(Math.max(...marks));
    const best = marks[bestIndex]! > 0 ? attempts[bestIndex]! : null;
    return {
      ...row,
      attempts,
      attemptWinds: winds,
      best,
      performance: best ?? 'NM',
      windspeed: best ? winds[bestIndex]! : null,
    };
  });
  rows.sort((a, b) => Number(b.best ?? 0) - Number(a.best ?? 0));
  return rows.map((row, index) => ({ ...row, rank: row.best ? String(index + 1) : null }));
}
