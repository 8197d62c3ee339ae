import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api.ts';
import { queryKeys } from '../../shared/queryKeys.ts';
import { useLiveSubscription } from '../lib/useLive.ts';
import { useLastSelection, writeLastSelection } from '../lib/lastSelection.ts';
import { useHomeSelection } from '../lib/useHomeSelection.ts';
import { useHydrated } from '../lib/useHydrated.ts';
import { usePageTitle } from '../lib/usePageTitle.ts';
import { localIsoDate } from '../../shared/competitionList.ts';
import {
  clubSelectionPath,
  competitionSelectionPath,
  eventSelectorOptions,
  type ResolvedSelection,
} from '../../shared/selection.ts';
import type { EventSummary } from '../../shared/schemas/event.ts';
import { NotFoundPage } from './NotFoundPage.tsx';
import { HomeBanner } from '../components/home/HomeBanner.tsx';
import { CompetitionHeader } from '../components/home/CompetitionHeader.tsx';
import { HomeSelectors } from '../components/home/HomeSelectors.tsx';
import { EventsList } from '../components/home/EventsList.tsx';
import { MeetNow } from '../components/home/MeetNow.tsx';
import { Standings } from '../components/standings/Standings.tsx';
import { eventsVersion, useEstimates } from '../lib/useEstimates.ts';
import { FollowScope } from '../components/follow/FollowScope.tsx';
import { MyAthletes } from '../components/follow/MyAthletes.tsx';
import { AthleteSearch } from '../components/follow/AthleteSearch.tsx';
import { AlertsPrompt } from '../components/follow/AlertsPrompt.tsx';
import '../components/home/home.css';
import '../components/follow/follow.css';

const NO_EVENTS: EventSummary[] = [];

async function fetchEvents(competitionUic: number): Promise<EventSummary[]> {
  try {
    return await api.events(competitionUic);
  } catch (error) {
    // A failed events call shows the empty state, and is logged.
    console.error('Failed to fetch events', error);
    return [];
  }
}

/**
 * The public results page for /, /{club}, /{club}/{competition}, /?cid= and /?comp=&club=.
 * The URL is the source of truth: shared/selection.ts turns it into a club and competition,
 * and this page rewrites the URL to the canonical form when it differs.
 */
export function HomePage() {
  const { clubUrlName, competitionUrlName } = useParams();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [today] = useState(() => localIsoDate(new Date()));

  const url = {
    clubUrlName,
    competitionUrlName,
    cid: searchParams.get('cid'),
    comp: searchParams.get('comp'),
    club: searchParams.get('club'),
  };
  const remembered = useLastSelection();
  const selection = useHomeSelection(url, remembered, today);
  // A server-rendered page hydrates as a first visit's: the address is rewritten and the
  // choice remembered only once the browser's own memory is read, or it would be overwritten.
  const hydrated = useHydrated();

  const canonical = selection && !selection.notFound ? selection.canonical : null;
  const current = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (!hydrated) return;
    if (canonical !== null && canonical !== current) void navigate(canonical, { replace: true });
  }, [hydrated, canonical, current, navigate]);

  const chosenClub = selection && !selection.notFound ? selection.club : null;
  const chosenCompetition = selection && !selection.notFound ? selection.competition : null;
  useEffect(() => {
    if (!hydrated) return;
    if (chosenClub && chosenCompetition) writeLastSelection(chosenClub.uic, chosenCompetition.uic);
  }, [hydrated, chosenClub, chosenCompetition]);

  // The header, the event selector and the table all read the cache this keeps current. It
  // stays on the last competition shown while the URL finds none (the competition was just
  // hidden), so the page comes back when the competition does.
  const [watched, setWatched] = useState<number | null>(null);
  if (chosenCompetition && chosenCompetition.uic !== watched) setWatched(chosenCompetition.uic);
  useLiveSubscription(watched === null ? null : { competitionUic: watched });

  if (selection?.notFound) return <NotFoundPage />;
  return <HomeView selection={selection} today={today} />;
}

function HomeView({ selection, today }: { selection: ResolvedSelection | null; today: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const competition = selection?.competition ?? null;
  usePageTitle(
    competition ? `${competition.competitionName} — Live Sports Results` : 'Live Sports Results',
  );

  const competitionUic = competition?.uic;
  const events = useQuery({
    queryKey: queryKeys.events(competitionUic ?? 0),
    queryFn: () => fetchEvents(competitionUic ?? 0),
    enabled: competitionUic !== undefined,
  });

  const eventList = events.data ?? NO_EVENTS;
  const estimates = useEstimates(events.data, competition?.date);
  const eventOptions = useMemo(
    () => eventSelectorOptions(eventList.filter((event) => event.visible)),
    [eventList],
  );

  // The chosen event belongs to one competition; another competition starts at 'All Events'.
  const [chosenEvent, setChosenEvent] = useState({ competitionUic, eventId: '' });
  // "Find an athlete" at the top of the page takes the focus to the search, below the events.
  const search = useRef<HTMLInputElement>(null);
  const eventId = chosenEvent.competitionUic === competitionUic ? chosenEvent.eventId : '';

  return (
    <div className="home">
      <HomeBanner />
      <div className="container home-content">
        {selection === null ? (
          <div className="card home-loading" role="status">
            <span className="spinner spinner-large" aria-hidden="true" />
            Loading Clubs &amp; Competitions
          </div>
        ) : (
          <>
            <CompetitionHeader club={selection.club} competition={competition} />
            {competition && eventList.length > 0 && (
              <MeetNow
                events={eventList}
                estimates={estimates}
                competitionDate={competition.date}
                onFindAthlete={() => search.current?.focus()}
              />
            )}
            <HomeSelectors
              clubs={selection.clubs}
              club={selection.club}
              competitions={selection.competitions}
              competition={competition}
              eventOptions={eventOptions}
              eventId={eventId}
              onClubChange={(uic) => {
                const club = selection.clubs.find((c) => c.uic === uic);
                if (!club) return;
                // The club's competitions decide where it leads: fetched now, kept for its page.
                void queryClient
                  .fetchQuery({
                    queryKey: queryKeys.clubCompetitions(uic),
                    queryFn: () => api.clubCompetitions(uic),
                  })
                  .then((competitions) => {
                    const path = clubSelectionPath(club, competitions, today);
                    if (path) void navigate(path);
                  })
                  .catch((error: unknown) => console.error('Failed to fetch competitions', error));
              }}
              onCompetitionChange={(uic) => {
                const path = competitionSelectionPath(selection, uic);
                if (path) void navigate(path);
              }}
              onEventChange={(id) => setChosenEvent({ competitionUic, eventId: id })}
            />
            {competition && (
              <FollowScope competitionUic={competition.uic}>
                <AlertsPrompt />
                <MyAthletes
                  competitionUic={competition.uic}
                  estimates={estimates}
                  eventsVersion={eventsVersion(events.data)}
                />
              </FollowScope>
            )}
            <EventsList
              competitionName={competition?.competitionName ?? null}
              events={eventList}
              estimates={estimates}
              loading={competitionUic !== undefined && events.isPending}
              selectedEventId={eventId}
              showConnection={competition?.liveNow ?? false}
            />
            {competition && <Standings competition={competition} events={eventList} />}
            {/* After the events, one step from the top ("Find an athlete" in Now and next). */}
            {competition && (
              <FollowScope competitionUic={competition.uic}>
                <AthleteSearch
                  competitionUic={competition.uic}
                  estimates={estimates}
                  inputRef={search}
                />
              </FollowScope>
            )}
          </>
        )}
      </div>
    </div>
  );
}
