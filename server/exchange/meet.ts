import type { AthleteRow } from '../../shared/schemas/athlete.ts';
import { athleteResult } from '../../shared/results/corrections.ts';
import { familyName } from '../../shared/eventNames/read.ts';
import { sexOf } from '../../shared/athletes/person.ts';
import type { ExchangeEvent, ExchangeMeet } from '../parsers/exchange/index.ts';
import { codeOfEvent } from '../parsers/exchange/codes.ts';
import { measuresWind } from '../athletics/windEvents.ts';
import type { ExchangeEventRow } from '../events/exchange.ts';
import type { ExchangeCompetition } from '../competitions/queries.ts';

/**
 * A competition as the exchange formats carry it (server/parsers/exchange/model.ts), from
 * what the public sees of it: each result as the results table shows it (athleteResult), so
 * an export read back gives the same page.
 */

/** A result row with its mark as shown and its place, codes written as codes. */
function shownRow(
  row: AthleteRow,
  eventType: ExchangeEventRow['eventType'],
  windy: boolean,
): AthleteRow {
  const shown = athleteResult(row, eventType);
  const { athleteId: _athleteId, flags: _flags, records: _records, pdfUrl: _pdf, ...kept } = row;
  return {
    ...kept,
    pdfUrl: null,
    rank: shown.place === null ? null : String(shown.place),
    windspeed: windy ? (row.windspeed ?? null) : null,
    performance: shown.mark ?? shown.code,
    ...(row.best !== undefined ? { best: shown.mark } : {}),
  };
}

const startRow = ({
  athleteId: _athleteId,
  flags: _flags,
  records: _records,
  ...row
}: AthleteRow): AthleteRow => ({ ...row, pdfUrl: null });

/** The one value every row has (a category, a sex), else null. */
function common(values: readonly (string | null)[]): string | null {
  const seen = new Set(values);
  const [only = null] = [...seen];
  return seen.size === 1 ? only : null;
}

/** The event's sex as its name says, else as every athlete's row does. */
function genderOf(eventName: string, rows: readonly AthleteRow[]): ExchangeEvent['gender'] {
  const sexes = rows.map((row) => sexOf(row.gender, eventName));
  const sex = sexOf(null, eventName) ?? common(sexes);
  return sex === 'men' ? 'M' : sex === 'women' ? 'F' : null;
}

export function exchangeMeet(
  competition: ExchangeCompetition,
  events: readonly ExchangeEventRow[],
): ExchangeMeet {
  // One event number per event across its rounds and heats, in running order.
  const numbers = new Map<string, string>();
  const numberOf = (name: string) => {
    const family = familyName(name).trim().toLowerCase();
    if (!numbers.has(family)) numbers.set(family, String(numbers.size + 1));
    return numbers.get(family)!;
  };
  return {
    source: 'csv',
    name: competition.competitionName,
    date: competition.date,
    finishDate: null,
    venue: competition.location,
    events: events.map((event): ExchangeEvent => {
      const windy = measuresWind(event);
      const results = event.results.map((row) => shownRow(row, event.eventType, windy));
      const heat = event.heatCount > 1 ? event.heat : null;
      const rows = results.length > 0 ? results : event.startListFile;
      return {
        key: event.exchangeKey ?? event.id,
        eventRef: numberOf(event.eventName),
        code: codeOfEvent(event),
        eventName: event.eventName,
        eventType: event.eventType,
        trackDiscipline: event.trackDiscipline,
        fieldDiscipline: event.fieldDiscipline,
        category: common(rows.map((row) => row.category?.trim() || null)),
        gender: genderOf(event.eventName, rows),
        round: event.round,
        heat,
        time: event.time,
        // A gauge's reading means nothing where the rules measure no wind (the pages hide it).
        wind: windy ? event.windSpeed : null,
        startList: event.startListFile.length > 0 ? event.startListFile.map(startRow) : null,
        results: results.length > 0 ? results : null,
        // Results left after publicRows are shown ones (official, or a file's on an event to
        // edit): what the spectators see as the results.
        official: results.length > 0 ? true : null,
      };
    }),
  };
}
