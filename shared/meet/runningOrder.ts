import type { Round } from '../domain.ts';
import { parseEventTime, type SortDirection } from '../athletics/eventTime.ts';
import { compareRoundAndHeat } from '../athletics/heats.ts';

/**
 * The meet's running order, as the stadium lives it: the timetable's times first; events
 * without a time take their place from lynx.sch, else from lynx.evt (`runOrder`, worked out
 * by the server from the order those files list the races: server/meet/listOrder.ts), each
 * running after the timed event listed before it. Events neither has a time nor a list place
 * for come last, by name, rounds in order and heats in number order. The competition page,
 * the big screen, the feed, the estimates and the API's lists all order by this.
 */
export interface Orderable {
  id: string;
  time: string | null;
  runOrder: number | null;
  eventName: string;
  round: Round;
  heat: number | null;
  heatCount: number;
}

/**
 * Each event's place in time, in minutes: its own time, else that of the nearest event
 * listed before it that has one (else the nearest after it), else null.
 */
function timesOf(events: readonly Orderable[]): Map<string, number | null> {
  const times = new Map(events.map((e) => [e.id, parseEventTime(e.time)]));
  const listed = events
    .filter((e) => e.runOrder !== null)
    .sort((a, b) => (a.runOrder ?? 0) - (b.runOrder ?? 0));
  const carry = (order: readonly Orderable[]) => {
    let last: number | null = null;
    for (const e of order) {
      const own = times.get(e.id) ?? null;
      if (own !== null) last = own;
      else if (last !== null) times.set(e.id, last);
    }
  };
  carry(listed);
  carry([...listed].reverse());
  return times;
}

const last = (value: number | null | undefined) => value ?? Number.POSITIVE_INFINITY;

/** A sorted copy in running order; `desc` turns it round, events with no time still last. */
export function runningOrder<T extends Orderable>(
  events: readonly T[],
  direction: SortDirection = 'asc',
): T[] {
  const times = timesOf(events);
  const sorted = [...events].sort(
    (a, b) =>
      last(times.get(a.id)) - last(times.get(b.id)) ||
      last(a.runOrder) - last(b.runOrder) ||
      a.eventName.localeCompare(b.eventName) ||
      compareRoundAndHeat(a, b) ||
      a.id.localeCompare(b.id),
  );
  if (direction === 'asc') return sorted;
  const placed = (e: T) => times.get(e.id) != null || e.runOrder !== null;
  return [...sorted.filter(placed).reverse(), ...sorted.filter((e) => !placed(e))];
}
