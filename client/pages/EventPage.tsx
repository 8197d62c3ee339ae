import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { api, ApiRequestError } from '../lib/api.ts';
import { usePageTitle } from '../lib/usePageTitle.ts';
import { eventTableContent, isScratched } from '../../shared/athletics/eventDisplay.ts';
import type { PublicEvent } from '../../shared/schemas/event.ts';
import { EventHeader } from '../components/event/EventHeader.tsx';
import { ResultsTable } from '../components/event/ResultsTable.tsx';
import { StartListTable } from '../components/event/StartListTable.tsx';
import { EventNotFound } from '../components/event/EventNotFound.tsx';
import '../components/event/event.css';

/** 404 (and 400 for an id that cannot be one) mean the event does not exist. */
function isNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status === 404 || error.status === 400);
}

function EventTable({ event }: { event: PublicEvent }) {
  switch (eventTableContent(event)) {
    case 'results':
      return <ResultsTable event={event} />;
    case 'startList':
      return <StartListTable event={event} />;
    case 'none':
      return (
        <section className="card ev-table-card">
          <p className="ev-table-empty">
            {isScratched(event.status)
              ? 'This event has been scratched: no start list or results will be published.'
              : event.status === 'unofficial'
                ? 'No start list or results are published for this event yet. Results will appear here once they are official.'
                : 'No start list or results are published for this event yet.'}
          </p>
        </section>
      );
  }
}

export function EventPage() {
  const { eventId = '' } = useParams();
  const query = useQuery({
    queryKey: ['event', eventId],
    queryFn: () => api.event(eventId),
    enabled: eventId !== '',
    retry: (failures, error) => !isNotFound(error) && failures < 1,
  });
  const notFound = eventId === '' || isNotFound(query.error);
  const event = query.data;

  usePageTitle(
    event ? `${event.eventName} — Event Results` : notFound ? 'Event Not Found' : 'Event Results',
  );

  if (notFound) return <EventNotFound />;

  if (!event) {
    return (
      <div className="container ev-event-page">
        {query.isError ? (
          <div className="card ev-event-message" role="alert">
            <p>We could not load this event. Check your connection and try again.</p>
            <button type="button" className="btn" onClick={() => void query.refetch()}>
              Try again
            </button>
          </div>
        ) : (
          <div className="card ev-event-message" role="status" aria-live="polite">
            <span className="spinner spinner-large" aria-hidden="true" />
            <p>Loading event…</p>
          </div>
        )}
      </div>
    );
  }

  return (
    <div className="container ev-event-page">
      <EventHeader event={event} />
      <EventTable event={event} />
    </div>
  );
}
