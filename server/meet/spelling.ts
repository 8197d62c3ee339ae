import type { AthleteRow } from '../../shared/schemas/athlete.ts';
import { foldBib } from '../../shared/athletes/identity.ts';

/**
 * A results file may write a name or a club cut short (FinishLynx keeps a fixed width: "Indiana
 * (Pa." for "Indiana (Pa.)") or damaged (a byte lost on the way: "Otr\uFFFDbusy" for
 * "Otrębusy"). The start list of the same heat has the athlete's own spelling: a row the
 * start list names by the same bib takes it. A different name is never overwritten: only a
 * cut or damaged copy of the start list's.
 */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `written` is `spelled` cut short, or with characters lost to damage (U+FFFD). */
export function isDamagedCopy(written: string, spelled: string): boolean {
  if (written === spelled || written.trim() === '' || spelled.trim() === '') return false;
  if (written.includes('\uFFFD')) {
    const pattern = written.split('\uFFFD').map(escape).join('.{0,2}');
    return new RegExp(`^${pattern}$`, 'u').test(spelled);
  }
  return written.length >= 3 && written.length < spelled.length && spelled.startsWith(written);
}

const better = (written: string | null, spelled: string | null): string | null =>
  written !== null && spelled !== null && isDamagedCopy(written, spelled) ? spelled : written;

/** The results with the start list's spelling where theirs is a cut or damaged copy of it. */
export function spelledAsStartList(
  results: readonly AthleteRow[],
  startList: readonly AthleteRow[],
): AthleteRow[] {
  const byBib = new Map<string, AthleteRow>();
  for (const row of startList) {
    const bib = foldBib(row.bib);
    if (bib !== '' && !byBib.has(bib)) byBib.set(bib, row);
  }
  return results.map((row) => {
    const entry = byBib.get(foldBib(row.bib));
    if (!entry) return row;
    const name = better(row.name, entry.name) ?? row.name;
    const club = better(row.club, entry.club);
    return name === row.name && club === row.club ? row : { ...row, name, club };
  });
}
