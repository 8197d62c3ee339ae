import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import * as Tabs from '@radix-ui/react-tabs';
import { api } from '../lib/api.ts';
import { queryKeys } from '../lib/queryKeys.ts';
import { usePageTitle } from '../lib/usePageTitle.ts';
import type { Club } from '../../shared/schemas/club.ts';
import type { Competition } from '../../shared/schemas/competition.ts';
import { paginate, splitCompetitions } from '../../shared/competitionList.ts';
import { competitionClock, type WallClock } from '../../shared/entries.ts';
import {
  CompetitionCard,
  type CompetitionTab,
} from '../components/competitions/CompetitionCard.tsx';
import { Pagination } from '../components/competitions/Pagination.tsx';
import '../components/competitions/competitions.css';

const emptyStates: Record<CompetitionTab, { title: string; text: string }> = {
  upcoming: {
    title: 'No upcoming competitions',
    text: 'New competitions are added regularly. Check back soon to register.',
  },
  past: {
    title: 'No past competitions',
    text: 'Results of finished competitions will appear here.',
  },
};

function listHref(tab: CompetitionTab, page: number): string {
  const params = new URLSearchParams();
  if (tab === 'past') params.set('tab', 'past');
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `/competitions?${search}` : '/competitions';
}

function CompetitionGrid({
  competitions,
  clubs,
  tab,
  requestedPage,
  clock,
}: {
  competitions: Competition[];
  clubs: ReadonlyMap<number, Club>;
  tab: CompetitionTab;
  requestedPage: number;
  clock: WallClock;
}) {
  const { items, page, pageCount } = paginate(competitions, requestedPage);
  if (competitions.length === 0) {
    const empty = emptyStates[tab];
    return (
      <div className="cl-empty">
        <h2>{empty.title}</h2>
        <p>{empty.text}</p>
      </div>
    );
  }
  return (
    <>
      <h2 className="visually-hidden">
        {tab === 'upcoming' ? 'Upcoming competitions' : 'Past competitions'}, page {page} of{' '}
        {pageCount}
      </h2>
      <ul className="cl-grid">
        {items.map((competition) => {
          const club = clubs.get(competition.clubUic);
          return (
            <CompetitionCard
              key={competition.uic}
              competition={competition}
              clubName={club?.clubName ?? `Club #${competition.clubUic}`}
              clubUrlName={club?.urlName ?? null}
              tab={tab}
              clock={clock}
            />
          );
        })}
      </ul>
      <Pagination
        page={page}
        pageCount={pageCount}
        hrefFor={(n) => listHref(tab, n)}
        label={tab === 'upcoming' ? 'Upcoming competitions pages' : 'Past competitions pages'}
      />
    </>
  );
}

export function CompetitionsPage() {
  usePageTitle('Competitions');
  const [params, setParams] = useSearchParams();
  const tab: CompetitionTab = params.get('tab') === 'past' ? 'past' : 'upcoming';
  const requestedPage = Number(params.get('page') ?? '1');

  const competitions = useQuery({ queryKey: queryKeys.competitions, queryFn: api.competitions });
  const clubs = useQuery({ queryKey: queryKeys.clubs, queryFn: api.clubs });

  // The venue's clock, as the server reads entries on it: today and entries closed agree.
  const clock = competitionClock(new Date());
  const today = clock.date;
  const split = useMemo(
    () => splitCompetitions(competitions.data ?? [], today),
    [competitions.data, today],
  );
  const clubsByUic = useMemo(
    () => new Map((clubs.data ?? []).map((club) => [club.uic, club])),
    [clubs.data],
  );

  // A new page of cards starts at the tabs, not wherever the pager was.
  const tabsRef = useRef<HTMLDivElement>(null);
  const shownPage = useRef(requestedPage);
  useEffect(() => {
    if (shownPage.current === requestedPage) return;
    shownPage.current = requestedPage;
    const top = tabsRef.current?.getBoundingClientRect().top;
    if (top !== undefined && top < 0) tabsRef.current?.scrollIntoView({ block: 'start' });
  }, [requestedPage]);

  const setTab = (value: string) => {
    setParams(value === 'past' ? { tab: 'past' } : {});
  };

  return (
    <div className="container cl-page">
      <header className="cl-head">
        <h1>Competitions</h1>
        <p>
          Register for upcoming athletics competitions or look back at the results of past ones.
        </p>
      </header>

      <Tabs.Root value={tab} onValueChange={setTab} className="cl-tabs" ref={tabsRef}>
        <Tabs.List className="cl-tab-list" aria-label="Competitions">
          {(['upcoming', 'past'] as const).map((value) => (
            <Tabs.Trigger key={value} value={value} className="cl-tab">
              {value === 'upcoming' ? 'Upcoming' : 'Past'}
              {competitions.data && (
                <span className="cl-tab-count">
                  <span className="visually-hidden">, </span>
                  {split[value].length}
                </span>
              )}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {(['upcoming', 'past'] as const).map((value) => (
          <Tabs.Content key={value} value={value} className="cl-panel">
            {competitions.isPending ? (
              <div className="cl-state" role="status">
                <span className="spinner spinner-large" aria-hidden="true" />
                Loading competitions…
              </div>
            ) : competitions.isError ? (
              <div className="cl-state" role="alert">
                <p>We could not load the competitions. Check your connection and try again.</p>
                <button type="button" className="btn" onClick={() => void competitions.refetch()}>
                  Try again
                </button>
              </div>
            ) : (
              <CompetitionGrid
                competitions={split[value]}
                clubs={clubsByUic}
                tab={value}
                requestedPage={requestedPage}
                clock={clock}
              />
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
