import type { CompetitionTab } from './competitionList.ts';

/**
 * The keys of the data cache the pages read from. Live updates write into the same
 * entries, and the server seeds them from a page's HTML (server/pageData.ts), so pages,
 * pushes and the server must agree on them: all take them from here.
 */
export const queryKeys = {
  /** AdminSession: whether the visitor runs a club (the header's links depend on it). */
  session: ['session'] as const,
  clubs: ['clubs'] as const,
  /** The clubs the results page's selector lists (a live one's first). */
  listedClubs: ['listedClubs'] as const,
  /** Competition[] of one club, as the results page lists them. */
  clubCompetitions: (clubUic: number) => ['competitions', 'club', clubUic] as const,
  /** Competition[] an address's ?comp= names (by url name or uic). */
  namedCompetitions: (comp: string) => ['competitions', 'named', comp] as const,
  /** One page of a tab of the competitions page. */
  competitionPage: (tab: CompetitionTab, page: number) =>
    ['competitions', 'page', tab, page] as const,
  /** Competition, or null once it is known not to exist (or not to be public). */
  competition: (uic: number) => ['competition', uic] as const,
  /** EventSummary[] of one competition's public events. */
  events: (competitionUic: number) => ['events', competitionUic] as const,
  /** PublicEvent, or null once the event is known not to exist (or not to be public). */
  event: (id: string) => ['event', id] as const,
  /** EventHistory of one event, as of its last correction: a new correction asks again. */
  eventHistory: (id: string, correctedAt: string | null) =>
    ['eventHistory', id, correctedAt] as const,
  /** TeamScores of a competition, as of a version of its events and of itself. */
  teamScores: (competitionUic: number, asOf: string) =>
    ['teamScores', competitionUic, asOf] as const,
  /** CombinedEventSummary[] of a competition, as of a version of its events and of itself. */
  combinedEvents: (competitionUic: number, asOf: string) =>
    ['combinedEvents', competitionUic, asOf] as const,
  /** CombinedEventStandings, as of a version of its competition's events. */
  combinedEvent: (id: string, asOf: string) => ['combinedEvent', id, asOf] as const,
  /** AthleteProfile: an athlete's page across competitions. */
  athlete: (id: string) => ['athlete', id] as const,
  /** AthleteSearchResult of a search or of the followed athletes, in one competition. */
  athletes: (competitionUic: number, query: string) => ['athletes', competitionUic, query] as const,
};

/**
 * The element of a page's HTML that carries the payloads of its first screen, by these keys
 * (written by server/pageData.ts, read by client/lib/pageData.ts).
 */
export const PAGE_DATA_ELEMENT_ID = 'rith-data';
