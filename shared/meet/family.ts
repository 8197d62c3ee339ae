import type { EventType, Round } from '../domain.ts';
import { readEventName } from '../eventNames/read.ts';
import { compareRoundAndHeat } from '../athletics/heats.ts';

interface FamilyMember {
  id: string;
  eventName: string;
  eventType: EventType;
  round: Round;
  heat: number | null;
  heatCount: number;
}

/** Names read so far: a page asks for the family of every event at each change of the list. */
const bases = new Map<string, string>();

/** What the heats and rounds of one race share: its kind and its name without round or heat. */
export function familyOf(event: Pick<FamilyMember, 'eventName' | 'eventType'>): string {
  let base = bases.get(event.eventName);
  if (base === undefined) {
    base = readEventName(event.eventName).base;
    bases.set(event.eventName, base);
  }
  return `${event.eventType}|${base}`;
}

/**
 * The heats and rounds of the event's race ("100m K U14": heats 1 to 16 and the final), in
 * the order they are run: rounds in order, heats in number order. The event itself is among
 * them; an event alone in its family gets an empty list.
 */
export function raceFamily<T extends FamilyMember>(events: readonly T[], event: FamilyMember): T[] {
  const family = familyOf(event);
  const members = events.filter((other) => familyOf(other) === family);
  return members.length > 1 ? [...members].sort(compareRoundAndHeat) : [];
}
