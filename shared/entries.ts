import { parseEventTime } from './athletics/eventTime.ts';
import { readIsoDate } from './competitionList.ts';

/**
 * When athletes may still enter a competition, and whether it is on today. One rule for the
 * server (which refuses late entries) and the client (which shows 'Entries closed' instead of
 * Register), read on one clock: the wall clock where Rith's competitions happen.
 */

/**
 * A competition's date and times are wall-clock text at the venue, with no zone of their own;
 * Rith's meets are in Ireland. Reading them on this zone, not the server's or the visitor's,
 * gives the server and every browser the same answer.
 */
export const COMPETITION_TIME_ZONE = 'Europe/Dublin';

export const ENTRIES_CLOSED = 'Entries closed';
export const ENTRIES_CLOSED_MESSAGE =
  'Entries for this competition are closed. You can no longer register for it.';

/** A moment on the venue's wall clock. */
export interface WallClock {
  /** YYYY-MM-DD. */
  date: string;
  /** Minutes after midnight. */
  minutes: number;
}

const MINUTES_PER_DAY = 24 * 60;

/** The venue's wall clock at a moment. */
export function competitionClock(now: Date, timeZone = COMPETITION_TIME_ZONE): WallClock {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '00';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    minutes: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

/** The fields the rule reads; Competition satisfies it. */
export interface EntryTimes {
  date: string | null;
  startTime: string | null;
  closeTime: string | null;
}

export type CompetitionDay = 'upcoming' | 'today' | 'past';

/** Where the competition's date lies from today; one without a readable date is upcoming. */
export function competitionDay(
  competition: Pick<EntryTimes, 'date'>,
  today: string,
): CompetitionDay {
  const day = readIsoDate(competition.date);
  if (day === null || day > today) return 'upcoming';
  return day === today ? 'today' : 'past';
}

/**
 * Entries close on the competition's date at its 'Entries close' time; without a readable
 * one, when it starts (nobody enters a race that is being run); without a start time either,
 * when its day is over. A competition without a date has not been scheduled, so stays open.
 */
export function entriesClosed(competition: EntryTimes, clock: WallClock): boolean {
  const day = readIsoDate(competition.date);
  if (day === null || day > clock.date) return false;
  if (day < clock.date) return true;
  const closesAt =
    parseEventTime(competition.closeTime) ??
    parseEventTime(competition.startTime) ??
    MINUTES_PER_DAY;
  return clock.minutes >= closesAt;
}
