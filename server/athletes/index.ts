import type { AthleteRow } from '../../shared/schemas/athlete.ts';
import type { AthleteEntry, AthleteEvent } from '../../shared/schemas/athleteSearch.ts';
import { athleteKey, foldBib } from '../../shared/athletes/identity.ts';
import { foldOnce } from './fold.ts';
import type { EventRows } from '../events/queries.ts';

export type Fact = Omit<AthleteEvent, 'estimatedStart' | 'lateMinutes'>;
type IndexedEntry = Omit<AthleteEntry, 'events'> & { events: Fact[] };

/** An athlete as the search reads them: their entry, and their text folded once. */
export interface IndexedAthlete {
  entry: IndexedEntry;
  /** Folded name, then club: what every word of a search must be found in. */
  text: string;
  bib: string;
  club: string;
}

/** A competition's athletes, and what their events' estimated starts are worked out from. */
export interface AthleteIndex {
  /** In name order: folded name, then club (indexAthletes). */
  athletes: IndexedAthlete[];
  /** The competition's public events with their rows: the schedule the estimates read. */
  schedule: EventRows[];
  /** The competition's date: estimates hold back to "now" on that day only. */
  date: string | null;
}

/** What a row says of its athlete in an event: the parts each list knows. */
function factOf(event: EventRows): Fact {
  return {
    eventId: event.id,
    eventName: event.eventName,
    eventType: event.eventType,
    round: event.round,
    heat: event.heat,
    heatCount: event.heatCount,
    time: event.time,
    runOrder: event.runOrder,
    status: event.status,
    lane: null,
    order: null,
    rank: null,
    performance: null,
    result: null,
  };
}

/**
 * Every athlete of a competition with the events they are in, from its start lists, results
 * and unofficial lines as the public sees them (the events come through the one rule of what
 * is shown, in running order: listPublicEventRows). One athlete across lists: the same bib,
 * or, for a row without one, the same name and club as an athlete with one
 * (shared/athletes/identity). In name order (folded name, then club), so a search takes the
 * best of its matches as it meets them, without sorting them (search.ts).
 */
export function indexAthletes(events: readonly EventRows[]): IndexedAthlete[] {
  const byKey = new Map<string, { entry: IndexedEntry; facts: Map<string, Fact> }>();
  const bibByNameClub = new Map<string, string>();
  const rowsOf = (event: EventRows) => [
    ...event.startListFile.map((row, i) => ({ row, list: 'start' as const, order: i + 1 })),
    ...event.results.map((row) => ({ row, list: 'results' as const, order: null })),
    ...(event.live?.rows ?? []).map((row) => ({ row, list: 'live' as const, order: null })),
  ];
  const nameClub = (row: AthleteRow) => `${foldOnce(row.name)}|${foldOnce(row.club)}`;
  // Bib'd rows first, so a row without a bib finds the athlete its name and club belong to.
  for (const event of events) {
    for (const { row } of rowsOf(event)) {
      if (foldBib(row.bib) === '') continue;
      bibByNameClub.set(nameClub(row), athleteKey(row));
    }
  }
  for (const event of events) {
    for (const { row, list, order } of rowsOf(event)) {
      if (foldOnce(row.name) === '') continue;
      const key =
        foldBib(row.bib) !== ''
          ? athleteKey(row)
          : (bibByNameClub.get(nameClub(row)) ?? athleteKey(row));
      let athlete = byKey.get(key);
      if (!athlete) {
        athlete = { entry: entryOf(key, row), facts: new Map() };
        byKey.set(key, athlete);
      }
      // The spelling of a list that gives the athlete's bib wins over one matched by name
      // and club alone (a field event's list without bibs or accents), whichever runs first.
      if (foldBib(athlete.entry.bib) === '' && foldBib(row.bib) !== '') {
        athlete.entry.name = row.name;
      }
      athlete.entry.bib ??= row.bib;
      athlete.entry.club ??= row.club;
      athlete.entry.athleteId ??= row.athleteId ?? null;
      const fact = athlete.facts.get(event.id) ?? factOf(event);
      athlete.facts.set(event.id, fact);
      merge(fact, row, list, order);
    }
  }
  return [...byKey.values()]
    .map(({ entry, facts }) => {
      entry.events = [...facts.values()];
      return {
        entry,
        // Joined, not concatenated: one flat string, which a search's `includes` reads
        // several times faster than the rope `${a} ${b}` makes.
        text: [foldOnce(entry.name), foldOnce(entry.club)].join(' '),
        bib: foldBib(entry.bib),
        club: foldOnce(entry.club),
      };
    })
    .sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
}

const entryOf = (key: string, row: AthleteRow): IndexedEntry => ({
  key,
  name: row.name,
  bib: row.bib,
  club: row.club,
  athleteId: row.athleteId ?? null,
  events: [],
});

/** Results outrank the scoreboard's lines, and both the start list, for rank and mark. */
function merge(
  fact: Fact,
  row: AthleteRow,
  list: 'start' | 'results' | 'live',
  order: number | null,
): void {
  if (list === 'start') {
    fact.order ??= order;
    fact.lane ??= row.lane;
    return;
  }
  if (list === 'live' && fact.result !== null) return;
  fact.lane = row.lane ?? fact.lane;
  fact.rank = row.rank;
  // A field series' best is its result, as the results table shows it.
  fact.performance = ((row.best ?? '').trim() !== '' ? row.best : row.performance) ?? null;
  fact.result = list === 'results' ? 'official' : 'unofficial';
}
