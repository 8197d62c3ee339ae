import type { EventType } from '../../../shared/domain.ts';
import { readEventName } from '../../../shared/eventNames/index.ts';
import type { LynxEventKey } from '../../../shared/parsers/types.ts';

/**
 * Which event a FinishLynx race or flight is, in a competition.
 * * `unit`: the public event: one per heat of a race; one per field event and round,
 *   whatever its flights, so every flight's file lands on the same event.
 * * `family`: the event across its rounds and heats, what its rounds are told from. It is the
 *   event number, except where the software gives each heat (or flight) its own event number
 *   and puts the heat only in the name ("300m K U14-Bieg 2"): then the name without the heat.
 */
export interface RaceIdentity {
  unit: string;
  family: string;
  /** The race's heat (from the name where it says, else the heat column); null for field. */
  heat: number | null;
  /** A field event's flight (from the name where it says, else the heat column). */
  flight: number | null;
}

/** FinishLynx writes heat 0 for a race that is not split. */
const heatNumber = (text: string): number => Math.max(1, Number(text) || 1);

export function raceIdentity(race: {
  key: LynxEventKey;
  eventName: string;
  eventType: EventType;
}): RaceIdentity {
  const { key } = race;
  const name = readEventName(race.eventName);
  if (race.eventType === 'JUMP') {
    const family = name.flight !== null ? `b:${name.base}` : `n:${key.eventNumber}`;
    return {
      unit: `${family}|r:${key.round}`,
      family,
      heat: null,
      flight: name.flight ?? heatNumber(key.heat),
    };
  }
  const family = name.heat !== null ? `b:${name.base}` : `n:${key.eventNumber}`;
  const heat = name.heat ?? heatNumber(key.heat);
  return { unit: `${family}|r:${key.round}|h:${heat}`, family, heat, flight: null };
}
