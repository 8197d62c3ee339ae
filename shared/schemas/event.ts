import { z } from 'zod';
import { AthleteRows } from './athlete.ts';
import { shownTables } from '../meet/shown.ts';
import { Club } from './club.ts';
import { FieldTurn } from './field.ts';
import { Competition } from './competition.ts';
import {
  EventStatus,
  EventType,
  FieldDiscipline,
  FileType,
  Round,
  TrackDiscipline,
} from './enums.ts';

/**
 * Results a timing file brought that are not complete yet, shown as unofficial until the rest
 * is in (shared/meet/completeness.ts): the flights of a field event ("Flight 1 of 2 in"), or
 * the athletes of a heat whose file is still being written ("4 of 8 in").
 */
export const ResultsProgress = z.object({
  part: z.enum(['flights', 'athletes']),
  done: z.number().int().min(0),
  of: z.number().int().positive(),
});
export type ResultsProgress = z.infer<typeof ResultsProgress>;

/** The fields every event listing carries; the heavy start list and results are left out. */
export const EventSummary = z.object({
  id: z.uuid(),
  competitionUic: z.number().int(),
  eventName: z.string(),
  time: z.string().nullable(),
  round: Round,
  /** 1-based heat (or section of a timed final); null when the race is not split. */
  heat: z.number().int().positive().nullable(),
  /** How many heats (or sections) the race has: 1 when it is not split. */
  heatCount: z.number().int().positive(),
  status: EventStatus,
  visible: z.boolean(),
  autoCreatedFromTimetable: z.boolean(),
  eventType: EventType,
  trackDiscipline: TrackDiscipline.nullable(),
  fieldDiscipline: FieldDiscipline.nullable(),
  windSpeed: z.string().nullable(),
  resultsFileName: z.string().nullable(),
  resultsFileType: FileType,
  startListFileName: z.string().nullable(),
  startListType: FileType,
  pdfLink: z.string().nullable(),
  /** Results are shown (shared/meet/shown.ts): official, or a file's on an event to edit. */
  hasResults: z.boolean(),
  hasStartList: z.boolean(),
  /** What its page shows, by the one rule every screen follows (shared/meet/shown.ts). */
  shown: z.enum(shownTables),
  /** When it really started, on the venue's clock ("HH:MM:SS"); null until it has. */
  startedAt: z.string().nullable(),
  /** When its first results arrived, on the venue's clock; null until they have. */
  resultsAt: z.string().nullable(),
  /**
   * When it is expected to start, on the venue's clock ("HH:MM"), from the timetable and what
   * has happened so far (shared/schedule/estimate.ts); its real start once it has started;
   * null without a timetable time. Worked out when read: pages work it out again live.
   */
  estimatedStart: z.string().nullable(),
  /** How many minutes late (+) or early (-) that is against the timetable. */
  lateMinutes: z.number().int().nullable(),
  /**
   * The start list is Rith's draw from the last round's qualifiers: provisional, until the
   * timing room sends one.
   */
  startListDrawn: z.boolean(),
  /** What is still to come of results that are in part; null when none are, or all are. */
  progress: ResultsProgress.nullable(),
  /**
   * Its place in the meet's running order as lynx.sch, else lynx.evt, lists the races; null
   * for an event neither lists. Times come first: shared/meet/runningOrder.ts.
   */
  runOrder: z.number().int().nullable(),
  version: z.number().int(),
});
export type EventSummary = z.infer<typeof EventSummary>;
export const EventSummaryList = z.array(EventSummary);

/**
 * A heat's results as the finish camera's scoreboard showed them, before the results file
 * is saved: unofficial, replaced by the file's official results.
 */
export const LiveResults = z.object({
  rows: AthleteRows,
  wind: z.string().nullable(),
  updatedAt: z.string(),
  /** A field event run on the officials' card (server/field/): who is up, on deck and next. */
  field: z
    .object({
      up: FieldTurn.nullable(),
      onDeck: FieldTurn.nullable(),
      next: FieldTurn.nullable(),
      bar: z.string().nullable(),
      /** The judge ended it (results complete): these are its unofficial results. */
      ended: z.boolean(),
    })
    .optional(),
});
export type LiveResults = z.infer<typeof LiveResults>;

/** A round's qualification rule: the first `byPlace` of each heat (Q), the next `byTime` fastest (q). */
export const ProgressionRule = z.object({
  byPlace: z.number().int().min(0).max(99),
  byTime: z.number().int().min(0).max(99),
});
export type ProgressionRule = z.infer<typeof ProgressionRule>;

/**
 * PUT /api/admin/events/{id}/line-up: the admin's edit of Rith's drawn line-up: the rows
 * kept (by id), in the order given, each with its lane; a row left out is taken off (a tie
 * the referee settled by lot). The line-up is the admin's from then on: never drawn over.
 */
export const LineUpEdit = z.object({
  rows: z
    .array(
      z.object({
        id: z.string().min(1).max(100),
        lane: z
          .string()
          .regex(/^([1-9]|1[0-2])$/, 'A lane is a number from 1 to 12')
          .nullable(),
      }),
    )
    .min(1)
    .max(64)
    .refine(
      (rows) => new Set(rows.map((r) => r.id)).size === rows.length,
      'An athlete is listed twice',
    )
    .refine((rows) => {
      const lanes = rows.flatMap((r) => (r.lane === null ? [] : [r.lane]));
      return new Set(lanes).size === lanes.length;
    }, 'Two athletes are in one lane'),
});
export type LineUpEdit = z.infer<typeof LineUpEdit>;

const ProgressionAthlete = z.object({
  eventId: z.uuid(),
  heat: z.number().int().positive().nullable(),
  bib: z.string().nullable(),
  name: z.string(),
  club: z.string().nullable(),
  performance: z.string().nullable(),
});

/**
 * Who is through from the event's round (shared/athletics/rounds/qualify.ts), worked out over
 * every heat of it: Q are certain once their heat is in; q are provisional (`final` false)
 * until every heat of the round is.
 */
export const Progression = ProgressionRule.extend({
  /** Every heat of the round has results: the q are final. */
  final: z.boolean(),
  /** How many of the round's heats have results, of how many it has. */
  heatsIn: z.number().int().min(0),
  heatCount: z.number().int().min(0),
  /** The round the qualifiers go to ("finals", "semis"); null when the race has none yet. */
  nextRound: Round.nullable(),
  /** Everyone through so far, ranked as the next round is seeded. */
  qualifiers: z.array(ProgressionAthlete.extend({ qualified: z.enum(['Q', 'q']) })),
  /**
   * True ties for the last place, shown to the referee rather than decided: every tied
   * athlete is marked through, as they all go where a lane is free; else lots are drawn.
   */
  ties: z.array(
    z.object({
      kind: z.enum(['place', 'time']),
      heat: z.number().int().positive().nullable(),
      places: z.number().int().min(0),
      athletes: z.array(ProgressionAthlete.omit({ heat: true, club: true })),
    }),
  ),
});
export type Progression = z.infer<typeof Progression>;

/** GET /api/events/{id}: the event with its rows, its competition and its club. */
export const PublicEvent = EventSummary.extend({
  /** Unofficial results from the scoreboard feed; null once the results file is in. */
  live: LiveResults.nullable(),
  results: AthleteRows,
  startListFile: AthleteRows,
  /**
   * A timed final run in sections: every section's finishers ranked by time, each row naming
   * its section (`heat`). Empty for every other event.
   */
  overall: AthleteRows,
  /**
   * When its results were last corrected (ISO 8601): changed after they were shown as results
   * (GET /api/events/{id}/history says what changed). Null when they never were.
   */
  correctedAt: z.string().nullable(),
  /** The round's qualification, when it has a rule; null otherwise. */
  progression: Progression.nullable(),
  competition: Competition,
  club: Club,
});
export type PublicEvent = z.infer<typeof PublicEvent>;

export const EventListQuery = z.object({
  competitionUic: z.coerce.number().int().positive().optional(),
});
export const EventIdParams = z.object({ eventId: z.string() });
