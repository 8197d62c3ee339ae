import { z } from 'zod';

export const Club = z.object({
  uic: z.number().int(),
  urlName: z.string().nullable(),
  clubName: z.string(),
  visible: z.boolean(),
  email: z.string().nullable(),
  imageLink: z.string().nullable(),
});
export type Club = z.infer<typeof Club>;
export const ClubList = z.array(Club);

/**
 * GET /api/clubs: every visible club, or (`listed=true`) the clubs the results page lists:
 * those with a public competition, a club with a live one first, then by name.
 */
export const ClubListQuery = z.object({ listed: z.stringbool().optional() });
