import type { CsvRecord } from './records.ts';

/** The template's columns, and the header spellings the reader takes for each. */

export const CSV_COLUMNS: readonly string[] = [
  'event', 'event code', 'round', 'heat', 'time', 'wind', 'status', 'place', 'bib', 'first name',
  'last name', 'club', 'category', 'gender', 'licence', 'lane', 'mark', 'points', 'pb', 'sb',
  'attempts', 'heights',
]; // prettier-ignore

export type Key =
  | 'event' | 'code' | 'round' | 'heat' | 'time' | 'wind' | 'status' | 'place' | 'bib' | 'first'
  | 'last' | 'name' | 'club' | 'category' | 'gender' | 'licence' | 'lane' | 'mark' | 'points'
  | 'pb' | 'sb' | 'attempts' | 'heights'; // prettier-ignore

const aliases: Readonly<Record<Key, readonly string[]>> = {
  event: ['event', 'event name'],
  code: ['event code', 'code'],
  round: ['round'],
  heat: ['heat', 'flight', 'pool', 'section'],
  time: ['time', 'start time', 'scheduled time'],
  wind: ['wind', 'windspeed', 'wind speed'],
  status: ['status', 'results status'],
  place: ['place', 'rank', 'position', 'pos'],
  bib: ['bib', 'bib number', 'number', 'competitor number'],
  first: ['first name', 'firstname', 'first', 'given name', 'forename'],
  last: ['last name', 'lastname', 'last', 'surname', 'family name'],
  name: ['name', 'athlete', 'athlete name', 'full name'],
  club: ['club', 'team', 'team name', 'affiliation'],
  category: ['category', 'age group', 'class', 'division'],
  gender: ['gender', 'sex'],
  licence: ['licence', 'license', 'licence number', 'license number', 'national id'],
  lane: ['lane'],
  mark: ['mark', 'result', 'performance'],
  points: ['points'],
  pb: ['pb', 'personal best'],
  sb: ['sb', 'season best'],
  attempts: ['attempts'],
  heights: ['heights'],
};
const keyOf = new Map(
  Object.entries(aliases).flatMap(([key, names]) => names.map((name) => [name, key as Key])),
);
const headerWord = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[_.-]+/g, ' ')
    .replace(/\s+/g, ' ');

export function columnsOf(header: CsvRecord): Map<Key, number> {
  const columns = new Map<Key, number>();
  header.fields.forEach((cell, index) => {
    const key = keyOf.get(headerWord(cell));
    if (key !== undefined && !columns.has(key)) columns.set(key, index);
  });
  return columns;
}

export const hasName = (columns: Map<Key, number>) =>
  columns.has('first') || columns.has('last') || columns.has('name');
