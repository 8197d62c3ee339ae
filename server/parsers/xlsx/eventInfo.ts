import type { Round } from '../../../shared/domain.ts';
import { readEventName, roundFromText } from '../../eventNames/index.ts';

/**
 * What an event's texts say about it: round, type and discipline. Shared by the spreadsheet
 * and XML parsers; the rules (and the words of every language) live in server/eventNames/
 * (reading a name's round, heat and who competes in shared/eventNames/, which the browser
 * uses too), the one place that reads event names. None of these ever guesses: unknown text gives
 * 'unknown' or null.
 */
export { roundFromText, eventTypeFromText, disciplineFromText } from '../../eventNames/index.ts';
export type { Discipline } from '../../eventNames/index.ts';

/**
 * A round cell or attribute, else what the event name says ("Men 100m Semi-Final"); a round
 * written as a number (FinishLynx counts rounds 1, 2, 3) says nothing, so the name decides.
 */
export function roundOf(roundText: string | null | undefined, eventName: string): Round {
  const stated = roundFromText(roundText);
  return stated !== 'unknown' ? stated : roundFromName(eventName);
}

/**
 * The round words of a longer text, never a one-letter abbreviation, which names may contain.
 * A heat number alone ("Women 100m Heat 2") names no round: it may be a heat of a first round
 * or a section of a final run by time.
 */
export function roundFromName(text: string): Round {
  return readEventName(text).round ?? 'unknown';
}
