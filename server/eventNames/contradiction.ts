import {
  trackDisciplineByMetres,
  type FieldDiscipline,
  type Round,
  type TrackDiscipline,
} from '../../shared/domain.ts';
import type { EventDiscipline } from './discipline.ts';
import { foldText } from '../../shared/eventNames/fold.ts';
import { longestName, readEventName } from '../../shared/eventNames/read.ts';
import type { Gender, TrackKind } from '../../shared/eventNames/words.ts';

/**
 * Why two descriptions of an event (say, a results file's header and the event it would land
 * on) cannot be the same event, in words an operator acts on, or null. Only what both sides
 * know counts: an unknown never contradicts, so that a bare "Men 60 Meter Hurdles" matches
 * "Men 60m Hurdles Final" and a FinishLynx file matches an event typed by hand.
 */
export function contradiction(
  a: { name: string; discipline: EventDiscipline },
  b: { name: string; discipline: EventDiscipline },
): string | null {
  const [x, y] = [a.discipline, b.discipline];
  if (x.eventType !== null && y.eventType !== null && x.eventType !== y.eventType) {
    return x.eventType === 'JUMP'
      ? 'a field event is not a track race'
      : 'a track race is not a field event';
  }
  const [fx, fy] = [knownField(x.fieldDiscipline), knownField(y.fieldDiscipline)];
  if (fx !== null && fy !== null && fx !== fy) {
    return `${withArticle(fieldLabels[fx])} is not ${withArticle(fieldLabels[fy])}`;
  }
  const [mx, my] = [metresOf(x), metresOf(y)];
  const kindsDiffer = x.kind !== null && y.kind !== null && x.kind !== y.kind;
  if (kindsDiffer || (mx !== null && my !== null && !sameDistance(mx, my))) {
    return `${describeRace(x.kind, mx)} is not ${describeRace(y.kind, my)}`;
  }
  return namesDiffer(a.name, b.name);
}

/** What the names alone tell apart: who competes, the age group, the round. */
function namesDiffer(a: string, b: string): string | null {
  const [na, nb] = [readEventName(a), readEventName(b)];
  if (na.gender !== null && nb.gender !== null && na.gender !== nb.gender) {
    return na.gender !== 'mixed' && nb.gender !== 'mixed'
      ? "men's and women's events differ"
      : `${withArticle(genderLabels[na.gender])} event is not ${withArticle(genderLabels[nb.gender])} event`;
  }
  const [aa, ab] = [agesOf(a), agesOf(b)];
  if (aa.length > 0 && ab.length > 0 && !aa.some((age) => ab.includes(age))) {
    return `U${aa[0]} and U${ab[0]} events differ`;
  }
  const [ra, rb] = [sameRound(na.round), sameRound(nb.round)];
  if (ra !== null && rb !== null && ra !== rb) {
    return `the ${roundNouns[ra]} and the ${roundNouns[rb]} are different rounds`;
  }
  return null;
}

/** CUSTOM and TRACK say nothing about which field event it is. */
const knownField = (discipline: FieldDiscipline | null) =>
  discipline === null || discipline === 'CUSTOM' || discipline === 'TRACK' ? null : discipline;

const metresByDiscipline = new Map<TrackDiscipline, number>(
  Object.entries(trackDisciplineByMetres).map(([metres, discipline]) => [discipline, +metres]),
);

/** The race's distance, from its metres or else its product distance (CUSTOM says nothing). */
function metresOf(discipline: EventDiscipline): number | null {
  if (discipline.eventType === 'JUMP') return null;
  if (discipline.metres !== null) return discipline.metres;
  const track = discipline.trackDiscipline;
  return track === null ? null : (metresByDiscipline.get(track) ?? null);
}

/** A mile is 1609 m however it was rounded; 1600 m is another race. */
const sameDistance = (a: number, b: number) =>
  Math.abs(a - b) <= Math.max(2, 0.001 * Math.max(a, b));

const raceNouns: Readonly<Record<TrackKind, string>> = {
  run: 'race',
  hurdles: 'hurdles race',
  steeplechase: 'steeplechase',
  relay: 'relay',
  walk: 'race walk',
};

const MILE = 1609.344;

/** "a 3000 m steeplechase", "a mile race", "a hurdles race" (its distance unknown). */
function describeRace(kind: TrackKind | null, metres: number | null): string {
  const miles = metres === null ? 0 : Math.round(metres / MILE);
  const distance =
    metres === null
      ? ''
      : miles > 0 && Math.abs(miles * MILE - metres) < 1
        ? `${miles === 1 ? '' : `${miles} `}mile `
        : `${metres} m `;
  return withArticle(`${distance}${raceNouns[kind ?? 'run']}`);
}

const fieldLabels: Readonly<Record<FieldDiscipline, string>> = {
  TRACK: 'track event',
  HIGH_JUMP: 'high jump',
  POLE_VAULT: 'pole vault',
  LONG_JUMP: 'long jump',
  TRIPLE_JUMP: 'triple jump',
  DISCUS_THROW: 'discus throw',
  HAMMER_THROW: 'hammer throw',
  JAVELIN_THROW: 'javelin throw',
  SHOT_PUT: 'shot put',
  WEIGHT_THROW: 'weight throw',
  DECATHLON: 'decathlon',
  HEPTATHLON: 'heptathlon',
  OUTDOOR_PENTATHLON: 'pentathlon',
  INDOOR_PENTATHLON: 'indoor pentathlon',
  WEIGHT_PENTATHLON: 'weight pentathlon',
  CROSS_COUNTRY: 'cross-country race',
  CUSTOM: 'field event',
};

const genderLabels: Readonly<Record<Gender, string>> = {
  men: "men's",
  women: "women's",
  mixed: 'mixed',
};

/** Heats and prelims are the same first round under two names. */
const sameRound = (round: Round | null) =>
  round === 'prelims' ? 'heats' : round === 'unknown' ? null : round;

const roundNouns: Readonly<Record<Exclude<Round, 'unknown' | 'prelims'>, string>> = {
  heats: 'heats',
  quarters: 'quarter-finals',
  semis: 'semi-finals',
  finals: 'final',
};

/** "an 800 m race", "an indoor pentathlon", "a 1500 m race". */
function withArticle(phrase: string): string {
  const an = /^[aeiou]/i.test(phrase) || /^(8|11|18)(\d\d)?(?!\d)/.test(phrase);
  return `${an ? 'an' : 'a'} ${phrase}`;
}

/** Youth age groups: "U14", "U-16", "Under 18", Spanish "Sub 18". */
const agePattern = /(?<![\p{L}\p{N}])(?:u|sub|under)\s*[-/]?\s*(\d{1,2})(?![\p{L}\p{N}])/gu;
const agesOf = (name: string) =>
  [...foldText(name.slice(0, longestName)).matchAll(agePattern)].map((match) => Number(match[1]));
