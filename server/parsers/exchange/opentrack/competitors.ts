import { listOf, recordAt, textOf, Unreadable, type Json } from './fields.ts';
import type { JsonPath } from './json.ts';

/** A competitor as a row needs them, with their seeds for each event they entered. */
export interface Competitor {
  /** The bib; null for a competitor OpenTrack marks unnumbered. */
  bib: string | null;
  name: string;
  gender: string | null;
  category: string | null;
  club: string | null;
  licence: string | null;
  /** By eventId: the entry's PB and season's seed, and its place in the entry list. */
  entries: Map<string, Entry>;
}

export interface Entry {
  pb: string | null;
  sb: string | null;
  index: number | null;
}

/** What meet software writes for "no national id": OpenTrack writes the text None. */
const PLACEHOLDERS = new Set([
  'none',
  'null',
  'undefined',
  'n/a',
  'na',
  '-',
  '?',
  'unknown',
  'tbc',
]);

export function licenceOf(nationalId: string | null): string | null {
  if (nationalId === null) return null;
  const folded = nationalId.toLowerCase();
  return PLACEHOLDERS.has(folded) || /^0+$/.test(folded) ? null : nationalId;
}

/** "First Last", spaces tidied ("Einar " + "Hallanger"). */
export const joinName = (first: string | null, last: string | null) =>
  [first, last]
    .filter((part): part is string => part !== null)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();

function entriesOf(competitor: Json, path: JsonPath): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  listOf(competitor, 'eventsEntered', path).forEach((value, index) => {
    const entryPath = [...path, 'eventsEntered', index];
    const entry = recordAt(value, entryPath);
    const eventId = textOf(entry, 'eventId', entryPath);
    if (eventId === null) return;
    const idx = textOf(entry, 'idx', entryPath);
    entries.set(eventId, {
      pb: textOf(entry, 'pb', entryPath),
      // qp, the entry's qualifying performance, is its season's seed unless an sb is given.
      sb: textOf(entry, 'sb', entryPath) ?? textOf(entry, 'qp', entryPath),
      index: idx === null || !Number.isFinite(Number(idx)) ? null : Number(idx),
    });
  });
  return entries;
}

/** competitors[] by competitorId. */
export function readCompetitors(root: Json): Map<string, Competitor> {
  const competitors = new Map<string, Competitor>();
  listOf(root, 'competitors', []).forEach((value, index) => {
    const path = ['competitors', index];
    const competitor = recordAt(value, path);
    const id = textOf(competitor, 'competitorId', path);
    if (id === null) throw new Unreadable(path, 'competitorId is missing');
    competitors.set(id, {
      bib: competitor.numbered === false ? null : id,
      name: joinName(textOf(competitor, 'firstName', path), textOf(competitor, 'lastName', path)),
      gender: textOf(competitor, 'gender', path),
      category: textOf(competitor, 'category', path),
      club: textOf(competitor, 'teamName', path) ?? textOf(competitor, 'teamNameLocal', path),
      licence: licenceOf(textOf(competitor, 'nationalId', path)),
      entries: entriesOf(competitor, path),
    });
  });
  return competitors;
}
