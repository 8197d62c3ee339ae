/**
 * The product's vocabulary as plain data: no zod here, so the client can import labels
 * without the schema library. shared/schemas/enums.ts builds the zod enums from these.
 */

export const rounds = ['prelims', 'heats', 'quarters', 'semis', 'finals', 'unknown'] as const;
export type Round = (typeof rounds)[number];

export const roundLabels: Record<Round, string> = {
  prelims: 'Prelims',
  heats: 'Heats',
  quarters: 'Quarters',
  semis: 'Semis',
  finals: 'Finals',
  unknown: 'N/A',
};

export const eventStatuses = [
  'upcoming',
  'unofficial',
  'official',
  'scratched',
  'imported',
] as const;
export type EventStatus = (typeof eventStatuses)[number];

export const eventStatusLabels: Record<EventStatus, string> = {
  upcoming: 'Upcoming',
  unofficial: 'Unofficial',
  official: 'Official',
  scratched: 'Scratched',
  imported: 'Imported (Edit Required)',
};

export const eventTypes = ['ATHLETICS', 'JUMP'] as const;
export type EventType = (typeof eventTypes)[number];
export const eventTypeLabels: Record<EventType, string> = { ATHLETICS: 'Track', JUMP: 'Field' };

/** The spelling LYNX_MEET_MANAGMENT is the product's wire value; keep it. */
export const fileTypes = ['NONE', 'MANUAL', 'LYNX_MEET_MANAGMENT'] as const;
export type FileType = (typeof fileTypes)[number];

export const trackDisciplines = [
  'FIFTYFIVE_METER',
  'SIXTY_METER',
  'ONE_HUNDRED_METER',
  'ONE_TEN_METER',
  'TWO_HUNDRED_METER',
  'THREE_HUNDRED_METER',
  'FOUR_HUNDRED_METER',
  'EIGHT_HUNDRED_METER',
  'FIFTEEN_HUNDRED_METER',
  'SIXTEEN_HUNDRED_METER',
  'THREE_K',
  'THREE_THOUSAND_TWO_HUNDRED_METER',
  'FIVE_K',
  'TEN_K',
  'CUSTOM',
] as const;
export type TrackDiscipline = (typeof trackDisciplines)[number];

/** The track discipline of a race distance in metres (every other distance is CUSTOM). */
export const trackDisciplineByMetres: Readonly<Record<string, TrackDiscipline>> = {
  55: 'FIFTYFIVE_METER',
  60: 'SIXTY_METER',
  100: 'ONE_HUNDRED_METER',
  110: 'ONE_TEN_METER',
  200: 'TWO_HUNDRED_METER',
  300: 'THREE_HUNDRED_METER',
  400: 'FOUR_HUNDRED_METER',
  800: 'EIGHT_HUNDRED_METER',
  1500: 'FIFTEEN_HUNDRED_METER',
  1600: 'SIXTEEN_HUNDRED_METER',
  3000: 'THREE_K',
  3200: 'THREE_THOUSAND_TWO_HUNDRED_METER',
  5000: 'FIVE_K',
  10000: 'TEN_K',
};

export const fieldDisciplines = [
  'TRACK',
  'HIGH_JUMP',
  'POLE_VAULT',
  'LONG_JUMP',
  'TRIPLE_JUMP',
  'DISCUS_THROW',
  'HAMMER_THROW',
  'JAVELIN_THROW',
  'SHOT_PUT',
  'WEIGHT_THROW',
  'DECATHLON',
  'HEPTATHLON',
  'OUTDOOR_PENTATHLON',
  'INDOOR_PENTATHLON',
  'WEIGHT_PENTATHLON',
  'CROSS_COUNTRY',
  'CUSTOM',
] as const;
export type FieldDiscipline = (typeof fieldDisciplines)[number];

/** Field disciplines whose series is one cell per bar height rather than six attempts. */
export const verticalJumps: readonly FieldDiscipline[] = ['HIGH_JUMP', 'POLE_VAULT'];

/** Throws: FieldLynx writes a meaningless -0.0 as each attempt's wind, so none is kept or shown. */
export const throwingDisciplines: readonly FieldDiscipline[] = [
  'SHOT_PUT',
  'DISCUS_THROW',
  'HAMMER_THROW',
  'JAVELIN_THROW',
  'WEIGHT_THROW',
];

export const featureAliases = [
  'timetable',
  'wind_speed',
  'head_on_camera_image',
  'limited_to_3_competitions',
] as const;
export type FeatureAlias = (typeof featureAliases)[number];
