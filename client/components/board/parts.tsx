import { useEffect, useState } from 'react';
import type { AthleteRow } from '../../../shared/schemas/athlete.ts';
import type { EventSummary, PublicEvent } from '../../../shared/schemas/event.ts';
import type { ShownEstimate } from '../../../shared/schedule/venue.ts';
import { placeOf } from '../../../shared/resultColumns.ts';
import { athleteResult } from '../../../shared/results/corrections.ts';
import { eventTitle } from '../../../shared/athletics/heats.ts';
import { formatEventTime } from '../../../shared/athletics/eventTime.ts';
import { formatWind } from '../../../shared/athletics/wind.ts';
import { expectedStart } from '../../../shared/meet/now.ts';
import { progressText } from '../../../shared/meet/completeness.ts';
import { useConnectivity } from '../../lib/useConnectivity.ts';
import { useNow } from '../../lib/useNow.ts';
import { connectivityText } from '../../lib/connectivity.ts';

/** The mark a row shows, as its result is compared for corrections: else its code. */
export function rowMark(row: AthleteRow, event: Pick<EventSummary, 'eventType'>): string {
  const result = athleteResult(row, event.eventType);
  return result.mark ?? result.code ?? '';
}

/** "Men 100 Meter Dash, Heat 2 of 6". */
export const titleOf = (event: EventSummary) => eventTitle(event);

/** When an event is expected: "≈ 14:32" from the estimate, else the timetable's time. */
export function expectedText(event: EventSummary, estimate: ShownEstimate | undefined): string {
  if (estimate?.estimatedStart) return `≈ ${estimate.estimatedStart}`;
  const when = expectedStart(event);
  return when ? formatEventTime(when) : '';
}

/**
 * Results are provisional until official: said in words, never by colour alone, with what is
 * still to come ("Flight 1 of 2 in").
 */
export function ResultsState({ event, provisional }: { event: PublicEvent; provisional: boolean }) {
  const wind = formatWind(event.live?.wind ?? event.windSpeed);
  return (
    <p className="board-state">
      <span className={provisional ? 'board-chip is-unofficial' : 'board-chip is-official'}>
        {provisional ? 'Unofficial · provisional' : 'Official'}
      </span>
      {event.progress && <span className="board-progress">{progressText(event.progress)}</span>}
      {wind && <span className="board-wind">Wind {wind}</span>}
    </p>
  );
}

/** The place as the stands read it; none for a DNF or DQ, whose code shows as the mark. */
export function placeText(row: AthleteRow): string {
  return String(placeOf(row.rank) ?? '');
}

/**
 * Rows a screen shows a page at a time: a long heat or field turns its pages by itself, as
 * nobody is there to scroll. Back to the first page whenever the rows change.
 */
export function usePages<T>(rows: readonly T[], perPage: number, turnMs: number) {
  const pages = Math.max(1, Math.ceil(rows.length / perPage));
  const [state, setState] = useState({ rows, page: 0 });
  const page = state.rows === rows ? state.page % pages : 0;
  useEffect(() => {
    if (pages <= 1) return;
    const timer = setInterval(
      () =>
        setState((held) => ({
          rows,
          page: held.rows === rows ? (held.page + 1) % pages : 1 % pages,
        })),
      turnMs,
    );
    return () => clearInterval(timer);
  }, [rows, pages, turnMs]);
  return { shown: rows.slice(page * perPage, (page + 1) * perPage), page, pages };
}

/** The venue's time of day, as a stadium clock shows it; moves on by itself. */
export function useClock(): string {
  return new Date(useNow(10_000)).toLocaleTimeString('en-IE', {
    hour: '2-digit',
    minute: '2-digit',
  });
}

/**
 * Whether what the screen shows is live: nothing while it is, else plainly why not and since
 * when. A board or widget left running shows this instead of stale results passing as live.
 */
export function ScreenConnection({ className }: { className: string }) {
  const text = connectivityText(useConnectivity());
  return (
    <div className={`${className}-region`} role="status" aria-live="polite">
      {text && <p className={className}>{text}</p>}
    </div>
  );
}
