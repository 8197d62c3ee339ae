import { readIsoDate } from './competitionList.ts';

/** The fields the rule reads; AdminCompetition and Competition satisfy it. */
export interface TimelineCompetition {
  uic: number;
  competitionName: string;
  visible: boolean;
  liveNow: boolean;
  /** ISO date, YYYY-MM-DD. */
  date: string | null;
}

const PUBLISHED = 0;
const DRAFT = 5;
const LIVE = 0;
const TODAY = 1;
const UPCOMING = 2;
const UNDATED = 3;
const PAST = 4;

/**
 * Where a competition stands for an admin opening the console, lower first: published and
 * live now (the meet happening now), published and dated today, published and upcoming,
 * published without a date, published and past; then drafts (hidden) in the same order.
 */
function bucket(competition: TimelineCompetition, today: string): number {
  const day = readIsoDate(competition.date);
  const base = competition.visible ? PUBLISHED : DRAFT;
  if (competition.liveNow && competition.visible) return LIVE;
  if (day === today) return base + TODAY;
  if (day === null) return base + UNDATED;
  return base + (day > today ? UPCOMING : PAST);
}

function compareForAdmin(a: TimelineCompetition, b: TimelineCompetition, today: string): number {
  const place = bucket(a, today);
  const other = bucket(b, today);
  if (place !== other) return place - other;
  const dayA = readIsoDate(a.date) ?? '';
  const dayB = readIsoDate(b.date) ?? '';
  const soonerFirst = dayA === dayB ? 0 : dayA < dayB ? -1 : 1;
  return (
    // Upcoming: the next one first; past: the most recent first.
    (place % DRAFT === PAST ? -soonerFirst : soonerFirst) ||
    a.competitionName.localeCompare(b.competitionName, 'en') ||
    a.uic - b.uic
  );
}

/**
 * The competition the admin console opens on when the admin has not chosen one (or their
 * choice is gone): the one happening now, else today's, else the next upcoming published
 * one, else the most recent published one; a draft only when nothing is published. A
 * hidden draft dated far ahead is the newest-dated competition, and the last thing an admin
 * running today's meet wants to land on.
 */
export function adminDefaultCompetition<T extends TimelineCompetition>(
  competitions: readonly T[],
  today: string,
): T | null {
  return [...competitions].sort((a, b) => compareForAdmin(a, b, today))[0] ?? null;
}
