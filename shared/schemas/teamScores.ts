import { z } from 'zod';

/** 10-8-6-5-4-3-2-1: the first eight of each final score, as most club and school meets count. */
const DEFAULT_POINTS = [10, 8, 6, 5, 4, 3, 2, 1];

/**
 * How a meet's team scores are counted (shared/athletics/teams.ts). Every field has a default,
 * so a PUT body gives only what it changes: `{ points: [7, 5, 4, 3, 2, 1] }` is a whole one.
 */
export const TeamScoringSettings = z.object({
  /** The points of each place, 1st first; places beyond the table are worth nothing. */
  points: z
    .array(z.number().nonnegative())
    .min(1)
    .max(50)
    .default(() => [...DEFAULT_POINTS]),
  /** How many athletes of one team may score in one event; null: no limit. */
  perTeam: z.number().int().positive().nullable().default(null),
  /**
   * When perTeam stops an athlete, the scoring places go on to the next athletes allowed to
   * score. Off, every athlete keeps the points of their own place and the stopped athlete's
   * points go to no one.
   */
  reassign: z.boolean().default(false),
  /** What a relay's points are multiplied by: 1 scores a relay like an individual event. */
  relayMultiplier: z.number().positive().max(10).default(1),
  /** One table per gender when the events' names say it; else one "Overall" table. */
  byGender: z.boolean().default(true),
});
export type TeamScoringSettings = z.infer<typeof TeamScoringSettings>;

export const DEFAULT_TEAM_SCORING: TeamScoringSettings = TeamScoringSettings.parse({});

export const TeamScore = z.object({
  /** The club as the results write it, trimmed. */
  team: z.string(),
  /** Exact: ties share points in halves, thirds... Round only to show them (formatTeamPoints). */
  points: z.number().nonnegative(),
  /** Teams on equal points share a place, and the next is skipped (1, 2, 2, 4). */
  place: z.number().int().positive(),
});
export type TeamScore = z.infer<typeof TeamScore>;

export const TeamTable = z.object({
  /** "Men", "Women", "Mixed" or "Overall". */
  name: z.string(),
  /** Most points first; only teams that scored. */
  teams: z.array(TeamScore),
});
export type TeamTable = z.infer<typeof TeamTable>;

/** A meet's team scores: the tables in the order Men, Women, Mixed, Overall. */
export const TeamScores = z.object({ tables: z.array(TeamTable) });
export type TeamScores = z.infer<typeof TeamScores>;
