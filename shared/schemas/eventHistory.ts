import { z } from 'zod';
import { EventStatus } from './enums.ts';

/**
 * Where the rows spectators were shown came from: the event's results (a file or the admin's
 * form), the finish camera's scoreboard lines (`live`) while no results are in, the officials'
 * field card's standings (`card`, each trial as the judge enters it), or nothing.
 */
export const ShownSource = z.enum(['results', 'live', 'card', 'none']);
export type ShownSource = z.infer<typeof ShownSource>;

/** An athlete's result as the results table shows it. */
export const AthleteResult = z.object({
  /** Their place; null when unplaced (a code, or no place given). */
  place: z.number().int().positive().nullable(),
  /** The time or mark as shown ("25.01", "6.41"); null when there is none (a code instead). */
  mark: z.string().nullable(),
  /** DNS, DNF, DQ, NM or r; null when none. */
  code: z.string().nullable(),
});
export type AthleteResult = z.infer<typeof AthleteResult>;

/** What changed between two versions of an event's shown results (shared/results/corrections.ts). */
export const ResultChange = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('status'),
    from: EventStatus,
    to: EventStatus,
    /** "Status: unofficial → official". */
    summary: z.string(),
  }),
  z.object({
    /** The results file replaced the scoreboard's lines (or the other way round). */
    type: z.literal('source'),
    from: ShownSource,
    to: ShownSource,
    summary: z.string(),
  }),
  z.object({
    type: z.literal('athlete'),
    change: z.enum(['added', 'removed', 'changed']),
    /** The athlete's key in the competition (shared/athletes/identity.ts). */
    key: z.string(),
    name: z.string(),
    bib: z.string().nullable(),
    club: z.string().nullable(),
    /** Null when added. */
    before: AthleteResult.nullable(),
    /** Null when removed. */
    after: AthleteResult.nullable(),
    /**
     * What differs, for a change: place, mark (a time or distance), code (DNS, DQ…), trials (a
     * field trial shown was changed or taken back).
     */
    fields: z.array(z.enum(['place', 'mark', 'code', 'trials'])),
    /**
     * "Anna Byrne: 24.89 → 25.01, place 2 → 3", "Tom Ryan added: 25.40, place 3", "Eva Kerr:
     * trial 3 11.07 → 11.70".
     */
    summary: z.string(),
  }),
]);
export type ResultChange = z.infer<typeof ResultChange>;
export type AthleteChange = Extract<ResultChange, { type: 'athlete' }>;

/** One kept version of what spectators were shown of an event. */
export const EventVersion = z.object({
  version: z.number().int(),
  /** When it was saved (ISO 8601). */
  at: z.string(),
  /** The same on the venue's clock, "HH:MM". */
  atVenue: z.string(),
  status: EventStatus,
  source: ShownSource,
  /**
   * Results already published as results (not the scoreboard's lines) changed: a place, a
   * time or mark, a code, an athlete added or removed. A status change alone is not one.
   */
  correction: z.boolean(),
  /** Against the version before it (the first against nothing shown, upcoming). */
  changes: z.array(ResultChange),
});
export type EventVersion = z.infer<typeof EventVersion>;

/** GET /api/events/{id}/history: every version of the event's shown results, newest first. */
export const EventHistory = z.object({
  eventId: z.uuid(),
  /** When its results were last corrected (ISO 8601); null when they never were. */
  correctedAt: z.string().nullable(),
  versions: z.array(EventVersion),
});
export type EventHistory = z.infer<typeof EventHistory>;
