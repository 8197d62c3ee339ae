import {
  trackDisciplineByMetres,
  type EventType,
  type FieldDiscipline,
  type TrackDiscipline,
} from '../../shared/domain.ts';
import { columnMetres, distancesOf, legSumOf, type Distance } from './distance.ts';
import { choose, hitsOf, wordsPattern, type Hit } from '../../shared/eventNames/match.ts';
import { readName } from '../../shared/eventNames/read.ts';
import { vocabulary, type SingleField, type TrackKind } from '../../shared/eventNames/words.ts';

export interface EventDiscipline {
  /** ATHLETICS (track) or JUMP (field: the product's word for every field event), null when
   *  nothing tells. */
  eventType: EventType | null;
  /** For track events: what kind of race; null for field events or when unknown. */
  kind: TrackKind | null;
  /** The race's whole distance in metres when known (4x400 relay = 1600, mile = 1609), null
   *  when unknown; always null for field events. */
  metres: number | null;
  trackDiscipline: TrackDiscipline | null;
  fieldDiscipline: FieldDiscipline | null;
}

type Found =
  | { type: 'distance'; distance: Distance }
  | { type: 'kind'; kind: TrackKind }
  | { type: 'cross' }
  | { type: 'field'; discipline: FieldDiscipline; weak: boolean }
  | { type: 'otherField' }
  | { type: 'anyField' };

const entries = <K extends string>(map: Partial<Record<K, readonly string[]>>) =>
  Object.entries(map) as [K, readonly string[]][];

const patterns = {
  kinds: entries(vocabulary.races).map(([kind, words]) => [kind, wordsPattern(words)] as const),
  cross: wordsPattern(vocabulary.crossCountry),
  fields: entries<SingleField>(vocabulary.fields).map(
    ([discipline, words]) => [discipline, wordsPattern(words)] as const,
  ),
  weakFields: entries<SingleField>(vocabulary.weakFields).map(
    ([discipline, words]) => [discipline, wordsPattern(words)] as const,
  ),
  combined: entries(vocabulary.combined).map(
    ([discipline, words]) => [discipline, wordsPattern(words)] as const,
  ),
  otherFields: wordsPattern(vocabulary.otherFields),
  anyField: wordsPattern(vocabulary.anyField),
};

/**
 * Everything a name says about its discipline, each part of it said once: the longest reading
 * wins ("Weight Pentathlon" is not also a weight throw, "Race Walk" not also a race).
 */
function findings(text: string): Found[] {
  const hits: Hit<Found>[] = distancesOf(text, 0).map((hit) => ({
    ...hit,
    value: { type: 'distance', distance: hit.value },
  }));
  for (const [kind, pattern] of patterns.kinds) {
    hits.push(...hitsOf<Found>(text, pattern, 1, () => ({ type: 'kind', kind })));
  }
  hits.push(...hitsOf<Found>(text, patterns.cross, 1, () => ({ type: 'cross' })));
  for (const [discipline, pattern] of [...patterns.fields, ...patterns.combined]) {
    hits.push(
      ...hitsOf<Found>(text, pattern, 1, () => ({ type: 'field', discipline, weak: false })),
    );
  }
  for (const [discipline, pattern] of patterns.weakFields) {
    hits.push(
      ...hitsOf<Found>(text, pattern, 1, () => ({ type: 'field', discipline, weak: true })),
    );
  }
  hits.push(...hitsOf<Found>(text, patterns.otherFields, 1, () => ({ type: 'otherField' })));
  hits.push(...hitsOf<Found>(text, patterns.anyField, 1, () => ({ type: 'anyField' })));
  return choose(hits).map((hit) => hit.value);
}

const combinedEvents: readonly FieldDiscipline[] = [
  'DECATHLON',
  'HEPTATHLON',
  'OUTDOOR_PENTATHLON',
  'INDOOR_PENTATHLON',
  'WEIGHT_PENTATHLON',
];

/** Which kind a race is when its name says several: a shuttle hurdle relay is a relay. */
const kindOrder: readonly TrackKind[] = ['relay', 'steeplechase', 'walk', 'hurdles', 'run'];

const nothing: EventDiscipline = {
  eventType: null,
  kind: null,
  metres: null,
  trackDiscipline: null,
  fieldDiscipline: null,
};

const field = (fieldDiscipline: FieldDiscipline | null): EventDiscipline => ({
  eventType: 'JUMP',
  kind: null,
  metres: null,
  trackDiscipline: null,
  fieldDiscipline,
});

/**
 * The product's track disciplines are distances: a flat race or hurdles go by their distance
 * (110 m hurdles is ONE_TEN_METER); a relay, a steeplechase or a walk is not the flat race of
 * its length, nor is a race in yards, so those are CUSTOM, as is any other distance.
 */
function trackDisciplineOf(kind: TrackKind | null, metres: number | null, exact: boolean) {
  if (kind === 'relay' || kind === 'steeplechase' || kind === 'walk') return 'CUSTOM';
  if (metres === null || !exact) return 'CUSTOM';
  return trackDisciplineByMetres[String(metres)] ?? 'CUSTOM';
}

function race(found: readonly Found[], text: string, column: number | null): EventDiscipline {
  const distances = found.flatMap((item) => (item.type === 'distance' ? [item.distance] : []));
  const kinds = new Set<TrackKind>(['run']);
  for (const item of found) {
    if (item.type === 'kind') kinds.add(item.kind);
    if (item.type === 'distance' && item.distance.kind) kinds.add(item.distance.kind);
    if (item.type === 'distance' && item.distance.relay) kinds.add('relay');
  }
  const kind = kindOrder.find((candidate) => kinds.has(candidate)) ?? 'run';
  // The name wins over the distance column; the column fills in when the name has none. A
  // medley's written legs come before a bare number ("200-200-400-800" is no 200 m race).
  const named =
    distances.find((distance) => distance.relay) ?? distances.find((distance) => !distance.bare);
  const legSum = named === undefined && kind === 'relay' ? legSumOf(text) : null;
  const bare = distances.find((distance) => distance.bare);
  const metres = named?.metres ?? legSum ?? bare?.metres ?? column;
  const exact = (named ?? (legSum === null ? bare : undefined))?.exact ?? true;
  return {
    eventType: 'ATHLETICS',
    kind,
    metres,
    trackDiscipline: trackDisciplineOf(kind, metres, exact),
    fieldDiscipline: null,
  };
}

/** FieldLynx's event code, written in lynx.evt's wind column: LJ1, HJ1, SP1... */
const fieldCodes: Readonly<Record<string, FieldDiscipline>> = {
  LJ: 'LONG_JUMP',
  TJ: 'TRIPLE_JUMP',
  HJ: 'HIGH_JUMP',
  PV: 'POLE_VAULT',
  SP: 'SHOT_PUT',
  DT: 'DISCUS_THROW',
  JT: 'JAVELIN_THROW',
  HT: 'HAMMER_THROW',
  WT: 'WEIGHT_THROW',
};

export function fieldDisciplineFromCode(code: string | null | undefined): FieldDiscipline | null {
  const match = /^([A-Za-z]{2})\d*$/.exec((code ?? '').trim());
  return match?.[1] === undefined ? null : (fieldCodes[match[1].toUpperCase()] ?? null);
}

/**
 * What kind of event a name describes, in any of the languages, helped by what FinishLynx
 * writes beside it. A field event named, or FieldLynx's code, makes a field event even when a
 * number follows ("Shot Put 4kg"); a combined event only when none of its events is named
 * ("Heptathlon 200m" is a 200 m race, "Decathlon Long Jump" a long jump).
 */
export function eventDiscipline(
  name: string,
  hints: { distance?: string | null; fieldCode?: string | null } = {},
): EventDiscipline {
  const code = fieldDisciplineFromCode(hints.fieldCode);
  if (code !== null) return field(code);
  const { rest } = readName(name);
  const found = findings(rest);
  const fields = found.flatMap((item) => (item.type === 'field' ? [item] : []));
  const single = (weak: boolean) =>
    fields.find((item) => item.weak === weak && !combinedEvents.includes(item.discipline));
  const strong = single(false);
  if (strong) return field(strong.discipline);
  const raceSaid = found.some(
    (item) => item.type === 'distance' || item.type === 'kind' || item.type === 'cross',
  );
  const column = columnMetres(hints.distance);
  if (raceSaid) return race(found, rest, column);
  const weak = single(true);
  if (weak) return field(weak.discipline);
  const combined = fields.find((item) => combinedEvents.includes(item.discipline));
  if (combined) return field(combined.discipline);
  if (found.some((item) => item.type === 'otherField')) return field('CUSTOM');
  if (found.some((item) => item.type === 'anyField')) return field(null);
  if (column !== null) {
    return {
      eventType: 'ATHLETICS',
      kind: null,
      metres: column,
      trackDiscipline: trackDisciplineOf(null, column, true),
      fieldDiscipline: null,
    };
  }
  return nothing;
}

/** Whether a name says cross country (the spreadsheet cells' CROSS_COUNTRY). */
export function saysCrossCountry(name: string): boolean {
  const { rest } = readName(name);
  return findings(rest).some((item) => item.type === 'cross');
}
