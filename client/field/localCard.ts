import type { FieldCard, FieldTrial } from '../../shared/schemas/field.ts';
import { cardState, cardSummary, type CardSummary } from '../../shared/athletics/field/view.ts';
import type { FieldCardState } from '../../shared/athletics/field/view.ts';
import { verticalStandings } from '../../shared/athletics/field/vertical.ts';
import {
  formatCentimetres,
  readHeight,
  readHorizontalMark,
  readVerticalMark,
  readWind,
} from '../../shared/athletics/field/marks.ts';
import type { Entry } from './store.ts';

/** A trial on the phone: sent and kept by Rith, or still waiting to be sent. */
export type LocalTrial = FieldTrial & { waiting: boolean };

/** A mark as Rith will store it, so the card shows now what the standings will say. */
function stored(kind: FieldCard['kind'], mark: string): string {
  return (kind === 'horizontal' ? readHorizontalMark(mark) : readVerticalMark(mark)) ?? mark;
}

/**
 * The card as the judge has it: the trials Rith last sent, with the entries waiting on the
 * phone applied in order (a trial Rith already has is not added twice).
 */
export function localTrials(
  card: FieldCard,
  entries: readonly (Entry & { answeredAt?: number })[],
): LocalTrial[] {
  let trials: LocalTrial[] = card.trials.map((t) => ({ ...t, waiting: false }));
  for (const entry of entries) {
    if (entry.eventId !== card.id) continue;
    // Answered by Rith, but not yet in the card it last sent.
    const waiting = entry.answeredAt === undefined;
    if (entry.kind === 'attempt') {
      if (trials.some((t) => t.id === entry.trialId)) continue;
      const { body } = entry;
      const height = body.height === undefined ? null : readHeight(body.height);
      trials.push({
        id: entry.trialId,
        bib: body.bib,
        round: body.round ?? null,
        height: height === null ? null : formatCentimetres(height),
        trial: body.trial ?? null,
        mark: stored(card.kind, body.mark),
        wind: body.wind ? readWind(body.wind) : null,
        enteredAt: new Date(entry.at).toISOString(),
        correctedAt: null,
        waiting,
      });
    } else if (entry.kind === 'correct') {
      trials = trials.map((t) =>
        t.id === entry.trialId
          ? {
              ...t,
              mark: stored(card.kind, entry.body.mark),
              wind: entry.body.wind ? readWind(entry.body.wind) : t.wind,
              waiting,
            }
          : t,
      );
    } else {
      trials = trials.filter((t) => t.id !== entry.trialId);
    }
  }
  return trials;
}

export interface LocalCard {
  trials: LocalTrial[];
  state: FieldCardState;
  summary: CardSummary;
}

/** The rules applied to the card as the judge has it: what the phone shows, even offline. */
/** A bar the judge raised on this phone, over the bar it was raised from. */
export interface RaisedBar {
  from: string | null;
  to: string;
}

/**
 * The rules applied to the card as the judge has it: what the phone shows, even offline. A
 * raised bar counts until a trial is entered at a height: then the card's own bar does.
 */
export function localCard(
  card: FieldCard,
  entries: readonly (Entry & { answeredAt?: number })[],
  raised: RaisedBar | null = null,
): LocalCard & { bar: string | null } {
  const trials = localTrials(card, entries);
  const state = cardState(card.discipline, card.settings, card.athletes, trials);
  const bar = verticalStandings(state.athletes, state.vertical).bar;
  const shownBar = bar === null ? null : formatCentimetres(bar);
  const raisedTo = raised && raised.from === shownBar ? raised.to : null;
  return {
    trials,
    state,
    summary: cardSummary(state, card.completedAt !== null, raisedTo),
    bar: raisedTo ?? shownBar,
  };
}
