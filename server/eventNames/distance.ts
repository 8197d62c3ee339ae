import { trackDisciplineByMetres } from '../../shared/domain.ts';
import { after, alternatives, before, hitsOf, type Hit } from '../../shared/eventNames/match.ts';
import { vocabulary, type TrackKind } from '../../shared/eventNames/words.ts';

/** A distance a name gives: "100m", "1,500 m", "10 000 m", "5K", "1 Mile", "4x400", "110mH". */
export interface Distance {
  /** The whole race in metres (a relay's legs added up). */
  metres: number;
  /** Legs were given ("4x400"): the race is a relay. */
  relay: boolean;
  /** No unit and no kind, only a number that is a product distance ("Women 400"). */
  bare: boolean;
  /** False for yards: a 60 yd dash is no 55 m race even if it rounds to one. */
  exact: boolean;
  /** What an abbreviation right after the distance says ("110mH", "3000m SC"). */
  kind: TrackKind | null;
}

const MILE = 1609.344;
const YARD = 0.9144;

/** "1,500", "1.500", "1'500", "10 000" (a space only before 000 or 500), "100", "21.1". */
const number =
  "(\\d{1,3}(?:[.,'](?:\\d{3}))+(?!\\d)|\\d{1,2}(?:[\\s\\u00a0](?:000|500))(?!\\d)|\\d+(?:[.,]\\d+)?)";
const kilometres = ['km', 'kilometre(s)', 'kilometer(s)', 'kilometri', 'kilómetros', 'kilometrów'];
const yards = ['yard(s)', 'yd(s)'];
const unit = alternatives([...vocabulary.metres, ...kilometres, ...vocabulary.miles, ...yards]);
const suffixes = Object.entries(vocabulary.afterDistance).flatMap(([kind, words]) =>
  (words ?? []).map((word) => [kind as TrackKind, word] as const),
);
const suffix = alternatives(suffixes.map(([, word]) => word));
/** A suffix written glued to the unit only ("110mv" is Spanish hurdles; "100 m V" may be varsity). */
const gluedOnly = new Set(['v']);

const legs = '(?:(\\d{1,2})\\s*x\\s*)?';
const withNumber = new RegExp(
  `${before}${legs}${number}(?:(k)|\\s*(${unit}))?\\.?(?:(\\s*)(${suffix}))?${after}`,
  'gu',
);
const spelledMiles = `(?:(one|two|three|four|a)\\s+)?(${alternatives(vocabulary.miles)})`;
const withoutNumber = new RegExp(`${before}${legs}${spelledMiles}${after}`, 'gu');
/** A medley's legs: "Sprint Medley (200-200-400-800)". */
const legSum = new RegExp(`${before}\\d{2,4}(?:\\s*[-+/]\\s*\\d{2,4}){2,}${after}`, 'gu');

const spelled: Readonly<Record<string, number>> = { one: 1, a: 1, two: 2, three: 3, four: 4 };
const suffixKinds = suffixes.map(
  ([kind, word]) => [kind, new RegExp(`^${alternatives([word])}$`, 'u')] as const,
);
const kilometreUnit = new RegExp(`^${alternatives(kilometres)}$`, 'u');
const mileUnit = new RegExp(`^${alternatives(vocabulary.miles)}$`, 'u');
const yardUnit = new RegExp(`^${alternatives(yards)}$`, 'u');

/** A number as written: thousands separators in metres, a decimal point in kilometres or miles. */
function valueOf(text: string, decimal: boolean): number {
  if (!decimal && /^\d{1,3}(?:[\s\u00a0.,']\d{3})+$/.test(text)) {
    return Number(text.replace(/[^\d]/g, ''));
  }
  return Number(text.replace(/[\s\u00a0']/g, '').replace(',', '.'));
}

const kindOf = (word: string | undefined, gap: string | undefined): TrackKind | null => {
  if (word === undefined || (gluedOnly.has(word) && gap !== '')) return null;
  return suffixKinds.find(([, pattern]) => pattern.test(word))?.[0] ?? null;
};

function numbered(match: RegExpExecArray): Distance | null {
  const [, legCount, written, glued, unitWord, gap, suffixWord] = match;
  if (written === undefined) return null;
  const kind = kindOf(suffixWord, gap);
  const unitText = glued ?? unitWord;
  const scale =
    glued !== undefined || (unitWord !== undefined && kilometreUnit.test(unitWord))
      ? 1000
      : unitWord !== undefined && mileUnit.test(unitWord)
        ? MILE
        : unitWord !== undefined && yardUnit.test(unitWord)
          ? YARD
          : 1;
  // "1.500 m" is fifteen hundred metres; "21.1 km" and "1.5 miles" have a decimal point.
  const value = valueOf(written, scale === 1000 || scale === MILE);
  let metres = value * scale;
  const exact = scale !== YARD;
  const relay = legCount !== undefined && Number(legCount) >= 2;
  const bare = unitText === undefined && kind === null && !relay;
  if (bare && (!/^\d+$/.test(written) || trackDisciplineByMetres[written] === undefined))
    return null;
  if (relay) metres *= Number(legCount);
  // Under 20 m is no race: a hurdle height ("0,762 m") or a weight, not a distance.
  if (!Number.isFinite(metres) || metres < 20) return null;
  return { metres: Math.round(metres), relay, bare, exact, kind };
}

function spelledOut(match: RegExpExecArray): Distance {
  const [, legCount, count] = match;
  const relay = legCount !== undefined && Number(legCount) >= 2;
  const metres = (spelled[count ?? 'one'] ?? 1) * MILE * (relay ? Number(legCount) : 1);
  return { metres: Math.round(metres), relay, bare: false, exact: true, kind: null };
}

/** Every distance of a folded name, in its order. */
export function distancesOf(text: string, rank: number): Hit<Distance>[] {
  return [
    ...hitsOf(text, withNumber, rank, numbered),
    ...hitsOf(text, withoutNumber, rank, spelledOut),
  ];
}

/** The legs of a medley added up, when it writes them ("1200-400-800-1600"). */
export function legSumOf(text: string): number | null {
  const hit = hitsOf(text, legSum, 0, (match) =>
    match[0].split(/[-+/]/).reduce((total, leg) => total + Number(leg.trim()), 0),
  )[0];
  return hit?.value ?? null;
}

/**
 * FinishLynx's distance column: metres as text. 0, blank or junk says nothing, and so does a
 * count under 20 (FinishLynx writes 1 for a mile run in miles): no race is that short.
 */
export function columnMetres(distance: string | null | undefined): number | null {
  const text = (distance ?? '').trim();
  if (!/^\d+(?:[.,]\d+)?$/.test(text)) return null;
  const value = Number(text.replace(',', '.'));
  return value >= 20 ? Math.round(value) : null;
}
