import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Competition } from '../../shared/schemas/competition.ts';
import type { EventSummary, PublicEvent } from '../../shared/schemas/event.ts';
import type { LivePayload, LiveTarget } from '../../shared/live/messages.ts';
import { competitionRoom, eventRoom } from '../../shared/live/protocol.ts';
import {
  eventSummary,
  isBehind,
  removeByVersion,
  upsertByVersion,
} from '../../shared/live/merge.ts';
import { fullEvent, fullLinesEvent, type PushedLinesEvent } from '../../shared/live/pushedEvent.ts';
import { linesApply, withLines } from '../../shared/live/liveLines.ts';
import { queryKeys } from '../../shared/queryKeys.ts';

/**
 * Runs `write` once the query is not fetching. A fetch that started before a change was
 * committed could otherwise land after the pushed change and overwrite it with older data;
 * applied after the fetch, the version check keeps whichever is newer.
 */
function whenIdle(queryClient: QueryClient, queryKey: QueryKey, write: () => void): void {
  const cache = queryClient.getQueryCache();
  const busy = () => cache.find({ queryKey, exact: true })?.state.fetchStatus === 'fetching';
  if (!busy()) {
    write();
    return;
  }
  const stop = cache.subscribe(() => {
    if (busy()) return;
    stop();
    write();
  });
}

function update<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  next: (held: T) => T | undefined,
): void {
  whenIdle(queryClient, queryKey, () => {
    const held = queryClient.getQueryData<T>(queryKey);
    if (held === undefined) return;
    const value = next(held);
    if (value !== undefined && value !== held) queryClient.setQueryData(queryKey, value);
  });
}

/** Every club's list of competitions, and every lookup of what an address names. */
const CLUB_COMPETITIONS = ['competitions', 'club'] as const;
const NAMED_COMPETITIONS = ['competitions', 'named'] as const;

function eventQueries(queryClient: QueryClient) {
  return queryClient.getQueryCache().findAll({ queryKey: ['event'] });
}

/**
 * Writes pushed changes into the cache the pages read from. Only entries a page has
 * loaded are touched: nothing is cached for pages nobody opened.
 */
export class LiveCache {
  /** The version each event left the public site at, so an older push cannot revive it. */
  private readonly removedAt = new Map<string, number>();
  /** The version each competition was hidden at: older pushes of it or of its events are stale. */
  private readonly hiddenAt = new Map<number, number>();

  /**
   * `later` runs the refetches of an event pushed by its version alone (too large to push,
   * or lines that do not apply): a page spreads them over a moment, so that its spectators
   * do not all ask at once.
   */
  constructor(
    private readonly queryClient: QueryClient,
    private readonly later: (refetch: () => void) => void = (refetch) => refetch(),
  ) {}

  /**
   * Whether an event pushed at `version`, published under the competition's
   * `competitionVersion`, is newer than its removal and its competition's hiding, if any.
   */
  private admits(
    { id, competitionUic }: Pick<PublicEvent, 'id' | 'competitionUic'>,
    version: number,
    competitionVersion: number,
  ): boolean {
    const removed = this.removedAt.get(id);
    if (removed !== undefined && removed >= version) return false;
    const hidden = this.hiddenAt.get(competitionUic);
    if (hidden !== undefined && hidden >= competitionVersion) return false;
    this.removedAt.delete(id);
    return true;
  }

  /** The event's row in its competition's list, unless the list holds it as new. */
  private list(event: PushedLinesEvent): void {
    update<readonly EventSummary[]>(
      this.queryClient,
      queryKeys.events(event.competitionUic),
      (list) => upsertByVersion(list, eventSummary(event), (e) => e.id === event.id),
    );
  }

  eventChanged({ event, competitionVersion, version }: LivePayload<'event.changed'>): void {
    if (!this.admits(event, version, competitionVersion)) return;
    const qc = this.queryClient;
    const eventKey = queryKeys.event(event.id);
    update<PublicEvent | null>(qc, eventKey, (held) => {
      if (held !== null && held.version >= version) return held;
      // The compact form comes without the competition and club (pushedEvent.ts): a page
      // that held none (the event had left the public site) asks for the whole event.
      if (held === null) {
        void qc.invalidateQueries({ queryKey: eventKey, exact: true });
        return held;
      }
      // The page's competition is kept: it changes by its own messages.
      return fullEvent(event, held);
    });
    this.list(event);
  }

  /**
   * The event changed by its scoreboard lines alone (`event.live`), pushed without the rows
   * the lines keep: a page holding a version they apply to has the event at `version` with
   * them; any other (older, or one that found nothing) fetches it again, as for
   * `event.outdated`. The list's row is whole in it.
   */
  eventLive(lines: LivePayload<'event.live'>): void {
    const { event, competitionVersion, version } = lines;
    if (!this.admits(event, version, competitionVersion)) return;
    update<PublicEvent | null>(this.queryClient, queryKeys.event(event.id), (held) =>
      held !== null && linesApply(lines, held.version)
        ? withLines(held, fullLinesEvent(event))
        : held,
    );
    this.list(event);
    this.eventOutdated({ eventId: event.id, competitionUic: event.competitionUic, version });
  }

  /**
   * The event changed to `version`, too large to push (`event.outdated`): the event page
   * and the competition's list that hold it older (or not at all) fetch it again, later.
   */
  eventOutdated(notice: LivePayload<'event.outdated'>): void {
    this.later(() => this.refetchOlder(notice));
  }

  private refetchOlder({ eventId, competitionUic, version }: LivePayload<'event.outdated'>): void {
    const removed = this.removedAt.get(eventId);
    if (removed !== undefined && removed >= version) return;
    this.removedAt.delete(eventId);
    const qc = this.queryClient;
    const refetch = (queryKey: QueryKey) => void qc.invalidateQueries({ queryKey, exact: true });
    const eventKey = queryKeys.event(eventId);
    whenIdle(qc, eventKey, () => {
      const held = qc.getQueryData<PublicEvent | null>(eventKey);
      if (held === undefined) return;
      if (held === null || held.version < version) refetch(eventKey);
    });
    const listKey = queryKeys.events(competitionUic);
    whenIdle(qc, listKey, () => {
      const list = qc.getQueryData<readonly EventSummary[]>(listKey);
      if (list === undefined) return;
      const held = list.find((e) => e.id === eventId);
      if (!held || held.version < version) refetch(listKey);
    });
  }

  eventRemoved({ eventId, competitionUic, version }: LivePayload<'event.removed'>): void {
    this.removedAt.set(eventId, Math.max(version, this.removedAt.get(eventId) ?? 0));
    update<PublicEvent | null>(this.queryClient, queryKeys.event(eventId), (held) =>
      held !== null && held.version <= version ? null : held,
    );
    update<readonly EventSummary[]>(this.queryClient, queryKeys.events(competitionUic), (list) =>
      removeByVersion(list, version, (e) => e.id === eventId),
    );
  }

  competitionChanged({ competition, version }: LivePayload<'competition.changed'>): void {
    const hidden = this.hiddenAt.get(competition.uic);
    if (hidden !== undefined && hidden >= version) return;
    if (competition.visible) this.hiddenAt.delete(competition.uic);
    else this.hiddenAt.set(competition.uic, version);
    const same = (c: Competition) => c.uic === competition.uic;
    update<readonly Competition[]>(
      this.queryClient,
      queryKeys.clubCompetitions(competition.clubUic),
      (list) =>
        competition.visible
          ? upsertByVersion(list, competition, same)
          : removeByVersion(list, version, same),
    );
    // Which clubs the results page lists, and in which order, and what an address names,
    // may have changed with it: the pages showing them ask again (after a fetch under way,
    // which may have been answered before the change).
    const qc = this.queryClient;
    for (const prefix of [queryKeys.listedClubs, NAMED_COMPETITIONS]) {
      for (const { queryKey } of qc.getQueryCache().findAll({ queryKey: prefix })) {
        whenIdle(qc, queryKey, () => void qc.invalidateQueries({ queryKey, exact: true }));
      }
    }
    update<Competition | null>(this.queryClient, queryKeys.competition(competition.uic), (held) =>
      held === null || held.version < version ? (competition.visible ? competition : null) : held,
    );
    // Which event pages show this competition is only known once their fetch has landed.
    for (const { queryKey } of eventQueries(this.queryClient)) {
      whenIdle(this.queryClient, queryKey, () => {
        const held = this.queryClient.getQueryData<PublicEvent | null>(queryKey);
        if (held === null && competition.visible) {
          // An event page that found nothing may have an event again: ask.
          void this.queryClient.invalidateQueries({ queryKey, exact: true });
        } else if (held && held.competitionUic === competition.uic) {
          if (held.competition.version >= version) return;
          this.queryClient.setQueryData(
            queryKey,
            competition.visible ? { ...held, competition } : null,
          );
        }
      });
    }
  }

  /**
   * Compares what the cache holds with a subscription's snapshot and refetches whatever is
   * behind: changes made while the page was not listening (before it subscribed, while it
   * was reconnecting, or lost in a server's outage).
   */
  reconcile(target: LiveTarget, snapshot: Record<string, number>): void {
    const qc = this.queryClient;
    const refetch = (queryKey: QueryKey) => void qc.invalidateQueries({ queryKey, exact: true });
    const pick = (keep: (key: string) => boolean) =>
      Object.fromEntries(Object.entries(snapshot).filter(([key]) => keep(key)));

    if ('competitionUic' in target) {
      const uic = target.competitionUic;
      const room = competitionRoom(uic);
      const theirs = pick((key) => key === room);
      // The club lists (the results page's): the one holding the competition, or, when none
      // does (it was hidden, and may be back), any that may: its club's is not known.
      const lists = qc.getQueryCache().findAll({ queryKey: CLUB_COMPETITIONS });
      const holds = (queryKey: QueryKey) =>
        qc.getQueryData<readonly Competition[]>(queryKey)?.some((c) => c.uic === uic) ?? false;
      const someHolds = lists.some(({ queryKey }) => holds(queryKey));
      for (const { queryKey } of lists) {
        whenIdle(qc, queryKey, () => {
          const list = qc.getQueryData<readonly Competition[]>(queryKey);
          if (!list) return;
          const held = list.find((c) => c.uic === uic);
          if (!held && someHolds) return;
          if (isBehind(new Map(held ? [[room, held.version]] : []), theirs)) refetch(queryKey);
        });
      }
      const key = queryKeys.competition(uic);
      whenIdle(qc, key, () => {
        const held = qc.getQueryData<Competition | null>(key);
        if (held === undefined) return;
        if (isBehind(new Map(held ? [[room, held.version]] : []), theirs)) refetch(key);
      });
      whenIdle(qc, queryKeys.events(uic), () => {
        const list = qc.getQueryData<readonly EventSummary[]>(queryKeys.events(uic));
        if (!list) return;
        const mine = new Map(list.map((e) => [eventRoom(e.id), e.version]));
        if (
          isBehind(
            mine,
            pick((key) => key.startsWith('event:')),
          )
        ) {
          refetch(queryKeys.events(uic));
        }
      });
    } else if ('eventId' in target) {
      const key = queryKeys.event(target.eventId);
      whenIdle(qc, key, () => {
        const held = qc.getQueryData<PublicEvent | null>(key);
        if (held === undefined) return;
        const mine = new Map<string, number>();
        if (held) {
          mine.set(eventRoom(held.id), held.version);
          mine.set(competitionRoom(held.competitionUic), held.competition.version);
        }
        if (isBehind(mine, snapshot)) refetch(key);
      });
    }
  }
}
