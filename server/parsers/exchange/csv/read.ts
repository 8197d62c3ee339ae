import { bestMark } from '../../../../shared/athletics/fieldMark.ts';
import { normalizeResultCode } from '../../../../shared/athletics/resultCode.ts';
import { formatWind } from '../../../../shared/athletics/wind.ts';
import { rounds, type Round } from '../../../../shared/domain.ts';
import type { AthleteRow } from '../../../../shared/schemas/athlete.ts';
import { athleteRow } from '../../athleteRow.ts';
import { eventDiscipline, roundFromText } from '../../../eventNames/index.ts';
import type { ParseWarning } from '../../types.ts';
import { commonWind, fullName, placeAndPerformance } from '../../xlsx/rows.ts';
import { disciplineOfCode, exchangeEventName } from '../codes.ts';
import type { ExchangeEvent } from '../model.ts';
import { columnsOf, hasName, type Key } from './columns.ts';
import { delimiterOf, records, unguard, type CsvRecord } from './records.ts';
import { trialCode } from '../../../../shared/athletics/fieldMark.ts';

/**
 * Rows of the template into events: grouped by event, round and heat; a row with a place, a
 * mark or a code is a result, else an entry. Field rows carry their attempts ("." where no
 * trial was taken) and, for high jump and pole vault, the bar heights they belong to.
 */

function attemptCell(cell: string, vertical: boolean): string | null {
  if (cell === '.') return null;
  const upper = cell.toUpperCase();
  if (vertical) return upper;
  return trialCode(cell) ?? (upper === 'R' ? 'r' : cell);
}

const GENDERS: Readonly<Record<string, 'M' | 'F' | 'X'>> = {
  m: 'M', male: 'M', men: 'M', man: 'M', boys: 'M', f: 'F', w: 'F', female: 'F', women: 'F',
  woman: 'F', girls: 'F', x: 'X', mixed: 'X',
}; // prettier-ignore

export class Unreadable extends Error {
  constructor(
    readonly row: number,
    readonly column: string | undefined,
    reason: string,
  ) {
    super(reason);
  }
}

interface Group {
  name: string;
  round: Round;
  heat: number | null;
  firstLine: number;
  code: string | null;
  time: string | null;
  status: boolean | null;
  winds: (string | null)[];
  rows: AthleteRow[];
  anyResult: boolean;
}

function readRow(cell: (key: Key) => string | null, line: number, file: string, group: Group) {
  const heights = cell('heights')?.split(/\s+/) ?? [];
  const cells = cell('attempts')?.split(/\s+/) ?? [];
  if (heights.length > 0 && cells.length > heights.length) {
    throw new Unreadable(
      line,
      'attempts',
      `${cells.length} attempt cells for ${heights.length} bar heights`,
    );
  }
  const attempts = cells.map((value) => attemptCell(value, heights.length > 0));
  while (heights.length > 0 && attempts.length < heights.length) attempts.push(null);
  const cleared = heights.filter((_, index) => attempts[index]?.includes('O'));
  const best =
    heights.length > 0
      ? cleared.reduce<string | null>(
          (top, h) => (top === null || Number(h) > Number(top) ? h : top),
          null,
        )
      : bestMark(attempts);
  const place = cell('place');
  if (place !== null && normalizeResultCode(place) === null && !/^=?0*[1-9]\d*$/.test(place)) {
    throw new Unreadable(
      line,
      'place',
      `place "${place}" is not a number or a result code (DNS, DNF, DQ, NM)`,
    );
  }
  const mark = cell('mark');
  const { rank, performance } = placeAndPerformance(place, normalizeResultCode(mark) ?? mark);
  const wind = cell('wind');
  group.winds.push(wind === null ? null : formatWind(wind) || null);
  const optional = {
    gender: cell('gender'),
    licence: cell('licence'),
    pb: cell('pb'),
    sb: cell('sb'),
  };
  const row = athleteRow({
    id: `${file}:${line}`,
    name: fullName(cell('first'), cell('last'), cell('name')),
    bib: cell('bib'),
    club: cell('club'),
    category: cell('category'),
    lane: cell('lane'),
    points: cell('points'),
    rank,
    performance: normalizeResultCode(performance) ?? performance ?? best,
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== null)),
    ...(attempts.length > 0 ? { attempts, best } : {}),
    ...(heights.length > 0 ? { heights } : {}),
  });
  group.anyResult ||= row.rank !== null || row.performance !== null;
  group.rows.push(row);
}

const fold = (text: string) => text.toLowerCase().replace(/\s+/g, ' ');

function eventOf(group: Group, warnings: ParseWarning[], file: string): ExchangeEvent {
  const known = disciplineOfCode(group.code);
  const eventName = exchangeEventName(group.name, known);
  const read = known ?? eventDiscipline(group.name);
  const field = group.rows.some((row) => row.attempts !== undefined);
  const eventType = read.eventType ?? (field ? 'JUMP' : 'ATHLETICS');
  if (read.eventType === null) {
    const kind = eventType === 'JUMP' ? 'field' : 'track';
    const reason = `event "${group.name}": no event code and the name does not say the discipline; read as a ${kind} event`;
    warnings.push({ file, row: group.firstLine, reason });
  }
  const wind = eventType === 'ATHLETICS' ? commonWind(group.winds) : null;
  // A result row carries its own wind where the rows do not agree on one race wind.
  const rows = group.rows.map((row, index) =>
    group.anyResult
      ? { ...row, windspeed: wind === null ? (group.winds[index] ?? null) : null }
      : row,
  );
  const genders = new Set(rows.map((row) => GENDERS[(row.gender ?? '').toLowerCase()] ?? null));
  genders.delete(null);
  const categories = new Set(rows.map((row) => row.category));
  return {
    key: `csv|${fold(eventName)}|${group.round}|${group.heat ?? ''}`,
    eventRef: null,
    code: group.code,
    eventName,
    eventType,
    trackDiscipline: read.trackDiscipline,
    fieldDiscipline: read.fieldDiscipline,
    category: categories.size === 1 ? ([...categories][0] ?? null) : null,
    gender: genders.size === 1 ? ([...genders][0] ?? null) : genders.size > 1 ? 'X' : null,
    round: group.round,
    heat: group.heat,
    time: group.time,
    wind,
    startList: rows.length > 0 && !group.anyResult ? rows : null,
    results: group.anyResult ? rows : null,
    official: group.status,
  };
}

/** A round word: the enum's own, else any language's ("Final", "Heat 2", "Semi-final"). */
function roundOf(text: string | null): Round {
  if (text === null) return 'unknown';
  const lower = text.toLowerCase();
  return (rounds as readonly string[]).includes(lower) ? (lower as Round) : roundFromText(text);
}

function checkHeader(header: CsvRecord, columns: Map<Key, number>): void {
  if (!columns.has('event')) {
    throw new Unreadable(header.line, 'event', 'the header row has no event column');
  }
  if (!hasName(columns)) {
    const reason = 'the header row has no name column (first name, last name or name)';
    throw new Unreadable(header.line, 'name', reason);
  }
}

/** A quote left open swallows the lines after it: the row then has the wrong field count. */
function checkQuotes(record: CsvRecord, header: CsvRecord): void {
  if (!record.unclosed && !(record.multiline && record.fields.length !== header.fields.length)) {
    return;
  }
  const counts = `${record.fields.length} fields where the header has ${header.fields.length}`;
  const reason = record.unclosed
    ? `unbalanced quotes: a quote opened on line ${record.line} is never closed, so the row has ${counts}`
    : `unbalanced quotes: the row has ${counts}`;
  throw new Unreadable(record.line, undefined, reason);
}

const STATUSES: Readonly<Record<string, boolean>> = { official: true, unofficial: false };

export function readRecords(text: string, file: string, warnings: ParseWarning[]): ExchangeEvent[] {
  const [header, ...body] = records(text, delimiterOf(text));
  if (!header) throw new Unreadable(1, undefined, 'the file is empty');
  const columns = columnsOf(header);
  checkHeader(header, columns);
  checkQuotes(header, header);
  const groups = new Map<string, Group>();
  for (const record of body) {
    checkQuotes(record, header);
    const { line, fields } = record;
    const cell = (key: Key) => {
      const index = columns.get(key);
      const value = index === undefined ? '' : unguard((fields[index] ?? '').trim());
      return value === '' ? null : value;
    };
    const event = cell('event');
    if (event === null) throw new Unreadable(line, 'event', 'the event is blank');
    const round = roundOf(cell('round'));
    if (cell('round') !== null && round === 'unknown') {
      warnings.push({ file, row: line, reason: `round "${cell('round')}" is not one Rith knows` });
    }
    const heatText = cell('heat');
    if (heatText !== null && !/^0*[1-9]\d*$/.test(heatText)) {
      throw new Unreadable(line, 'heat', `heat "${heatText}" is not a positive number`);
    }
    const heat = heatText === null ? null : Number(heatText);
    const id = `${fold(event)}|${round}|${heat ?? ''}`;
    const group = groups.get(id) ?? {
      ...{ name: event, round, heat, firstLine: line, code: null, time: null, status: null },
      ...{ winds: [], rows: [], anyResult: false },
    };
    groups.set(id, group);
    group.code ??= cell('code');
    group.time ??= cell('time');
    const status = cell('status');
    const official = status === null ? undefined : STATUSES[status.toLowerCase()];
    if (status !== null && official === undefined) {
      const reason = `status "${status}" is neither official nor unofficial`;
      warnings.push({ file, row: line, reason });
    }
    group.status ??= official ?? null;
    const who = (['first', 'last', 'name', 'bib'] as const).some((key) => cell(key) !== null);
    // A row with the event and no athlete declares the event alone (an event with no entries yet).
    if (who) readRow(cell, line, file, group);
  }
  return [...groups.values()].map((group) => eventOf(group, warnings, file));
}
