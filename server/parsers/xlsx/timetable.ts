import { failed, parsed } from '../types.ts';
import type { ParseResult, TimetableEntry } from '../types.ts';
import { disciplineFromText, eventTypeFromText, roundOf } from './eventInfo.ts';
import { cell, findHeader } from './header.ts';
import { messageOf, readFirstSheetRows } from './readSheet.ts';

const keys = ['startTime', 'eventName', 'round', 'eventType', 'discipline'] as const;

/**
 * Time as text the way the product's event times are kept ("14:30", "2:30 pm"). Excel time
 * cells come formatted by their number format; "14:30:00" loses its zero seconds, and a time
 * left in General format (a fraction of a day, 0.6041666667) becomes "14:30".
 */
export function timeText(text: string | null): string | null {
  if (text === null) return null;
  const seconds = /^(\d{1,2}:\d{2}):00$/.exec(text);
  if (seconds?.[1]) return seconds[1];
  if (/^0?\.\d{3,}$/.test(text)) {
    const minutes = Math.round(Number(text) * 24 * 60);
    if (minutes < 24 * 60) {
      return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    }
  }
  return text;
}

/**
 * A timetable sheet: time, event name, round, and where present event type (track/field)
 * and discipline (by name or enum value). Without them, type and discipline come from the
 * event name when it says ("Women Long Jump"); otherwise they stay null.
 */
export function parseTimetableXlsx(
  bytes: Uint8Array,
  fileName: string,
): ParseResult<TimetableEntry[]> {
  try {
    const sheet = readFirstSheetRows(bytes, fileName);
    if (!sheet.ok) return sheet;
    const rows = sheet.value;
    const header = findHeader(rows, keys, ['eventName']);
    if (!header) {
      return failed({
        file: fileName,
        reason: 'no timetable header row (time, event name, round)',
      });
    }
    const entries: TimetableEntry[] = [];
    for (const row of rows.slice(header.index + 1)) {
      const eventName = cell(row, header, 'eventName');
      if (eventName === null) continue;
      const statedType = eventTypeFromText(cell(row, header, 'eventType'));
      const fromDiscipline = disciplineFromText(cell(row, header, 'discipline'));
      const discipline =
        fromDiscipline.eventType !== null ? fromDiscipline : disciplineFromText(eventName);
      const eventType = statedType ?? discipline.eventType;
      const agrees = discipline.eventType === eventType;
      entries.push({
        time: timeText(cell(row, header, 'startTime')),
        eventName,
        round: roundOf(cell(row, header, 'round'), eventName),
        eventType,
        trackDiscipline: agrees ? discipline.trackDiscipline : null,
        fieldDiscipline: agrees ? discipline.fieldDiscipline : null,
      });
    }
    return parsed(entries);
  } catch (error) {
    return failed({ file: fileName, reason: `could not read the timetable (${messageOf(error)})` });
  }
}
