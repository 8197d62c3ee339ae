import { normalizeResultCode } from '../../../shared/athletics/resultCode.ts';
import type { FieldDiscipline } from '../../../shared/domain.ts';
import type { AthleteRow } from '../../../shared/schemas/athlete.ts';
import type { CsvLine } from '../../../shared/parsers/text.ts';
import type { ParsedEvent, ParseResult } from '../types.ts';
import { Cells, noneIfZero } from './cells.ts';
import { eventDiscipline, readEventName } from '../../eventNames/index.ts';
import { guard, reject } from './failure.ts';
import { readEventKey, requireHeaderShape } from './key.ts';
import { nameOf } from './header.ts';
import { checkedRows, fullName, lynxRow } from './rows.ts';
import { readHorizontalSeries, readVerticalSeries, seriesCode, writtenCells } from './series.ts';
import type { Series } from './series.ts';
import { readLynxLines } from './source.ts';
import { fileRowCapRefusal } from '../../../shared/rowCap.ts';

const headerColumns = ['event', 'round', 'flight', 'event name', 'units'] as const;

const rowColumns = [
  'place',
  'ID',
  'order',
  'overall place',
  'last name',
  'first name',
  'affiliation',
] as const;
type RowColumn = (typeof rowColumns)[number];

/**
 * Field results of one flight: FieldLynx's .lff. Each row is ranked by its overall place (the
 * fourth column, the place in the whole event across flights), not the place within the
 * flight: the flights of one event are one competition.
 */
export function parseLff(bytes: Uint8Array, fileName: string): ParseResult<ParsedEvent> {
  return guard(fileName, (warn) => {
    const [headerLine, ...lines] = readLynxLines(bytes, warn);
    if (!headerLine) return reject('the file is empty: no event header');
    requireHeaderShape(headerLine);
    const header = new Cells<(typeof headerColumns)[number]>(headerLine, headerColumns);
    const key = readEventKey(header, { event: 'event', round: 'round', heat: 'flight' });
    const eventName = nameOf(header.get('event name'), key);
    // Marks in feet and inches would need converting; the product keeps metres.
    if (!/^(metric)?$/i.test(header.get('units'))) header.reject('units', "'metric'");
    const heights = readBarHeights(header.rest(), headerLine.line);
    const named = eventDiscipline(eventName);
    const discipline = (named.eventType === 'JUMP' && named.fieldDiscipline) || 'CUSTOM';
    const tooMany = fileRowCapRefusal({ eventName, eventType: 'JUMP', key }, lines.length);
    if (tooMany !== null) reject(tooMany);
    const rows = lines.map((line) => readResult(line, fileName, eventName, heights, discipline));
    return {
      key,
      eventName,
      eventType: 'JUMP',
      trackDiscipline: null,
      fieldDiscipline: discipline,
      round: readEventName(eventName).round ?? 'unknown',
      wind: null,
      rows: checkedRows(
        rows,
        lines.map((line) => line.line),
      ),
    };
  });
}

/** Vertical jumps list their bar heights between SH and EH; other events have none (null). */
function readBarHeights(cells: readonly string[], line: number): string[] | null {
  const written = writtenCells(cells);
  if (written.length === 0) return null;
  if (written[0]?.toUpperCase() !== 'SH') {
    const found = written.find((cell) => cell !== '');
    return reject(`expected SH or nothing after the units, got '${found}'`, line);
  }
  const end = written.findIndex((cell) => cell.toUpperCase() === 'EH');
  if (end === -1) return reject('the bar heights after SH do not end with EH', line);
  const heights = written.slice(1, end);
  heights.forEach((height, index) => {
    if (!/^\d+(\.\d+)?$/.test(height)) {
      reject(`expected a bar height, got '${height}'`, line, `height ${index + 1}`);
    }
  });
  return heights;
}

/** FieldLynx writes place 0 for an athlete it has not placed (no valid mark yet): no place. */
const place = (cells: Cells<RowColumn>, column: 'place' | 'overall place'): string | null => {
  const value = cells.get(column);
  const code = normalizeResultCode(value);
  if (value !== '' && !code && !/^\d+$/.test(value)) cells.reject(column, 'a place');
  if (/^0+$/.test(value)) return null;
  return code ?? (value || null);
};

/**
 * Ties repeat the place and are kept as written. The row's rank is the overall place; the
 * place within the flight only stands in when FieldLynx left the overall place blank. The
 * order in the flight goes in the lane column, as for field start lists.
 */
function readResult(
  line: CsvLine,
  file: string,
  eventName: string,
  heights: string[] | null,
  discipline: FieldDiscipline,
): AthleteRow {
  const cells = new Cells<RowColumn>(line, rowColumns);
  const flightPlace = place(cells, 'place');
  const rank = place(cells, 'overall place') ?? flightPlace;
  const attemptCells = writtenCells(cells.rest());
  const code = seriesCode(attemptCells);
  if (code !== null && rank !== null) cells.reject('place', `a blank place for ${code}`, rank);
  const series: Series =
    code !== null
      ? { attempts: heights ? heights.map(() => null) : [], best: null, performance: code }
      : heights
        ? readVerticalSeries(attemptCells, heights, line.line)
        : readHorizontalSeries(attemptCells, discipline, line.line);
  return lynxRow(file, line.line, {
    rank: code ?? rank,
    bib: noneIfZero(cells.optional('ID')),
    lane: noneIfZero(cells.optional('order')),
    name: fullName(cells.get('first name'), cells.get('last name')),
    club: cells.optional('affiliation'),
    eventName,
    ...(heights && { heights: [...heights] }),
    ...series,
  });
}
