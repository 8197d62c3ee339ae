import { RecordNotes } from '../components/event/RecordNotes.tsx';
import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api.ts';
import { orMissing } from '../lib/http.ts';
import { queryKeys } from '../../shared/queryKeys.ts';
import { usePageTitle } from '../lib/usePageTitle.ts';
import { useLiveSubscription } from '../lib/useLive.ts';
import { isScratched } from '../../shared/athletics/eventDisplay.ts';
import { eventTableContent, showsLiveResults } from '../../shared/meet/shown.ts';
import { progressText } from '../../shared/meet/completeness.ts';
import type { PublicEvent } from '../../shared/schemas/event.ts';
import { eventTitle } from '../../shared/athletics/heats.ts';
import { EventHeader } from '../components/event/EventHeader.tsx';
import { ResultsTable } from '../components/event/ResultsTable.tsx';
import { StartListTable } from '../components/event/StartListTable.tsx';
import { EventNotFound } from '../components/event/EventNotFound.tsx';
import { RaceClock } from '../components/event/RaceClock.tsx';
import { RaceFamily } from '../components/event/RaceFamily.tsx';
import { useEstimates } from '../lib/useEstimates.ts';
import { competitionClock } from '../../shared/entries.ts';
import { venueTimeOfDay } from '../../shared/schedule/venue.ts';
import { FollowScope } from '../components/follow/FollowScope.tsx';
import { AthleteSearch } from '../components/follow/AthleteSearch.tsx';
import { AlertsPrompt } from '../components/follow/AlertsPrompt.tsx';
import { CorrectedNote } from '../components/event/CorrectedNote.tsx';
import { useCorrectionNotice, type CorrectionNotice } from '../lib/useCorrectionNotice.ts';
import { useResultsNotice } from '../lib/useResultsNotice.ts';
import { useNewAttempts } from '../lib/useNewAttempts.ts';
import { FieldNow } from '../components/event/FieldNow.tsx';
import { ProgressionPanel } from '../components/event/Progression.tsx';
import '../components/event/event.css';
import '../components/follow/follow.css';

/**
 * The public event, or null when there is none to show: 404 (and 400 for an id that cannot
 * be one) mean the event does not exist, or the public may not see it. A live removal
 * writes the same null.
 */
const fetchEvent = (id: string) => orMissing(api.event(id));

/** "Overall: all 3 sections by time", or "Overall after 2 of 3 sections" while some are to run. */
function overallTitle(event: PublicEvent): string {
  const run = new Set(event.overall.map((row) => row.heat)).size;
  return run < event.heatCount
    ? `Overall after ${run} of ${event.heatCount} sections`
    : `Overall: all ${event.heatCount} sections by time`;
}

/** On the venue's 24-hour clock, as every time the public pages show. */
const updatedAt = (iso: string) => venueTimeOfDay(new Date(iso));

/**
 * Unofficial results: the finish camera's lines before the results file is saved, or the part
 * of a timing file's results that is in (a flight of two, a heat's file still being written).
 * Clearly not the official word.
 */
function LiveResults({
  event,
  live,
}: {
  event: PublicEvent;
  live: NonNullable<PublicEvent['live']>;
}) {
  const news = useNewAttempts(live.rows);
  return (
    <>
      {/* No live region: its time changes with every line; useResultsNotice says they started. */}
      <p className="ev-unofficial-note">
        <span className="status-badge status-unofficial">Unofficial</span>{' '}
        {event.progress ? (
          <>
            <span className="ev-progress">{progressText(event.progress)}</span>, updated{' '}
            {updatedAt(live.updatedAt)}.{' '}
            {event.progress.part === 'flights'
              ? 'The results are official once every flight is in.'
              : 'The results are official once the whole heat is in.'}
          </>
        ) : live.field ? (
          <>
            Live from the field: each trial as the judge enters it, updated{' '}
            {updatedAt(live.updatedAt)}. Official once the referee confirms the results.
          </>
        ) : (
          <>
            Live from the finish camera, updated {updatedAt(live.updatedAt)}. The official results
            replace these once the timing room saves them.
          </>
        )}
      </p>
      {live.field && <FieldNow field={live.field} />}
      <p className="visually-hidden" aria-live="polite">
        {news.latest}
      </p>
      <ResultsTable
        event={{ ...event, results: live.rows, windSpeed: live.wind ?? event.windSpeed }}
        title="Unofficial results"
        fresh={news.fresh}
      />
    </>
  );
}

function EventTable({ event, corrected }: { event: PublicEvent; corrected: CorrectionNotice }) {
  const live = showsLiveResults(event) ? event.live : null;
  if (live !== null) {
    return (
      <>
        <LiveResults event={event} live={live} />
        {event.startListFile.length > 0 && <StartListTable event={event} />}
      </>
    );
  }
  switch (eventTableContent(event)) {
    case 'results':
      return (
        <>
          <ResultsTable
            event={event}
            provisional={event.progression !== null && !event.progression.final}
            corrected={corrected}
            corrections={
              event.correctedAt !== null && (
                <CorrectedNote eventId={event.id} correctedAt={event.correctedAt} />
              )
            }
          />
          <RecordNotes rows={event.results} kind={event.eventType === 'JUMP' ? 'field' : 'track'} />
          {event.overall.length > 0 && (
            <ResultsTable
              // Lanes belong to each section's race: across sections they say nothing.
              event={{ ...event, results: event.overall.map((row) => ({ ...row, lane: null })) }}
              title={overallTitle(event)}
            />
          )}
        </>
      );
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
    queryKey: queryKeys.event(eventId),
    queryFn: () => fetchEvent(eventId),
    enabled: eventId !== '',
  });
  useLiveSubscription(eventId === '' ? null : { eventId });
  const notFound = eventId === '' || query.data === null;
  const event = query.data;

  usePageTitle(
    event ? `${eventTitle(event)} — Event Results` : notFound ? 'Event Not Found' : 'Event Results',
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
    <FollowScope competitionUic={event.competitionUic}>
      <EventView event={event} />
    </FollowScope>
  );
}

const ESTIMATE_REFRESH_MS = 60_000;

/**
 * The event with its estimated start, worked out from its competition's events (a heat that
 * starts late moves this one), and the competition's athlete search.
 */
function EventView({ event }: { event: PublicEvent }) {
  const competitionUic = event.competitionUic;
  // The other events move this one's estimate. Not their pushes (every change to every event
  // of the meet, rows and all, to every event page), but their list now and then: an
  // unchanged list costs a 304 with no body.
  // The list also names the other heats and rounds of the race, asked once after the first
  // screen; estimates are for the competition's day, when it is asked again now and then.
  const today = event.competition.date === competitionClock(new Date()).date;
  const events = useQuery({
    queryKey: queryKeys.events(competitionUic),
    queryFn: () => api.events(competitionUic),
    refetchInterval: today ? ESTIMATE_REFRESH_MS : false,
  });
  const estimates = useEstimates(events.data, event.competition.date);
  const corrected = useCorrectionNotice(event);
  const arrived = useResultsNotice(event);
  return (
    <div className="container ev-event-page">
      {/* Said once per correction that arrives while the page is open, not once per row. */}
      <p className="visually-hidden" role="status" aria-live="polite">
        {corrected.announcement}
      </p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {arrived}
      </p>
      <EventHeader event={event} estimate={estimates?.get(event.id)} />
      {events.data && <RaceFamily event={event} events={events.data} />}
      <RaceClock eventId={event.id} />
      <AlertsPrompt />
      <EventTable event={event} corrected={corrected} />
      {event.progression && <ProgressionPanel progression={event.progression} />}
      <AthleteSearch competitionUic={competitionUic} estimates={estimates} />
    </div>
  );
}
