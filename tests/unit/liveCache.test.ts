import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import { LiveCache } from '../../client/lib/liveCache.ts';
import { queryKeys } from '../../shared/queryKeys.ts';
import { CompetitionList } from '../../shared/schemas/competition.ts';
import { EventSummaryList, PublicEvent } from '../../shared/schemas/event.ts';
import { competition as baseCompetition, publicEvent, row } from '../support/publicFixtures.ts';
import type { Competition } from '../../shared/schemas/competition.ts';
import type { EventSummary } from '../../shared/schemas/event.ts';
import { compactEvent, linesEvent } from '../../shared/live/pushedEvent.ts';

// ---------------------------------------------------------------------------------------
// Fixtures: every field of the public schemas, with realistic values.

const SPRING = 101; // competition uic
const WINTER = 202;
/** The club of both competitions: the results page lists a club's competitions together. */
const CLUB = baseCompetition({}).clubUic;
const HUNDRED = '6b1f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const LONG_JUMP = '0d9e8f7a-6b5c-4d3e-9f2a-1b0c9d8e7f6a';
const WINTER_MILE = 'f0e1d2c3-b4a5-4f6e-9d8c-7b6a5f4e3d2c';

const competition = (uic: number, extra: Partial<Competition> = {}): Competition =>
  baseCompetition({
    uic,
    ...(uic === WINTER
      ? { competitionName: 'Harbour Winter Series', urlName: 'harbour-winter-series' }
      : {}),
    ...extra,
  });

function event(id: string, extra: Partial<PublicEvent> = {}): PublicEvent {
  return publicEvent({ id, competition: competition(extra.competitionUic ?? SPRING), ...extra });
}

function longJump(extra: Partial<PublicEvent> = {}): PublicEvent {
  return event(LONG_JUMP, {
    eventName: "Women's Long Jump",
    time: '11:15',
    eventType: 'JUMP',
    trackDiscipline: null,
    fieldDiscipline: 'LONG_JUMP',
    windSpeed: null,
    resultsFileName: null,
    resultsFileType: 'MANUAL',
    startListFileName: null,
    startListType: 'MANUAL',
    hasResults: false,
    results: [],
    startListFile: [row('s1', 'Ana Reyes', { bib: '40' })],
    status: 'upcoming',
    ...extra,
  });
}

/** The listing row the server sends for an event (GET /api/events). */
function summary(e: PublicEvent): EventSummary {
  return {
    id: e.id,
    competitionUic: e.competitionUic,
    eventName: e.eventName,
    time: e.time,
    round: e.round,
    heat: e.heat,
    heatCount: e.heatCount,
    status: e.status,
    visible: e.visible,
    autoCreatedFromTimetable: e.autoCreatedFromTimetable,
    eventType: e.eventType,
    trackDiscipline: e.trackDiscipline,
    fieldDiscipline: e.fieldDiscipline,
    windSpeed: e.windSpeed,
    resultsFileName: e.resultsFileName,
    resultsFileType: e.resultsFileType,
    startListFileName: e.startListFileName,
    startListType: e.startListType,
    pdfLink: e.pdfLink,
    hasResults: e.hasResults,
    hasStartList: e.hasStartList,
    shown: e.shown,
    startedAt: e.startedAt,
    resultsAt: e.resultsAt,
    estimatedStart: e.estimatedStart,
    lateMinutes: e.lateMinutes,
    progress: e.progress,
    runOrder: e.runOrder,
    startListDrawn: e.startListDrawn,
    version: e.version,
  };
}

/** The event as the server pushes it (server/events/message.ts). */
const changed = (e: PublicEvent) => ({
  event: compactEvent(e),
  competitionVersion: e.competition.version,
  version: e.version,
});
const compChanged = (c: Competition) => ({ competition: c, version: c.version });

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

// ---------------------------------------------------------------------------------------

let queryClient: QueryClient;
let live: LiveCache;

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  live = new LiveCache(queryClient);
});

afterEach(() => {
  queryClient.clear();
});

const detail = (id: string) => queryClient.getQueryData<PublicEvent | null>(queryKeys.event(id));
const eventList = (uic: number) =>
  queryClient.getQueryData<readonly EventSummary[]>(queryKeys.events(uic));
const competitionList = () =>
  queryClient.getQueryData<readonly Competition[]>(queryKeys.clubCompetitions(CLUB));

describe('fixtures', () => {
  it('match the public schemas', () => {
    expect(() => PublicEvent.strict().parse(event(HUNDRED))).not.toThrow();
    expect(() => PublicEvent.strict().parse(longJump())).not.toThrow();
    expect(() => EventSummaryList.parse([summary(event(HUNDRED))])).not.toThrow();
    expect(() => CompetitionList.parse([competition(SPRING), competition(WINTER)])).not.toThrow();
  });
});

describe('eventChanged', () => {
  it('updates the cached event page and its row in the competition list', () => {
    const v1 = event(HUNDRED);
    const jump = longJump();
    queryClient.setQueryData(queryKeys.event(HUNDRED), v1);
    queryClient.setQueryData(queryKeys.events(SPRING), [summary(v1), summary(jump)]);

    const v2 = event(HUNDRED, {
      version: 2,
      status: 'official',
      results: [row('r1', 'Sam Carter', { rank: '1', performance: '10.47' })],
    });
    live.eventChanged(changed(v2));

    expect(detail(HUNDRED)).toEqual(v2);
    expect(detail(HUNDRED)?.results[0]?.performance).toBe('10.47');
    const list = eventList(SPRING);
    expect(list).toEqual([summary(v2), summary(jump)]);
    expect(list?.[0]).not.toHaveProperty('results');
    expect(list?.[0]).not.toHaveProperty('competition');
  });

  it('adds an event the list does not have yet', () => {
    const hundred = event(HUNDRED);
    queryClient.setQueryData(queryKeys.events(SPRING), [summary(hundred)]);

    const jump = longJump({ version: 3 });
    live.eventChanged(changed(jump));

    expect(eventList(SPRING)).toEqual([summary(hundred), summary(jump)]);
  });

  it('ignores a change older than, or as old as, the event held', () => {
    const v3 = event(HUNDRED, { version: 3, status: 'official' });
    const list = [summary(v3)];
    queryClient.setQueryData(queryKeys.event(HUNDRED), v3);
    queryClient.setQueryData(queryKeys.events(SPRING), list);

    live.eventChanged(changed(event(HUNDRED, { version: 2, status: 'unofficial' })));
    live.eventChanged(changed(event(HUNDRED, { version: 3, eventName: 'Renamed' })));

    expect(detail(HUNDRED)).toBe(v3);
    expect(eventList(SPRING)).toBe(list);
  });

  it('creates no cache entry for pages nobody loaded', () => {
    live.eventChanged(changed(event(HUNDRED, { version: 5 })));

    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(detail(HUNDRED)).toBeUndefined();
    expect(eventList(SPRING)).toBeUndefined();
  });

  it('touches only the list of the event’s own competition', () => {
    const winterList = [summary(event(WINTER_MILE, { competitionUic: WINTER }))];
    queryClient.setQueryData(queryKeys.events(SPRING), []);
    queryClient.setQueryData(queryKeys.events(WINTER), winterList);

    live.eventChanged(changed(event(HUNDRED, { version: 2 })));

    expect(eventList(SPRING)).toEqual([summary(event(HUNDRED, { version: 2 }))]);
    expect(eventList(WINTER)).toBe(winterList);
  });
});

describe('eventRemoved', () => {
  const removed = (id: string, version: number) => ({
    eventId: id,
    competitionUic: SPRING,
    version,
  });

  it('removes the event from the list and makes its page show "not found" (null)', () => {
    const hundred = event(HUNDRED, { version: 4 });
    const jump = longJump();
    queryClient.setQueryData(queryKeys.event(HUNDRED), hundred);
    queryClient.setQueryData(queryKeys.events(SPRING), [summary(hundred), summary(jump)]);

    live.eventRemoved(removed(HUNDRED, 5));

    expect(detail(HUNDRED)).toBeNull();
    expect(eventList(SPRING)).toEqual([summary(jump)]);
  });

  it('keeps an event that is newer than the removal', () => {
    const hundred = event(HUNDRED, { version: 7 });
    queryClient.setQueryData(queryKeys.event(HUNDRED), hundred);
    queryClient.setQueryData(queryKeys.events(SPRING), [summary(hundred)]);

    live.eventRemoved(removed(HUNDRED, 6));

    expect(detail(HUNDRED)).toEqual(hundred);
    expect(eventList(SPRING)).toEqual([summary(hundred)]);
  });

  it('does not let a change older than the removal bring the event back; a newer one does', () => {
    const hundred = event(HUNDRED, { version: 4 });
    queryClient.setQueryData(queryKeys.event(HUNDRED), hundred);
    queryClient.setQueryData(queryKeys.events(SPRING), [summary(hundred)]);

    live.eventRemoved(removed(HUNDRED, 5));
    // A change made before the removal, delivered late (another node, a slow stream).
    live.eventChanged(changed(event(HUNDRED, { version: 4, eventName: 'Late' })));
    live.eventChanged(changed(event(HUNDRED, { version: 5, eventName: 'Same as removal' })));

    expect(detail(HUNDRED)).toBeNull();
    expect(eventList(SPRING)).toEqual([]);

    const back = event(HUNDRED, { version: 6, eventName: "Men's 100m Final" });
    live.eventChanged(changed(back));

    // The pushed form has no competition or club to show it with: the page asks for it.
    expect(queryClient.getQueryState(queryKeys.event(HUNDRED))?.isInvalidated).toBe(true);
    expect(eventList(SPRING)).toEqual([summary(back)]);
  });

  it('puts a pushed event together with the competition and club the page holds', () => {
    const held = event(HUNDRED, { version: 2 });
    queryClient.setQueryData(queryKeys.event(HUNDRED), held);
    const next = event(HUNDRED, {
      version: 3,
      results: [row('r1', 'Cian Ó Briain', { rank: '1', performance: '10.57' })],
    });
    const pushed = changed(next);
    expect(pushed.event).not.toHaveProperty('competition');
    expect(pushed.event.results[0]).not.toHaveProperty('bib');

    live.eventChanged(pushed);

    expect(detail(HUNDRED)).toEqual(next);
  });

  it('remembers a removal even for pages opened after it', () => {
    live.eventRemoved(removed(HUNDRED, 5));
    // The page loads afterwards and finds nothing (the server says 404 → null).
    queryClient.setQueryData(queryKeys.event(HUNDRED), null);
    queryClient.setQueryData(queryKeys.events(SPRING), []);

    live.eventChanged(changed(event(HUNDRED, { version: 3 })));

    expect(detail(HUNDRED)).toBeNull();
    expect(eventList(SPRING)).toEqual([]);
  });
});

describe('pushes that cross: an event carries a copy of its competition', () => {
  it('keeps the newer competition a page shows when an event push carries an older copy', () => {
    const renamed = competition(SPRING, { version: 4, competitionName: 'Harbour Spring Classic' });
    queryClient.setQueryData(queryKeys.event(HUNDRED), event(HUNDRED, { competition: renamed }));
    // Saved before the rename, sent after it (the event waited for its coalescing window).
    live.eventChanged(
      changed(
        event(HUNDRED, {
          version: 2,
          status: 'official',
          competition: competition(SPRING, { version: 3 }),
        }),
      ),
    );
    expect(detail(HUNDRED)).toMatchObject({ version: 2, status: 'official', competition: renamed });
  });

  it('does not bring back an event of a competition hidden since the event was saved', () => {
    queryClient.setQueryData(queryKeys.event(HUNDRED), event(HUNDRED));
    queryClient.setQueryData(queryKeys.events(SPRING), [summary(event(HUNDRED))]);
    live.competitionChanged(compChanged(competition(SPRING, { version: 5, visible: false })));
    expect(detail(HUNDRED)).toBeNull();

    live.eventChanged(
      changed(event(HUNDRED, { version: 2, competition: competition(SPRING, { version: 4 }) })),
    );
    expect(detail(HUNDRED)).toBeNull();
    expect(eventList(SPRING)).toEqual([summary(event(HUNDRED))]);
  });

  it('does not let an older push bring back a hidden competition; a newer one does', () => {
    queryClient.setQueryData(queryKeys.clubCompetitions(CLUB), [
      competition(SPRING, { version: 4 }),
    ]);
    live.competitionChanged(compChanged(competition(SPRING, { version: 5, visible: false })));
    expect(competitionList()).toEqual([]);
    live.competitionChanged(compChanged(competition(SPRING, { version: 4 })));
    expect(competitionList()).toEqual([]);
    const back = competition(SPRING, { version: 6 });
    live.competitionChanged(compChanged(back));
    expect(competitionList()).toEqual([back]);
  });
});

describe('competitionChanged', () => {
  it('asks again for the clubs the results page lists: a live competition puts its club first', async () => {
    const clubs = observe(queryKeys.listedClubs, []);
    try {
      await vi.waitFor(() => expect(clubs.queryFn).toHaveBeenCalledTimes(1));
      live.competitionChanged(compChanged(competition(SPRING, { version: 2, liveNow: true })));
      await vi.waitFor(() => expect(clubs.queryFn).toHaveBeenCalledTimes(2));
    } finally {
      clubs.unsubscribe();
    }
  });

  it('replaces a competition in the list with a newer version and ignores an older one', () => {
    const spring = competition(SPRING, { version: 2 });
    const winter = competition(WINTER);
    queryClient.setQueryData(queryKeys.clubCompetitions(CLUB), [spring, winter]);

    const renamed = competition(SPRING, { version: 3, competitionName: 'Harbour Spring Classic' });
    live.competitionChanged(compChanged(renamed));
    expect(competitionList()).toEqual([renamed, winter]);

    live.competitionChanged(compChanged(competition(SPRING, { version: 2, liveNow: false })));
    expect(competitionList()).toEqual([renamed, winter]);
  });

  it('adds a competition that becomes visible', () => {
    const winter = competition(WINTER);
    queryClient.setQueryData(queryKeys.clubCompetitions(CLUB), [winter]);

    const spring = competition(SPRING, { version: 2 });
    live.competitionChanged(compChanged(spring));

    expect(competitionList()).toEqual([winter, spring]);
  });

  it('removes a competition that is hidden, and its page shows nothing', () => {
    const spring = competition(SPRING, { version: 2 });
    const winter = competition(WINTER);
    queryClient.setQueryData(queryKeys.clubCompetitions(CLUB), [spring, winter]);
    queryClient.setQueryData(queryKeys.competition(SPRING), spring);

    live.competitionChanged(compChanged(competition(SPRING, { version: 3, visible: false })));

    expect(competitionList()).toEqual([winter]);
    expect(queryClient.getQueryData(queryKeys.competition(SPRING))).toBeNull();
  });

  it('updates the competition page when it is cached', () => {
    queryClient.setQueryData(queryKeys.competition(SPRING), competition(SPRING));
    const moved = competition(SPRING, { version: 2, location: 'City Track' });

    live.competitionChanged(compChanged(moved));

    expect(queryClient.getQueryData(queryKeys.competition(SPRING))).toEqual(moved);
  });

  it('updates the competition shown on cached event pages of that competition only', () => {
    const hundred = event(HUNDRED);
    const jump = longJump();
    const mile = event(WINTER_MILE, { competitionUic: WINTER, eventName: 'Mile' });
    queryClient.setQueryData(queryKeys.event(HUNDRED), hundred);
    queryClient.setQueryData(queryKeys.event(LONG_JUMP), jump);
    queryClient.setQueryData(queryKeys.event(WINTER_MILE), mile);

    const renamed = competition(SPRING, { version: 2, competitionName: 'Harbour Spring Classic' });
    live.competitionChanged(compChanged(renamed));

    expect(detail(HUNDRED)).toEqual({ ...hundred, competition: renamed });
    expect(detail(LONG_JUMP)).toEqual({ ...jump, competition: renamed });
    expect(detail(WINTER_MILE)).toBe(mile);
  });

  it('does not put an older competition onto a cached event', () => {
    const newer = competition(SPRING, { version: 5, competitionName: 'Current name' });
    const hundred = event(HUNDRED, { competition: newer });
    queryClient.setQueryData(queryKeys.event(HUNDRED), hundred);

    live.competitionChanged(
      compChanged(competition(SPRING, { version: 4, competitionName: 'Old' })),
    );

    expect(detail(HUNDRED)).toBe(hundred);
  });

  it('makes cached event pages of a hidden competition show "not found" (null)', () => {
    const hundred = event(HUNDRED);
    const mile = event(WINTER_MILE, { competitionUic: WINTER });
    queryClient.setQueryData(queryKeys.event(HUNDRED), hundred);
    queryClient.setQueryData(queryKeys.event(WINTER_MILE), mile);

    live.competitionChanged(compChanged(competition(SPRING, { version: 2, visible: false })));

    expect(detail(HUNDRED)).toBeNull();
    expect(detail(WINTER_MILE)).toBe(mile);
  });

  it('creates no cache entry for pages nobody loaded', () => {
    live.competitionChanged(compChanged(competition(SPRING, { version: 2 })));
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});

describe('a push that arrives while a fetch is in flight', () => {
  it('survives an event page fetch that resolves with older data', async () => {
    const response = deferred<PublicEvent | null>();
    const fetching = queryClient.fetchQuery({
      queryKey: queryKeys.event(HUNDRED),
      queryFn: () => response.promise,
    });
    expect(queryClient.getQueryState(queryKeys.event(HUNDRED))?.fetchStatus).toBe('fetching');

    const pushed = event(HUNDRED, { version: 3, status: 'official' });
    live.eventChanged(changed(pushed));
    // The fetch read the database before the change was committed.
    response.resolve(event(HUNDRED, { version: 2 }));
    await fetching;

    await vi.waitFor(() => expect(detail(HUNDRED)?.version).toBe(3));
    expect(detail(HUNDRED)).toEqual(pushed);
  });

  it('survives a refetch of a loaded event page that resolves with older data', async () => {
    queryClient.setQueryData(queryKeys.event(HUNDRED), event(HUNDRED, { version: 1 }));
    const response = deferred<PublicEvent | null>();
    const fetching = queryClient.fetchQuery({
      queryKey: queryKeys.event(HUNDRED),
      queryFn: () => response.promise,
      staleTime: 0,
    });

    const pushed = event(HUNDRED, { version: 3, status: 'official' });
    live.eventChanged(changed(pushed));
    response.resolve(event(HUNDRED, { version: 2 }));
    await fetching;

    await vi.waitFor(() => expect(detail(HUNDRED)).toEqual(pushed));
  });

  it('keeps the newer data when the fetch resolves with data newer than the push', async () => {
    const response = deferred<PublicEvent | null>();
    const fetching = queryClient.fetchQuery({
      queryKey: queryKeys.event(HUNDRED),
      queryFn: () => response.promise,
    });

    live.eventChanged(changed(event(HUNDRED, { version: 3 })));
    const fetched = event(HUNDRED, { version: 4, status: 'official' });
    response.resolve(fetched);
    await fetching;
    await Promise.resolve();

    expect(detail(HUNDRED)).toEqual(fetched);
  });

  it('survives an events list fetch (observed by a page) that resolves with older data', async () => {
    const response = deferred<EventSummary[]>();
    const observer = new QueryObserver(queryClient, {
      queryKey: queryKeys.events(SPRING),
      queryFn: () => response.promise,
    });
    const unsubscribe = observer.subscribe(() => {});
    try {
      await vi.waitFor(() =>
        expect(queryClient.getQueryState(queryKeys.events(SPRING))?.fetchStatus).toBe('fetching'),
      );

      const pushed = event(HUNDRED, { version: 3, status: 'official' });
      live.eventChanged(changed(pushed));
      const jump = longJump();
      response.resolve([summary(event(HUNDRED, { version: 2 })), summary(jump)]);

      await vi.waitFor(() => expect(eventList(SPRING)).toEqual([summary(pushed), summary(jump)]));
      expect(observer.getCurrentResult().data).toEqual([summary(pushed), summary(jump)]);
    } finally {
      unsubscribe();
    }
  });

  it('keeps a removal when the event page fetch resolves with the older event', async () => {
    const response = deferred<PublicEvent | null>();
    const fetching = queryClient.fetchQuery({
      queryKey: queryKeys.event(HUNDRED),
      queryFn: () => response.promise,
    });

    live.eventRemoved({ eventId: HUNDRED, competitionUic: SPRING, version: 5 });
    response.resolve(event(HUNDRED, { version: 4 }));
    await fetching;

    await vi.waitFor(() => expect(detail(HUNDRED)).toBeNull());
  });

  it('survives a competitions list fetch that resolves with older data', async () => {
    const response = deferred<Competition[]>();
    const fetching = queryClient.fetchQuery({
      queryKey: queryKeys.clubCompetitions(CLUB),
      queryFn: () => response.promise,
    });

    const renamed = competition(SPRING, { version: 3, competitionName: 'Harbour Spring Classic' });
    live.competitionChanged(compChanged(renamed));
    const winter = competition(WINTER);
    response.resolve([competition(SPRING, { version: 2 }), winter]);
    await fetching;

    await vi.waitFor(() => expect(competitionList()).toEqual([renamed, winter]));
  });

  it('survives a refetch of a loaded event page when its competition changes', async () => {
    queryClient.setQueryData(queryKeys.event(HUNDRED), event(HUNDRED));
    const response = deferred<PublicEvent | null>();
    const fetching = queryClient.fetchQuery({
      queryKey: queryKeys.event(HUNDRED),
      queryFn: () => response.promise,
      staleTime: 0,
    });

    const renamed = competition(SPRING, { version: 2, competitionName: 'Harbour Spring Classic' });
    live.competitionChanged(compChanged(renamed));
    response.resolve(event(HUNDRED)); // read before the rename
    await fetching;

    await vi.waitFor(() => expect(detail(HUNDRED)?.competition).toEqual(renamed));
  });

  // The event page's first load: nothing is cached yet when the competition change arrives.
  it('survives an event page first load when its competition is renamed', async () => {
    const response = deferred<PublicEvent | null>();
    const fetching = queryClient.fetchQuery({
      queryKey: queryKeys.event(HUNDRED),
      queryFn: () => response.promise,
    });

    const renamed = competition(SPRING, { version: 2, competitionName: 'Harbour Spring Classic' });
    live.competitionChanged(compChanged(renamed));
    response.resolve(event(HUNDRED)); // read before the rename: competition version 1
    await fetching;

    await vi.waitFor(() => expect(detail(HUNDRED)?.competition).toEqual(renamed));
  });

  it('survives an event page first load when its competition is hidden', async () => {
    const response = deferred<PublicEvent | null>();
    const fetching = queryClient.fetchQuery({
      queryKey: queryKeys.event(HUNDRED),
      queryFn: () => response.promise,
    });

    live.competitionChanged(compChanged(competition(SPRING, { version: 2, visible: false })));
    response.resolve(event(HUNDRED)); // read before the competition was hidden
    await fetching;

    await vi.waitFor(() => expect(detail(HUNDRED)).toBeNull());
  });
});

/** A page observing `queryKey`, served by a fake server whose answer the test sets. */
function observe<T>(queryKey: QueryKey, initial: T) {
  const server = { data: initial, calls: 0 };
  const queryFn = vi.fn(async () => {
    server.calls += 1;
    return server.data;
  });
  const observer = new QueryObserver(queryClient, { queryKey, queryFn });
  const unsubscribe = observer.subscribe(() => {});
  return { server, queryFn, unsubscribe };
}

const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('reconcile', () => {
  describe('an event page', () => {
    it('refetches when the snapshot has a newer version of the event', async () => {
      const page = observe<PublicEvent | null>(queryKeys.event(HUNDRED), event(HUNDRED));
      try {
        await vi.waitFor(() => expect(detail(HUNDRED)?.version).toBe(1));
        expect(page.queryFn).toHaveBeenCalledTimes(1);

        page.server.data = event(HUNDRED, { version: 2, status: 'official' });
        live.reconcile(
          { eventId: HUNDRED },
          { [`event:${HUNDRED}`]: 2, [`competition:${SPRING}`]: 1 },
        );

        await vi.waitFor(() => expect(detail(HUNDRED)?.status).toBe('official'));
        expect(page.queryFn).toHaveBeenCalledTimes(2);
      } finally {
        page.unsubscribe();
      }
    });

    it('refetches when the snapshot has a newer version of its competition', async () => {
      const page = observe<PublicEvent | null>(queryKeys.event(HUNDRED), event(HUNDRED));
      try {
        await vi.waitFor(() => expect(detail(HUNDRED)).toBeTruthy());
        live.reconcile(
          { eventId: HUNDRED },
          { [`event:${HUNDRED}`]: 1, [`competition:${SPRING}`]: 2 },
        );
        await vi.waitFor(() => expect(page.queryFn).toHaveBeenCalledTimes(2));
      } finally {
        page.unsubscribe();
      }
    });

    it('refetches a page that found nothing when the event now exists', async () => {
      const page = observe<PublicEvent | null>(queryKeys.event(HUNDRED), null);
      try {
        await vi.waitFor(() => expect(detail(HUNDRED)).toBeNull());
        page.server.data = event(HUNDRED, { version: 3 });
        live.reconcile(
          { eventId: HUNDRED },
          { [`event:${HUNDRED}`]: 3, [`competition:${SPRING}`]: 1 },
        );
        await vi.waitFor(() => expect(detail(HUNDRED)?.version).toBe(3));
      } finally {
        page.unsubscribe();
      }
    });

    it('does not refetch when the page is current', async () => {
      const page = observe<PublicEvent | null>(
        queryKeys.event(HUNDRED),
        event(HUNDRED, { version: 4 }),
      );
      try {
        await vi.waitFor(() => expect(detail(HUNDRED)?.version).toBe(4));
        live.reconcile(
          { eventId: HUNDRED },
          { [`event:${HUNDRED}`]: 4, [`competition:${SPRING}`]: 1 },
        );
        expect(queryClient.getQueryState(queryKeys.event(HUNDRED))?.isInvalidated).toBe(false);
        await settle();
        expect(page.queryFn).toHaveBeenCalledTimes(1);
      } finally {
        page.unsubscribe();
      }
    });

    it('does not refetch a page that found nothing when the snapshot is empty', async () => {
      const page = observe<PublicEvent | null>(queryKeys.event(HUNDRED), null);
      try {
        await vi.waitFor(() => expect(detail(HUNDRED)).toBeNull());
        live.reconcile({ eventId: HUNDRED }, {});
        await settle();
        expect(page.queryFn).toHaveBeenCalledTimes(1);
      } finally {
        page.unsubscribe();
      }
    });
  });

  describe('a competition page', () => {
    it('refetches the events list when the snapshot has an event the list lacks', async () => {
      const hundred = event(HUNDRED);
      const events = observe<EventSummary[]>(queryKeys.events(SPRING), [summary(hundred)]);
      const competitions = observe<Competition[]>(queryKeys.clubCompetitions(CLUB), [
        competition(SPRING),
      ]);
      try {
        await vi.waitFor(() => expect(eventList(SPRING)).toHaveLength(1));
        await vi.waitFor(() => expect(competitionList()).toHaveLength(1));

        const jump = longJump();
        events.server.data = [summary(hundred), summary(jump)];
        live.reconcile(
          { competitionUic: SPRING },
          { [`competition:${SPRING}`]: 1, [`event:${HUNDRED}`]: 1, [`event:${LONG_JUMP}`]: 1 },
        );

        await vi.waitFor(() =>
          expect(eventList(SPRING)).toEqual([summary(hundred), summary(jump)]),
        );
        expect(events.queryFn).toHaveBeenCalledTimes(2);
        await settle();
        expect(competitions.queryFn).toHaveBeenCalledTimes(1); // the competition is current
      } finally {
        events.unsubscribe();
        competitions.unsubscribe();
      }
    });

    it('refetches the events list when it holds an event the snapshot lacks', async () => {
      const events = observe<EventSummary[]>(queryKeys.events(SPRING), [
        summary(event(HUNDRED)),
        summary(longJump()),
      ]);
      try {
        await vi.waitFor(() => expect(eventList(SPRING)).toHaveLength(2));
        events.server.data = [summary(event(HUNDRED))];
        live.reconcile({ competitionUic: SPRING }, { [`event:${HUNDRED}`]: 1 });
        await vi.waitFor(() => expect(eventList(SPRING)).toHaveLength(1));
        expect(events.queryFn).toHaveBeenCalledTimes(2);
      } finally {
        events.unsubscribe();
      }
    });

    it("refetches the club's competitions when the competition is newer in the snapshot", async () => {
      const competitions = observe<Competition[]>(queryKeys.clubCompetitions(CLUB), [
        competition(SPRING),
        competition(WINTER),
      ]);
      try {
        await vi.waitFor(() => expect(competitionList()).toHaveLength(2));
        competitions.server.data = [
          competition(SPRING, { version: 2, liveNow: false }),
          competition(WINTER),
        ];
        live.reconcile({ competitionUic: SPRING }, { [`competition:${SPRING}`]: 2 });
        await vi.waitFor(() => expect(competitionList()?.[0]?.liveNow).toBe(false));
        expect(competitions.queryFn).toHaveBeenCalledTimes(2);
      } finally {
        competitions.unsubscribe();
      }
    });

    it("refetches the club's competitions when the snapshot has one it lacks (shown again)", async () => {
      const list = observe<Competition[]>(queryKeys.clubCompetitions(CLUB), [competition(WINTER)]);
      try {
        await vi.waitFor(() => expect(competitionList()).toHaveLength(1));
        list.server.data = [competition(WINTER), competition(SPRING, { version: 3 })];
        live.reconcile({ competitionUic: SPRING }, { [`competition:${SPRING}`]: 3 });
        await vi.waitFor(() => expect(competitionList()).toHaveLength(2));
      } finally {
        list.unsubscribe();
      }
    });

    it('refetches the competition an address named when it is newer in the snapshot', async () => {
      const named = observe<Competition | null>(queryKeys.competition(SPRING), null);
      try {
        await vi.waitFor(() => expect(named.queryFn).toHaveBeenCalledTimes(1));
        named.server.data = competition(SPRING, { version: 2 });
        live.reconcile({ competitionUic: SPRING }, { [`competition:${SPRING}`]: 2 });
        await vi.waitFor(() =>
          expect(queryClient.getQueryData(queryKeys.competition(SPRING))).toEqual(
            competition(SPRING, { version: 2 }),
          ),
        );
      } finally {
        named.unsubscribe();
      }
    });

    it('does not refetch anything when both lists are current', async () => {
      const hundred = event(HUNDRED, { version: 3 });
      const events = observe<EventSummary[]>(queryKeys.events(SPRING), [summary(hundred)]);
      const competitions = observe<Competition[]>(queryKeys.clubCompetitions(CLUB), [
        competition(SPRING, { version: 2 }),
        competition(WINTER, { version: 9 }),
      ]);
      try {
        await vi.waitFor(() => expect(eventList(SPRING)).toHaveLength(1));
        await vi.waitFor(() => expect(competitionList()).toHaveLength(2));

        live.reconcile(
          { competitionUic: SPRING },
          { [`competition:${SPRING}`]: 2, [`event:${HUNDRED}`]: 3 },
        );

        expect(queryClient.getQueryState(queryKeys.events(SPRING))?.isInvalidated).toBe(false);
        expect(queryClient.getQueryState(queryKeys.clubCompetitions(CLUB))?.isInvalidated).toBe(
          false,
        );
        await settle();
        expect(events.queryFn).toHaveBeenCalledTimes(1);
        expect(competitions.queryFn).toHaveBeenCalledTimes(1);
      } finally {
        events.unsubscribe();
        competitions.unsubscribe();
      }
    });
  });
});

describe('eventOutdated: an event too large to push is announced by its version only', () => {
  const outdated = (version: number, competitionUic = SPRING) => ({
    eventId: HUNDRED,
    competitionUic,
    version,
  });

  it('makes the event page and the competition list that hold it older fetch it again', async () => {
    const page = observe<PublicEvent | null>(queryKeys.event(HUNDRED), event(HUNDRED));
    const list = observe<EventSummary[]>(queryKeys.events(SPRING), [
      summary(event(HUNDRED)),
      summary(longJump()),
    ]);
    try {
      await vi.waitFor(() => expect(detail(HUNDRED)?.version).toBe(1));
      await vi.waitFor(() => expect(eventList(SPRING)).toHaveLength(2));

      const v2 = event(HUNDRED, { version: 2, status: 'official' });
      page.server.data = v2;
      list.server.data = [summary(v2), summary(longJump())];
      live.eventOutdated(outdated(2));

      await vi.waitFor(() => expect(detail(HUNDRED)).toEqual(v2));
      await vi.waitFor(() => expect(eventList(SPRING)?.[0]).toEqual(summary(v2)));
      expect(page.queryFn).toHaveBeenCalledTimes(2);
      expect(list.queryFn).toHaveBeenCalledTimes(2);
    } finally {
      page.unsubscribe();
      list.unsubscribe();
    }
  });

  it('makes a list without the event, and a page that found nothing, fetch it', async () => {
    const page = observe<PublicEvent | null>(queryKeys.event(HUNDRED), null);
    const list = observe<EventSummary[]>(queryKeys.events(SPRING), [summary(longJump())]);
    try {
      await vi.waitFor(() => expect(detail(HUNDRED)).toBeNull());
      await vi.waitFor(() => expect(eventList(SPRING)).toHaveLength(1));

      const created = event(HUNDRED, { version: 1 });
      page.server.data = created;
      list.server.data = [summary(created), summary(longJump())];
      live.eventOutdated(outdated(1));

      await vi.waitFor(() => expect(detail(HUNDRED)).toEqual(created));
      await vi.waitFor(() => expect(eventList(SPRING)).toHaveLength(2));
    } finally {
      page.unsubscribe();
      list.unsubscribe();
    }
  });

  it('refetches once a fetch in flight comes back older than the notice', async () => {
    const first = deferred<PublicEvent | null>();
    const v3 = event(HUNDRED, { version: 3, status: 'official' });
    const queryFn = vi.fn().mockReturnValueOnce(first.promise).mockResolvedValue(v3);
    const observer = new QueryObserver(queryClient, {
      queryKey: queryKeys.event(HUNDRED),
      queryFn,
    });
    const unsubscribe = observer.subscribe(() => {});
    try {
      await vi.waitFor(() =>
        expect(queryClient.getQueryState(queryKeys.event(HUNDRED))?.fetchStatus).toBe('fetching'),
      );
      live.eventOutdated(outdated(3));
      // The fetch read the database before the change was committed.
      first.resolve(event(HUNDRED, { version: 2 }));

      await vi.waitFor(() => expect(detail(HUNDRED)).toEqual(v3));
      expect(queryFn).toHaveBeenCalledTimes(2);
    } finally {
      unsubscribe();
    }
  });

  it('leaves what already holds that version, other competitions, and pages nobody loaded', async () => {
    const v2 = event(HUNDRED, { version: 2 });
    const page = observe<PublicEvent | null>(queryKeys.event(HUNDRED), v2);
    const list = observe<EventSummary[]>(queryKeys.events(SPRING), [summary(v2)]);
    const winter = observe<EventSummary[]>(queryKeys.events(WINTER), []);
    try {
      await vi.waitFor(() => expect(detail(HUNDRED)).toEqual(v2));
      await vi.waitFor(() => expect(eventList(SPRING)).toHaveLength(1));
      await vi.waitFor(() => expect(eventList(WINTER)).toEqual([]));

      live.eventOutdated(outdated(2));
      live.eventOutdated({ eventId: LONG_JUMP, competitionUic: 303, version: 4 });
      await settle();

      expect(page.queryFn).toHaveBeenCalledTimes(1);
      expect(list.queryFn).toHaveBeenCalledTimes(1);
      expect(winter.queryFn).toHaveBeenCalledTimes(1);
      expect(detail(LONG_JUMP)).toBeUndefined();
      expect(queryClient.getQueryData(queryKeys.events(303))).toBeUndefined();
    } finally {
      page.unsubscribe();
      list.unsubscribe();
      winter.unsubscribe();
    }
  });

  it('does not bring back an event removed since: a notice older than the removal is ignored', async () => {
    const page = observe<PublicEvent | null>(queryKeys.event(HUNDRED), event(HUNDRED));
    try {
      await vi.waitFor(() => expect(detail(HUNDRED)?.version).toBe(1));
      live.eventRemoved({ eventId: HUNDRED, competitionUic: SPRING, version: 5 });
      expect(detail(HUNDRED)).toBeNull();

      live.eventOutdated(outdated(4));
      await settle();

      expect(detail(HUNDRED)).toBeNull();
      expect(page.queryFn).toHaveBeenCalledTimes(1);
    } finally {
      page.unsubscribe();
    }
  });
});

describe('eventLive: a change of the scoreboard lines alone, pushed without the rows they keep', () => {
  const startList = [row('s1', 'Sam Carter', { lane: '4' }), row('s2', 'Ola Berg', { lane: '5' })];
  /** The heat at `version`, its first `finishers` on the scoreboard. */
  const heat = (version: number, finishers: number, extra: Partial<PublicEvent> = {}) =>
    event(HUNDRED, {
      version,
      status: 'unofficial',
      results: [],
      startListFile: startList,
      shown: 'live',
      live: {
        rows: startList
          .slice(0, finishers)
          .map((r, i) => ({ ...r, rank: String(i + 1), performance: `10.4${i}` })),
        wind: '+0.3',
        updatedAt: `2026-03-14T10:3${version}:00Z`,
      },
      ...extra,
    });
  /** What the server pushes for the heat's lines (server/events/message.ts). */
  const lines = (e: PublicEvent, since = e.version - 1) => ({
    event: linesEvent(compactEvent(e)),
    competitionVersion: e.competition.version,
    since,
    version: e.version,
  });

  it('puts the event at its version together from the one before, start list and all, without a fetch', async () => {
    const page = observe<PublicEvent | null>(queryKeys.event(HUNDRED), heat(4, 1));
    const list = observe<EventSummary[]>(queryKeys.events(SPRING), [summary(heat(4, 1))]);
    try {
      await vi.waitFor(() => expect(detail(HUNDRED)?.version).toBe(4));
      await vi.waitFor(() => expect(eventList(SPRING)).toHaveLength(1));

      // The first running clock recorded its start meanwhile: the lines carry it.
      const v5 = heat(5, 2, { startedAt: '10:31:02' });
      live.eventLive(lines(v5));
      await settle();

      expect(detail(HUNDRED)).toEqual(v5);
      expect(eventList(SPRING)).toEqual([summary(v5)]);
      expect(page.queryFn).toHaveBeenCalledTimes(1);
      expect(list.queryFn).toHaveBeenCalledTimes(1);
    } finally {
      page.unsubscribe();
      list.unsubscribe();
    }
  });

  it('puts it together from any version the coalesced lines follow', () => {
    queryClient.setQueryData(queryKeys.event(HUNDRED), heat(5, 1));
    const v7 = heat(7, 2);
    live.eventLive(lines(v7, 4));
    expect(detail(HUNDRED)).toEqual(v7);
  });

  it('fetches the event again when it holds a version the lines do not follow', async () => {
    const page = observe<PublicEvent | null>(queryKeys.event(HUNDRED), heat(3, 0));
    const list = observe<EventSummary[]>(queryKeys.events(SPRING), [summary(heat(3, 0))]);
    try {
      await vi.waitFor(() => expect(detail(HUNDRED)?.version).toBe(3));
      await vi.waitFor(() => expect(eventList(SPRING)).toHaveLength(1));

      // Version 4 (the whole event, the heat turning unofficial) never reached this page.
      const v5 = heat(5, 2);
      page.server.data = v5;
      live.eventLive(lines(v5));

      await vi.waitFor(() => expect(detail(HUNDRED)).toEqual(v5));
      expect(page.queryFn).toHaveBeenCalledTimes(2);
      // The list's row is whole in the lines: no fetch.
      expect(eventList(SPRING)).toEqual([summary(v5)]);
      expect(list.queryFn).toHaveBeenCalledTimes(1);
    } finally {
      page.unsubscribe();
      list.unsubscribe();
    }
  });

  it('fetches a page that found nothing, as for a whole event', async () => {
    const page = observe<PublicEvent | null>(queryKeys.event(HUNDRED), null);
    try {
      await vi.waitFor(() => expect(detail(HUNDRED)).toBeNull());
      const v5 = heat(5, 2);
      page.server.data = v5;
      live.eventLive(lines(v5));
      await vi.waitFor(() => expect(detail(HUNDRED)).toEqual(v5));
    } finally {
      page.unsubscribe();
    }
  });

  it('leaves its refetches to `later`, and makes none once the lines are in', () => {
    const later: (() => void)[] = [];
    const spread = new LiveCache(queryClient, (refetch) => later.push(refetch));
    queryClient.setQueryData(queryKeys.event(HUNDRED), heat(4, 1));
    spread.eventLive(lines(heat(5, 2)));
    expect(detail(HUNDRED)).toEqual(heat(5, 2));
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    for (const refetch of later) refetch();
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('ignores lines as old as the event held, and lines older than its removal', () => {
    const v5 = heat(5, 2);
    const list = [summary(v5)];
    queryClient.setQueryData(queryKeys.event(HUNDRED), v5);
    queryClient.setQueryData(queryKeys.events(SPRING), list);
    live.eventLive(lines(heat(5, 1)));
    expect(detail(HUNDRED)).toBe(v5);
    expect(eventList(SPRING)).toBe(list);

    live.eventRemoved({ eventId: HUNDRED, competitionUic: SPRING, version: 7 });
    live.eventLive(lines(heat(6, 2)));
    expect(detail(HUNDRED)).toBeNull();
    expect(eventList(SPRING)).toEqual([]);
  });
});
