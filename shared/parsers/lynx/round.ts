import type { Round } from '../../domain.ts';

/**
 * FinishLynx round numbers only count (1, 2, 3...), so the round is what the event name
 * says. Quarter- and semi-finals are matched before finals, prelims before heats ("Prelim
 * Heat 2" is a prelim).
 */
const namedRounds: readonly [RegExp, Round][] = [
  [/\bquarter/i, 'quarters'],
  [/\bsemi/i, 'semis'],
  [/\bprelim/i, 'prelims'],
  [/\bheats?\b/i, 'heats'],
  [/\bfinals?\b/i, 'finals'],
];

export function roundFromName(eventName: string): Round {
  return namedRounds.find(([pattern]) => pattern.test(eventName))?.[1] ?? 'unknown';
}
