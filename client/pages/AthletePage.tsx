import { lazy, Suspense } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api.ts';
import { orMissing } from '../lib/http.ts';
import { queryKeys } from '../../shared/queryKeys.ts';
import { usePageTitle } from '../lib/usePageTitle.ts';
import { formatWind } from '../../shared/athletics/wind.ts';
import { roundLabels, rounds, type Round } from '../../shared/domain.ts';
import type {
  AthleteBest,
  AthleteMark,
  AthleteProfile,
} from '../../shared/schemas/athleteProfile.ts';
import { BestFlags } from '../components/BestFlags.tsx';
import { PageLoading, TableCard } from '../components/TableCard.tsx';
import { AskToHide, OwnPageSwitch } from '../components/athlete/AthleteOwnPage.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

// The admin's controls bring the console's calls: loaded for a signed-in admin only.
const AthleteMerge = lazy(() =>
  import('../components/athlete/AthleteMerge.tsx').then((m) => ({ default: m.AthleteMerge })),
);
import '../components/event/event.css';
import '../components/standings/standings.css';
import '../components/athlete/athlete.css';

const fetchAthlete = (id: string) => orMissing(api.athlete(id));

/**
 * An athlete's page across competitions (issue 31): their bests per event, indoor and
 * outdoor apart, and every result Rith published, newest first, each linked to its event.
 */
export function AthletePage() {
  const { athleteId = '' } = useParams();
  // The link mailed to the athlete: ?page=… lets them hide the page, or show it again.
  const [search] = useSearchParams();
  const token = search.get('page');
  const { data } = useQuery({
    queryKey: queryKeys.athlete(athleteId),
    queryFn: () => fetchAthlete(athleteId),
  });
  const session = useQuery({ queryKey: queryKeys.session, queryFn: api.session });
  usePageTitle(data ? `${data.name} — Athlete` : 'Athlete');
  if (data === null && token) {
    return (
      <div className="container ev-event-page">
        <OwnPageSwitch athleteId={athleteId} token={token} hidden />
      </div>
    );
  }
  if (data === null) return <NotFoundPage />;
  if (!data) return <PageLoading text="Loading athlete…" />;
  return (
    <div className="container ev-event-page">
      <AthleteView athlete={data} />
      {token ? (
        <OwnPageSwitch athleteId={data.id} token={token} hidden={false} />
      ) : (
        <AskToHide athleteId={data.id} />
      )}
      {session.data?.isAdmin && (
        <Suspense fallback={null}>
          <AthleteMerge athlete={data} />
        </Suspense>
      )}
    </div>
  );
}

/** "1st", "2nd"; a code (DNF, DQ) as it is. */
function placeWords(place: string): string {
  if (!/^\d+$/.test(place)) return place;
  const n = Number(place);
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

const roundLabel = (round: string) =>
  (rounds as readonly string[]).includes(round) && round !== 'unknown'
    ? roundLabels[round as Round]
    : '';

function MarkText({ mark, windy }: { mark: AthleteMark | null; windy?: boolean }) {
  if (!mark) return <span className="standings-muted">—</span>;
  const wind = formatWind(mark.wind);
  return (
    <Link to={`/event/${mark.eventId}`} title={`${mark.competitionName}, ${mark.date}`}>
      {mark.mark}
      {windy && <abbr title="Wind-aided">w</abbr>}
      {wind && <span className="combined-mark">{wind}</span>}
    </Link>
  );
}

function BestsTable({ bests }: { bests: AthleteBest[] }) {
  const others = bests.some((b) => b.windAided || b.hand);
  return (
    <TableCard
      title="Bests"
      caption="Personal and season bests per event, indoor and outdoor apart"
      empty={bests.length === 0 ? <p className="ev-table-empty">No marks yet.</p> : undefined}
      note="Bests count legal, fully automatic marks; a wind-aided (w) or hand-timed (h) mark is shown apart."
    >
      <thead>
        <tr>
          <th scope="col">Event</th>
          <th scope="col" className="ev-col-num">
            <abbr title="Personal best">PB</abbr>
          </th>
          <th scope="col" className="ev-col-num">
            <abbr title="Season best">SB</abbr>
          </th>
          {others && (
            <th scope="col" className="ev-col-num">
              Other marks
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {bests.map((best) => (
          <tr key={`${best.event}-${best.indoor}`}>
            <th scope="row">
              {best.event}
              {best.indoor && <span className="combined-mark">Indoor</span>}
            </th>
            <td className="ev-col-num">
              <MarkText mark={best.pb} />
            </td>
            <td className="ev-col-num">
              <MarkText mark={best.sb} />
            </td>
            {others && (
              <td className="ev-col-num">
                {best.windAided && (
                  <span>
                    <MarkText mark={best.windAided} windy />
                  </span>
                )}
                {best.hand && (
                  <span>
                    {' '}
                    <MarkText mark={best.hand} /> <abbr title="Hand timed">h</abbr>
                  </span>
                )}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </TableCard>
  );
}

function ResultsList({ athlete }: { athlete: AthleteProfile }) {
  return (
    <TableCard
      title="Results"
      count={`${athlete.results.length} ${athlete.results.length === 1 ? 'result' : 'results'}`}
      caption={`${athlete.name}'s results on Rith, newest first`}
      tableClassName="athlete-results"
    >
      <thead>
        <tr>
          <th scope="col">Event</th>
          <th scope="col" className="ev-col-result">
            Mark
          </th>
        </tr>
      </thead>
      <tbody>
        {athlete.results.map((result) => (
          <tr key={result.eventId}>
            <th scope="row">
              <Link to={`/event/${result.eventId}`}>{result.eventName}</Link>
              <span className="combined-mark">
                {[result.competitionName, roundLabel(result.round)].filter(Boolean).join(' · ')}
              </span>
              <span className="combined-mark">
                <time dateTime={result.date}>{result.date}</time>
                {result.place && ` · ${placeWords(result.place)}`}
              </span>
            </th>
            <td className="ev-col-result">
              {result.mark ?? ''}
              <span className="athlete-flags">
                <BestFlags flags={result.flags} />
              </span>
              {formatWind(result.wind) && (
                <span className="combined-mark">{formatWind(result.wind)}</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </TableCard>
  );
}

function AthleteView({ athlete }: { athlete: AthleteProfile }) {
  return (
    <>
      <header className="card ev-page-head">
        <h1>{athlete.name}</h1>
        {athlete.club && <p className="standings-muted">{athlete.club}</p>}
      </header>
      <BestsTable bests={athlete.bests} />
      <ResultsList athlete={athlete} />
    </>
  );
}
