import { rounds, type EventType, type Round } from '../domain.ts';
import { familyOf } from './family.ts';

/**
 * Which events are one round of one race, and which round comes next: what a qualification
 * rule is set on and worked out over. FinishLynx says it (the race and family it files
 * events under); hand-made events say it by name ("Men 100m Heat 2" and "Men 100m Final" are
 * one family, the heats one round).
 */
export interface RoundMember {
  eventName: string;
  eventType: EventType;
  round: Round;
  lynxRace: string | null;
  lynxFamily: string | null;
}

/** The race across its rounds. */
export function familyKeyOf(event: RoundMember): string {
  return event.lynxFamily !== null ? `lynx|${event.lynxFamily}` : `name|${familyOf(event)}`;
}

/** The round of the race: every heat of it shares this key. */
export function roundKeyOf(event: RoundMember): string {
  return event.lynxRace !== null
    ? `lynx|${event.lynxRace}`
    : `${familyKeyOf(event)}|${event.round}`;
}

/** Rounds a qualification rule can lead out of: a final and an unnamed round lead nowhere. */
export const leadsOn = (round: Round): boolean => round !== 'finals' && round !== 'unknown';

/** The round after `round` among those the race has; null when it has none after it. */
export function nextRound(round: Round, present: readonly Round[]): Round | null {
  const order: readonly Round[] = rounds.filter((r) => r !== 'unknown');
  const at = order.indexOf(round);
  if (at < 0) return null;
  return order.slice(at + 1).find((r) => present.includes(r)) ?? null;
}
