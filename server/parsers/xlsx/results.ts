import { bestMark } from '../../../shared/athletics/fieldMark.ts';
import type { AthleteRow } from '../../../shared/schemas/athlete.ts';
import type { EventType } from '../../../shared/domain.ts';
import { failed, parsed } from '../types.ts';
import type { ParsedEvent, ParseResult } from '../types.ts';
import { attemptColumns } from './columns.ts';
import { disciplineFromText, roundFromName } from './eventInfo.ts';
import { cell, findHeader } from './header.ts';
import type { Header } from './header.ts';
import { messageOf, readFirstSheetRows } from './readSheet.ts';
import type { SheetRow } from './readSheet.ts';
import {
  blankRow,
  checkedRows,
  commonWind,
  fullName,
  placeAndPerformance,
  rowId,
  seedFacts,
} from './rows.ts';
import { titleAbove } from './sheetEvent.ts';

const trackKeys = [
  'bib',
  'rank',
  'lane',
  'firstName',
  'lastName',
  'name',
  'club',
  'gender',
  'result',
  'reactionTime',
  'windspeed',
  'points',
  'category',
  'event',
  'licence',
  'pb',
  'sb',
] as const;
const fieldKeys = [...trackKeys, 'best', ...attemptColumns] as const;
type FieldKey = (typeof fieldKeys)[number];
const identity = ['bib', 'firstName', 'lastName', 'name'] as const;

/** The columns both result sheets share; a code in the place column moves to the result. */
function trackRow(row: SheetRow, header: Header<FieldKey>, fileName: string): AthleteRow | null {
  const at = (key: FieldKey) => cell(row, header, key);
  const bib = at('bib');
  const name = fullName(at('firstName'), at('lastName'), at('name'));
  if (bib === null && name === '') return null;
  return {
    ...blankRow(rowId(fileName, row.sheetRow), name),
    ...placeAndPerformance(at('rank'), at('result')),
    bib,
    eventName: at('event'),
    club: at('club'),
    category: at('category'),
    points: at('points'),
    lane: at('lane'),
    gender: at('gender'),
    reactionTime: at('reactionTime'),
    windspeed: at('windspeed'),
    ...seedFacts(at),
  };
}

/** Six attempts; best as the sheet gives it, else the longest valid attempt. */
function fieldRow(row: SheetRow, header: Header<FieldKey>, fileName: string): AthleteRow | null {
  const base = trackRow(row, header, fileName);
  if (!base) return null;
  const attempts = attemptColumns.map((key) => cell(row, header, key));
  const best = cell(row, header, 'best') ?? bestMark(attempts);
  return { ...base, attempts, best, performance: base.performance ?? best };
}

function parseResults(
  bytes: Uint8Array,
  fileName: string,
  eventType: EventType,
): ParseResult<ParsedEvent> {
  const sheet = readFirstSheetRows(bytes, fileName);
  if (!sheet.ok) return sheet;
  const rows = sheet.value;
  const keys = eventType === 'JUMP' ? fieldKeys : trackKeys;
  const header = findHeader<FieldKey>(rows, keys, identity);
  if (!header) {
    return failed({
      file: fileName,
      reason: `no results header row (bib, rank, lane, first name, last name, club, gender, result${
        eventType === 'JUMP' ? ', attempt1 ... attempt6, best' : ', reaction time, windspeed'
      })`,
    });
  }
  const athletes: AthleteRow[] = [];
  const rowNumbers: number[] = [];
  for (const row of rows.slice(header.index + 1)) {
    const athlete = (eventType === 'JUMP' ? fieldRow : trackRow)(row, header, fileName);
    if (!athlete) continue;
    athletes.push(athlete);
    rowNumbers.push(row.sheetRow);
  }
  const checked = checkedRows(athletes, fileName, rowNumbers);
  if (!checked.ok) return checked;
  const eventName =
    athletes.find((athlete) => athlete.eventName)?.eventName ?? titleAbove(rows, header, fileName);
  const discipline = disciplineFromText(eventName);
  const own = discipline.eventType === eventType;
  return parsed({
    key: null,
    eventName,
    eventType,
    trackDiscipline: own ? discipline.trackDiscipline : null,
    fieldDiscipline: own ? discipline.fieldDiscipline : null,
    round: roundFromName(eventName),
    // Field rows carry the wind of their best attempt, not one race wind.
    wind: eventType === 'JUMP' ? null : commonWind(athletes.map((athlete) => athlete.windspeed)),
    rows: checked.value,
  });
}

/** Track results: bib, rank, lane, first name, last name, club, gender, result, reaction time, windspeed. */
export function parseTrackResultsXlsx(
  bytes: Uint8Array,
  fileName: string,
): ParseResult<ParsedEvent> {
  try {
    return parseResults(bytes, fileName, 'ATHLETICS');
  } catch (error) {
    return failed({ file: fileName, reason: `could not read the results (${messageOf(error)})` });
  }
}

/** Field (JUMP) results: the track columns plus attempt1 ... attempt6 and best. */
export function parseFieldResultsXlsx(
  bytes: Uint8Array,
  fileName: string,
): ParseResult<ParsedEvent> {
  try {
    return parseResults(bytes, fileName, 'JUMP');
  } catch (error) {
    return failed({ file: fileName, reason: `could not read the results (${messageOf(error)})` });
  }
}
