import { normalizeResultCode } from '../../../../shared/athletics/resultCode.ts';
import { formatWind } from '../../../../shared/athletics/wind.ts';
import { throwingDisciplines, verticalJumps } from '../../../../shared/domain.ts';
import type { AthleteRow } from '../../../../shared/schemas/athlete.ts';
import { athleteRow } from '../../athleteRow.ts';
import type { ExchangeEvent } from '../model.ts';
import type { Competitor } from './competitors.ts';
import { listOf, recordAt, textOf, type Json } from './fields.ts';
import { pathText, type JsonPath } from './json.ts';
import type { ReadContext } from './read.ts';
import { readTrials, type Series } from './trials.ts';

/**
 * A unit's rows: its start list (the results in their order, who is in it) and, once any
 * athlete has a place, a mark or a code, its results, best place first, with each field
 * athlete's series.
 */

export type Discipline = Pick<ExchangeEvent, 'eventType' | 'trackDiscipline' | 'fieldDiscipline'>;

export function baseRow(
  id: string,
  competitor: Competitor | undefined,
  bib: string | null,
  eventId: string | null,
) {
  const entry = eventId === null ? undefined : competitor?.entries.get(eventId);
  return athleteRow({
    id,
    name: competitor?.name ?? '',
    bib: competitor ? competitor.bib : bib,
    club: competitor?.club ?? null,
    category: competitor?.category ?? null,
    ...(competitor?.gender ? { gender: competitor.gender } : {}),
    ...(competitor?.licence ? { licence: competitor.licence } : {}),
    ...(entry?.pb ? { pb: entry.pb } : {}),
    ...(entry?.sb ? { sb: entry.sb } : {}),
  });
}

export const entryIndex = (competitor: Competitor, eventId: string | null) =>
  (eventId === null ? undefined : competitor.entries.get(eventId)?.index) ?? Infinity;

const placeValue = (row: AthleteRow) => {
  const place = Number.parseInt(row.rank ?? '', 10);
  return Number.isFinite(place) ? place : Number.POSITIVE_INFINITY;
};

interface UnitRows {
  startList: AthleteRow[];
  results: AthleteRow[] | null;
}

export function unitRows(
  unit: Json,
  path: JsonPath,
  eventId: string | null,
  discipline: Discipline,
  competitors: Map<string, Competitor>,
  context: ReadContext,
): UnitRows {
  const fieldDiscipline = discipline.fieldDiscipline;
  const trials = listOf(unit, 'trials', path);
  const series: Map<string, Series> =
    discipline.eventType === 'JUMP' || trials.length > 0
      ? readTrials(path, trials, {
          vertical: fieldDiscipline !== null && verticalJumps.includes(fieldDiscipline),
          throwing: fieldDiscipline !== null && throwingDisciplines.includes(fieldDiscipline),
        })
      : new Map();
  const entries = listOf(unit, 'results', path).map((value, index) => {
    const entryPath = [...path, 'results', index];
    return { entry: recordAt(value, entryPath), entryPath };
  });
  if (entries.every(({ entry }) => typeof entry.order === 'number')) {
    entries.sort((a, b) => Number(a.entry.order) - Number(b.entry.order));
  }
  const startList: AthleteRow[] = [];
  const results: AthleteRow[] = [];
  let anyResult = false;
  for (const { entry, entryPath } of entries) {
    const bib = textOf(entry, 'bib', entryPath);
    const competitor = bib === null ? undefined : competitors.get(bib);
    if (competitor === undefined) {
      context.warnings.push({
        file: context.file,
        row: context.lineOf(entryPath),
        reason: `${pathText(entryPath)}: bib ${bib ?? '(none)'} is not among the competitors`,
      });
    }
    // By its place in the file, not the file's name: the same file under another name is the same.
    const id = pathText(entryPath);
    const lane = textOf(entry, 'lane', entryPath);
    const base = { ...baseRow(id, competitor, bib, eventId), lane };
    startList.push({ ...base, id: `${id}:start` });
    const place = textOf(entry, 'place', entryPath);
    const performance = textOf(entry, 'performance', entryPath);
    const note = performance === null ? textOf(entry, 'note', entryPath) : null;
    const code = normalizeResultCode(performance) ?? normalizeResultCode(note);
    const own = bib === null ? undefined : series.get(bib);
    const { bestWind, ...cells } = own ?? { bestWind: null };
    const wind = formatWind(textOf(entry, 'wind', entryPath));
    anyResult ||= place !== null || performance !== null || code !== null || own !== undefined;
    results.push({
      ...base,
      ...cells,
      rank: place,
      performance: code ?? performance ?? own?.best ?? null,
      windspeed: wind === '' ? bestWind : wind,
    });
  }
  results.sort((a, b) => placeValue(a) - placeValue(b));
  return { startList, results: anyResult ? results : null };
}
