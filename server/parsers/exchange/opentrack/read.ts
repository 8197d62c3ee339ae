import { formatWind } from '../../../../shared/athletics/wind.ts';
import { eventDiscipline } from '../../../eventNames/index.ts';
import type { ParseWarning } from '../../types.ts';
import { disciplineOfCode, exchangeEventName } from '../codes.ts';
import type { ExchangeEvent, ExchangeMeet } from '../model.ts';
import { readCompetitors, type Competitor } from './competitors.ts';
import { isRecord, listOf, numberOf, recordAt, textOf, Unreadable, type Json } from './fields.ts';
import { pathText, type JsonPath } from './json.ts';
import { roundOfNumber } from './rounds.ts';
import { baseRow, entryIndex, unitRows, type Discipline } from './units.ts';

/** What reading needs besides the JSON: the file, its warnings and the line of a path. */
export interface ReadContext {
  file: string;
  warnings: ParseWarning[];
  lineOf: (path: JsonPath) => number | undefined;
}

const isoDate = (text: string | null) => /^\d{4}-\d{2}-\d{2}/.exec(text ?? '')?.[0] ?? null;

/** "17:05" from "17:05" or "17:05:00"; null when the text is not a time of day. */
function timeOf(text: string | null): string | null {
  const match = /^(\d{1,2}):(\d{2})/.exec(text ?? '');
  return match ? `${match[1]?.padStart(2, '0')}:${match[2]}` : null;
}

function genderOf(genders: string | null): ExchangeEvent['gender'] {
  const letters = new Set((genders ?? '').toUpperCase().replace(/W|K/g, 'F'));
  if (letters.has('X') || (letters.has('M') && letters.has('F'))) return 'X';
  return letters.has('M') ? 'M' : letters.has('F') ? 'F' : null;
}

/** The venue: OpenTrack sends an object (formalName, nickname...); older files a name. */
function venueOf(root: Json): string | null {
  if (!isRecord(root.venue)) return textOf(root, 'venue', []);
  const venue = root.venue;
  const names = ['formalName', 'englishName', 'localName', 'nickname', 'name'];
  return names.map((key) => textOf(venue, key, ['venue'])).find((name) => name !== null) ?? null;
}

/** The discipline from the event code; else from the name; else a custom event, with a warning. */
function disciplineOf(event: Json, path: JsonPath, hasTrials: boolean, context: ReadContext) {
  const code = textOf(event, 'eventCode', path);
  const name = textOf(event, 'name', path) ?? '';
  const known = disciplineOfCode(code);
  const eventName = exchangeEventName(name, known) || textOf(event, 'eventId', path) || 'Event';
  const read = known ?? eventDiscipline(name);
  if (read.eventType !== null) {
    const { eventType, trackDiscipline, fieldDiscipline } = read;
    return { code, eventName, discipline: { eventType, trackDiscipline, fieldDiscipline } };
  }
  const field = hasTrials;
  const said = code === null ? 'no eventCode' : `event code "${code}" is not one Rith knows`;
  context.warnings.push({
    file: context.file,
    row: context.lineOf(path),
    reason: `${pathText(path)} "${eventName}": ${said} and the name does not say the discipline; read as a custom ${field ? 'field' : 'track'} event`,
  });
  const discipline: Discipline = field
    ? { eventType: 'JUMP', trackDiscipline: null, fieldDiscipline: 'CUSTOM' }
    : { eventType: 'ATHLETICS', trackDiscipline: 'CUSTOM', fieldDiscipline: null };
  return { code, eventName, discipline };
}

/** The rounds the event has: its units' and any later one it declares (r2Status...). */
function roundCount(event: Json, rounds: number[]): number {
  let count = Math.max(1, ...rounds);
  for (const [key, status] of Object.entries(event)) {
    const declared = /^r(\d+)Status$/.exec(key);
    if (declared && typeof status === 'string' && status !== 'none') {
      count = Math.max(count, Number(declared[1]));
    }
  }
  return count;
}

type Shared = Pick<
  ExchangeEvent,
  | 'eventRef'
  | 'code'
  | 'eventName'
  | 'eventType'
  | 'trackDiscipline'
  | 'fieldDiscipline'
  | 'category'
  | 'gender'
>;

/** An event with entrants and no units yet: its start list is the entry list, in entry order. */
function entriesOnly(
  event: Json,
  path: JsonPath,
  shared: Shared,
  competitors: Map<string, Competitor>,
): ExchangeEvent {
  const eventId = shared.eventRef;
  const entrants = [...competitors.values()]
    .filter((competitor) => eventId !== null && competitor.entries.has(eventId))
    .sort((a, b) => entryIndex(a, eventId) - entryIndex(b, eventId));
  const id = (index: number) => `${pathText(path)}:entry${index}`;
  return {
    ...shared,
    key: `opentrack|${eventId ?? pathText(path)}|1|1`,
    round: roundOfNumber(1, roundCount(event, [])),
    heat: null,
    time: timeOf(textOf(event, 'r1Time', path)),
    wind: null,
    startList:
      entrants.length === 0
        ? null
        : entrants.map((competitor, index) => baseRow(id(index), competitor, null, eventId)),
    results: null,
    official: null,
  };
}

function readEvent(
  event: Json,
  path: JsonPath,
  competitors: Map<string, Competitor>,
  context: ReadContext,
): ExchangeEvent[] {
  const eventId = textOf(event, 'eventId', path);
  const units = listOf(event, 'units', path).map((unit, index) =>
    recordAt(unit, [...path, 'units', index]),
  );
  const hasTrials = units.some((unit) => Array.isArray(unit.trials) && unit.trials.length > 0);
  const { code, eventName, discipline } = disciplineOf(event, path, hasTrials, context);
  const ref = eventId ?? pathText(path);
  const shared: Shared = {
    eventRef: eventId,
    code,
    eventName,
    ...discipline,
    category: textOf(event, 'category', path),
    gender: genderOf(textOf(event, 'genders', path)),
  };
  if (units.length === 0) return [entriesOnly(event, path, shared, competitors)];
  const placed = units.map((unit, index) => {
    const unitPath = [...path, 'units', index];
    const round = numberOf(unit, 'round', unitPath) ?? 1;
    if (!Number.isInteger(round) || round < 1) {
      throw new Unreadable(unitPath, 'round is not a positive whole number');
    }
    return { unit, unitPath, round, heat: numberOf(unit, 'heat', unitPath) };
  });
  placed.sort((a, b) => a.round - b.round || (a.heat ?? 0) - (b.heat ?? 0));
  const count = roundCount(
    event,
    placed.map(({ round }) => round),
  );
  return placed.map(({ unit, unitPath, round, heat }) => {
    const inRound = placed.filter((other) => other.round === round);
    const number = heat ?? inRound.findIndex((other) => other.unit === unit) + 1;
    const status = textOf(unit, 'resultsStatus', unitPath);
    const wind = formatWind(textOf(unit, 'windAssistance', unitPath));
    return {
      ...shared,
      key: `opentrack|${ref}|${round}|${number}`,
      round: roundOfNumber(round, count),
      heat: inRound.length > 1 ? number : null,
      time:
        timeOf(textOf(unit, 'scheduledStartTime', unitPath)) ??
        timeOf(textOf(event, `r${round}Time`, path)),
      wind: wind === '' ? null : wind,
      ...unitRows(unit, unitPath, eventId, discipline, competitors, context),
      official: status === null ? null : status === 'official',
    };
  });
}

/** The meet in a parsed OpenTrack competition; throws Unreadable at the first bad value. */
export function readMeet(value: unknown, context: ReadContext): ExchangeMeet {
  const root = recordAt(value, []);
  const competitors = readCompetitors(root);
  const events = listOf(root, 'events', []).flatMap((event, index) =>
    readEvent(recordAt(event, ['events', index]), ['events', index], competitors, context),
  );
  return {
    source: 'opentrack',
    name: textOf(root, 'fullName', []) ?? textOf(root, 'name', []),
    date: isoDate(textOf(root, 'date', [])),
    finishDate: isoDate(textOf(root, 'finishDate', [])),
    venue: venueOf(root),
    events,
  };
}
