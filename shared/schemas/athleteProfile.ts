import { z } from 'zod';

/** A mark on the athlete's page, where and when it was set. */
export const AthleteMark = z.object({
  mark: z.string(),
  wind: z.string().nullable(),
  date: z.string(),
  competitionName: z.string(),
  eventId: z.string(),
});
export type AthleteMark = z.infer<typeof AthleteMark>;

/**
 * The athlete's bests in one event, indoor and outdoor apart: PB and this season's SB count
 * only legal, fully automatic marks; a wind-aided or hand-timed mark better than those is
 * shown apart.
 */
export const AthleteBest = z.object({
  /** "100 m", "Long jump". */
  event: z.string(),
  indoor: z.boolean(),
  pb: AthleteMark.nullable(),
  sb: AthleteMark.nullable(),
  windAided: AthleteMark.nullable(),
  hand: AthleteMark.nullable(),
});
export type AthleteBest = z.infer<typeof AthleteBest>;

export const AthleteResult = z.object({
  eventId: z.string(),
  eventName: z.string(),
  competitionUic: z.number().int(),
  competitionName: z.string(),
  date: z.string(),
  round: z.string(),
  place: z.string().nullable(),
  mark: z.string().nullable(),
  wind: z.string().nullable(),
  flags: z.array(z.string()),
});
export type AthleteResult = z.infer<typeof AthleteResult>;

/** GET /api/athletes/{id}: the athlete's page. No date of birth: a minor's is never shown. */
export const AthleteProfile = z.object({
  id: z.string(),
  name: z.string(),
  club: z.string().nullable(),
  bests: z.array(AthleteBest),
  /** The athletes a club admin merged into this one: the same person, listed apart before. */
  merged: z.array(z.object({ id: z.string(), name: z.string(), club: z.string().nullable() })),
  /** Every result on Rith, newest first. */
  results: z.array(AthleteResult),
});
export type AthleteProfile = z.infer<typeof AthleteProfile>;

/** POST /api/admin/athletes/{id}/merge: the athlete `id` is `into`'s person. */
export const MergeInput = z.object({ into: z.uuid('Choose the athlete to merge with') });
export const AthleteRef = z.object({ id: z.string() });

/** POST /api/athletes/{id}/page-link: the address the athlete registered with. */
export const PageLinkRequest = z.object({ email: z.email('Enter your e-mail address').max(254) });

/** PUT /api/athletes/{id}/hidden: with the link mailed to the athlete. */
export const PageHiddenInput = z.object({ token: z.string().min(1).max(200), hidden: z.boolean() });
export const PageHidden = z.object({ hidden: z.boolean() });
export type PageHidden = z.infer<typeof PageHidden>;

/** PUT /api/admin/competitions/{uic}/records: one record of a list. */
export const RecordInput = z.object({
  /** MR, CR, NR, AR, WR, or a club's own code. */
  type: z
    .string()
    .trim()
    .min(1, 'Record type is required')
    .max(12)
    .transform((v) => v.toUpperCase()),
  eventName: z.string().trim().min(1, 'Event is required').max(200),
  gender: z.string().trim().min(1, 'Gender is required').max(20),
  mark: z.string().trim().min(1, 'Mark is required').max(20),
  holder: z.string().trim().max(200).default(''),
  date: z.string().trim().max(20).nullable().default(null),
  /** Club-wide: the list every competition of the club holds, not this one alone. */
  clubWide: z.boolean().default(false),
});
export type RecordInput = z.output<typeof RecordInput>;

export const RecordsInput = z.object({ records: z.array(RecordInput).max(2000) });

/** A record as the lists hold it: its mark as shown, its event as Rith names it. */
export const RecordEntry = z.object({
  type: z.string(),
  eventName: z.string(),
  event: z.string(),
  gender: z.string(),
  mark: z.string(),
  holder: z.string(),
  date: z.string().nullable(),
  clubWide: z.boolean(),
});
export const RecordList = z.object({ records: z.array(RecordEntry) });
export type RecordList = z.infer<typeof RecordList>;
