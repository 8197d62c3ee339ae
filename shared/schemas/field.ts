import { z } from 'zod';
import { AthleteRows } from './athlete.ts';
import { EventStatus, FieldDiscipline } from './enums.ts';

/*
 * The officials' field card (server/field/): a judge's phone, with a `field` token, enters
 * each trial; the rules (shared/athletics/field/) work out the rest.
 */

const bib = z.string().trim().min(1, 'Give the bib.').max(20);

/** Counts of trials and finalists (athletics rules: settings of the event). */
export const FieldSettingsBody = z
  .object({
    trials: z.number().int().min(1).max(6),
    trialsBeforeCut: z.number().int().min(1).max(6),
    finalists: z.number().int().min(1).max(99),
  })
  .refine((s) => s.trialsBeforeCut <= s.trials, {
    message: 'The trials before the cut cannot be more than the trials in all.',
    path: ['trialsBeforeCut'],
  });
export type FieldSettingsBody = z.infer<typeof FieldSettingsBody>;

/**
 * POST /api/field/events/{id}/attempts. Horizontal: `round` (1-6), `mark` a distance
 * ("11.07"), "x", "-" or "r", `wind` for long and triple jump. Vertical: `height` ("2.05"),
 * `mark` "o", "x" or "-" for one trial, and optionally `trial`, its number at that height as
 * the card saw it, so that two cards entering the same trial are told apart. `id` is made by
 * the card: the same id again changes nothing.
 */
export const FieldAttemptBody = z.object({
  id: z.uuid(),
  bib,
  round: z.number().int().optional(),
  height: z.string().trim().min(1).max(10).optional(),
  trial: z.number().int().min(1).max(3).optional(),
  mark: z.string().trim().min(1, 'Give the mark.').max(10),
  wind: z.string().trim().max(10).nullable().optional(),
});
export type FieldAttemptBody = z.infer<typeof FieldAttemptBody>;

/** PUT /api/field/events/{id}/attempts/{attemptId}: the trial's new mark (and wind). */
export const FieldCorrectionBody = z.object({
  mark: z.string().trim().min(1, 'Give the mark.').max(10),
  wind: z.string().trim().max(10).nullable().optional(),
});
export type FieldCorrectionBody = z.infer<typeof FieldCorrectionBody>;

/** POST /api/field/events/{id}/athletes: a late entry. */
export const FieldAthleteBody = z.object({
  bib,
  name: z.string().trim().min(1, 'Give the name.').max(120),
  club: z.string().trim().max(120).nullable().optional(),
  flight: z.number().int().min(1).max(20).optional(),
});
export type FieldAthleteBody = z.infer<typeof FieldAthleteBody>;

export const FieldEventParams = z.object({ id: z.uuid() });
export const FieldAttemptParams = z.object({ id: z.uuid(), attemptId: z.uuid() });

/** POST /api/field/session: the token a card's link carries, exchanged for a device cookie. */
export const FieldSessionBody = z.object({ token: z.string().min(1).max(200) });

/** What the card is told of who it is and where. */
export const FieldIdentity = z.object({
  tokenName: z.string(),
  competitionUic: z.number().int(),
  competitionName: z.string(),
  clubName: z.string(),
});
export type FieldIdentity = z.infer<typeof FieldIdentity>;

export const FieldKind = z.enum(['horizontal', 'vertical']);

/** GET /api/field/events: one line per field event of the token's competition. */
export const FieldEventSummary = z.object({
  id: z.uuid(),
  eventName: z.string(),
  time: z.string().nullable(),
  discipline: FieldDiscipline.nullable(),
  kind: FieldKind,
  status: EventStatus,
  athletes: z.number().int(),
  trials: z.number().int(),
  completed: z.boolean(),
});
export type FieldEventSummary = z.infer<typeof FieldEventSummary>;
export const FieldEventList = z.array(FieldEventSummary);

export const CardAthlete = z.object({
  bib: z.string(),
  name: z.string(),
  club: z.string().nullable(),
  flight: z.number().int(),
  order: z.number().int(),
  /** Added at the field, not from the start list. */
  late: z.boolean(),
});

/** A trial as the card holds it. */
export const FieldTrial = z.object({
  id: z.uuid(),
  bib: z.string(),
  round: z.number().int().nullable(),
  height: z.string().nullable(),
  trial: z.number().int().nullable(),
  mark: z.string(),
  wind: z.string().nullable(),
  enteredAt: z.string(),
  correctedAt: z.string().nullable(),
});
export type FieldTrial = z.infer<typeof FieldTrial>;

export const FieldTurn = z.object({
  bib: z.string(),
  name: z.string(),
  trial: z.number().int(),
  height: z.string().nullable(),
});
export type FieldTurn = z.infer<typeof FieldTurn>;

/** GET /api/field/events/{id}: the card. */
export const FieldCard = z.object({
  id: z.uuid(),
  eventName: z.string(),
  discipline: FieldDiscipline.nullable(),
  kind: FieldKind,
  /** Long and triple jump: a wind per trial. */
  windPerTrial: z.boolean(),
  /** The least the bar rises, in centimetres (vertical). */
  minimumRise: z.number().int(),
  status: EventStatus,
  version: z.number().int(),
  settings: FieldSettingsBody,
  completedAt: z.string().nullable(),
  athletes: z.array(CardAthlete),
  /** Every trial not removed, in the order entered. */
  trials: z.array(FieldTrial),
  /** The bar heights used so far, and the bar now (vertical). */
  heights: z.array(z.string()),
  bar: z.string().nullable(),
  /** The standings, best first, as result rows. */
  standings: AthleteRows,
  up: FieldTurn.nullable(),
  onDeck: FieldTurn.nullable(),
  next: FieldTurn.nullable(),
  /** A tie for first no trial can break: the rules call a jump-off. */
  jumpOff: z.boolean(),
});
export type FieldCard = z.infer<typeof FieldCard>;

/** A refused trial that clashes with one already entered: that one, for the judge to choose. */
export const FieldClash = z.object({
  error: z.string(),
  code: z.string(),
  requestId: z.string(),
  existing: FieldTrial,
});
