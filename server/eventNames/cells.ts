import {
  fieldDisciplines,
  trackDisciplines,
  type EventType,
  type FieldDiscipline,
  type Round,
  type TrackDiscipline,
} from '../../shared/domain.ts';
import { eventDiscipline, saysCrossCountry } from './discipline.ts';
import { foldText } from '../../shared/eventNames/fold.ts';
import { wholePattern } from '../../shared/eventNames/match.ts';
import { longestName, readEventName } from '../../shared/eventNames/read.ts';
import { vocabulary } from '../../shared/eventNames/words.ts';

/**
 * Spreadsheet and XML cells: a round column, a type column, a discipline column, each read as
 * a whole. None of these ever guesses: a cell that says nothing gives 'unknown' or null.
 */

/** The cell's words, folded, separated by single spaces. */
const words = (text: string) =>
  foldText(text.slice(0, longestName))
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The usual one- and two-letter round abbreviations, only as the whole cell. */
const abbreviatedRounds: Readonly<Record<string, Round>> = {
  p: 'prelims',
  h: 'heats',
  f: 'finals',
  sf: 'semis',
  qf: 'quarters',
};

const heatWordCell = wholePattern(vocabulary.heat);

/**
 * A round cell: "Final", "Heats", "SF", "QF", "H", "F", "P", the enum values, and the round
 * words of every language ("Finał", "Vorlauf", "Batterie", "Séries"). A round column that says
 * "Heat" or "Heat 2" means the heats; a bare number (FinishLynx counts rounds 1, 2, 3) says
 * nothing.
 */
export function roundFromText(text: string | null | undefined): Round {
  if (!text) return 'unknown';
  const whole = words(text);
  const abbreviated = abbreviatedRounds[whole];
  if (abbreviated) return abbreviated;
  const facts = readEventName(text);
  if (facts.round !== null) return facts.round;
  return facts.heat !== null || heatWordCell.test(whole) ? 'heats' : 'unknown';
}

const trackTypeCell = wholePattern(vocabulary.typeCell.track);
const fieldTypeCell = wholePattern(vocabulary.typeCell.field);

/** A type cell: "track"/"field", the enum values (ATHLETICS, JUMP), plain words in each language. */
export function eventTypeFromText(text: string | null | undefined): EventType | null {
  const whole = words(text ?? '');
  if (whole === '') return null;
  if (trackTypeCell.test(whole)) return 'ATHLETICS';
  if (fieldTypeCell.test(whole)) return 'JUMP';
  return null;
}

export interface Discipline {
  eventType: EventType | null;
  trackDiscipline: TrackDiscipline | null;
  fieldDiscipline: FieldDiscipline | null;
}

const none: Discipline = { eventType: null, trackDiscipline: null, fieldDiscipline: null };

const enumValue = (text: string) =>
  text
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');

/**
 * A discipline cell or an event name: an enum value ("LONG_JUMP"), a label ("Long Jump",
 * "100 m", "3K"), or a name ("Women 100m Hurdles Final"). Cross country stays the product's
 * CROSS_COUNTRY here (listed among its field disciplines), where a FinishLynx race is a race.
 */
export function disciplineFromText(text: string | null | undefined): Discipline {
  if (!text) return none;
  const value = enumValue(text);
  if ((trackDisciplines as readonly string[]).includes(value) && value !== 'CUSTOM') {
    return {
      eventType: 'ATHLETICS',
      trackDiscipline: value as TrackDiscipline,
      fieldDiscipline: null,
    };
  }
  if ((fieldDisciplines as readonly string[]).includes(value) && value !== 'CUSTOM') {
    return value === 'TRACK'
      ? { eventType: 'ATHLETICS', trackDiscipline: null, fieldDiscipline: null }
      : { eventType: 'JUMP', trackDiscipline: null, fieldDiscipline: value as FieldDiscipline };
  }
  const { eventType, trackDiscipline, fieldDiscipline } = eventDiscipline(text);
  if (eventType !== 'JUMP' && saysCrossCountry(text)) {
    return { eventType: 'JUMP', trackDiscipline: null, fieldDiscipline: 'CROSS_COUNTRY' };
  }
  return { eventType, trackDiscipline, fieldDiscipline };
}
