import { normalizeResultCode } from '../../../../shared/athletics/resultCode.ts';
import type { AthleteRow } from '../../../../shared/schemas/athlete.ts';
import { codeOfEvent } from '../codes.ts';
import type { ExchangeEvent, ExchangeMeet } from '../model.ts';
import type { Json } from './fields.ts';
import { roundNumbers } from './rounds.ts';
import { writeTrials } from './trials.ts';

/**
 * An ExchangeMeet as OpenTrack lays a competition out: competitors by bib with the events
 * they entered (and their seeds), events by eventId with one unit per heat or pool. Rith's
 * events of one eventRef (its heats and rounds) become one OpenTrack event again.
 */

/** "First Last" as OpenTrack's firstName and lastName: the last word is the last name. */
function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return { firstName: words[0] ?? '', lastName: '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1) ?? '' };
}

const fold = (text: string | null) => (text ?? '').trim().toLowerCase().replace(/\s+/g, ' ');

/** The competitors of the file: one per bib, and one per name and club among rows with no bib. */
class Competitors {
  readonly byId = new Map<string, Json & { eventsEntered: Json[] }>();
  private readonly unnumbered = new Map<string, string>();

  idOf(row: AthleteRow, event: ExchangeEvent, eventId: string): string {
    let id = row.bib;
    if (id === null) {
      const who = `${fold(row.name)}|${fold(row.club)}`;
      id = this.unnumbered.get(who) ?? `nobib-${this.unnumbered.size + 1}`;
      this.unnumbered.set(who, id);
    }
    let competitor = this.byId.get(id);
    if (!competitor) {
      const gender = row.gender ?? (event.gender === 'X' ? null : event.gender);
      competitor = {
        competitorId: id,
        ...splitName(row.name),
        gender,
        category: row.category ?? event.category,
        teamName: row.club,
        nationalId: row.licence ?? 'None',
        numbered: row.bib !== null,
        eventsEntered: [],
      };
      this.byId.set(id, competitor);
    }
    const entered = competitor.eventsEntered.find((entry) => entry.eventId === eventId);
    if (!entered) {
      competitor.eventsEntered.push({
        eventId,
        eventCode: event.code ?? codeOfEvent(event),
        ...(row.pb ? { pb: row.pb } : {}),
        ...(row.sb ? { qp: row.sb } : {}),
      });
    } else {
      if (row.pb && entered.pb === undefined) entered.pb = row.pb;
      if (row.sb && entered.qp === undefined) entered.qp = row.sb;
    }
    return id;
  }
}

const whoKey = (row: AthleteRow) => row.bib ?? `${fold(row.name)}|${fold(row.club)}`;

/** The start list's order, then any result row the start list did not have. */
function mergedRows(event: ExchangeEvent): { entry: AthleteRow; result: AthleteRow | null }[] {
  const results = new Map((event.results ?? []).map((row) => [whoKey(row), row]));
  const merged = (event.startList ?? []).map((entry) => {
    const result = results.get(whoKey(entry)) ?? null;
    results.delete(whoKey(entry));
    return { entry, result };
  });
  return [...merged, ...[...results.values()].map((row) => ({ entry: row, result: row }))];
}

function resultEntry(
  bib: string,
  entry: AthleteRow,
  result: AthleteRow | null,
  event: ExchangeEvent,
): Json {
  const lane = entry.lane ?? result?.lane ?? null;
  const place = /^=?(\d+)$/.exec(result?.rank ?? '')?.[1];
  const rankCode = normalizeResultCode(result?.rank);
  const performance = result?.performance ?? rankCode;
  const ownWind =
    event.eventType === 'ATHLETICS' && result?.windspeed && result.windspeed !== event.wind
      ? result.windspeed
      : null;
  return {
    bib,
    ...(lane === null ? {} : { lane: /^\d+$/.test(lane) ? Number(lane) : lane }),
    ...(place === undefined ? {} : { place: Number(place) }),
    ...(performance ? { performance } : {}),
    ...(ownWind ? { wind: ownWind } : {}),
  };
}

function writeUnit(
  event: ExchangeEvent,
  round: number,
  eventId: string,
  competitors: Competitors,
): Json {
  const heat = event.heat ?? 1;
  const rows = mergedRows(event).map(({ entry, result }) => ({
    entry,
    result,
    bib: competitors.idOf(result ?? entry, event, eventId),
  }));
  const field = event.eventType === 'JUMP';
  const trials = field
    ? writeTrials(rows.flatMap(({ bib, result }) => (result ? [{ bib, row: result }] : [])))
    : [];
  return {
    heat,
    heatName: `${field ? 'Pool' : 'Heat'} ${heat}`,
    round,
    ...(event.time ? { scheduledStartTime: event.time } : {}),
    ...(event.official === null
      ? {}
      : { resultsStatus: event.official ? 'official' : 'unofficial' }),
    ...(event.wind ? { windAssistance: event.wind } : {}),
    results: rows.map(({ bib, entry, result }) => resultEntry(bib, entry, result, event)),
    ...(trials.length > 0 ? { trials } : {}),
  };
}

/** Events of one eventRef (or, without one, of one name, category and gender). */
function groupsOf(events: readonly ExchangeEvent[]): ExchangeEvent[][] {
  const groups = new Map<string, ExchangeEvent[]>();
  for (const event of events) {
    const key =
      event.eventRef !== null
        ? `ref|${event.eventRef}`
        : `name|${fold(event.eventName)}|${fold(event.category)}|${event.gender ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), event]);
  }
  // Two events at the same round and heat cannot be units of one event: the later one is split off.
  const split: ExchangeEvent[][] = [];
  for (const group of groups.values()) {
    let rest = group;
    while (rest.length > 0) {
      const { numberOf } = roundNumbers(rest.map((event) => event.round));
      const seen = new Set<string>();
      const kept: ExchangeEvent[] = [];
      const clashing: ExchangeEvent[] = [];
      for (const event of rest) {
        const slot = `${numberOf(event.round)}|${event.heat ?? 1}`;
        (seen.has(slot) ? clashing : kept).push(event);
        seen.add(slot);
      }
      split.push(kept);
      rest = clashing.map((event) => ({ ...event, eventRef: null }));
    }
  }
  return split;
}

function writeEvent(group: ExchangeEvent[], eventId: string, competitors: Competitors): Json {
  const first = group[0] as ExchangeEvent;
  const { count, numberOf } = roundNumbers(group.map((event) => event.round));
  const hasRows = group.some((event) => event.startList !== null || event.results !== null);
  const units = (hasRows || group.length > 1 ? group : [])
    .map((event) => writeUnit(event, numberOf(event.round), eventId, competitors))
    .sort((a, b) => Number(a.round) - Number(b.round) || Number(a.heat) - Number(b.heat));
  const statuses: Json = {};
  for (let round = 1; round <= count; round += 1) {
    const results = group.some((event) => numberOf(event.round) === round && event.results);
    statuses[`r${round}Status`] = results ? 'complete' : 'pending';
  }
  const r1Time = group.find((event) => numberOf(event.round) === 1 && event.time)?.time;
  return {
    eventId,
    eventCode: first.code ?? codeOfEvent(first),
    name: first.eventName,
    category: first.category,
    genders: first.gender,
    ...(r1Time ? { r1Time } : {}),
    rounds: String(count),
    ...statuses,
    units,
  };
}

/** The competition as OpenTrack's JSON object. */
export function writeMeet(meet: ExchangeMeet): Json {
  const groups = groupsOf(meet.events);
  const used = new Set(groups.flatMap((group) => group[0]?.eventRef ?? []));
  let made = 0;
  const madeUpId = (event: ExchangeEvent) => {
    let id: string;
    do {
      made += 1;
      id = `${event.eventType === 'JUMP' ? 'F' : 'T'}${String(made).padStart(2, '0')}`;
    } while (used.has(id));
    used.add(id);
    return id;
  };
  const competitors = new Competitors();
  const events = groups.map((group) => {
    const first = group[0] as ExchangeEvent;
    return writeEvent(group, first.eventRef ?? madeUpId(first), competitors);
  });
  return {
    fullName: meet.name,
    date: meet.date,
    finishDate: meet.finishDate,
    venue: meet.venue === null ? null : { formalName: meet.venue },
    competitors: [...competitors.byId.values()],
    events,
  };
}
