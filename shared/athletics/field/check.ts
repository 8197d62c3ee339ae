import type { FieldDiscipline } from '../../domain.ts';
import type { CardAthlete, FieldSettings, HorizontalTrial, VerticalTrial } from './card.ts';
import { horizontalStandings } from './horizontal.ts';
import {
  formatCentimetres,
  hasTrialWind,
  minimumRiseCm,
  readHeight,
  readHorizontalMark,
  readVerticalMark,
  readWind,
} from './marks.ts';
import { trialsLeftAt, verticalStandings } from './vertical.ts';

/** Why the rules refuse a trial: a stable code and words an official understands. */
export interface FieldRefusal {
  code: FieldRefusalCode;
  message: string;
}
export const fieldRefusalCodes = [
  'athlete_not_in_event',
  'round_out_of_range',
  'invalid_mark',
  'invalid_height',
  'invalid_wind',
  'wind_not_applicable',
  'athlete_retired',
  'not_in_final',
  'cut_not_made',
  'athlete_out',
  'below_bar',
  'rise_too_small',
  'height_done',
] as const;
export type FieldRefusalCode = (typeof fieldRefusalCodes)[number];

export interface FieldRules {
  discipline: FieldDiscipline | null;
  settings: FieldSettings;
}

type Checked<T> = { ok: true; trial: T } | { ok: false; refusal: FieldRefusal };
const refuse = (code: FieldRefusalCode, message: string) =>
  ({ ok: false, refusal: { code, message } }) as const;

function athleteOf(athletes: readonly CardAthlete[], bib: string) {
  return athletes.find((a) => a.bib === bib.trim()) ?? null;
}

export interface HorizontalEntry {
  id: string;
  bib: string;
  round: number;
  mark: string;
  wind?: string | null | undefined;
}

/**
 * A horizontal trial as the rules allow it, written as stored; or why not. `trials` are the
 * event's others (a correction leaves out the one it corrects). A trial already entered for
 * the same round is the caller's to find: it is a clash between cards, not a rule.
 */
export function checkHorizontal(
  rules: FieldRules,
  athletes: readonly CardAthlete[],
  trials: readonly HorizontalTrial[],
  entry: HorizontalEntry,
): Checked<HorizontalTrial> {
  const athlete = athleteOf(athletes, entry.bib);
  if (!athlete)
    return refuse('athlete_not_in_event', `No athlete with bib ${entry.bib} is in this event.`);
  const { trials: rounds, trialsBeforeCut, finalists } = rules.settings;
  if (!Number.isInteger(entry.round) || entry.round < 1 || entry.round > rounds) {
    return refuse('round_out_of_range', `This event has trials 1 to ${rounds}.`);
  }
  const mark = readHorizontalMark(entry.mark);
  if (mark === null) {
    return refuse(
      'invalid_mark',
      `"${entry.mark}" is not a mark: give metres like 11.07, or x, - or r.`,
    );
  }
  let wind: string | null = null;
  const windText = entry.wind?.trim() ?? '';
  if (windText !== '') {
    if (!hasTrialWind(rules.discipline)) {
      return refuse('wind_not_applicable', 'Only the long and triple jump have a wind per trial.');
    }
    wind = readWind(windText);
    if (wind === null)
      return refuse('invalid_wind', `"${windText}" is not a wind reading: give it like +1.2.`);
  }
  const standings = horizontalStandings(athletes, trials, rules.settings);
  const line = standings.lines.find((l) => l.athlete.bib === athlete.bib)!;
  if (line.trials.slice(0, entry.round - 1).some((t) => t?.mark === 'r')) {
    return refuse('athlete_retired', `${athlete.name} has retired from the event.`);
  }
  if (entry.round > trialsBeforeCut && standings.cut) {
    // The cut is made over all flights once everyone has had their trials before it.
    const waiting = standings.lines.filter(
      (l) =>
        !l.trials.slice(0, trialsBeforeCut).some((t) => t?.mark === 'r') &&
        l.trials.slice(0, trialsBeforeCut).filter((t) => t !== null).length < trialsBeforeCut,
    );
    if (waiting.length > 0) {
      const names = waiting
        .slice(0, 3)
        .map((l) => l.athlete.name)
        .join(', ');
      return refuse(
        'cut_not_made',
        `Trials 1-${trialsBeforeCut} are not all in (${names}${waiting.length > 3 ? '…' : ''}): the best ${finalists} are known only then. Enter a pass (-) or r for an athlete who is not there.`,
      );
    }
  }
  if (entry.round > trialsBeforeCut && !line.inFinal) {
    return refuse(
      'not_in_final',
      `${athlete.name} is not among the best ${finalists} after trial ${trialsBeforeCut}: only they have more trials.`,
    );
  }
  return { ok: true, trial: { id: entry.id, bib: athlete.bib, round: entry.round, mark, wind } };
}

export interface VerticalEntry {
  id: string;
  bib: string;
  height: string;
  mark: string;
}

/** A vertical trial as the rules allow it, written as stored; or why not. */
export function checkVertical(
  rules: FieldRules,
  athletes: readonly CardAthlete[],
  trials: readonly VerticalTrial[],
  entry: VerticalEntry,
): Checked<VerticalTrial> {
  const athlete = athleteOf(athletes, entry.bib);
  if (!athlete)
    return refuse('athlete_not_in_event', `No athlete with bib ${entry.bib} is in this event.`);
  const mark = readVerticalMark(entry.mark);
  if (mark === null)
    return refuse('invalid_mark', `"${entry.mark}" is not a trial: give o, x or -.`);
  const cm = readHeight(entry.height);
  if (cm === null)
    return refuse(
      'invalid_height',
      `"${entry.height}" is not a bar height: give metres like 2.05.`,
    );
  const standings = verticalStandings(athletes, trials);
  const { bar } = standings;
  if (bar !== null && cm < bar) {
    return refuse('below_bar', `The bar is at ${formatCentimetres(bar)}: it never goes down.`);
  }
  const rise = minimumRiseCm(rules.discipline);
  if (bar !== null && cm > bar && cm - bar < rise) {
    return refuse(
      'rise_too_small',
      `The bar rises at least ${rise} cm at a time: from ${formatCentimetres(bar)} the next height is ${formatCentimetres(bar + rise)} or more.`,
    );
  }
  const line = standings.lines.find((l) => l.athlete.bib === athlete.bib)!;
  if (line.out)
    return refuse('athlete_out', `${athlete.name} is out after three consecutive failures.`);
  if (cm === bar && trialsLeftAt(line, standings.heights, cm) === 0) {
    return refuse('height_done', `${athlete.name} has no trials left at ${formatCentimetres(cm)}.`);
  }
  return {
    ok: true,
    trial: { id: entry.id, bib: athlete.bib, height: formatCentimetres(cm), mark },
  };
}
