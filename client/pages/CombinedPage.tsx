import { Link, useParams } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api.ts';
import { orMissing } from '../lib/http.ts';
import { queryKeys } from '../../shared/queryKeys.ts';
import { usePageTitle } from '../lib/usePageTitle.ts';
import { useLiveSubscription } from '../lib/useLive.ts';
import { partsVersion } from '../components/standings/useStandings.ts';
import { formatPerformance } from '../../shared/athletics/performance.ts';
import type { CombinedEventStandings } from '../../shared/schemas/combined.ts';
import { NotFoundPage } from './NotFoundPage.tsx';
import { PageLoading, TableCard } from '../components/TableCard.tsx';
import '../components/event/event.css';
import '../components/standings/standings.css';

const trackParts = /^\d+m/;

const fetchStandings = (id: string) => orMissing(api.combinedEvent(id));

/**
 * A combined event's live standings: each athlete's running total and place, with every
 * event's mark and points by the World Athletics tables. Asked again whenever one of the
 * meet's events changes (its live subscription keeps the list's versions current).
 */
export function CombinedPage() {
  const { combinedId = '' } = useParams();
  const first = useQuery({
    queryKey: queryKeys.combinedEvent(combinedId, ''),
    queryFn: () => fetchStandings(combinedId),
  });
  const uic = first.data?.competitionUic;
  useLiveSubscription(uic === undefined ? null : { competitionUic: uic });
  const events = useQuery({
    queryKey: queryKeys.events(uic ?? 0),
    queryFn: () => api.events(uic),
    enabled: uic !== undefined,
  });
  // Its own events' versions: a result elsewhere in the meet asks nothing.
  const parts = new Set(first.data?.events.map((e) => e.eventId));
  const asOf = events.data ? partsVersion(events.data, parts) : '';
  const live = useQuery({
    queryKey: queryKeys.combinedEvent(combinedId, asOf),
    queryFn: () => fetchStandings(combinedId),
    enabled: asOf !== '',
    placeholderData: keepPreviousData,
  });
  const standings = live.data ?? first.data;
  usePageTitle(standings ? `${standings.name} — Standings` : 'Combined event');
  if (first.data === null) return <NotFoundPage />;
  if (!standings) return <PageLoading text="Loading standings…" />;
  return <StandingsView standings={standings} />;
}

function StandingsView({ standings }: { standings: CombinedEventStandings }) {
  const leader = standings.standings.find((s) => s.place === 1);
  return (
    <div className="container ev-event-page">
      <header className="card ev-page-head">
        <h1>{standings.name}</h1>
        <p className="standings-muted">
          {standings.events.length} events · points by the World Athletics scoring tables, live
          after every result
        </p>
        {/* Read out when the lead changes, not at every mark: the name alone. */}
        <p role="status" aria-live="polite">
          {leader ? `Leader: ${leader.name}` : 'No results yet'}
        </p>
        {leader && <p className="standings-muted">{leader.total} points</p>}
      </header>
      <TableCard
        title="Standings"
        count={`${standings.standings.length} ${standings.standings.length === 1 ? 'athlete' : 'athletes'}`}
        caption={`${standings.name}: place, athlete, total and each event's mark and points`}
        note="No place for an athlete who did not start an event. Ties: more events won against the other, then the best single event."
      >
        <thead>
          <tr>
            <th scope="col" className="ev-col-rank ev-sticky-col">
              <abbr title="Place">Pl</abbr>
            </th>
            <th scope="col" className="ev-col-name ev-sticky-col">
              Name
            </th>
            <th scope="col" className="ev-col-num">
              Total
            </th>
            {standings.events.map((event) => (
              <th scope="col" key={event.eventId} className="ev-col-num">
                <Link to={`/event/${event.eventId}`} title={event.eventName}>
                  {event.part}
                </Link>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {standings.standings.map((athlete, i) => (
            <tr key={`${athlete.bib ?? ''}-${athlete.name}-${i}`}>
              <td className="ev-col-rank ev-sticky-col">{athlete.place ?? ''}</td>
              <th scope="row" className="ev-col-name ev-sticky-col">
                {athlete.name}
                {athlete.club && <span className="combined-mark">{athlete.club}</span>}
              </th>
              <td className="ev-col-num combined-total">{athlete.total}</td>
              {athlete.events.map((score, j) => {
                const part = standings.events[j]?.part ?? '';
                const mark = formatPerformance(
                  score.performance,
                  trackParts.test(part) ? 'track' : 'field',
                );
                return (
                  <td key={score.eventId} className="ev-col-num">
                    <span className="combined-points">{score.points ?? ''}</span>
                    {mark && <span className="combined-mark">{mark}</span>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </TableCard>
    </div>
  );
}
