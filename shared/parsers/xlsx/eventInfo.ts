import { fieldDisciplines, trackDisciplineByMetres, trackDisciplines } from '../../domain.ts';
import type { EventType, FieldDiscipline, Round, TrackDiscipline } from '../../domain.ts';

/**
 * What an event's texts say about it: round, type and discipline. Shared by the spreadsheet
 * and XML parsers; none of these ever guesses: unknown text gives 'unknown' or null.
 */

const words = (text: string) => ` ${text.toLowerCase().replace(/[^a-z0-9]+/g, ' ')} `;

/**
 * 'heat(s)' -> heats, 'final(s)' -> finals, 'semi(s)'/'semi-final(s)' -> semis,
 * 'prelim(s)'/'preliminary' -> prelims, 'quarter(s)'/'quarter-final(s)' -> quarters, the
 * enum values themselves, and the usual abbreviations (H, SF, QF, F, P) as the whole text.
 * Semis and quarters are tested before finals, which their names contain.
 */
export function roundFromText(text: string | null | undefined): Round {
  if (!text) return 'unknown';
  const whole = words(text).trim();
  const abbreviated: Record<string, Round> = { p: 'prelims', h: 'heats', f: 'finals' };
  return abbreviated[whole] ?? roundFromName(text);
}

/**
 * A round cell or attribute, else what the event name says ("Men 100m Heat 2"); a round
 * written as a number (FinishLynx counts rounds 1, 2, 3) says nothing, so the name decides.
 */
export function roundOf(roundText: string | null | undefined, eventName: string): Round {
  const stated = roundFromText(roundText);
  return stated !== 'unknown' ? stated : roundFromName(eventName);
}

/** The round words of a longer text; no one-letter abbreviations, which names may contain. */
export function roundFromName(text: string): Round {
  const all = words(text);
  if (/ (semi|semis|semifinals?|sf) /.test(all) || / semi finals? /.test(all)) return 'semis';
  if (/ (quarter|quarters|quarterfinals?|qf) /.test(all) || / quarter finals? /.test(all)) {
    return 'quarters';
  }
  if (/ (prelim|prelims|preliminary|preliminaries) /.test(all)) return 'prelims';
  if (/ (heat|heats) /.test(all)) return 'heats';
  if (/ (final|finals) /.test(all)) return 'finals';
  return 'unknown';
}

/** "track"/"field", the enum values, and a few plain words for each. */
export function eventTypeFromText(text: string | null | undefined): EventType | null {
  const whole = words(text ?? '').trim();
  if (/^(track|athletics|running|run|race|sprint|sprints)$/.test(whole)) return 'ATHLETICS';
  if (/^(field|jump|jumps|throw|throws|jumping|throwing)$/.test(whole)) return 'JUMP';
  return null;
}

const enumValue = (text: string) =>
  text
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');

/** Field disciplines by name or abbreviation; order matters (weight pentathlon before weight). */
const fieldNames: [RegExp, FieldDiscipline][] = [
  [/ (high jump|highjump|hj) /, 'HIGH_JUMP'],
  [/ (pole vault|polevault|pv) /, 'POLE_VAULT'],
  [/ (long jump|longjump|lj) /, 'LONG_JUMP'],
  [/ (triple jump|triplejump|tj|hop step and jump) /, 'TRIPLE_JUMP'],
  [/ (discus|discus throw|dt) /, 'DISCUS_THROW'],
  [/ (hammer|hammer throw|ht) /, 'HAMMER_THROW'],
  [/ (javelin|javelin throw|jt|jav) /, 'JAVELIN_THROW'],
  [/ (shot put|shotput|shot|sp) /, 'SHOT_PUT'],
  [/ decathlon /, 'DECATHLON'],
  [/ heptathlon /, 'HEPTATHLON'],
  [/ weight pentathlon /, 'WEIGHT_PENTATHLON'],
  [/ indoor pentathlon /, 'INDOOR_PENTATHLON'],
  [/ pentathlon /, 'OUTDOOR_PENTATHLON'],
  [/ (weight throw|weight|wt) /, 'WEIGHT_THROW'],
  [/ (cross country|xc) /, 'CROSS_COUNTRY'],
];

export interface Discipline {
  eventType: EventType | null;
  trackDiscipline: TrackDiscipline | null;
  fieldDiscipline: FieldDiscipline | null;
}

const none: Discipline = { eventType: null, trackDiscipline: null, fieldDiscipline: null };
const field = (fieldDiscipline: FieldDiscipline): Discipline => ({
  eventType: 'JUMP',
  trackDiscipline: null,
  fieldDiscipline,
});
const track = (trackDiscipline: TrackDiscipline | null): Discipline => ({
  eventType: 'ATHLETICS',
  trackDiscipline,
  fieldDiscipline: null,
});

/** The distance a track event's name gives in metres: "100m", "1500 m", "5K", "10 km", "110mH". */
function distanceOf(all: string): number | null {
  const withUnit = / (\d+) ?(m|mh|metres?|meters?|k|km) /.exec(all);
  if (withUnit?.[1]) {
    const value = Number(withUnit[1]);
    return withUnit[2]?.startsWith('k') ? value * 1000 : value;
  }
  const bare = / (\d+) /.exec(all);
  return bare?.[1] && trackDisciplineByMetres[bare[1]] ? Number(bare[1]) : null;
}

/**
 * The discipline an event name or a discipline cell names: an enum value ("LONG_JUMP"), a
 * label ("Long Jump", "100 m", "3K"), or an event name ("Women 100m Hurdles Final"). Field
 * disciplines make a JUMP event (the product lists combined events and cross country among
 * them); a recognised distance a track event; relays (4x100) and steeplechases are CUSTOM.
 */
export function disciplineFromText(text: string | null | undefined): Discipline {
  if (!text) return none;
  const value = enumValue(text);
  if ((trackDisciplines as readonly string[]).includes(value) && value !== 'CUSTOM') {
    return track(value as TrackDiscipline);
  }
  if ((fieldDisciplines as readonly string[]).includes(value) && value !== 'CUSTOM') {
    return value === 'TRACK' ? track(null) : field(value as FieldDiscipline);
  }
  const all = words(text);
  for (const [pattern, discipline] of fieldNames) {
    if (pattern.test(all)) return field(discipline);
  }
  // A relay's or steeplechase's distance is not the flat race of that length (as in lynx/).
  if (/\d\s*x\s*\d/i.test(text) || / (relay|steeple|steeplechase) /.test(all)) {
    return track('CUSTOM');
  }
  // "1,500m": the thousands separator would otherwise split the number in two words.
  const metres = distanceOf(words(text.replace(/(\d),(\d{3})\b/g, '$1$2')));
  if (metres !== null) return track(trackDisciplineByMetres[String(metres)] ?? 'CUSTOM');
  if (/ (mile|miles|steeplechase|hurdles|sprint|dash|run) /.test(all)) return track('CUSTOM');
  return none;
}
