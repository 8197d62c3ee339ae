import type { EventType, FieldDiscipline, Round, TrackDiscipline } from '../../domain.ts';
import type { CsvLine } from '../text.ts';
import type { LynxEventKey } from '../types.ts';
import { Cells } from './cells.ts';
import { fieldDisciplineFromCode, fieldDisciplineFromName, trackDiscipline } from './discipline.ts';
import { keyColumns, readEventKey, requireHeaderShape } from './key.ts';
import { roundFromName } from './round.ts';
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
  round: Round;
  wind: string | null;
}

/**
 * In lynx.evt the wind column of a field event holds FieldLynx's code (LJ1, HJ1...); a name
 * that says Long Jump makes a field event too, for files written without the code. A .lif
 * is always a race, so there the column must be a wind.
 */
export function readEventHeader(line: CsvLine, allowFieldCode: boolean): EventHeader {
  requireHeaderShape(line);
  const cells = new Cells<(typeof headerColumns)[number]>(line, headerColumns);
  const key = readEventKey(cells, keyColumns);
  const eventName = cells.get('event name');
  const round = roundFromName(eventName);
  const windCell = cells.get('wind');
  const code = allowFieldCode ? fieldDisciplineFromCode(windCell) : null;
  const field = code ?? (allowFieldCode ? fieldDisciplineFromName(eventName) : null);
  const wind = code ? null : normalizeWind(windCell);
  if (wind === undefined) {
    return cells.reject('wind', allowFieldCode ? 'a wind or a FieldLynx event code' : 'a wind');
  }
  if (field) {
    return {
      key,
      eventName,
      eventType: 'JUMP',
      trackDiscipline: null,
      fieldDiscipline: field,
      round,
      wind,
    };
  }
  return {
    key,
    eventName,
    eventType: 'ATHLETICS',
    trackDiscipline: trackDiscipline(cells.get('distance'), eventName),
    fieldDiscipline: null,
    round,
    wind,
  };
}
