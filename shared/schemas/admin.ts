import { z } from 'zod';
import { isValidUrlName } from '../slug.ts';
import { parseWind } from '../athletics/wind.ts';
import { MAX_EVENT_ROWS, ROW_CAP_MESSAGE } from '../rowCap.ts';
import { AthleteRows } from './athlete.ts';
import { Competition } from './competition.ts';
import {
  EventStatusInput,
  EventType,
  FeatureAlias,
  FieldDiscipline,
  FileType,
  Round,
  TrackDiscipline,
} from './enums.ts';
import { EventSummary, Progression, ResultsProgress } from './event.ts';

/** Optional text: blank becomes null, so "cleared" and "never set" are stored alike. */
const optionalText = (max = 500) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().max(max).nullable().optional(),
  );

const required = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max);

export const URL_NAME_MESSAGE = 'Only lowercase letters, numbers, and hyphens are allowed';
export const URL_NAME_HINT =
  'Only lowercase letters, numbers, and hyphens - allowed. No spaces or special symbols.';

/** A parsed timetable travels inside the competition body, as its `timeTableFile`. */
export const TimetableRows = z.array(z.record(z.string(), z.unknown())).max(5000);

/**
 * The Add/Edit Competition form and POST/PUT /api/admin/competitions: one schema, so the
 * form shows the server's own rules and messages.
 */
export const CompetitionInput = z.object({
  clubUic: z.number({ error: 'Club is required' }).int().positive('Club is required'),
  competitionName: required('Competition name is required'),
  urlName: required('URL name is required', 100).refine(isValidUrlName, URL_NAME_MESSAGE),
  date: z
    .string({ error: 'Date is required' })
    .min(1, 'Date is required')
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date is required'),
  startTime: required('Start time is required', 20),
  location: required('Location is required'),
  closeTime: optionalText(40),
  description: optionalText(5000),
  mapLink: optionalText(2000),
  facebook: optionalText(2000),
  timedBy: optionalText(200),
  timedByLink: optionalText(2000),
  visible: z.boolean().default(true),
  liveNow: z.boolean().default(false),
  timeTableType: FileType.default('NONE'),
  timeTableFileName: optionalText(255),
  timeTableFile: TimetableRows.nullable().optional(),
});
export type CompetitionInput = z.output<typeof CompetitionInput>;
export type CompetitionFormValues = z.input<typeof CompetitionInput>;

/**
 * PATCH /api/admin/competitions/{uic}: the table's quick switches change one flag without
 * resending (and revalidating) the whole competition.
 */
export const CompetitionFlags = z
  .object({ liveNow: z.boolean().optional(), visible: z.boolean().optional() })
  .refine((v) => v.liveNow !== undefined || v.visible !== undefined, 'Nothing to change');
export type CompetitionFlags = z.infer<typeof CompetitionFlags>;

/** A competition as its club's admins see it: the public fields plus the parsed timetable. */
export const AdminCompetition = Competition.extend({
  timeTableFile: TimetableRows.nullable(),
  /** When the club marked the results final for the federation (ISO 8601); null when not. */
  resultsFinalAt: z.string().nullable(),
});
export type AdminCompetition = z.infer<typeof AdminCompetition>;
export const AdminCompetitionList = z.array(AdminCompetition);

export const WIND_MESSAGE = 'Enter the wind in m/s, such as +1.2 or -0.8';

/** The Add/Edit Event form and POST/PUT of an event. */
export const EventInput = z
  .object({
    /** New events get their id (a UUID) from the form, so a retry cannot duplicate. */
    id: z.uuid().optional(),
    eventName: required('Event name is required'),
    eventType: EventType.nullable().refine((v) => v !== null, 'Event type is required'),
    trackDiscipline: TrackDiscipline.nullable().default(null),
    fieldDiscipline: FieldDiscipline.nullable().default(null),
    round: Round.nullable().refine((v) => v !== null && v !== 'unknown', 'Round is required'),
    time: required('Time is required', 20),
    status: EventStatusInput.refine((v) => v !== 'imported', 'Status is required').default(
      'upcoming',
    ),
    visible: z.boolean().default(true),
    windSpeed: optionalText(10).refine(
      (v) => v === null || v === undefined || parseWind(v) !== null,
      WIND_MESSAGE,
    ),
    resultsFileType: FileType.default('NONE'),
    resultsFileName: optionalText(255),
    results: AthleteRows.max(MAX_EVENT_ROWS, ROW_CAP_MESSAGE).optional(),
    startListType: FileType.default('NONE'),
    startListFileName: optionalText(255),
    startListFile: AthleteRows.max(MAX_EVENT_ROWS, ROW_CAP_MESSAGE).optional(),
    /**
     * What was still to come of a timing file's results when the form was opened: a heat
     * settled Official meanwhile keeps that status (server/events/admin.ts heldResults).
     */
    progress: ResultsProgress.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    const discipline = v.eventType === 'JUMP' ? v.fieldDiscipline : v.trackDiscipline;
    if (v.eventType !== null && discipline === null) {
      ctx.addIssue({
        code: 'custom',
        path: [v.eventType === 'JUMP' ? 'fieldDiscipline' : 'trackDiscipline'],
        message: 'Discipline is required',
      });
    }
  });
export type EventInput = z.output<typeof EventInput>;
export type EventFormValues = z.input<typeof EventInput>;

/** An event as its club's admins see it: with its rows, whatever its visibility. */
export const AdminEvent = EventSummary.extend({
  results: AthleteRows,
  startListFile: AthleteRows,
  /** Its round's qualification rule and who is through so far; null without a rule. */
  progression: Progression.nullable(),
});
export type AdminEvent = z.infer<typeof AdminEvent>;
export const AdminEventList = z.array(AdminEvent);

export const AdminClub = z.object({
  uic: z.number().int(),
  clubName: z.string(),
  urlName: z.string().nullable(),
  visible: z.boolean(),
  email: z.string().nullable(),
  imageLink: z.string().nullable(),
  packageId: z.number().int().nullable(),
  packageName: z.string().nullable(),
});
export type AdminClub = z.infer<typeof AdminClub>;

/**
 * GET /api/admin/clubs: the user's clubs and the package of the first;
 * each club also names its own package, for a user whose clubs are on different plans.
 */
export const AdminClubs = z.object({
  clubs: z.array(AdminClub),
  packageId: z.number().int().nullable(),
  packageName: z.string().nullable(),
  packageTier: z.string().nullable(),
  packagePrice: z.string().nullable(),
  packagePriceNote: z.string().nullable(),
  packageFeatures: z.record(z.string(), z.boolean()),
  packageExtra: z.object({ adverts: z.string().nullable(), renewal: z.string().nullable() }),
});
export type AdminClubs = z.infer<typeof AdminClubs>;

export const Feature = z.object({
  name: z.string(),
  alias: FeatureAlias.nullable(),
  included: z.boolean(),
});
export type Feature = z.infer<typeof Feature>;
export const FeatureList = z.array(Feature);
export const FeaturesQuery = z.object({ packageId: z.coerce.number().int().positive() });

export const CompetitionUicParams = z.object({ uic: z.coerce.number().int().positive() });
export const EventParams = z.object({ id: z.string().max(100) });

export const PdfUploadResponse = z.object({ pdfUrl: z.string(), event: AdminEvent });
export type PdfUploadResponse = z.infer<typeof PdfUploadResponse>;
