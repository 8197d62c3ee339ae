import { z } from 'zod';
import { ClubList } from './club.ts';
import { FileType } from './enums.ts';

/** A competition as the public site sees it (the parsed timetable stays in the admin). */
export const Competition = z.object({
  uic: z.number().int(),
  clubUic: z.number().int(),
  competitionName: z.string(),
  urlName: z.string().nullable(),
  visible: z.boolean(),
  imageLink: z.string().nullable(),
  liveNow: z.boolean(),
  location: z.string().nullable(),
  /** ISO date, YYYY-MM-DD. */
  date: z.string().nullable(),
  startTime: z.string().nullable(),
  closeTime: z.string().nullable(),
  description: z.string().nullable(),
  mapLink: z.string().nullable(),
  facebook: z.string().nullable(),
  timedBy: z.string().nullable(),
  timedByLink: z.string().nullable(),
  timeTableType: FileType,
  timeTableFileName: z.string().nullable(),
  /** Number of public events: lets the home page prefer a competition that has events. */
  eventCount: z.number().int(),
  version: z.number().int(),
});
export type Competition = z.infer<typeof Competition>;
export const CompetitionList = z.array(Competition);

const Uic = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * GET /api/competitions: every public competition, or those of one club (`club`, its uic),
 * or those a home page address names (`comp`: a url name in any case, or a uic).
 */
export const CompetitionListQuery = z.object({
  club: Uic.optional(),
  comp: z.string().trim().min(1).max(200).optional(),
});

/** GET /api/competitions/upcoming and /past: which page of the tab. */
export const CompetitionPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});

/** One page of a tab of the competitions page, in the tab's order. */
export const CompetitionPage = z.object({
  items: CompetitionList,
  /** The clubs of the competitions on the page: their names and results addresses. */
  clubs: ClubList,
  /** 1-based, within the pages that exist (a page past the last gives the last). */
  page: z.number().int(),
  pageCount: z.number().int(),
  /** How many competitions each tab holds. */
  upcoming: z.number().int(),
  past: z.number().int(),
});
export type CompetitionPage = z.infer<typeof CompetitionPage>;
