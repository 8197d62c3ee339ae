import { describe, expect, it } from 'vitest';
import {
  chooseClub,
  clubSelectionPath,
  competitionPath,
  competitionSelectionPath,
  defaultCompetition,
  eventsForTable,
  listedClubs,
  orderCompetitions,
  resolveSelection,
  selectionLookups,
  type RememberedSelection,
  type ResolvedSelection,
  type Selection,
  type SelectionUrl,
} from '../../shared/selection.ts';
import type { Club } from '../../shared/schemas/club.ts';
import type { Competition } from '../../shared/schemas/competition.ts';

const TODAY = '2026-03-14';

function club(uic: number, clubName: string, extra: Partial<Club> = {}): Club {
  return {
    uic,
    urlName: clubName.toLowerCase().replace(/\s+/g, '-'),
    clubName,
    visible: true,
    email: null,
    imageLink: null,
    ...extra,
  };
}

function competition(
  uic: number,
  clubUic: number,
  date: string | null,
  extra: Partial<Competition> = {},
): Competition {
  return {
    uic,
    clubUic,
    competitionName: `Meet ${uic}`,
    urlName: `meet-${uic}`,
    visible: true,
    imageLink: null,
    liveNow: false,
    location: null,
    date,
    startTime: null,
    closeTime: null,
    description: null,
    mapLink: null,
    facebook: null,
    timedBy: null,
    timedByLink: null,
    timeTableType: 'NONE',
    timeTableFileName: null,
    eventCount: 3,
    version: 1,
    ...extra,
  };
}

// Clubs deliberately out of name order; Zeta has only a hidden competition, Hidden AC is hidden.
const clubs: Club[] = [
  club(1, 'Dublin AC'),
  club(2, 'Cork City'),
  club(3, 'Zeta Harriers'),
  club(4, 'Hidden AC', { visible: false }),
  club(5, 'No Names', { urlName: null }),
];
const competitions: Competition[] = [
  competition(10, 1, '2026-01-10'),
  competition(11, 1, '2026-04-01', { eventCount: 0 }),
  competition(12, 1, '2026-02-01'),
  competition(20, 2, '2026-03-01', { eventCount: 0 }),
  competition(21, 2, '2025-03-01', { eventCount: 0 }),
  competition(30, 3, '2026-03-01', { visible: false }),
  competition(40, 4, '2026-03-01'),
  competition(50, 5, '2026-03-01', { urlName: null }),
];

/**
 * The page's three steps against a server holding these clubs and competitions: the listed
 * clubs and the lookups, then the chosen club's competitions. The server answers only what
 * the public may see (visible competitions of visible clubs).
 */
function resolve(
  url: SelectionUrl,
  extra: { remembered?: RememberedSelection; competitions?: Competition[] } = {},
): Selection {
  const all = extra.competitions ?? competitions;
  const visibleClubs = new Set(clubs.filter((c) => c.visible).map((c) => c.uic));
  const served = all.filter((c) => c.visible && visibleClubs.has(c.clubUic));
  const listed = listedClubs(clubs, all);
  const lookups = selectionLookups(url, extra.remembered);
  const comp = lookups.comp?.toLowerCase();
  const found = served.filter(
    (c) =>
      lookups.uics.includes(c.uic) ||
      (comp !== undefined && (c.urlName?.toLowerCase() === comp || String(c.uic) === comp)),
  );
  const input = { clubs: listed, found, url, remembered: extra.remembered, today: TODAY };
  const choice = chooseClub(input);
  const club = choice.notFound ? null : choice.club;
  const clubCompetitions = club ? served.filter((c) => c.clubUic === club.uic) : [];
  return resolveSelection({ ...input, clubCompetitions });
}

function resolved(selection: Selection): ResolvedSelection {
  if (selection.notFound) throw new Error('expected a selection, got notFound');
  return selection;
}

const summary = (selection: Selection) => {
  if (selection.notFound) return 'notFound';
  return {
    club: selection.club?.uic ?? null,
    competition: selection.competition?.uic ?? null,
    canonical: selection.canonical,
  };
};

describe('listedClubs', () => {
  it('lists only visible clubs with a visible competition, ordered by name', () => {
    expect(listedClubs(clubs, competitions).map((c) => c.clubName)).toEqual([
      'Cork City',
      'Dublin AC',
      'No Names',
    ]);
  });

  it('orders names case- and accent-insensitively', () => {
    const list = [club(1, 'éire AC'), club(2, 'Athlone'), club(3, 'Ennis')];
    const comps = [competition(1, 1, null), competition(2, 2, null), competition(3, 3, null)];
    expect(listedClubs(list, comps).map((c) => c.uic)).toEqual([2, 1, 3]);
  });

  it('puts a club with a live competition first, so / opens on the meet happening now', () => {
    const list = [club(1, 'Athlone'), club(2, 'Ennis'), club(3, 'Bray')];
    const comps = [
      competition(1, 1, null),
      competition(2, 2, null, { liveNow: true }),
      competition(3, 3, null),
    ];
    expect(listedClubs(list, comps).map((c) => c.uic)).toEqual([2, 1, 3]);
  });
});

describe('orderCompetitions', () => {
  it('puts live first, then upcoming soonest, undated, then past newest', () => {
    const list = [
      competition(1, 1, '2025-06-01'),
      competition(2, 1, '2026-05-01'),
      competition(3, 1, null),
      competition(4, 1, '2026-02-01', { liveNow: true }),
      competition(5, 1, '2026-03-14'),
      competition(6, 1, '2026-03-01'),
    ];
    expect(orderCompetitions(list, TODAY).map((c) => c.uic)).toEqual([4, 5, 2, 3, 6, 1]);
  });
});

describe('defaultCompetition', () => {
  it('prefers the first competition with events, otherwise the first', () => {
    expect(defaultCompetition([{ eventCount: 0 }, { eventCount: 2 }])).toEqual({ eventCount: 2 });
    expect(
      defaultCompetition([
        { eventCount: 0, id: 1 },
        { eventCount: 0, id: 2 },
      ]),
    ).toEqual({
      eventCount: 0,
      id: 1,
    });
    expect(defaultCompetition([])).toBeNull();
  });
});

describe('resolveSelection: no URL', () => {
  it("chooses the first listed club and that club's first competition", () => {
    // Cork City comes first by name; neither of its competitions has events, so the first
    // in display order (the newer past one) is chosen.
    expect(summary(resolve({}))).toEqual({
      club: 2,
      competition: 20,
      canonical: '/cork-city/meet-20',
    });
  });

  it('lists the chosen club competitions in display order and every listed club', () => {
    const selection = resolved(resolve({ clubUrlName: 'dublin-ac' }));
    expect(selection.clubs.map((c) => c.uic)).toEqual([2, 1, 5]);
    expect(selection.competitions.map((c) => c.uic)).toEqual([11, 12, 10]);
  });

  it('resolves nothing, canonically /, when no club is listed', () => {
    const selection = resolveSelection({
      clubs: [],
      found: [],
      clubCompetitions: [],
      url: {},
      today: TODAY,
    });
    expect(summary(selection)).toEqual({ club: null, competition: null, canonical: '/' });
  });

  it('uses the remembered competition, then the remembered club', () => {
    expect(summary(resolve({}, { remembered: { competitionUic: 10, clubUic: 2 } }))).toEqual({
      club: 1,
      competition: 10,
      canonical: '/dublin-ac/meet-10',
    });
    expect(summary(resolve({}, { remembered: { competitionUic: 999, clubUic: 1 } }))).toEqual({
      club: 1,
      competition: 12,
      canonical: '/dublin-ac/meet-12',
    });
  });

  it('ignores a remembered choice that is no longer listed', () => {
    expect(summary(resolve({}, { remembered: { competitionUic: 40, clubUic: 4 } }))).toEqual({
      club: 2,
      competition: 20,
      canonical: '/cork-city/meet-20',
    });
  });

  it('ignores the remembered choice when the URL names something', () => {
    const remembered = { competitionUic: 10, clubUic: 1 };
    expect(summary(resolve({ clubUrlName: 'cork-city' }, { remembered }))).toMatchObject({
      competition: 20,
    });
    expect(summary(resolve({ cid: '50' }, { remembered }))).toMatchObject({ competition: 50 });
  });
});

describe('resolveSelection: path', () => {
  it("picks the club's first competition with events and never keeps /{club} alone", () => {
    // Meet 11 is the soonest upcoming but has no events; Meet 12 is the newest with events.
    expect(summary(resolve({ clubUrlName: 'dublin-ac' }))).toEqual({
      club: 1,
      competition: 12,
      canonical: '/dublin-ac/meet-12',
    });
  });

  it('picks the named competition of the named club', () => {
    expect(summary(resolve({ clubUrlName: 'dublin-ac', competitionUrlName: 'meet-11' }))).toEqual({
      club: 1,
      competition: 11,
      canonical: '/dublin-ac/meet-11',
    });
  });

  it('matches url names case-insensitively and canonicalises the spelling', () => {
    expect(summary(resolve({ clubUrlName: 'Dublin-AC', competitionUrlName: 'MEET-10' }))).toEqual({
      club: 1,
      competition: 10,
      canonical: '/dublin-ac/meet-10',
    });
  });

  it('is notFound for an unknown, hidden or empty club', () => {
    expect(resolve({ clubUrlName: 'nobody' })).toEqual({ notFound: true });
    expect(resolve({ clubUrlName: 'hidden-ac' })).toEqual({ notFound: true });
    expect(resolve({ clubUrlName: 'zeta-harriers' })).toEqual({ notFound: true });
  });

  it("is notFound for an unknown competition or another club's competition", () => {
    expect(resolve({ clubUrlName: 'dublin-ac', competitionUrlName: 'nope' })).toEqual({
      notFound: true,
    });
    expect(resolve({ clubUrlName: 'dublin-ac', competitionUrlName: 'meet-20' })).toEqual({
      notFound: true,
    });
  });

  it('takes the path over query parameters', () => {
    expect(
      summary(resolve({ clubUrlName: 'dublin-ac', cid: '20', comp: 'meet-21' })),
    ).toMatchObject({ competition: 12 });
  });
});

describe('resolveSelection: ?cid=', () => {
  it('picks that competition and its club', () => {
    expect(summary(resolve({ cid: '10' }))).toEqual({
      club: 1,
      competition: 10,
      canonical: '/dublin-ac/meet-10',
    });
  });

  it('keeps /?cid= as canonical when the club or competition has no url name', () => {
    expect(summary(resolve({ cid: '50' }))).toEqual({
      club: 5,
      competition: 50,
      canonical: '/?cid=50',
    });
  });

  it('ignores an unknown, hidden or malformed cid', () => {
    for (const cid of ['999', '40', '30', 'abc', '1e3', '-10']) {
      expect(summary(resolve({ cid }))).toEqual({
        club: 2,
        competition: 20,
        canonical: '/cork-city/meet-20',
      });
    }
  });
});

describe('resolveSelection: ?comp= and ?club=', () => {
  it('matches comp by url name or by uic', () => {
    expect(summary(resolve({ comp: 'meet-10' }))).toMatchObject({ club: 1, competition: 10 });
    expect(summary(resolve({ comp: '21' }))).toEqual({
      club: 2,
      competition: 21,
      canonical: '/cork-city/meet-21',
    });
  });

  it('prefers a url name over a uic that reads the same', () => {
    const comps = [...competitions, competition(60, 2, '2026-01-01', { urlName: '10' })];
    const selection = resolve({ comp: '10' }, { competitions: comps });
    expect(summary(selection)).toMatchObject({ competition: 60 });
  });

  it('looks for comp within club when the club is known', () => {
    const comps = [...competitions, competition(61, 2, '2026-01-01', { urlName: 'meet-10' })];
    expect(
      summary(resolve({ comp: 'meet-10', club: 'cork-city' }, { competitions: comps })),
    ).toMatchObject({ club: 2, competition: 61 });
    expect(
      summary(resolve({ comp: 'meet-10', club: 'dublin-ac' }, { competitions: comps })),
    ).toMatchObject({ club: 1, competition: 10 });
  });

  it("picks the club's default when only club is given or comp is not one of its", () => {
    expect(summary(resolve({ club: 'dublin-ac' }))).toMatchObject({ club: 1, competition: 12 });
    expect(summary(resolve({ club: 'dublin-ac', comp: 'meet-20' }))).toMatchObject({
      club: 1,
      competition: 12,
    });
  });

  it('falls back to the first club when nothing matches', () => {
    expect(summary(resolve({ club: 'nobody', comp: 'nothing' }))).toMatchObject({
      club: 2,
      competition: 20,
    });
  });
});

describe('selectionLookups', () => {
  it('looks up only what the rules can use: the path decides alone, memory only for /', () => {
    const remembered = { competitionUic: 10, clubUic: 1 };
    expect(selectionLookups({ clubUrlName: 'dublin-ac', cid: '20' }, remembered)).toEqual({
      uics: [],
      comp: null,
    });
    expect(selectionLookups({ cid: '20', comp: ' meet-21 ' }, remembered)).toEqual({
      uics: [20],
      comp: 'meet-21',
    });
    expect(selectionLookups({ cid: 'abc' }, remembered)).toEqual({ uics: [], comp: null });
    expect(selectionLookups({}, remembered)).toEqual({ uics: [10], comp: null });
    expect(selectionLookups({})).toEqual({ uics: [], comp: null });
  });
});

describe('selector paths', () => {
  const selection = resolved(resolve({ clubUrlName: 'dublin-ac' }));
  const ofClub = (uic: number) => competitions.filter((c) => c.clubUic === uic);

  it("changing club leads to that club's default competition, once its competitions are in", () => {
    expect(clubSelectionPath(clubs[1]!, ofClub(2), TODAY)).toBe('/cork-city/meet-20');
    expect(clubSelectionPath(clubs[4]!, ofClub(5), TODAY)).toBe('/?cid=50');
    expect(clubSelectionPath(clubs[2]!, ofClub(3), TODAY)).toBeNull();
  });

  it('changing competition leads to its page', () => {
    expect(competitionSelectionPath(selection, 10)).toBe('/dublin-ac/meet-10');
    expect(competitionSelectionPath(selection, 20)).toBeNull();
  });

  it('competitionPath needs both url names', () => {
    expect(competitionPath(club(1, 'A'), competition(7, 1, null))).toBe('/a/meet-7');
    expect(competitionPath(club(1, 'A', { urlName: null }), competition(7, 1, null))).toBe(
      '/?cid=7',
    );
    expect(competitionPath(null, competition(7, 1, null))).toBe('/?cid=7');
  });
});

describe('eventsForTable', () => {
  const event = (id: string, time: string | null, eventName: string, visible = true) => ({
    id,
    time,
    eventName,
    visible,
    runOrder: null,
    round: 'finals' as const,
    heat: null,
    heatCount: 1,
  });
  const events = [
    event('a', '14:00', '200m'),
    event('b', null, 'Shot Put'),
    event('c', '9:30', '100m'),
    event('d', '10:00', 'Hidden', false),
    event('e', '2:00 pm', '1500m'),
  ];
  const ids = (list: { id: string }[]) => list.map((e) => e.id);

  it('sorts visible events in running order or its reverse, untimed last either way', () => {
    expect(ids(eventsForTable(events, '', 'asc'))).toEqual(['c', 'e', 'a', 'b']);
    expect(ids(eventsForTable(events, '', 'desc'))).toEqual(['a', 'e', 'c', 'b']);
  });

  it('filters to the chosen event, or shows all when it has gone', () => {
    expect(ids(eventsForTable(events, 'c', 'asc'))).toEqual(['c']);
    expect(ids(eventsForTable(events, 'zzz', 'asc'))).toEqual(['c', 'e', 'a', 'b']);
    expect(ids(eventsForTable(events, 'd', 'asc'))).toEqual(['c', 'e', 'a', 'b']);
  });
});
