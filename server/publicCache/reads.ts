import { z } from 'zod';
import type { Db } from '../db/connect.ts';
import {
  findEventParents,
  findPublicEvent,
  isEventId,
  listPublicEventRows,
  listPublicEvents,
} from '../events/queries.ts';
import { eventHistory } from '../events/history.ts';
import { indexAthletes, type AthleteIndex } from '../athletes/index.ts';
import {
  findPublicCompetition,
  listPublicCompetitions,
  type CompetitionFilter,
} from '../competitions/queries.ts';
import { listVisibleClubs } from '../clubs/queries.ts';
import { ClubList, type Club } from '../../shared/schemas/club.ts';
import { Competition, CompetitionList, CompetitionPage } from '../../shared/schemas/competition.ts';
import { EventSummaryList, PublicEvent } from '../../shared/schemas/event.ts';
import { EventHistory } from '../../shared/schemas/eventHistory.ts';
import { paginate, splitCompetitions, type CompetitionTab } from '../../shared/competitionList.ts';
import { listedClubs } from '../../shared/selection.ts';
import type { EventParents } from '../../shared/live/pushedEvent.ts';
import type { Cached, Loaded, PublicCache } from './cache.ts';
import { tags } from './tags.ts';
import { TeamScores } from '../../shared/schemas/teamScores.ts';
import { teamScoresOf } from '../teams/service.ts';
import { teamScoringOf } from '../teams/queries.ts';
import { CombinedEventList, CombinedEventStandings } from '../../shared/schemas/combined.ts';
import { combinedEventList, combinedEventStandings } from '../combined/service.ts';
import { AthleteProfile } from '../../shared/schemas/athleteProfile.ts';
import { athleteProfile } from '../bests/athlete.ts';
import type { ExchangeFormat } from '../../shared/schemas/exchange.ts';
import {
  competitionResultsPdf,
  eventResultsPdf,
  exportCompetition,
  readableCompetition,
  type RenderPdf,
} from '../exchange/service.ts';
import { competitionOfEvent } from '../events/exchange.ts';

/**
 * No bus message announces a club (tags.ts): the list of clubs is read again after this long,
 * and whenever a competition changes, so a new club is there by the time its first
 * competition is (the results page lists only clubs with one).
 */
const CLUBS_TTL_MS = 30_000;

/** The competition's results PDF shows the scoreboard's lines this late at most. */
const PDF_LINES_TTL_MS = 15_000;

/** A merge, a split or a page hidden reaches the athlete's page within this long. */
const ATHLETE_TTL_MS = 30_000;

/** The same bytes the route's zod serializer would write. */
export function serialise<S extends z.ZodType>(schema: S, value: z.output<S>): Buffer {
  return Buffer.from(JSON.stringify(z.encode(schema, value)));
}

/** Lists kept as objects too (to derive other lists from) hold about twice their JSON. */
const objectsOf = (json: Buffer) => json.length * 2;

export interface EventFacts {
  competitionUic: number;
  version: number;
}

/** What the public reads, through the node's cache; the domains' own queries fill it. */
export class PublicReads {
  constructor(
    private readonly db: Db,
    readonly cache: PublicCache,
    /** Makes a results PDF off the thread that serves (worker/parseSandbox.ts). */
    private readonly renderPdf: RenderPdf,
  ) {}

  /** GET /api/events/{id}; json null when the public may not see it. */
  event(id: string): Promise<Cached<EventFacts | null>> {
    // Not an id at all: no key is kept for it (anyone can make up endless addresses).
    if (!isEventId(id)) return Promise.resolve(MISSING);
    return this.cache.read(`event:${id}`, async (): Promise<Loaded<EventFacts | null>> => {
      const event = await findPublicEvent(this.db, id);
      if (!event) {
        // It may become public with its competition, which names none of its events.
        return { json: null, facts: null, tags: [tags.event(id), tags.competitions] };
      }
      return {
        json: serialise(PublicEvent, event),
        facts: { competitionUic: event.competitionUic, version: event.version },
        tags: [tags.event(id), tags.competition(event.competitionUic)],
        version: event.version,
      };
    });
  }

  /**
   * The competition and club an event's payload carries, for the open feed to put a pushed
   * event back together whole; null when the public may not see them. No route serves it.
   * Stale with the competition alone: as in a cached event's payload, the competition's
   * `eventCount` is kept until the competition itself changes (tags.ts), so an event's
   * change costs no read of them.
   */
  eventParents(competitionUic: number): Promise<Cached<EventParents | null>> {
    return this.cache.read(`event-parents:${competitionUic}`, async () => {
      const parents = (await findEventParents(this.db, competitionUic)) ?? null;
      return {
        json: null,
        facts: parents,
        tags: [tags.competition(competitionUic)],
        factsBytes: JSON.stringify(parents).length * 2,
      };
    });
  }

  /**
   * GET /api/events/{id}/history; json null when the public may not see the event. Stale with
   * the event: every version kept is announced with it (server/events/message.ts).
   */
  eventHistory(id: string): Promise<Cached<null>> {
    if (!isEventId(id)) return Promise.resolve(MISSING);
    return this.cache.read(`event-history:${id}`, async (): Promise<Loaded<null>> => {
      const event = (await this.event(id)).facts;
      if (!event) return { json: null, facts: null, tags: [tags.event(id), tags.competitions] };
      return {
        json: serialise(EventHistory, await eventHistory(this.db, id)),
        facts: null,
        tags: [tags.event(id), tags.competition(event.competitionUic)],
        version: event.version,
      };
    });
  }

  /** GET /api/events?competitionUic=: a competition's public events, with their versions. */
  eventsOf(competitionUic: number): Promise<Cached<{ id: string; version: number }[]>> {
    return this.cache.read(`events?competitionUic=${competitionUic}`, async () => {
      const events = await listPublicEvents(this.db, competitionUic);
      return {
        json: serialise(EventSummaryList, events),
        facts: events.map(({ id, version }) => ({ id, version })),
        tags: [tags.eventsOf(competitionUic), tags.competition(competitionUic)],
      };
    });
  }

  /**
   * A competition's athletes, indexed for GET /api/competitions/{uic}/athletes, with its
   * schedule for their events' estimated starts. Stale with any of its events; null facts
   * when the public may not see it. The JSON is only the count: the route answers from facts.
   */
  athletesOf(competitionUic: number): Promise<Cached<AthleteIndex | null>> {
    return this.cache.read(`athletes-of:${competitionUic}`, async () => {
      const competition = await findPublicCompetition(this.db, competitionUic);
      const stale = [tags.eventsOf(competitionUic), tags.competition(competitionUic)];
      if (!competition) return { json: null, facts: null, tags: stale };
      const events = await listPublicEventRows(this.db, competitionUic);
      const athletes = indexAthletes(events);
      const json = Buffer.from(JSON.stringify({ athletes: athletes.length }));
      return {
        json,
        facts: { athletes, schedule: events, date: competition.date },
        tags: stale,
        factsBytes: events.reduce(
          (n, e) => n + 600 * (e.results.length + e.startListFile.length + 1),
          0,
        ),
      };
    });
  }

  /** GET /api/events: every public event. */
  allEvents(): Promise<Cached<undefined>> {
    return this.cache.read('events', async () => ({
      json: serialise(EventSummaryList, await listPublicEvents(this.db)),
      facts: undefined,
      tags: [tags.allEvents, tags.competitions],
    }));
  }

  /**
   * Whether the competition keeps team tables: stale with the competition alone (its settings
   * are saved with it), so a result costs no read for a meet that keeps none. No route serves it.
   */
  keepsTeamTables(uic: number): Promise<Cached<boolean>> {
    return this.cache.read(`team-scoring:${uic}`, async () => ({
      json: null,
      facts: (await teamScoringOf(this.db, uic)) !== null,
      tags: [tags.competition(uic)],
    }));
  }

  /**
   * GET /api/competitions/{uic}/team-scores, worked out once per change of the meet (any of
   * its events, or its settings, saved with a change of the competition); json null when the
   * public may not see the competition.
   */
  teamScores(uic: number): Promise<Cached<null>> {
    return this.cache.read(`team-scores:${uic}`, async (): Promise<Loaded<null>> => {
      const stale = [tags.resultsOf(uic), tags.competition(uic)];
      if ((await this.competition(uic)).facts === null)
        return { json: null, facts: null, tags: stale };
      return {
        json: serialise(TeamScores, await teamScoresOf(this.db, uic)),
        facts: null,
        tags: stale,
      };
    });
  }

  /** GET /api/competitions/{uic}/combined-events; json null when the public may not see it. */
  combinedEventsOf(uic: number): Promise<Cached<null>> {
    return this.cache.read(`combined-of:${uic}`, async (): Promise<Loaded<null>> => {
      const stale = [tags.eventsOf(uic), tags.competition(uic)];
      if ((await this.competition(uic)).facts === null)
        return { json: null, facts: null, tags: stale };
      const list = await combinedEventList(this.db, uic);
      return { json: serialise(CombinedEventList, list), facts: null, tags: stale };
    });
  }

  /**
   * GET /api/combined-events/{id}: its standings, worked out once per change of its meet;
   * json null when there is none the public may see.
   */
  combinedEvent(id: string): Promise<Cached<null>> {
    if (!isEventId(id)) return Promise.resolve(MISSING);
    return this.cache.read(`combined:${id}`, async (): Promise<Loaded<null>> => {
      const standings = await combinedEventStandings(this.db, id);
      // None yet, or not public: it may become so with its competition.
      if (!standings) return { json: null, facts: null, tags: [tags.competitions] };
      const uic = standings.competitionUic;
      return {
        json: serialise(CombinedEventStandings, standings),
        facts: null,
        tags: [tags.eventsOf(uic), tags.competition(uic), tags.competitions],
      };
    });
  }

  /**
   * GET /api/athletes/{id}: read again after any event's change anywhere (a result of theirs
   * may land in any competition) and, for a merge or a hidden page, which no bus message
   * announces, after a short while.
   */
  athlete(id: string): Promise<Cached<null>> {
    if (!isEventId(id)) return Promise.resolve(MISSING);
    return this.cache.read(`athlete:${id}`, async (): Promise<Loaded<null>> => {
      const profile = await athleteProfile(this.db, id.toLowerCase());
      const stale = [tags.allEvents, tags.competitions, tags.athletes];
      if (!profile) return { json: null, facts: null, tags: stale, ttlMs: ATHLETE_TTL_MS };
      return {
        json: serialise(AthleteProfile, profile),
        facts: null,
        tags: stale,
        ttlMs: ATHLETE_TTL_MS,
      };
    });
  }

  /**
   * GET /api/competitions/{uic}/export: the public results in a federation format. Stale with
   * any change of its results (scoreboard lines are none) or of the competition (its mark of
   * results sent). Facts: the file name.
   */
  exportOf(uic: number, format: ExchangeFormat): Promise<Cached<string | null>> {
    return this.cache.read(`export:${uic}:${format}`, async () => {
      const stale = [tags.resultsOf(uic), tags.eventCount(uic), tags.competition(uic)];
      const readable = await readableCompetition(this.db, uic, undefined);
      if (!readable) return { json: null, facts: null, tags: stale };
      const file = await exportCompetition(this.db, readable, format);
      return { json: file.bytes, facts: file.fileName, tags: stale };
    });
  }

  /**
   * GET /api/competitions/{uic}/results.pdf: stale with any change of its results, and made
   * again at most every PDF_LINES_TTL_MS for the scoreboard's lines of events still running
   * (a meet's whole sheet is not made again at every finisher).
   */
  competitionPdf(uic: number): Promise<Cached<string | null>> {
    return this.cache.read(`results-pdf:${uic}`, async () => {
      const stale = [tags.resultsOf(uic), tags.eventCount(uic), tags.competition(uic)];
      const readable = await readableCompetition(this.db, uic, undefined);
      if (!readable) return { json: null, facts: null, tags: stale };
      const file = await competitionResultsPdf(this.db, readable, this.renderPdf);
      return { json: file.bytes, facts: file.fileName, tags: stale, ttlMs: PDF_LINES_TTL_MS };
    });
  }

  /** GET /api/events/{id}/results.pdf: stale with the event and its competition. */
  eventPdf(address: string): Promise<Cached<string | null>> {
    if (!isEventId(address)) return Promise.resolve(MISSING);
    // The tag bus messages name is the id in lower case, however the address spells it.
    const id = address.toLowerCase();
    return this.cache.read(`event-pdf:${id}`, async () => {
      const uic = await competitionOfEvent(this.db, id);
      const missing = { json: null, facts: null, tags: [tags.event(id), tags.competitions] };
      if (uic === undefined) return missing;
      const readable = await readableCompetition(this.db, uic, undefined);
      const file = readable && (await eventResultsPdf(this.db, readable, id, this.renderPdf));
      if (!file) return { ...missing, tags: [...missing.tags, tags.competition(uic)] };
      return {
        json: file.bytes,
        facts: file.fileName,
        tags: [tags.event(id), tags.competition(uic)],
      };
    });
  }

  /** GET /api/competitions/{uic}; facts: its version, or null when the public may not see it. */
  competition(uic: number): Promise<Cached<number | null>> {
    return this.cache.read(`competition:${uic}`, async (): Promise<Loaded<number | null>> => {
      const competition = await findPublicCompetition(this.db, uic);
      if (!competition) return { json: null, facts: null, tags: [tags.competition(uic)] };
      return {
        json: serialise(Competition, competition),
        facts: competition.version,
        tags: [tags.competition(uic), tags.eventCount(uic)],
        version: competition.version,
      };
    });
  }

  /** GET /api/competitions[?club=][&comp=]. */
  competitions(filter: CompetitionFilter = {}): Promise<Cached<unknown>> {
    if (filter.clubUic === undefined && filter.named === undefined) {
      return this.allCompetitions();
    }
    const named = filter.named?.trim().toLowerCase();
    const key = `competitions?club=${filter.clubUic ?? ''}&comp=${named ?? ''}`;
    return this.cache.read(key, async () => {
      const list = await listPublicCompetitions(this.db, { ...filter, named });
      return { json: serialise(CompetitionList, list), facts: undefined, tags: listTags(list) };
    });
  }

  /** GET /api/competitions/{tab}?page=: one page of the competitions page, as of `today`. */
  competitionPage(tab: CompetitionTab, page: number, today: string): Promise<Cached<undefined>> {
    return this.cache.read(`competitions/${tab}?page=${page}&today=${today}`, async () => {
      const [competitions, clubs] = await Promise.all([
        this.allCompetitions(),
        this.visibleClubs(),
      ]);
      const split = splitCompetitions(competitions.facts, today);
      const shown = paginate(split[tab], page);
      const clubUics = new Set(shown.items.map((c) => c.clubUic));
      const json = serialise(CompetitionPage, {
        ...shown,
        clubs: clubs.facts.filter((club) => clubUics.has(club.uic)),
        upcoming: split.upcoming.length,
        past: split.past.length,
      });
      return { json, facts: undefined, tags: listTags(shown.items), ttlMs: CLUBS_TTL_MS };
    });
  }

  /** GET /api/clubs[?listed=true]. */
  clubs(listed: boolean): Promise<Cached<unknown>> {
    if (!listed) return this.visibleClubs();
    return this.cache.read('clubs?listed=true', async () => {
      const [competitions, clubs] = await Promise.all([
        this.allCompetitions(),
        this.visibleClubs(),
      ]);
      return {
        json: serialise(ClubList, listedClubs(clubs.facts, competitions.facts)),
        facts: undefined,
        tags: [tags.competitions],
        ttlMs: CLUBS_TTL_MS,
      };
    });
  }

  private allCompetitions(): Promise<Cached<Competition[]>> {
    return this.cache.read('competitions', async () => {
      const list = await listPublicCompetitions(this.db);
      const json = serialise(CompetitionList, list);
      return { json, facts: list, tags: listTags(list), factsBytes: objectsOf(json) };
    });
  }

  private visibleClubs(): Promise<Cached<Club[]>> {
    return this.cache.read('clubs', async () => {
      const clubs = await listVisibleClubs(this.db);
      const json = serialise(ClubList, clubs);
      return {
        json,
        facts: clubs,
        tags: [tags.competitions],
        ttlMs: CLUBS_TTL_MS,
        factsBytes: objectsOf(json),
      };
    });
  }
}

/** A list of competitions: stale when which ones are public changes, or one's event count. */
function listTags(list: readonly Competition[]): string[] {
  return [tags.competitions, ...list.map((c) => tags.eventCount(c.uic))];
}

/** What an address that names no event at all reads: nothing, never kept. */
const MISSING: Cached<null> = {
  json: null,
  etag: '',
  facts: null,
  encoded: () => Promise.reject(new Error('Nothing to compress')),
};
