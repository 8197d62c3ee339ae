import type { SortDirection } from '../../../shared/athletics/eventTime.ts';
import { readIsoDate } from '../../../shared/competitionList.ts';

/**
 * The admin competitions table by date: a competition without a date goes
 * last in both directions; same-day competitions go by name, so the order is stable.
 */
export function sortCompetitionsByDate<
  T extends { date: string | null; competitionName: string; uic: number },
>(items: readonly T[], direction: SortDirection): T[] {
  return [...items].sort((a, b) => {
    const dayA = readIsoDate(a.date);
    const dayB = readIsoDate(b.date);
    if (dayA === null || dayB === null) {
      const missing = (dayA === null ? 1 : 0) - (dayB === null ? 1 : 0);
      if (missing !== 0) return missing;
    } else if (dayA !== dayB) {
      return direction === 'asc' ? (dayA < dayB ? -1 : 1) : dayA < dayB ? 1 : -1;
    }
    return a.competitionName.localeCompare(b.competitionName) || a.uic - b.uic;
  });
}

/** Newest first: what an admin most likely works on is the latest meet. */
export const DEFAULT_COMPETITION_ORDER: SortDirection = 'desc';
