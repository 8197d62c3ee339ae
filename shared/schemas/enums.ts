import { z } from 'zod';
import {
  eventStatuses,
  eventTypes,
  featureAliases,
  fieldDisciplines,
  fileTypes,
  rounds,
  trackDisciplines,
} from '../domain.ts';

// Plain data (labels included) lives in shared/domain.ts; re-exported for server code.
export * from '../domain.ts';

export type Round = z.infer<typeof Round>;
export const Round = z.enum(rounds);
export type EventStatus = z.infer<typeof EventStatus>;
export const EventStatus = z.enum(eventStatuses);
/** For input only: accepts the alias 'scratch' and gives 'scratched'. */
export const EventStatusInput = z.preprocess(
  (v) => (v === 'scratch' ? 'scratched' : v),
  EventStatus,
);
export type EventType = z.infer<typeof EventType>;
export const EventType = z.enum(eventTypes);
export type FileType = z.infer<typeof FileType>;
export const FileType = z.enum(fileTypes);
export type TrackDiscipline = z.infer<typeof TrackDiscipline>;
export const TrackDiscipline = z.enum(trackDisciplines);
export type FieldDiscipline = z.infer<typeof FieldDiscipline>;
export const FieldDiscipline = z.enum(fieldDisciplines);
export type FeatureAlias = z.infer<typeof FeatureAlias>;
export const FeatureAlias = z.enum(featureAliases);
