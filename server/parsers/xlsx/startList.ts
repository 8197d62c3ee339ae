import { failed, parsed } from '../types.ts';
import type { ParsedEvent, ParseResult } from '../types.ts';
import type { AthleteRow } from '../../../shared/schemas/athlete.ts';
import { readFirstSheetRows, messageOf } from './readSheet.ts';
import { cell, findHeader } from './header.ts';
import { blankRow, checkedRows, fullName, rowId, seedFacts } from './rows.ts';
import { disciplineFromText, roundFromName } from './eventInfo.ts';
import { titleAbove } from './sheetEvent.ts';

const keys = [
  'bib',
  'event',
  'firstName',
  'lastName',
  'name',
  'club',
  'category',
  'lane',
  'licence',
  'pb',
  'sb',
] as const;
const identity = ['bib', 'firstName', 'lastName', 'name'] as const;

/**
 * A start list sheet: bib, event, first name, last name, club, category, lane. Only the first
 * event's rows are kept (a blank event cell continues the event above it, as sheets that
 * write the event once per block do); rows with neither bib nor name are dropped.
 */
export function parseStartListXlsx(bytes: Uint8Array, fileName: string): ParseResult<ParsedEvent> {
  try {
    const sheet = readFirstSheetRows(bytes, fileName);
    if (!sheet.ok) return sheet;
    const rows = sheet.value;
    const header = findHeader(rows, keys, identity);
    if (!header) {
      return failed({
        file: fileName,
        reason:
          'no start list header row (bib, event, first name, last name, club, category, lane)',
      });
    }
    let firstEvent: string | null = null;
    let currentEvent: string | null = null;
    const athletes: AthleteRow[] = [];
    const rowNumbers: number[] = [];
    for (const row of rows.slice(header.index + 1)) {
      currentEvent = cell(row, header, 'event') ?? currentEvent;
      const bib = cell(row, header, 'bib');
      const name = fullName(
        cell(row, header, 'firstName'),
        cell(row, header, 'lastName'),
        cell(row, header, 'name'),
      );
      if (bib === null && name === '') continue;
      firstEvent ??= currentEvent;
      if (currentEvent !== firstEvent) continue;
      athletes.push({
        ...blankRow(rowId(fileName, row.sheetRow), name),
        bib,
        eventName: currentEvent,
        club: cell(row, header, 'club'),
        category: cell(row, header, 'category'),
        lane: cell(row, header, 'lane'),
        ...seedFacts((key) => cell(row, header, key)),
      });
      rowNumbers.push(row.sheetRow);
    }
    const checked = checkedRows(athletes, fileName, rowNumbers);
    if (!checked.ok) return checked;
    const eventName = firstEvent ?? titleAbove(rows, header, fileName);
    const discipline = disciplineFromText(eventName);
    return parsed({
      key: null,
      eventName,
      eventType: discipline.eventType ?? 'ATHLETICS',
      trackDiscipline: discipline.trackDiscipline,
      fieldDiscipline: discipline.fieldDiscipline,
      round: roundFromName(eventName),
      wind: null,
      rows: checked.value,
    });
  } catch (error) {
    return failed({
      file: fileName,
      reason: `could not read the start list (${messageOf(error)})`,
    });
  }
}
