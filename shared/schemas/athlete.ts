import { z } from 'zod';

const text = z.string().nullable();

/** A record as it stood before a mark broke or equalled it. */
export const PreviousRecord = z.object({
  type: z.string(),
  mark: z.string(),
  holder: z.string(),
  date: z.string().nullable(),
});
export type PreviousRecord = z.infer<typeof PreviousRecord>;

/**
 * One athlete (or relay team) in a start list or a result list. Every value is kept as the
 * source wrote it (times with their full precision, codes such as DNS); display rules live
 * in shared/athletics.
 */
export const AthleteRow = z.object({
  id: z.string().min(1),
  rank: text,
  bib: text,
  name: z.string(),
  eventName: text,
  club: text,
  category: text,
  performance: text,
  points: text,
  lane: text,
  pdfUrl: text,
  /** Field events: six attempts for horizontal jumps and throws, one cell per bar height for vertical jumps. */
  attempts: z.array(z.string().nullable()).optional(),
  /** Horizontal jumps: the wind of each attempt, aligned with attempts. */
  attemptWinds: z.array(z.string().nullable()).optional(),
  /** Vertical jumps: the bar heights the attempt cells belong to. */
  heights: z.array(z.string()).optional(),
  best: text.optional(),
  /** Field events run in flights: the flight the athlete competed in. */
  flight: z.number().int().positive().nullable().optional(),
  /** A timed final's overall ranking: the section the athlete ran in. */
  heat: z.number().int().positive().nullable().optional(),
  /**
   * Through to the next round (shared/athletics/rounds/qualify.ts): Q by place, q by time;
   * null when not. Only on results of a round with a qualification rule.
   */
  qualified: z.enum(['Q', 'q']).nullable().optional(),
  gender: text.optional(),
  reactionTime: text.optional(),
  windspeed: text.optional(),
  /** A federation or licence number: who the athlete is across competitions. */
  licence: text.optional(),
  /** The personal and season bests an entry or start list gave (seed bests). */
  pb: text.optional(),
  sb: text.optional(),
  /** The athlete Rith knows the row's person as (/athlete/{id}); on results and start lists. */
  athleteId: z.string().nullable().optional(),
  /**
   * PB, =PB, SB and the record codes (MR, =MR, NR…) the result set, worked out when it landed
   * (shared/athletics/bests/flags.ts).
   */
  flags: z.array(z.string()).optional(),
  /** The records the mark broke or equalled, as they stood before it: shown beside it. */
  records: z.array(PreviousRecord).optional(),
});
export type AthleteRow = z.infer<typeof AthleteRow>;

export const AthleteRows = z.array(AthleteRow);
