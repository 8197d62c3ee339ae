import { z } from 'zod';
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
