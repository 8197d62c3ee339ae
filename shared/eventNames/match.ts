import { foldText } from './fold.ts';

/**
 * Word matching over folded text. JavaScript's \b knows only ASCII letters, so "ł", "ó" or
 * "ü" would count as boundaries: words here are bounded by anything that is not a Unicode
 * letter or digit instead.
 */
export const before = '(?<![\\p{L}\\p{N}])';
export const after = '(?![\\p{L}\\p{N}])';

/** Between the words of a phrase: spaces, hyphens, dots, or nothing ("semi-final", "semifinal"). */
export const gap = "[\\s\\-_.'/]*";

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** German words also come spelt with ae/oe/ue where a keyboard has no umlauts ("Huerden"). */
const umlauts: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue' };

function spellings(phrase: string): string[] {
  const transliterated = phrase.toLowerCase().replace(/[äöü]/g, (letter) => umlauts[letter] ?? '');
  return transliterated === phrase.toLowerCase() ? [phrase] : [phrase, transliterated];
}

/**
 * A vocabulary phrase as a regular expression source: folded, its words joined by `gap`, and
 * "(...)" inside a word an optional part ("final(s)" is final or finals).
 */
export function phraseSource(phrase: string): string {
  return foldText(phrase)
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) =>
      word
        .split(/(\([^)]*\))/)
        .map((part) => (part.startsWith('(') ? `(?:${escape(part.slice(1, -1))})?` : escape(part)))
        .join(''),
    )
    .join(gap);
}

/** Alternatives longest first, so that "semi final" is tried before "semi". */
export function alternatives(phrases: readonly string[]): string {
  const sources = [...new Set(phrases.flatMap(spellings).map(phraseSource))].filter(
    (source) => source !== '',
  );
  sources.sort((a, b) => b.length - a.length);
  return sources.length === 0 ? '(?!)' : `(?:${sources.join('|')})`;
}

/** Whole words or phrases of the list, anywhere in a folded text. */
export const wordsPattern = (phrases: readonly string[]): RegExp =>
  new RegExp(`${before}${alternatives(phrases)}${after}`, 'gu');

/** The whole folded text is one of the phrases (a spreadsheet cell). */
export const wholePattern = (phrases: readonly string[]): RegExp =>
  new RegExp(`^[\\s\\-_.]*${alternatives(phrases)}[\\s\\-_.]*$`, 'u');

/** Something a reader found in a name, at [start, end) of the folded text. */
export interface Hit<T> {
  start: number;
  end: number;
  /** Lower ranks are taken first; within a rank the longer hit wins. */
  rank: number;
  value: T;
}

/**
 * The hits that do not overlap, best first: what a name says once, it says once ("semi-final"
 * is a semi-final, not also a final). Returned in the order of the text.
 */
export function choose<T>(hits: readonly Hit<T>[]): Hit<T>[] {
  const ordered = [...hits].sort(
    (a, b) => a.rank - b.rank || b.end - b.start - (a.end - a.start) || a.start - b.start,
  );
  const taken: Hit<T>[] = [];
  for (const hit of ordered) {
    if (taken.every((other) => hit.end <= other.start || other.end <= hit.start)) taken.push(hit);
  }
  return taken.sort((a, b) => a.start - b.start);
}

/** Every match of a global pattern as a hit, or none where `value` says it is not one. */
export function hitsOf<T>(
  text: string,
  pattern: RegExp,
  rank: number,
  value: (match: RegExpExecArray) => T | null,
): Hit<T>[] {
  const hits: Hit<T>[] = [];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    if (match[0] === '') {
      pattern.lastIndex += 1;
      continue;
    }
    const found = value(match);
    if (found !== null) {
      hits.push({ start: match.index, end: match.index + match[0].length, rank, value: found });
    } else {
      // Not this one: a shorter match may still start inside it ("Bieg 60 m" is no heat 60).
      pattern.lastIndex = match.index + 1;
    }
  }
  return hits;
}
