import type { EventType, FieldDiscipline, TrackDiscipline } from '../../../../shared/domain.ts';
import { disciplineOfCode, exchangeEventName } from '../codes.ts';
import type { MarkKind } from './marks.ts';

export type Gender = 'M' | 'F' | 'X';

export function genderOf(text: string): Gender | null {
  const upper = text.trim().toUpperCase();
  if (upper === 'M' || upper === 'B') return 'M';
  if (upper === 'F' || upper === 'W' || upper === 'G') return 'F';
  if (upper === 'X') return 'X';
  return null;
}

/** Team code Hy-Tek writes for an athlete without a team. */
const UNATTACHED = /^(una|unattached)$/i;

/** The club a row shows: the team's name, else its code; null for unattached. */
export function clubOf(name: string, code: string): string | null {
  const club = name !== '' ? name : code;
  return club === '' || UNATTACHED.test(club) ? null : club;
}

/** "First Last", as Rith writes names. */
export function fullName(first: string, last: string): string {
  return [first, last].filter((part) => part !== '').join(' ');
}

/**
 * Whether a division names young athletes (a grade, an age, a U-number up to 18): their
 * events are Boys and Girls, the others Men and Women ("30-34" is a masters age group).
 */
function isYouth(division: string): boolean {
  if (/grade|\d(st|nd|rd|th)\b/i.test(division)) return true;
  if (!/\bu\s?\d|under|&\s*u|\bages?\b|\d\s*-\s*\d|youth|bantam|midget/i.test(division)) {
    return false;
  }
  const numbers = (division.match(/\d+/g) ?? []).map(Number);
  return numbers.every((n) => n <= 18);
}

function genderWord(gender: Gender | null, division: string | null): string | null {
  const youth = division !== null && isYouth(division);
  switch (gender) {
    case 'M':
      return youth ? 'Boys' : 'Men';
    case 'F':
      return youth ? 'Girls' : 'Women';
    case 'X':
      return 'Mixed';
    default:
      return null;
  }
}

export interface EventDiscipline {
  eventName: string;
  eventType: EventType;
  trackDiscipline: TrackDiscipline | null;
  fieldDiscipline: FieldDiscipline | null;
  /** How the event's marks read. */
  markKind: MarkKind | null;
  relay: boolean;
}

const COMBINED = new Set<FieldDiscipline>([
  'DECATHLON',
  'HEPTATHLON',
  'OUTDOOR_PENTATHLON',
  'INDOOR_PENTATHLON',
  'WEIGHT_PENTATHLON',
]);

/**
 * A relay's code as Rith reads it: Hy-Tek names a relay by its whole distance (400 is the
 * 4x100, 1600 the 4x400), so a plain number on a relay record is four legs of a quarter of it.
 */
export function relayCode(code: string): string {
  const metres = /^\d+$/.test(code.trim()) ? Number(code) : NaN;
  return metres > 0 && metres % 4 === 0 ? `4X${metres / 4}` : code;
}

/**
 * An event's name and discipline from its code: "Boys 5th grade Javelin Throw", "Women 100m".
 * A code Rith does not know keeps its own spelling in the name; `type` (a results record's
 * T/F/M) then says whether it is a race or a field event.
 */
export function eventOf(
  code: string,
  gender: Gender | null,
  division: string | null,
  type: 'T' | 'F' | 'M' | null,
): EventDiscipline {
  const discipline = disciplineOfCode(code);
  const english = discipline?.english ?? code;
  const composed = [genderWord(gender, division), division, english]
    .filter((part) => part !== null && part !== '')
    .join(' ');
  const eventName = exchangeEventName(composed, discipline);
  if (discipline) {
    const combined =
      discipline.fieldDiscipline !== null && COMBINED.has(discipline.fieldDiscipline);
    return {
      eventName,
      eventType: discipline.eventType,
      trackDiscipline: discipline.trackDiscipline,
      fieldDiscipline: discipline.fieldDiscipline,
      markKind: combined ? 'points' : discipline.eventType === 'JUMP' ? 'distance' : 'time',
      relay: discipline.kind === 'relay',
    };
  }
  const field = type === 'F' || type === 'M';
  return {
    eventName,
    eventType: field ? 'JUMP' : 'ATHLETICS',
    trackDiscipline: field ? null : 'CUSTOM',
    fieldDiscipline: field ? 'CUSTOM' : null,
    markKind: type === 'T' ? 'time' : type === 'F' ? 'distance' : type === 'M' ? 'points' : null,
    relay: /X/i.test(code),
  };
}
