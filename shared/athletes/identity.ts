import type { AthleteRow } from '../schemas/athlete.ts';

/**
 * How an athlete is told apart across a meet's lists, by the server's search, the alerts and
 * every page that highlights followed rows: one rule, so they never disagree.
 *
 * Text is compared folded: accents gone (NFD, combining marks dropped, plus the letters NFD
 * does not split: ł, ø, đ, ß...), case ignored, runs of spaces and punctuation made one space.
 * "Łukasz  Nowak" and "lukasz nowak" are one name; "O'Brien" matches "obrien" and "o brien".
 */
const UNSPLIT: Record<string, string> = {
  ł: 'l',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ı: 'i',
};

export function foldText(text: string | null | undefined): string {
  return (text ?? '')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[łøđðþßæœı]/g, (c) => UNSPLIT[c] ?? c)
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A bib is a label: compared as written, without spaces or leading zeros ("007" is "7"). */
export function foldBib(bib: string | null | undefined): string {
  const text = (bib ?? '').replace(/\s+/g, '').toLowerCase();
  return /^\d+$/.test(text) ? String(Number(text)) : text;
}

/** What identifies an athlete in one competition's lists. */
export interface AthleteIdentity {
  name: string;
  club: string | null;
  bib: string | null;
}

/**
 * A stable key for an athlete within a competition: the bib when there is one (a meet gives
 * each athlete one), else the folded name and club. Rows without a bib that name a bib'd
 * athlete by name and club are the same athlete (athleteMatches).
 */
export function athleteKey(athlete: AthleteIdentity): string {
  const bib = foldBib(athlete.bib);
  return bib !== '' ? `bib:${bib}` : `name:${foldText(athlete.name)}|${foldText(athlete.club)}`;
}

/** A row's folded name, club and bib, worked out once per row object. */
const foldedRows = new WeakMap<object, { name: string; club: string; bib: string }>();
function folded(row: AthleteIdentity) {
  let f = foldedRows.get(row);
  if (!f) {
    f = { name: foldText(row.name), club: foldText(row.club), bib: foldBib(row.bib) };
    foldedRows.set(row, f);
  }
  return f;
}

/**
 * Tells whether a list's row is this athlete: the same bib when both have one, else the same
 * folded name and club (a results file written by hand often has no bibs). Made once per
 * athlete, to test many rows.
 */
export function athleteMatcher(athlete: AthleteIdentity): (row: AthleteIdentity) => boolean {
  const bib = foldBib(athlete.bib);
  const name = foldText(athlete.name);
  const club = foldText(athlete.club);
  return (row) => {
    const r = folded(row);
    return bib !== '' && r.bib !== '' ? bib === r.bib : name === r.name && club === r.club;
  };
}

export const athleteMatches = (athlete: AthleteIdentity, row: AthleteIdentity): boolean =>
  athleteMatcher(athlete)(row);

/** Tells whether a row's athlete is one of a club's (folded names compared). */
export function clubMatcher(club: string): (row: AthleteIdentity) => boolean {
  const name = foldText(club);
  return (row) => name !== '' && folded(row).club === name;
}

export const clubMatches = (club: string, row: Pick<AthleteRow, 'club'>): boolean =>
  foldText(club) !== '' && foldText(row.club) === foldText(club);
