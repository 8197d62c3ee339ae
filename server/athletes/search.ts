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
 *
 * One pass over the index, whatever was typed: the athletes come in name order
 * (indexAthletes), so the first MAX_SEARCH_RESULTS met of each rank are that rank's best, and
 * a search matching nearly everyone ("a") sorts nothing and keeps no more than it lists.
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
  const start = words.join(' ');
  /** 0: the bib typed whole; 1: a word starts with what was typed; 2: found elsewhere. */
  const rankOf = (a: IndexedAthlete): number | null => {
    if (bib !== '' && a.bib === bib) return 0;
    if (words.length === 0 || !words.every((w) => a.text.includes(w))) return null;
    return a.text.startsWith(start) || a.text.includes(` ${start}`) ? 1 : 2;
  };
  // A search alone need not look at anyone's key: the loop reads only what it compares.
  const following = keys.size > 0 || clubs.size > 0;
  const followed: IndexedAthlete[] = [];
  const ranked: IndexedAthlete[][] = [[], [], []];
  let total = 0;
  for (const athlete of athletes) {
    const follows = following && (keys.has(athlete.entry.key) || clubs.has(athlete.club));
    if (follows) followed.push(athlete);
    const rank = rankOf(athlete);
    if (rank !== null) {
      const listed = ranked[rank];
      if (listed && listed.length < MAX_SEARCH_RESULTS) listed.push(athlete);
    }
    if (follows || rank !== null) total += 1;
  }
  // Followed athletes and clubs are listed whole (a device asked for exactly those, and a
  // follow list is capped); a search, its first MAX_SEARCH_RESULTS.
  const found = ranked.flat().slice(0, MAX_SEARCH_RESULTS);
  return { athletes: [...new Set([...followed, ...found])], total };
}
