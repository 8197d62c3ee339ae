import { z } from 'zod';
import { EventStatus, EventType, Round } from './enums.ts';

/** One event an athlete is entered in or has a result in. */
export const AthleteEvent = z.object({
  eventId: z.uuid(),
  eventName: z.string(),
  eventType: EventType,
  round: Round,
  heat: z.number().int().positive().nullable(),
  heatCount: z.number().int().positive(),
  /** The timetable's time, as written. */
  time: z.string().nullable(),
  /** Its place in the meet's running order from lynx.sch / lynx.evt (shared/meet/runningOrder.ts). */
  runOrder: z.number().int().nullable(),
  /** Venue clock "HH:MM", from shared/schedule/estimate.ts; null without a timetable time. */
  estimatedStart: z.string().nullable(),
  /** How late (+) or early (-) the event is expected, in minutes. */
  lateMinutes: z.number().int().nullable(),
  status: EventStatus,
  /** The lane (track) from the start list or results. */
  lane: z.string().nullable(),
  /** The place in the start list's order (1-based), for field events and unlaned races. */
  order: z.number().int().positive().nullable(),
  rank: z.string().nullable(),
  performance: z.string().nullable(),
  /** What the result is: the scoreboard's unofficial line, the file's official one, or none yet. */
  result: z.enum(['unofficial', 'official']).nullable(),
});
export type AthleteEvent = z.infer<typeof AthleteEvent>;

export const AthleteEntry = z.object({
  /** shared/athletes/identity.ts athleteKey: what a follow keeps. */
  key: z.string(),
  name: z.string(),
  bib: z.string().nullable(),
  club: z.string().nullable(),
  /** The athlete's page across competitions (/athlete/{id}), where Rith knows them. */
  athleteId: z.string().nullable(),
  events: z.array(AthleteEvent),
});
export type AthleteEntry = z.infer<typeof AthleteEntry>;

export const MAX_SEARCH_RESULTS = 50;

/**
 * GET /api/competitions/{uic}/athletes: `q` searches names, bibs and clubs (accents and case
 * ignored, every word must match); `key` answers followed athletes by key and
 * `club` whole clubs' athletes (both repeatable).
 */
const repeatable = (max: number, count: number) =>
  z
    .union([z.string().max(max), z.array(z.string().max(max)).max(count)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));

export const AthleteSearchQuery = z.object({
  q: z.string().trim().max(100).optional(),
  key: repeatable(300, 300),
  club: repeatable(200, 30),
});

export const AthleteSearchResult = z.object({
  athletes: z.array(AthleteEntry),
  /** How many matched; only the first MAX_SEARCH_RESULTS of a search are listed. */
  total: z.number().int(),
});
export type AthleteSearchResult = z.infer<typeof AthleteSearchResult>;
