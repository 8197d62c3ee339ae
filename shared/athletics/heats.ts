import type { Round } from '../domain.ts';

/** What tells the heats of one race apart: the heat number and how many heats there are. */
export interface HeatFacts {
  round: Round;
  heat: number | null;
  heatCount: number;
}

/**
 * A final run in sections decided by time (a "timed final"): every section's times rank
 * together, so its parts are sections rather than heats.
 */
export function isTimedFinal(event: HeatFacts): boolean {
  return event.round === 'finals' && event.heatCount > 1;
}

/** Which part of a split race an event is; null when the race is not split. */
export function heatPart(event: HeatFacts): { word: 'Heat' | 'Section'; which: string } | null {
  if (event.heat === null || event.heatCount <= 1) return null;
  return {
    word: isTimedFinal(event) ? 'Section' : 'Heat',
    which: `${event.heat} of ${event.heatCount}`,
  };
}

/** "Heat 2 of 6", or "Section 2 of 3" for a timed final; null when the race is not split. */
export function heatLabel(event: HeatFacts): string | null {
  const part = heatPart(event);
  return part && `${part.word} ${part.which}`;
}

/** The event's name with its heat: "Men 100 Meter Dash, Heat 2 of 6". */
export function eventTitle(event: HeatFacts & { eventName: string }): string {
  const heat = heatLabel(event);
  return heat ? `${event.eventName}, ${heat}` : event.eventName;
}

/** Rounds in the order they are run. */
const roundOrder: Record<Round, number> = {
  prelims: 0,
  heats: 1,
  quarters: 2,
  semis: 3,
  finals: 4,
  unknown: 5,
};

/** Same name: earlier rounds first, then heats in number order. */
export function compareRoundAndHeat(a: HeatFacts, b: HeatFacts): number {
  return roundOrder[a.round] - roundOrder[b.round] || (a.heat ?? 0) - (b.heat ?? 0);
}
