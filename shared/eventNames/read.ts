import type { Round } from '../domain.ts';
import { cutOut, fold, type Folded } from './fold.ts';
import { after, alternatives, before, choose, hitsOf, wordsPattern, type Hit } from './match.ts';
import { vocabulary, type Gender, type NamedRound } from './words.ts';

export interface EventNameFacts {
  /** The name without its round, heat/section/race and flight/group words and their numbers or
   *  letters, and without separators left dangling ("-", ",", "/", "()"): lower-cased, spaces
   *  collapsed, trimmed. What the heats of one race, or the flights of one field event, share:
   *  "300m K U14-Bieg 1" and "300m K U14 - Bieg 2" both give "300m k u14"; "Men 100m Final" and
   *  "Men 100m Heat 3" both give "men 100m". */
  base: string;
  /** The round the words say: 'finals' | 'semis' | 'quarters' | 'heats' | 'prelims', else null. */
  round: Round | null;
  /** The words say a final run in sections decided by time ("Timed Final", "Zeitläufe",
   *  "Finale a serie", "final por tiempos", "classement au temps", "seria na czas"...). round is
   *  then 'finals'. */
  timedFinal: boolean;
  /** The heat/section/race number the words give ("Heat 2", "Bieg 3", "2. Lauf", "2ª serie");
   *  letters A, B, C... count 1, 2, 3. Else null. */
  heat: number | null;
  /** The flight/group/pool number of a field event ("Flight 2", "Gruppe A"); letters count
   *  1, 2, 3. Else null. */
  flight: number | null;
  /** From whole words only (never a single letter): men, women or mixed, else null. */
  gender: Gender | null;
  /** "Final B", "A Final": the letter of one of several finals, each a race of its own. */
  finalLetter: string | null;
}

type Marker =
  | { kind: 'keep' }
  | { kind: 'timed'; heat: number | null }
  | { kind: 'round'; round: NamedRound; heat: number | null; letter?: string }
  | { kind: 'heat'; heat: number }
  | { kind: 'flight'; flight: number }
  | { kind: 'cut' };

/** Between a heat word and its number: "Heat 2", "Heat-2", "Heat #2", "Lauf Nr. 2", "Serie n° 2". */
const numberGap = '[\\s\\-_.:]*(?:(?:#|nr|no|n°|num)[.:]?[\\s\\-_.]*)?';
/** A count that may follow the number: "Heat 1 of 3", "Bieg 1/3", "Lauf 1 von 3". */
const outOf = '(?:\\s*(?:/|of|von|z|di|de|sur)\\s*\\d{1,2})?';
/** An ordinal before the word: "2. Lauf", "2ª serie" (folded "2a"), "1° batteria", "2nd heat". */
const ordinal = '(\\d{1,2})(?:st|nd|rd|th|er|ere|eme|re|e|a|o|\\s*[.°^])[\\s\\-]*';
/** A letter standing for a number is a word of its own ("Heat B"; "Raced" is no heat D). */
const letterGap = '[\\s\\-_.:]+';

/**
 * An ordinal before a word ("2. Lauf") yields to a number after the next one when both could
 * be read ("2. Heat 3" is heat 3): these patterns rank half a step lower.
 */
const ordinals = new WeakSet<RegExp>();
const rankOf = (pattern: RegExp, rank: number) => rank + (ordinals.has(pattern) ? 0.5 : 0);

/** "Heat 2", "Heat B" and "2. Heat": the word and its number or letter (group 1). */
function withCount(words: readonly string[]): RegExp[] {
  const ordinalFirst = new RegExp(`${before}${ordinal}${alternatives(words)}${after}`, 'gdu');
  ordinals.add(ordinalFirst);
  return [
    new RegExp(`${before}${alternatives(words)}${numberGap}(\\d{1,2})${outOf}${after}`, 'gdu'),
    new RegExp(`${before}${alternatives(words)}${letterGap}([a-e])${outOf}${after}`, 'gdu'),
    ordinalFirst,
  ];
}

const roundOrder: readonly NamedRound[] = ['semis', 'quarters', 'prelims', 'heats', 'finals'];
const { rounds } = vocabulary;
const nonFinalWords = roundOrder
  .filter((round) => round !== 'finals')
  .map((round) => [round, rounds[round] ?? []] as const);
const finalWords = rounds.finals ?? [];

const patterns = {
  keep: wordsPattern(vocabulary.notRound),
  timed: wordsPattern(vocabulary.timedFinal),
  timedCounted: withCount(vocabulary.timedFinal),
  rounds: nonFinalWords.map(([round, words]) => ({
    round,
    bare: wordsPattern(words),
    counted: withCount(words),
  })),
  finals: wordsPattern(finalWords),
  finalThenLetter: new RegExp(
    `${before}${alternatives(finalWords)}${letterGap}([a-e])${after}`,
    'gdu',
  ),
  letterThenFinal: new RegExp(
    `${before}([a-e])${letterGap}${alternatives(finalWords)}${after}`,
    'gdu',
  ),
  heat: withCount(vocabulary.heat),
  /** "H2": FinishLynx-style short heat, only as a word of its own. */
  shortHeat: new RegExp(`${before}h(\\d{1,2})${after}`, 'gdu'),
  flight: withCount(vocabulary.flight),
  counter: withCount(vocabulary.roundCounter),
  /** Unambiguous heat and flight words standing alone ("Men 100m Heat"). */
  lone: wordsPattern(['heat', 'flight', 'section']),
  gender: (['men', 'women', 'mixed'] as const).map(
    (gender) => [gender, wordsPattern(vocabulary.gender[gender] ?? [])] as const,
  ),
};

/** A number that is a distance or a relay is no heat number ("Bieg 60 m", "Lauf 4 x 100"). */
const distanceUnit =
  /^\s*(?:km|kilomet\p{L}*|metr\p{L}*|meter\p{L}*|mtrs?|mts|mile\p{L}*|mil[ai]\p{L}*|meile\p{L}*|migli\p{L}*|yards?|yds?)(?![\p{L}\p{N}])/u;

function isDistance(text: string, end: number, value: number): boolean {
  const rest = text.slice(end);
  if (/^\s*x\s*\d/u.test(rest) || /^[.,]\d/u.test(rest) || distanceUnit.test(rest)) return true;
  // A bare "m" after a small number is more likely "Men" than metres: no race is under 20 m.
  return value >= 20 && /^\s*m(?![\p{L}\p{N}])/u.test(rest);
}

/** The point of the original name a folded index came from. */
const pointAt = (folded: Folded, index: number) =>
  folded.points.find((point) => point.from <= index && index < point.to);

/** Nothing after `end` but separators: the end of the name. */
const atEnd = (text: string, end: number) => /^[\s\-,/;:|.)\]]*$/u.test(text.slice(end));

/**
 * The number or letter of group `group`: letters count 1, 2, 3 but only when written in
 * capitals or ending the name ("Serie A", "heat b"), because a lower-case "a" or "e" inside a
 * name is a word of its own in Italian, Spanish and French ("Finale a serie", "Serie e Finale").
 */
function countAt(folded: Folded, match: RegExpExecArray, group: number): number | null {
  const token = match[group];
  const span = match.indices?.[group];
  if (token === undefined || span === undefined) return null;
  const end = match.index + match[0].length;
  if (/^\d+$/.test(token)) {
    const value = Number(token);
    return value === 0 || isDistance(folded.text, end, value) ? null : value;
  }
  const letter = pointAt(folded, span[0]);
  if (!letter?.upper && !atEnd(folded.text, end)) return null;
  return token.charCodeAt(0) - 'a'.charCodeAt(0) + 1;
}

function markersOf(folded: Folded): Hit<Marker>[] {
  const { text } = folded;
  const counted = (match: RegExpExecArray) => countAt(folded, match, 1);
  const hits: Hit<Marker>[] = [
    ...hitsOf<Marker>(text, patterns.keep, 0, () => ({ kind: 'keep' })),
    ...hitsOf<Marker>(text, patterns.timed, 1, () => ({ kind: 'timed', heat: null })),
  ];
  for (const pattern of patterns.timedCounted) {
    hits.push(
      ...hitsOf<Marker>(text, pattern, rankOf(pattern, 1), (match) => {
        const heat = counted(match);
        return heat === null ? null : { kind: 'timed', heat };
      }),
    );
  }
  for (const { round, bare, counted: numbered } of patterns.rounds) {
    hits.push(...hitsOf<Marker>(text, bare, 2, () => ({ kind: 'round', round, heat: null })));
    for (const pattern of numbered) {
      hits.push(
        ...hitsOf<Marker>(text, pattern, rankOf(pattern, 2), (match) => {
          const heat = counted(match);
          return heat === null ? null : { kind: 'round', round, heat };
        }),
      );
    }
  }
  hits.push(
    ...hitsOf<Marker>(text, patterns.finals, 2, () => ({
      kind: 'round',
      round: 'finals',
      heat: null,
    })),
  );
  // The letter of an A or B final is cut from the base but is no heat: those are separate races.
  hits.push(
    ...hitsOf<Marker>(text, patterns.finalThenLetter, 2, (match) =>
      counted(match) === null
        ? null
        : { kind: 'round', round: 'finals', heat: null, letter: match[1]!.toUpperCase() },
    ),
    ...hitsOf<Marker>(text, patterns.letterThenFinal, 2, (match) =>
      match.indices?.[1] && pointAt(folded, match.indices[1][0])?.upper
        ? { kind: 'round', round: 'finals', heat: null, letter: match[1]!.toUpperCase() }
        : null,
    ),
  );
  for (const pattern of [...patterns.heat, patterns.shortHeat]) {
    hits.push(
      ...hitsOf<Marker>(text, pattern, rankOf(pattern, 3), (match) => {
        const heat = counted(match);
        return heat === null ? null : { kind: 'heat', heat };
      }),
    );
  }
  for (const pattern of patterns.flight) {
    hits.push(
      ...hitsOf<Marker>(text, pattern, rankOf(pattern, 3), (match) => {
        const flight = counted(match);
        return flight === null ? null : { kind: 'flight', flight };
      }),
    );
  }
  for (const pattern of patterns.counter) {
    hits.push(
      ...hitsOf<Marker>(text, pattern, rankOf(pattern, 3), (match) =>
        match[1] !== undefined && /^\d+$/.test(match[1]) && counted(match) !== null
          ? { kind: 'cut' }
          : null,
      ),
    );
  }
  hits.push(...hitsOf<Marker>(text, patterns.lone, 4, () => ({ kind: 'cut' })));
  return choose(hits);
}

const separator = '\\-\\u2010-\\u2015,/;:|';
const emptyBrackets = new RegExp(`[([{][\\s.${separator}]*[)\\]}]`, 'gu');
const openingSeparators = new RegExp(`([([{])\\s*[${separator}]+\\s*`, 'gu');
// Bounded, so that a long run of dashes costs no quadratic backtracking; tidy() repeats.
const closingSeparators = new RegExp(`\\s{0,8}[${separator}]{1,8}\\s{0,8}([)\\]}])`, 'gu');
const separatorRuns = new RegExp(`(\\s*[${separator}])(?:\\s*[${separator}])+`, 'gu');
const leading = new RegExp(`^[\\s.${separator}]+`, 'u');
const separatorChar = new RegExp(`[\\s${separator}]`, 'u');

/** Without separators at the end, nor a dot standing alone there ("men 100m ." once "Final" is cut). */
function trimEnd(text: string): string {
  let end = text.length;
  while (end > 0) {
    const last = text.charAt(end - 1);
    const loneDot = last === '.' && end > 1 && /\s/u.test(text.charAt(end - 2));
    if (!separatorChar.test(last) && !loneDot) break;
    end -= 1;
  }
  return text.slice(0, end);
}

/** What is left of a name once its round and heat words are cut: no separator left dangling. */
export function tidy(text: string): string {
  let out = text.replace(/\s+/gu, ' ');
  for (let previous = ''; previous !== out;) {
    previous = out;
    out = out
      .replace(emptyBrackets, ' ')
      .replace(openingSeparators, '$1')
      .replace(closingSeparators, '$1')
      .replace(separatorRuns, '$1')
      .replace(/\s+,/gu, ',')
      .replace(/\s+/gu, ' ')
      .replace(leading, '');
    out = trimEnd(out);
  }
  return out.trim();
}

function genderOf(text: string): Gender | null {
  const said = new Set(
    patterns.gender
      .filter(([, pattern]) => hitsOf(text, pattern, 0, () => true).length > 0)
      .map(([gender]) => gender),
  );
  if (said.has('mixed') || (said.has('men') && said.has('women'))) return 'mixed';
  return said.has('men') ? 'men' : said.has('women') ? 'women' : null;
}

export interface ReadName {
  facts: EventNameFacts;
  /** The folded name with its round, heat and flight words blanked out: what a discipline reads. */
  rest: string;
}

/**
 * Names are short; a longer text (a damaged file) is read by its beginning, so that reading
 * stays fast whatever a file holds.
 */
export const longestName = 500;

/** readEventName, and what is left of the name for the discipline to read. */
export function readName(name: string): ReadName {
  const folded = fold(name.length > longestName ? name.slice(0, longestName) : name);
  const markers = markersOf(folded);
  const cuts = markers.filter((hit) => hit.value.kind !== 'keep');
  let rest = folded.text;
  for (const cut of cuts) {
    rest = rest.slice(0, cut.start) + ' '.repeat(cut.end - cut.start) + rest.slice(cut.end);
  }
  const said = new Set<NamedRound>();
  let timedFinal = false;
  let heat: number | null = null;
  let flight: number | null = null;
  let finalLetter: string | null = null;
  for (const { value } of markers) {
    if (value.kind === 'round' && value.letter !== undefined) finalLetter ??= value.letter;
    if (value.kind === 'timed') timedFinal = true;
    if (value.kind === 'round') said.add(value.round);
    if (
      (value.kind === 'timed' || value.kind === 'round' || value.kind === 'heat') &&
      heat === null
    ) {
      heat = value.heat;
    }
    if (value.kind === 'flight' && flight === null) flight = value.flight;
  }
  const round = timedFinal ? 'finals' : (roundOrder.find((r) => said.has(r)) ?? null);
  return {
    facts: {
      base: tidy(cutOut(folded, cuts)),
      round,
      timedFinal,
      heat,
      flight,
      gender: genderOf(folded.text),
      finalLetter,
    },
    rest,
  };
}

/** What an event's name says about its round, heat or flight, and who competes. */
export function readEventName(name: string): EventNameFacts {
  return readName(name).facts;
}

/**
 * The name as written, without its flight or group words ("Boys Long Jump Flight 2" is
 * "Boys Long Jump"): what the one event all its flights make up is called.
 */
export function withoutFlight(name: string): string {
  return cutMarkers(name, (marker) => marker.kind === 'flight');
}

/**
 * The name of the race family, as written, without its round, heat, section or flight words
 * ("100m K U14-Bieg 10" and "100m K U14-FINAŁ" are "100m K U14"; "Men 100m Heat 2" is "Men
 * 100m"): its heats and final are one family, each told apart by its round and heat. An A or
 * B final keeps its name: those are races of their own.
 */
export function familyName(name: string): string {
  const markers = markersOf(fold(name));
  if (markers.some(({ value }) => value.kind === 'round' && value.letter !== undefined))
    return name;
  return cutMarkers(name, (marker) => marker.kind !== 'keep');
}

/** The name as written without the markers `cut` picks; the name itself when nothing is left. */
function cutMarkers(name: string, cut: (marker: Marker) => boolean): string {
  const folded = fold(name);
  const cuts = markersOf(folded).filter((hit) => cut(hit.value));
  if (cuts.length === 0) return name;
  const kept = [...name].map((char, index) => {
    const point = folded.points[index]!;
    return cuts.some((span) => point.from < span.end && span.start < point.to) ? ' ' : char;
  });
  return tidy(kept.join('')) || name;
}
