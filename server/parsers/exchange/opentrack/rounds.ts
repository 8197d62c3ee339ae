import type { Round } from '../../../../shared/domain.ts';

/**
 * OpenTrack numbers an event's rounds 1, 2, 3...: the last is the final, and the ones before
 * it are named back from there (two rounds: heats and final; three: heats, semis, final;
 * four: heats, quarters, semis, final; a fifth, earlier one is the prelims).
 */
export function roundOfNumber(round: number, count: number): Round {
  const fromLast = count - round;
  if (fromLast <= 0) return 'finals';
  if (round === 1 && count <= 4) return 'heats';
  if (fromLast === 1) return 'semis';
  if (fromLast === 2) return 'quarters';
  return fromLast === 3 ? 'heats' : 'prelims';
}

/** Rith's rounds in the order they are run; 'unknown' is written as a final. */
const order: readonly Round[] = ['prelims', 'heats', 'quarters', 'semis', 'finals'];

/**
 * The round numbers a writer gives an event's rounds, and how many rounds it declares, so
 * that roundOfNumber reads each back as the same round.
 */
export function roundNumbers(rounds: Iterable<Round>): {
  count: number;
  numberOf: (round: Round) => number;
} {
  const present = new Set([...rounds].map((round) => (round === 'unknown' ? 'finals' : round)));
  const layout: readonly Round[] = present.has('prelims')
    ? order
    : present.has('quarters')
      ? ['heats', 'quarters', 'semis', 'finals']
      : present.has('semis')
        ? ['heats', 'semis', 'finals']
        : present.has('heats')
          ? ['heats', 'finals']
          : ['finals'];
  return {
    count: layout.length,
    numberOf: (round) => layout.indexOf(round === 'unknown' ? 'finals' : round) + 1,
  };
}
