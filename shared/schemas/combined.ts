import { z } from 'zod';
import { combinedKinds } from '../athletics/combined/points.ts';

export const CombinedKind = z.enum(combinedKinds);

/** POST /api/admin/competitions/{uic}/combined-events: events grouped as one combined event. */
export const CombinedEventInput = z.object({
  name: z.string().trim().min(1).max(200),
  kind: CombinedKind,
  eventIds: z.array(z.uuid()).min(1).max(20),
});
export type CombinedEventInput = z.infer<typeof CombinedEventInput>;

/** A combined event as listed: its id, name, kind and part events in the kind's order. */
export const CombinedEventSummary = z.object({
  id: z.uuid(),
  competitionUic: z.number().int(),
  name: z.string(),
  kind: CombinedKind,
  sex: z.enum(['men', 'women']),
  /** Grouped by Rith from the names FinishLynx gave its parts, not by the admin. */
  auto: z.boolean(),
  events: z.array(z.object({ eventId: z.uuid(), eventName: z.string(), part: z.string() })),
});
export type CombinedEventSummary = z.infer<typeof CombinedEventSummary>;
export const CombinedEventList = z.array(CombinedEventSummary);

/**
 * GET /api/combined-events/{id}: live standings by the World Athletics scoring tables, after
 * every result. `place` is null for an athlete who did not start an event.
 */
export const CombinedEventStandings = CombinedEventSummary.extend({
  standings: z.array(
    z.object({
      bib: z.string().nullable(),
      name: z.string(),
      club: z.string().nullable(),
      total: z.number().int(),
      place: z.number().int().positive().nullable(),
      events: z.array(
        z.object({
          eventId: z.uuid(),
          performance: z.string().nullable(),
          points: z.number().int().nullable(),
        }),
      ),
    }),
  ),
});
export type CombinedEventStandings = z.infer<typeof CombinedEventStandings>;
