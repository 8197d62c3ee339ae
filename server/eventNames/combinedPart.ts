import { defaultSex, partsOf } from '../../shared/athletics/combined/points.ts';
import type {
  CombinedKind,
  CombinedPart,
  CombinedSex,
} from '../../shared/athletics/combined/points.ts';
import { trackDisciplineByMetres } from '../../shared/domain.ts';
import { choose, hitsOf, wordsPattern } from '../../shared/eventNames/match.ts';
import { readName } from '../../shared/eventNames/read.ts';
import { vocabulary, type CombinedEvent } from '../../shared/eventNames/words.ts';
import { eventDiscipline } from './discipline.ts';
import { distancesOf } from './distance.ts';

export interface CombinedPartName {
  kind: CombinedKind;
  sex: CombinedSex;
  part: CombinedPart;
  /** The name without the part's words and numbers, folded ("men decathlon"): what all the
   *  parts of one combined event share. */
  base: string;
}

const kindsNamed: Readonly<Record<CombinedEvent, CombinedKind | null>> = {
  DECATHLON: 'DECATHLON',
  HEPTATHLON: 'HEPTATHLON',
  OUTDOOR_PENTATHLON: 'PENTATHLON',
  INDOOR_PENTATHLON: 'INDOOR_PENTATHLON',
  // The throws pentathlon has no World Athletics tables: not scored.
  WEIGHT_PENTATHLON: null,
};

const isCombinedEvent = (discipline: string | null): discipline is CombinedEvent =>
  discipline !== null && Object.hasOwn(kindsNamed, discipline);

/**
 * The same kind at the other venue: a name may say "Pentathlon" of an indoor one, which only
 * its hurdles (60 m) tell.
 */
const otherVenue: Readonly<Partial<Record<CombinedKind, CombinedKind>>> = {
  PENTATHLON: 'INDOOR_PENTATHLON',
  INDOOR_PENTATHLON: 'PENTATHLON',
};

const kindPatterns = (Object.entries(vocabulary.combined) as [CombinedEvent, string[]][]).map(
  ([event, words]) => [event, wordsPattern(words)] as const,
);

function combinedEventOf(rest: string): CombinedEvent | null {
  const hits = kindPatterns.flatMap(([event, pattern]) => hitsOf(rest, pattern, 0, () => event));
  // The longest reading wins: "Weight Pentathlon" is no pentathlon.
  return choose(hits)[0]?.value ?? null;
}

const fieldParts: Readonly<Record<string, CombinedPart>> = {
  HIGH_JUMP: 'HJ',
  POLE_VAULT: 'PV',
  LONG_JUMP: 'LJ',
  SHOT_PUT: 'SP',
  DISCUS_THROW: 'DT',
  JAVELIN_THROW: 'JT',
};
const flatRaces: Readonly<Record<number, CombinedPart>> = {
  60: '60m',
  100: '100m',
  200: '200m',
  400: '400m',
  800: '800m',
  1000: '1000m',
  1500: '1500m',
};
const hurdleRaces: Readonly<Record<number, CombinedPart>> = {
  60: '60mH',
  100: '100mH',
  110: '110mH',
};
const metresOf: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(trackDisciplineByMetres).map(([metres, discipline]) => [discipline, +metres]),
);

/**
 * The event of the combined event a name is: a field discipline from the facts (FieldLynx's
 * code) or the name; else a race from the name, its distance from the facts when the name has
 * none.
 */
export function partOf(
  name: string,
  facts: { trackDiscipline: string | null; fieldDiscipline: string | null },
): CombinedPart | null {
  const read = eventDiscipline(name);
  const field = fieldParts[facts.fieldDiscipline ?? ''] ?? fieldParts[read.fieldDiscipline ?? ''];
  if (field) return field;
  // Another field event, or one a combined event does not hold (a triple jump).
  if (read.eventType === 'JUMP' && !isCombinedEvent(read.fieldDiscipline)) return null;
  if (read.kind !== null && read.kind !== 'run' && read.kind !== 'hurdles') return null;
  const metres = read.metres ?? metresOf[facts.trackDiscipline ?? ''];
  if (metres === undefined) return null;
  // The only 110 m race of a combined event is the hurdles.
  return (read.kind === 'hurdles' || metres === 110 ? hurdleRaces : flatRaces)[metres] ?? null;
}

const partWords = wordsPattern(
  [vocabulary.races, vocabulary.fields, vocabulary.weakFields]
    .flatMap((map) => Object.values(map).flatMap((words) => words ?? []))
    .concat(vocabulary.anyField),
);

/**
 * What is left of a folded name once its round, heat, distance and discipline words are cut,
 * and every number with them: an implement's ("5kg", "91.4cm") or a day's differ between parts.
 */
function baseOf(rest: string): string {
  let text = rest;
  for (const cut of [...distancesOf(rest, 0), ...hitsOf(rest, partWords, 0, () => true)]) {
    text = text.slice(0, cut.start) + ' '.repeat(cut.end - cut.start) + text.slice(cut.end);
  }
  // "Men's" is "men": one meet may write both.
  return text
    .replace(/'s(?![\p{L}\p{N}])/gu, '')
    .replaceAll("'", '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '' && !/^\d/.test(word))
    .join(' ');
}

/**
 * Which part of which combined event a FinishLynx or FieldLynx name is ("Men Decathlon 110m
 * Hurdles", "Siebenkampf Kugelstoß"), in any language the vocabulary knows; null for a name
 * that is no part of a scored combined event. The sex is the name's (men or women), else the
 * kind's.
 */
export function combinedPartOf(
  eventName: string,
  facts: { trackDiscipline: string | null; fieldDiscipline: string | null },
): CombinedPartName | null {
  const { facts: said, rest } = readName(eventName);
  const event = combinedEventOf(rest);
  const named = event === null ? null : kindsNamed[event];
  if (named === null) return null;
  const part = partOf(eventName, facts);
  if (part === null) return null;
  const sex = said.gender === 'men' || said.gender === 'women' ? said.gender : defaultSex(named);
  // Men contest the heptathlon indoors only.
  const candidates: CombinedKind[] = [
    named === 'HEPTATHLON' && sex === 'men' ? 'INDOOR_HEPTATHLON' : named,
  ];
  const other = otherVenue[named];
  if (other) candidates.push(other);
  const kind = candidates.find((candidate) => partsOf(candidate, sex).includes(part));
  return kind ? { kind, sex, part, base: baseOf(rest) } : null;
}
