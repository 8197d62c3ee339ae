import { useState, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { EventSummary } from '../../../shared/schemas/event.ts';
import { roundLabels } from '../../../shared/domain.ts';
import { startTimeText, type SortDirection } from '../../../shared/athletics/eventTime.ts';
import { isScratched } from '../../../shared/athletics/eventDisplay.ts';
import { eventsForTable } from '../../../shared/selection.ts';
import { StatusBadge } from '../StatusBadge.tsx';
import { HeatLabel } from '../HeatLabel.tsx';
import { Icon } from './Icon.tsx';
import { ShareLink } from '../ShareLink.tsx';
import { ConnectionStatus } from '../live/ConnectionStatus.tsx';
import { SortableHeader } from '../SortableHeader.tsx';
import { Estimate } from '../follow/Estimate.tsx';
import type { ShownEstimate } from '../../../shared/schedule/venue.ts';

const eventPath = (event: EventSummary) => `/event/${encodeURIComponent(event.id)}`;

/**
 * 'Events for {competition}': a table on wider screens, cards on phones (below 640 px; both
 * are rendered and CSS shows one). A whole row or card opens the event page; the event name
 * is the real link, so keyboards and screen readers reach it (on cards it is stretched over
 * the whole card).
 */
export function EventsList({
  competitionName,
  events,
  loading,
  selectedEventId,
  showConnection,
  estimates = null,
}: {
  competitionName: string | null;
  events: readonly EventSummary[];
  /** Estimated starts, on the competition's day (client/lib/useEstimates.ts). */
  estimates?: ReadonlyMap<string, ShownEstimate> | null;
  loading: boolean;
  selectedEventId: string;
  /** Say whether updates arrive: only while the competition is happening now. */
  showConnection: boolean;
}) {
  const [direction, setDirection] = useState<SortDirection>('asc');
  const navigate = useNavigate();
  const visibleCount = events.filter((event) => event.visible).length;
  const rows = eventsForTable(events, selectedEventId, direction);
  const shareName = competitionName ?? 'this competition';

  const openRow = (event: MouseEvent<HTMLElement>, target: EventSummary) => {
    // Links and buttons in the row do their own thing; selecting text is not a click.
    if ((event.target as HTMLElement).closest('a, button')) return;
    if (window.getSelection()?.toString()) return;
    void navigate(eventPath(target));
  };

  let body;
  if (loading) {
    body = (
      <p className="events-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        Loading events…
      </p>
    );
  } else if (rows.length === 0) {
    body = (
      <div className="events-empty">
        <h3 className="events-empty-title">Events Data Not Available</h3>
        <p>Events for {competitionName ?? 'this competition'} have not been uploaded yet.</p>
      </div>
    );
  } else {
    const ascending = direction === 'asc';
    body = (
      <>
        <div className="events-table-wrap">
          <table className="events-table">
            <caption className="visually-hidden">
              Events for {shareName}, sorted by time {ascending ? 'ascending' : 'descending'}
            </caption>
            <thead>
              <tr>
                <SortableHeader label="Time" direction={direction} onChange={setDirection} />
                <th scope="col">Event Name</th>
                <th scope="col">Round</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((event) => (
                <tr
                  key={event.id}
                  className={isScratched(event.status) ? 'event-row is-scratched' : 'event-row'}
                  onClick={(e) => openRow(e, event)}
                >
                  <td className="event-time">
                    {startTimeText(event)}
                    <Estimate estimate={estimates?.get(event.id)} time={event.time} />
                  </td>
                  <td className="event-name">
                    {/* The heat is part of the link: six heats may share one name. */}
                    <Link to={eventPath(event)}>
                      {event.eventName} <HeatLabel event={event} />
                    </Link>
                  </td>
                  <td>{roundLabels[event.round]}</td>
                  <td>
                    <StatusBadge status={event.status} />
                  </td>
                  <td>
                    <ShareLink event={event} competitionName={shareName} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="events-cards">
          <button
            type="button"
            className="sort-button sort-button-cards"
            onClick={() => setDirection(ascending ? 'desc' : 'asc')}
          >
            <Icon name="sort" />
            {/* The name holds the words on the button (WCAG 2.5.3): voice users say what they see. */}
            <span className="visually-hidden">Sort by </span>
            Time: {ascending ? 'earliest first' : 'latest first'}
          </button>
          <ul className="event-cards">
            {rows.map((event) => (
              <li
                key={event.id}
                className={isScratched(event.status) ? 'event-card is-scratched' : 'event-card'}
              >
                <div className="event-card-top">
                  <span className="event-card-time">
                    {startTimeText(event)}
                    <Estimate estimate={estimates?.get(event.id)} time={event.time} />
                  </span>
                  <StatusBadge status={event.status} />
                </div>
                <Link to={eventPath(event)} className="event-card-name">
                  {event.eventName} <HeatLabel event={event} />
                </Link>
                <div className="event-card-bottom">
                  <span className="event-card-round">
                    <span className="visually-hidden">Round: </span>
                    {roundLabels[event.round]}
                  </span>
                  <ShareLink event={event} competitionName={shareName} />
                </div>
              </li>
            ))}
          </ul>
        </div>
      </>
    );
  }

  return (
    <section className="card events" aria-labelledby="events-title">
      <header className="events-head">
        <h2 id="events-title" className="events-title">
          Events for {shareName}
        </h2>
        <div className="events-head-meta">
          {!loading && <p className="events-count">{visibleCount} Events in Results</p>}
          {showConnection && <ConnectionStatus />}
        </div>
      </header>
      {body}
    </section>
  );
}
