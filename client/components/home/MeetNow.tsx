import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { EventSummary } from '../../../shared/schemas/event.ts';
import type { ShownEstimate } from '../../../shared/schedule/venue.ts';
import { meetNow, fieldLeaders, resultRows } from '../../../shared/meet/now.ts';
import { progressText } from '../../../shared/meet/completeness.ts';
import { eventTitle } from '../../../shared/athletics/heats.ts';
import { competitionClock } from '../../../shared/entries.ts';
import { useBoardEvent } from '../../lib/useMeetBoard.ts';
import { useNow } from '../../lib/useNow.ts';
import { expectedText, placeText, rowMark } from '../board/parts.tsx';
import { StatusBadge } from '../StatusBadge.tsx';

const eventPath = (event: EventSummary) => `/event/${encodeURIComponent(event.id)}`;

/** The top of a results list in a line each: "1. Anna Byrne 12.40". */
function TopRows({ summary, count }: { summary: EventSummary; count: number }) {
  const event = useBoardEvent(summary);
  const rows = useMemo(() => {
    if (!event) return [];
    return summary.eventType === 'JUMP'
      ? fieldLeaders(event, count)
      : resultRows(event).rows.slice(0, count);
  }, [event, summary.eventType, count]);
  if (!event || rows.length === 0) return null;
  return (
    <ol className="meet-now-rows" aria-label={`Leading: ${eventTitle(summary)}`}>
      {rows.map((row, i) => (
        <li key={`${row.bib ?? ''}|${row.name}|${i}`}>
          <span className="meet-now-place">{placeText(row)}</span>
          <span className="meet-now-name">{row.name}</span>
          <span className="meet-now-mark">{rowMark(row, event)}</span>
        </li>
      ))}
    </ol>
  );
}

function EventLine({ event, children }: { event: EventSummary; children?: ReactNode }) {
  return (
    <p className="meet-now-event">
      <Link to={eventPath(event)}>{eventTitle(event)}</Link>
      {children}
    </p>
  );
}

/**
 * The competition page's first screen on a meet day: what is on now (races under way, field
 * events with their leaders), the latest results, and what is next with its time, worked out
 * by the rule the big screen follows (shared/meet/now.ts). "Find an athlete" is one step from
 * the top of the page: the button takes the focus to the search.
 */
export function MeetNow({
  events,
  estimates,
  competitionDate,
  onFindAthlete,
}: {
  events: readonly EventSummary[];
  estimates: ReadonlyMap<string, ShownEstimate> | null;
  competitionDate: string | null;
  onFindAthlete: () => void;
}) {
  const clock = competitionClock(new Date(useNow(30_000)));
  const now = clock.date === competitionDate ? clock.minutes : null;
  const plan = useMemo(() => meetNow(events, { estimates, now }), [events, estimates, now]);
  // Before the meet's day only what comes first; after it, only its last results.
  const day = competitionDate ?? clock.date;
  const over = day < clock.date;
  const ahead = day > clock.date;
  const onNow = over || ahead ? [] : [...plan.running, ...plan.fieldInProgress];
  const latest = ahead ? null : plan.latest;
  const next = over ? [] : [plan.next, ...plan.later.slice(0, 2)].filter((e) => e !== null);
  return (
    <section className="card meet-now" aria-labelledby="meet-now-title">
      <div className="meet-now-head">
        <h2 id="meet-now-title">{over ? 'Last results' : ahead ? 'Coming up' : 'Now and next'}</h2>
        <button type="button" className="btn btn-secondary meet-now-find" onClick={onFindAthlete}>
          Find an athlete
        </button>
      </div>
      {onNow.length > 0 && (
        <div className="meet-now-part">
          <h3>On now</h3>
          <ul className="meet-now-list">
            {onNow.map((event) => (
              <li key={event.id}>
                <EventLine event={event}>
                  <span className="meet-now-state">
                    {event.progress
                      ? progressText(event.progress)
                      : event.eventType === 'JUMP'
                        ? 'In progress'
                        : event.shown === 'live'
                          ? 'Results coming in'
                          : 'Race on'}
                  </span>
                </EventLine>
                {event.eventType === 'JUMP' && <TopRows summary={event} count={3} />}
              </li>
            ))}
          </ul>
        </div>
      )}
      {latest && (
        <div className="meet-now-part">
          {!over && <h3>Latest results</h3>}
          <EventLine event={latest}>
            <StatusBadge status={latest.status} />
          </EventLine>
          <TopRows summary={latest} count={3} />
        </div>
      )}
      {next.length > 0 && (
        <div className="meet-now-part">
          <h3>Next</h3>
          <ul className="meet-now-list">
            {next.map((event) => (
              <li key={event.id} className="meet-now-next">
                <span className="meet-now-when">
                  {expectedText(event, estimates?.get(event.id))}
                </span>
                <Link to={eventPath(event)}>{eventTitle(event)}</Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
