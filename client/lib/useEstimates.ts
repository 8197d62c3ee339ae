import { useEffect, useMemo, useState } from 'react';
import type { EventSummary } from '../../shared/schemas/event.ts';
import { competitionClock } from '../../shared/entries.ts';
import { scheduleEstimates, type ShownEstimate } from '../../shared/schedule/venue.ts';

/** Estimates move with the clock as well as with the meet: worked out again this often. */
const TICK_MS = 30_000;

/**
 * Every event's estimated start, worked out on the page from the list it holds (which live
 * updates keep current) with the server's rule (shared/schedule/), so an estimate moves the
 * moment a heat starts late, and as the clock passes a heat that has not started. Only on the
 * competition's day: before it the timetable says it all, after it there is nothing to wait for.
 */
export function useEstimates(
  events: readonly EventSummary[] | undefined,
  competitionDate: string | null | undefined,
): Map<string, ShownEstimate> | null {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const today = competitionClock(now).date;
  return useMemo(() => {
    if (!events || !competitionDate || competitionDate !== today) return null;
    return scheduleEstimates(
      events.filter((e) => e.visible),
      competitionDate,
      now,
    );
  }, [events, competitionDate, today, now]);
}

/**
 * A mark that changes whenever one of the events does: versions only go up, so their sum
 * with the count (an event removed) tells any change apart.
 */
export function eventsVersion(events: readonly EventSummary[] | undefined): string {
  if (!events) return '';
  return `${events.length}:${events.reduce((sum, e) => sum + e.version, 0)}`;
}
