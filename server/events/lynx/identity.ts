import type { EventType } from '../../../shared/domain.ts';
import { readEventName } from '../../eventNames/index.ts';
import type { LynxEventKey } from '../../parsers/types.ts';

/**
 * Which event a FinishLynx race or flight is, in a competition.
 * * `unit`: the public event: one per heat of a race; one per field event and round,
 *   whatever its flights, so every flight's file lands on the same event.
 * * `race`: one round of one race, whose heats (or a timed final's sections) are counted
 *   together. An A and a B final are races of their own.
 * * `family`: the event across its rounds, what its rounds are told from. It is the event
 *   number, except where the software gives each heat (or flight) its own event number and
 *   puts the heat only in the name ("300m K U14-Bieg 2"): then the name without the heat.
 * A session whose lynx.evt reuses an event number for another event gets a generation of
 * its own (`~2`), so the two never share a key.
 */
export interface RaceIdentity {
  unit: string;
  race: string;
  family: string;
  /** The race's heat (from the name where it says, else the heat column); null for field. */
  heat: number | null;
  /** A field event's flight (from the name where it says, else the heat column). */
  flight: number | null;
}

/** FinishLynx writes heat 0 for a race that is not split. */
const heatNumber = (text: string): number => Math.max(1, Number(text) || 1);

export function raceIdentity(
  race: { key: LynxEventKey; eventName: string; eventType: EventType },
  generation = 1,
): RaceIdentity {
  const { key } = race;
  const name = readEventName(race.eventName);
  const session = generation > 1 ? `~${generation}` : '';
  if (race.eventType === 'JUMP') {
    const family = `${name.flight !== null ? `b:${name.base}` : `n:${key.eventNumber}`}${session}`;
    const unit = `${family}|r:${key.round}`;
    return { unit, race: unit, family, heat: null, flight: name.flight ?? heatNumber(key.heat) };
  }
  const named = name.heat !== null;
  const family = `${named ? `b:${name.base}` : `n:${key.eventNumber}`}${session}`;
  // Heats named by number share a name without it: their round word tells the rounds apart.
  const said = named && name.round !== null ? `|w:${name.round}` : '';
  const letter = name.finalLetter !== null ? `|f:${name.finalLetter}` : '';
  const raceKey = `${family}|r:${key.round}${said}${letter}`;
  const heat = name.finalLetter !== null ? 1 : (name.heat ?? heatNumber(key.heat));
  return { unit: `${raceKey}|h:${heat}`, race: raceKey, family, heat, flight: null };
}

/** The session a family key belongs to: 1, or the generation after its `~`. */
export function generationOf(family: string): number {
  const match = /~(\d+)$/.exec(family);
  return match?.[1] === undefined ? 1 : Number(match[1]);
}
