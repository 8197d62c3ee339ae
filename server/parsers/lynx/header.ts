import type { EventType, FieldDiscipline, Round, TrackDiscipline } from '../../../shared/domain.ts';
import { eventDiscipline, fieldDisciplineFromCode, readEventName } from '../../eventNames/index.ts';
import type { CsvLine } from '../../../shared/parsers/text.ts';
import type { LynxEventKey } from '../types.ts';
import { Cells } from './cells.ts';
import type { Warn } from './failure.ts';
import { keyColumns, readEventKey, requireHeaderShape } from './key.ts';
import { normalizeWind } from './wind.ts';

/** The event header of a .lif and of each event in lynx.evt. */
const headerColumns = [
  'event',
  'round',
  'heat',
  'event name',
  'wind',
  'wind unit',
  'template',
  'capture time',
  'capture duration',
  'distance',
  'start time',
] as const;

export interface EventHeader {
  key: LynxEventKey;
  eventName: string;
  eventType: EventType;
  trackDiscipline: TrackDiscipline | null;
  fieldDiscipline: FieldDiscipline | null;
  /** What the name's words say; the rounds an event has in the meet's files decide the rest. */
  round: Round;
  wind: string | null;
  startTime: string | null;
}

/** The event's name; a header that leaves it blank is still an event: "Event 12". */
export function nameOf(written: string, key: LynxEventKey): string {
  return written === '' ? `Event ${key.eventNumber}` : written;
}

/** "13:53:47.8223" (a .lif's time of day) or "13:53" as the event's time, else null. */
export function startTimeOf(text: string): string | null {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(text.trim());
  if (!match) return null;
  const [, hours = '', minutes = ''] = match;
  return Number(hours) < 24 && Number(minutes) < 60 ? `${Number(hours)}:${minutes}` : null;
}

/**
 * In lynx.evt the wind column of a field event holds FieldLynx's code (LJ1, HJ1...); a name
 * that says Long Jump makes a field event too, for files written without the code. A .lif is
 * always a race: a name that says nothing more is a race of another distance (CUSTOM). A
 * .lif's wind that cannot be read is left blank and reported, rather than refusing the heat's
 * results.
 */
export function readEventHeader(line: CsvLine, isEvt: boolean, warn: Warn): EventHeader {
  requireHeaderShape(line);
  const cells = new Cells<(typeof headerColumns)[number]>(line, headerColumns);
  const key = readEventKey(cells, keyColumns);
  const eventName = nameOf(cells.get('event name'), key);
  const windCell = cells.get('wind');
  // FieldLynx writes its event code where FinishLynx writes the wind: LJ1, HJ1, SP1...
  const code = isEvt && fieldDisciplineFromCode(windCell) !== null ? windCell : null;
  const discipline = eventDiscipline(eventName, {
    distance: cells.get('distance'),
    fieldCode: code,
  });
  let wind = code !== null ? null : normalizeWind(windCell);
  if (wind === undefined) {
    // In lynx.evt the column is a wind or FieldLynx's code, or the line is no event header.
    if (isEvt) return cells.reject('wind', 'a wind or a FieldLynx event code');
    warn(line.line, `'${windCell}' in column wind is not a wind reading; the wind is left blank`);
    wind = null;
  }
  const common = {
    key,
    eventName,
    round: readEventName(eventName).round ?? 'unknown',
    wind: discipline.eventType === 'JUMP' && isEvt ? null : wind,
    startTime: startTimeOf(cells.get('start time')),
  };
  if (isEvt && discipline.eventType === 'JUMP') {
    return {
      ...common,
      eventType: 'JUMP',
      trackDiscipline: null,
      fieldDiscipline: discipline.fieldDiscipline ?? 'CUSTOM',
    };
  }
  const isRace = !isEvt || discipline.eventType === 'ATHLETICS';
  return {
    ...common,
    eventType: 'ATHLETICS',
    trackDiscipline: discipline.trackDiscipline ?? (isRace ? 'CUSTOM' : null),
    fieldDiscipline: null,
  };
}
