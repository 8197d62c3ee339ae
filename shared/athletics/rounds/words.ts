import type { Round } from '../../domain.ts';
import type { Progression } from '../../schemas/event.ts';

/**
 * How pages, pushes and share texts say a round's progression: one wording, so the event
 * page, the board and an alert never disagree.
 */

const nextRoundWords: Record<Round, string> = {
  prelims: 'the prelims',
  heats: 'the heats',
  quarters: 'the quarter-finals',
  semis: 'the semi-finals',
  finals: 'the final',
  unknown: 'the next round',
};

/** "Through to the final", "Through to the semi-finals". */
export const throughTo = (next: Round | null): string =>
  `Through to ${nextRoundWords[next ?? 'unknown']}`;

/** "First 2 of each heat (Q) and the next 2 fastest (q)". */
export function ruleText({ byPlace, byTime }: Pick<Progression, 'byPlace' | 'byTime'>): string {
  const place = byPlace > 0 ? `First ${byPlace} of each heat (Q)` : '';
  const time = byTime > 0 ? `${byPlace > 0 ? 'the next' : 'The'} ${byTime} fastest (q)` : '';
  return [place, time].filter(Boolean).join(' and ') || 'No one goes through';
}

/** What a mark beside a result says in full, for titles and screen readers. */
export function qualifiedWords(qualified: 'Q' | 'q', provisional: boolean): string {
  if (qualified === 'Q') return 'Qualified by place';
  return provisional ? 'Provisionally qualified on time: heats remain' : 'Qualified on time';
}

/** The same for an athlete's alert or share text: "through to the final as a fastest loser". */
export function qualifiedSentence(qualified: 'Q' | 'q', next: Round | null, provisional: boolean) {
  const to = throughTo(next).toLowerCase();
  if (qualified === 'Q') return `${to} by place (Q)`;
  return `${provisional ? 'provisionally ' : ''}${to} as a fastest loser (q)`;
}
