import { z } from 'zod';

export const rounds = ['prelims', 'heats', 'quarters', 'semis', 'finals', 'unknown'] as const;
export const Round = z.enum(rounds);
export type Round = z.infer<typeof Round>;

export const roundLabels: Record<Round, string> = {
  prelims: 'Prelims',
  heats: 'Heats',
  quarters: 'Quarters',
  semis: 'Semis',
  finals: 'Finals',
  unknown: 'N/A',
};

export const eventStatuses = ['upcoming', 'unofficial', 'official', 'scratched', 'imported'] as const;
export const EventStatus = z.enum(eventStatuses);
export type EventStatus = z.infer<typeof EventStatus>;
/** For input only: accepts the spec's alias 'scratch' and gives 'scratched'. */
export const EventStatusInput = z.preprocess(
  (v) => (v === 'scratch' ? 'scratched' : v),
  EventStatus,
);

export const eventStatusLabels: Record<EventStatus, string> = {
  upcoming: 'Upcoming',
  unofficial: 'Unofficial',
  official: 'Official',
  scratched: 'Scratched',
  imported: 'Imported (Edit Required)',
};

export const eventTypes = ['ATHLETICS', 'JUMP'] as const;
export const EventType = z.enum(eventTypes);
export type EventType = z.infer<typeof EventType>;
export const eventTypeLabels: Record<EventType, string> = { ATHLETICS: 'Track', JUMP: 'Field' };

/** The spelling LYNX_MEET_MANAGMENT is the product's wire value; keep it. */
export const fileTypes = ['NONE', 'MANUAL', 'LYNX_MEET_MANAGMENT'] as const;
export const FileType = z.enum(fileTypes);
export type FileType = z.infer<typeof FileType>;

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
export const TrackDiscipline = z.enum(trackDisciplines);
export type TrackDiscipline = z.infer<typeof TrackDiscipline>;

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
export const FieldDiscipline = z.enum(fieldDisciplines);
export type FieldDiscipline = z.infer<typeof FieldDiscipline>;

/** Field disciplines whose series is one cell per bar height rather than six attempts. */
export const verticalJumps: readonly FieldDiscipline[] = ['HIGH_JUMP', 'POLE_VAULT'];

export const featureAliases = [
  'timetable',
  'wind_speed',
  'head_on_camera_image',
  'limited_to_3_competitions',
] as const;
export const FeatureAlias = z.enum(featureAliases);
export type FeatureAlias = z.infer<typeof FeatureAlias>;
