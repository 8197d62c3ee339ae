import {
  trackDisciplineByMetres,
  type FieldDiscipline,
  type TrackDiscipline,
} from '../../domain.ts';

/**
 * The product's track disciplines are distances, so hurdles go by their distance (110 m
 * hurdles is ONE_TEN_METER). A relay's or a steeplechase's distance is not the flat race of
 * that length (4x400 covers 1600 m), so they are CUSTOM, as is any race of another length
 * (a mile, 600 m). The distance column wins over the name; null when neither tells.
 */
export function trackDiscipline(distance: string, eventName: string): TrackDiscipline | null {
  if (/relay|\d\s*x\s*\d|steeple/i.test(eventName)) return 'CUSTOM';
  const metres = /^\d+(\.0*)?$/.test(distance) ? String(Number(distance)) : metresInName(eventName);
  if (metres !== null) return trackDisciplineByMetres[metres] ?? 'CUSTOM';
  return /\b(mile|run|dash|hurdles|race|walk)\b/i.test(eventName) ? 'CUSTOM' : null;
}

function metresInName(eventName: string): string | null {
  const match = /\b(\d+)\s*(m|meters?|metres?)\b/i.exec(eventName);
  return match?.[1] === undefined ? null : String(Number(match[1]));
}

/** FieldLynx writes its event code where FinishLynx writes the wind: LJ1, HJ1, SP1... */
const fieldCodes: Record<string, FieldDiscipline> = {
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

export function fieldDisciplineFromCode(code: string): FieldDiscipline | null {
  const match = /^([A-Za-z]{2})\d*$/.exec(code);
  return match?.[1] === undefined ? null : (fieldCodes[match[1].toUpperCase()] ?? null);
}

const namedFields: readonly [RegExp, FieldDiscipline][] = [
  [/high\s*jump/i, 'HIGH_JUMP'],
  [/pole\s*vault/i, 'POLE_VAULT'],
  [/long\s*jump/i, 'LONG_JUMP'],
  [/triple\s*jump/i, 'TRIPLE_JUMP'],
  [/\bshot\b/i, 'SHOT_PUT'],
  [/\bdiscus\b/i, 'DISCUS_THROW'],
  [/\bweight\b/i, 'WEIGHT_THROW'],
  [/\bhammer\b/i, 'HAMMER_THROW'],
  [/\bjavelin\b/i, 'JAVELIN_THROW'],
];

export function fieldDisciplineFromName(eventName: string): FieldDiscipline | null {
  return namedFields.find(([pattern]) => pattern.test(eventName))?.[1] ?? null;
}

/** Disciplines where FieldLynx writes a meaningless -0.0 as each attempt's wind. */
export const throws: readonly FieldDiscipline[] = [
  'SHOT_PUT',
  'DISCUS_THROW',
  'HAMMER_THROW',
  'JAVELIN_THROW',
  'WEIGHT_THROW',
];
