import type { Db } from '../db/connect.ts';
import type { ChangeDeps } from '../runtime.ts';
import type { SessionUser } from '../auth/sessions.ts';
import {
  defaultSex,
  partsOf,
  type CombinedKind,
  type CombinedPart,
  type CombinedSex,
} from '../../shared/athletics/combined/points.ts';
import { combinedStandings } from '../../shared/athletics/combined/standings.ts';
import type {
  CombinedEventInput,
  CombinedEventStandings,
  CombinedEventSummary,
} from '../../shared/schemas/combined.ts';
import { readEventName } from '../../shared/eventNames/read.ts';
import type { AthleteRow } from '../../shared/schemas/athlete.ts';
import { showsResults } from '../../shared/meet/shown.ts';
import { combinedPartOf, partOf } from '../eventNames/combinedPart.ts';
import { ownedCompetition } from '../auth/scope.ts';
import { updateCompetition } from '../competitions/service.ts';
import { eventNamesOf, listPublicEventRows } from '../events/queries.ts';
import { Invalid } from '../errors.ts';
import {
  addParts,
  combinedCompetition,
  combinedEventsOf,
  insertCombinedEvent,
  type StoredCombinedEvent,
} from './queries.ts';

type Named = Awaited<ReturnType<typeof eventNamesOf>>[number];

const titled = (text: string) => text.replace(/(^|\s)\p{L}/gu, (c) => c.toUpperCase());

/** Whether a name reads as a part of a combined event: worth grouping the meet again. */
export function namesCombinedPart(event: Omit<Named, 'id' | 'visible' | 'eventType'>): boolean {
  return combinedPartOf(event.eventName, event) !== null;
}

/**
 * Groups the parts FinishLynx names as one combined event ("Decathlon 100 Meter Dash",
 * "Heptathlon Shot Put", in the languages the name reader knows) by what their names share,
 * one group per key, kept across changes. Events an admin grouped stay in the admin's group.
 * Runs in the change that wrote the events (server/events/changes.ts).
 */
export async function groupCombinedByNames(trx: Db, competitionUic: number): Promise<void> {
  const stored = await combinedEventsOf(trx, competitionUic);
  const grouped = new Set(stored.filter((g) => g.autoKey === null).flatMap((g) => g.eventIds));
  const byBase = new Map<string, { event: Named; kind: CombinedKind; sex: CombinedSex }[]>();
  for (const event of await eventNamesOf(trx, competitionUic)) {
    if (grouped.has(event.id)) continue;
    const read = combinedPartOf(event.eventName, event);
    if (!read) continue;
    const key = `${read.sex}|${read.base}`;
    byBase.set(key, [...(byBase.get(key) ?? []), { event, kind: read.kind, sex: read.sex }]);
  }
  for (const [key, parts] of byBase) {
    // An indoor part (60 m hurdles) tells a "Pentathlon" is the indoor one.
    const kind =
      parts.find((p) => p.kind.startsWith('INDOOR_'))?.kind ?? parts[0]?.kind ?? 'DECATHLON';
    const sex = parts[0]?.sex ?? defaultSex(kind);
    const ids = parts
      .filter(({ event }) => {
        const part = partOf(event.eventName, event);
        return part !== null && partsOf(kind, sex).includes(part);
      })
      .map(({ event }) => event.id);
    if (ids.length < 2) continue;
    const existing = stored.find((g) => g.autoKey === key);
    if (existing) await addParts(trx, existing.id, ids);
    else {
      const name = titled(key.slice(key.indexOf('|') + 1));
      await insertCombinedEvent(trx, { competitionUic, name, kind, sex, autoKey: key }, ids);
    }
  }
}

/** The part each event is, in the kind's order; events that are none are left out. */
function partsInOrder(
  group: Pick<StoredCombinedEvent, 'kind' | 'sex' | 'eventIds'>,
  events: ReadonlyMap<string, Omit<Named, 'id' | 'visible' | 'eventType'>>,
) {
  const order = partsOf(group.kind, group.sex);
  return group.eventIds
    .flatMap((eventId) => {
      const event = events.get(eventId);
      const part = event ? partOf(event.eventName, event) : null;
      return event && part && order.includes(part)
        ? [{ eventId, eventName: event.eventName, part }]
        : [];
    })
    .sort((a, b) => order.indexOf(a.part) - order.indexOf(b.part));
}

function summary(
  group: StoredCombinedEvent,
  events: ReadonlyMap<string, Omit<Named, 'id' | 'visible' | 'eventType'>>,
): CombinedEventSummary {
  return {
    id: group.id,
    competitionUic: group.competitionUic,
    name: group.name,
    kind: group.kind,
    sex: group.sex,
    auto: group.autoKey !== null,
    events: partsInOrder(group, events),
  };
}

/**
 * POST /api/admin/competitions/{uic}/combined-events. Every event must be of the
 * competition and a different part of the kind; they leave any group Rith made of them.
 * Saved with a change of the competition, so pages listing its combined events read again.
 */
export async function createCombinedEvent(
  deps: ChangeDeps,
  user: SessionUser,
  competitionUic: number,
  input: CombinedEventInput,
): Promise<CombinedEventSummary> {
  await ownedCompetition(deps.db, user, competitionUic);
  const gender = readEventName(input.name).gender;
  const sex: CombinedSex = gender === 'men' || gender === 'women' ? gender : defaultSex(input.kind);
  const own = new Map((await eventNamesOf(deps.db, competitionUic)).map((e) => [e.id, e]));
  const order = partsOf(input.kind, sex);
  const seen = new Map<CombinedPart, string>();
  for (const id of new Set(input.eventIds)) {
    const event = own.get(id);
    if (!event) throw new Invalid(`Event ${id} is not an event of this competition.`);
    const part = partOf(event.eventName, event);
    if (part === null || !order.includes(part)) {
      throw new Invalid(
        `“${event.eventName}” is no event of a ${sex === 'men' ? "men's" : "women's"} ${input.kind.toLowerCase().replaceAll('_', ' ')} (${order.join(', ')}).`,
      );
    }
    const twice = seen.get(part);
    if (twice) throw new Invalid(`“${event.eventName}” and “${twice}” are both its ${part}.`);
    seen.set(part, event.eventName);
  }
  const ids = [...new Set(input.eventIds)];
  let id = '';
  await updateCompetition(deps, competitionUic, async (trx) => {
    await trx
      .deleteFrom('combinedEventParts')
      .where('eventId', 'in', ids)
      .where('combinedId', 'in', (eb) =>
        eb.selectFrom('combinedEvents').select('id').where('autoKey', 'is not', null),
      )
      .execute();
    id = await insertCombinedEvent(
      trx,
      { competitionUic, name: input.name, kind: input.kind, sex, autoKey: null },
      ids,
    );
    return {};
  });
  const group = (await combinedEventsOf(deps.db, competitionUic)).find((g) => g.id === id);
  if (!group) throw new Invalid('The combined event was not saved.');
  return summary(group, own);
}

/** A public competition's combined events (those with a public part). */
export async function combinedEventList(
  db: Db,
  competitionUic: number,
): Promise<CombinedEventSummary[]> {
  const events = await listPublicEventRows(db, competitionUic);
  const shown = new Map(events.map((e) => [e.id, e]));
  return (await combinedEventsOf(db, competitionUic))
    .map((group) => summary(group, shown))
    .filter((group) => group.events.length > 0);
}

type Shown = Awaited<ReturnType<typeof listPublicEventRows>>[number];

/** A group's standings from its competition's shown events; undefined with no public part. */
function standingsOf(
  group: StoredCombinedEvent,
  shown: ReadonlyMap<string, Shown>,
): (CombinedEventStandings & { complete: boolean }) | undefined {
  const listed = summary(group, shown);
  if (listed.events.length === 0) return undefined;
  const parts = listed.events.map(({ eventId, part }) => {
    const event = shown.get(eventId);
    const complete = event !== undefined && showsResults(event);
    // An event under way counts its unofficial lines: the standings move after every result.
    const rows = !event ? [] : complete ? event.results : (event.live?.rows ?? []);
    return { eventId, part: part as CombinedPart, complete, rows };
  });
  const standings = combinedStandings({ kind: group.kind, sex: group.sex, parts });
  const complete =
    parts.length === partsOf(group.kind, group.sex).length && parts.every((p) => p.complete);
  return { ...listed, standings, complete };
}

/** The live standings of a combined event the public may see; undefined otherwise. */
export async function combinedEventStandings(
  db: Db,
  id: string,
): Promise<CombinedEventStandings | undefined> {
  const competitionUic = await combinedCompetition(db, id);
  if (competitionUic === undefined) return undefined;
  const group = (await combinedEventsOf(db, competitionUic)).find((g) => g.id === id);
  if (!group) return undefined;
  const events = await listPublicEventRows(db, competitionUic);
  const found = standingsOf(group, new Map(events.map((e) => [e.id, e])));
  if (!found) return undefined;
  const { complete: _complete, ...standings } = found;
  return standings;
}

/**
 * What team scores count of combined events: their parts score nothing on their own; a
 * combined event scores once, by its final standings, when every one of its events is in.
 */
export async function combinedForTeams(db: Db, competitionUic: number, events: readonly Shown[]) {
  const shown = new Map(events.map((e) => [e.id, e]));
  const parts = new Set<string>();
  const finished: { eventName: string; rows: AthleteRow[] }[] = [];
  for (const group of await combinedEventsOf(db, competitionUic)) {
    for (const id of group.eventIds) parts.add(id);
    const found = standingsOf(group, shown);
    if (!found?.complete) continue;
    finished.push({
      eventName: group.name,
      rows: found.standings.map((s, i) => ({
        id: `combined-${i + 1}`,
        rank: s.place === null ? 'DNS' : String(s.place),
        bib: s.bib,
        name: s.name,
        eventName: null,
        club: s.club,
        category: null,
        performance: String(s.total),
        points: String(s.total),
        lane: null,
        pdfUrl: null,
      })),
    });
  }
  return { parts, finished };
}
