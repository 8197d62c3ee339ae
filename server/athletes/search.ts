import { foldBib, foldText } from '../../shared/athletes/identity.ts';
import { MAX_SEARCH_RESULTS } from '../../shared/schemas/athleteSearch.ts';
import type { IndexedAthlete } from './index.ts';

export interface AthleteQuery {
  q?: string | undefined;
  key: readonly string[];
  club: readonly string[];
}

/**
 * The athletes a query names, best first: a bib typed whole, then names with a word that
 * starts with what was typed, then the rest by name. Every word of `q` must be found in the
 * athlete's folded name or club, or be their bib; `key` and `club` list followed athletes
 * and clubs whole.
 */
export function searchAthletes(
  athletes: readonly IndexedAthlete[],
  query: AthleteQuery,
): { athletes: IndexedAthlete[]; total: number } {
  const keys = new Set(query.key);
  const clubs = new Set(query.club.map(foldText).filter(Boolean));
  const words = foldText(query.q).split(' ').filter(Boolean);
  // A bib is letters and digits: "-" or "?" searches nothing.
  const bib = /^[\p{L}\p{N}]+$/u.test(foldBib(query.q)) ? foldBib(query.q) : '';
  const searched = words.length > 0 || bib !== '';
  const matches = (a: IndexedAthlete) =>
    searched && ((bib !== '' && a.bib === bib) || words.every((w) => a.text.includes(w)));
  const followed = athletes.filter((a) => keys.has(a.entry.key) || clubs.has(a.club));
  const found = athletes.filter(matches);
  const start = words.join(' ');
  const score = (a: IndexedAthlete) =>
    bib !== '' && a.bib === bib
      ? 0
      : start !== '' && (a.text.startsWith(start) || a.text.includes(` ${start}`))
        ? 1
        : 2;
  found.sort((a, b) => score(a) - score(b) || a.entry.name.localeCompare(b.entry.name));
  // Followed athletes and clubs are listed whole (a device asked for exactly those, and a
  // follow list is capped); a search, its first MAX_SEARCH_RESULTS.
  const listed = new Set([...followed, ...found.slice(0, MAX_SEARCH_RESULTS)]);
  return { athletes: [...listed], total: new Set([...followed, ...found]).size };
}
