import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import * as Tabs from '@radix-ui/react-tabs';
import { api } from '../lib/api.ts';
import { queryKeys } from '../../shared/queryKeys.ts';
import { usePageTitle } from '../lib/usePageTitle.ts';
import type { CompetitionPage } from '../../shared/schemas/competition.ts';
import { competitionTabs, type CompetitionTab } from '../../shared/competitionList.ts';
import { competitionClock, type WallClock } from '../../shared/entries.ts';
import { CompetitionCard } from '../components/competitions/CompetitionCard.tsx';
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

/** The page the address asks for: a whole number from 1 (the server gives the last one past it). */
function readPage(text: string | null): number {
  const page = Math.trunc(Number(text ?? '1'));
  return Number.isFinite(page) ? Math.min(Math.max(page, 1), 1_000_000) : 1;
}

function CompetitionGrid({
  shown,
  tab,
  clock,
}: {
  shown: CompetitionPage;
  tab: CompetitionTab;
  clock: WallClock;
}) {
  const { items, page, pageCount } = shown;
  if (items.length === 0) {
    const empty = emptyStates[tab];
    return (
      <div className="cl-empty">
        <h2>{empty.title}</h2>
        <p>{empty.text}</p>
      </div>
    );
  }
  const clubs = new Map(shown.clubs.map((club) => [club.uic, club]));
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
  const requestedPage = readPage(params.get('page'));

  // The server pages the list: the page shows 8 cards and fetches those (and each tab's count).
  const shown = useQuery({
    queryKey: queryKeys.competitionPage(tab, requestedPage),
    queryFn: () => api.competitionPage(tab, requestedPage),
    // While the next page of the same tab loads, its cards stay in place of a spinner.
    placeholderData: (previous, query) => (query?.queryKey[2] === tab ? previous : undefined),
  });
  const counts = shown.data ? { upcoming: shown.data.upcoming, past: shown.data.past } : null;

  // The venue's clock, as the server reads entries on it: today and entries closed agree.
  const clock = competitionClock(new Date());

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
          {competitionTabs.map((value) => (
            <Tabs.Trigger key={value} value={value} className="cl-tab">
              {value === 'upcoming' ? 'Upcoming' : 'Past'}
              {counts && (
                <span className="cl-tab-count">
                  <span className="visually-hidden">, </span>
                  {counts[value]}
                </span>
              )}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {competitionTabs.map((value) => (
          <Tabs.Content key={value} value={value} className="cl-panel">
            {!shown.data && !shown.isError ? (
              <div className="cl-state" role="status">
                <span className="spinner spinner-large" aria-hidden="true" />
                Loading competitions…
              </div>
            ) : !shown.data ? (
              <div className="cl-state" role="alert">
                <p>We could not load the competitions. Check your connection and try again.</p>
                <button type="button" className="btn" onClick={() => void shown.refetch()}>
                  Try again
                </button>
              </div>
            ) : (
              <CompetitionGrid shown={shown.data} tab={value} clock={clock} />
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
