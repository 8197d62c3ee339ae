import type { Round } from '../../../../shared/domain.ts';
import type { AthleteRow } from '../../../../shared/schemas/athlete.ts';
import { codeOfEvent, disciplineOfCode } from '../codes.ts';
import type { ExchangeEvent, ExchangeMeet } from '../model.ts';
import { hytekDate, resultCode } from './marks.ts';
import { RITH_NAME_FIELD } from './records.ts';

const ROUND_LETTERS: Readonly<Record<Round, string>> = {
  // Hy-Tek has no heats round: its first round of a race is the prelims.
  heats: 'P',
  prelims: 'P',
  quarters: 'Q',
  semis: 'S',
  finals: 'F',
  unknown: '',
};

const COMBINED = /DECATHLON|HEPTATHLON|PENTATHLON/;

type Value = string | number | null | undefined;

/** A value as one field: no delimiter, no line end inside it. */
function clean(value: Value): string {
  return String(value ?? '')
    .replace(/[;\r\n]+/g, ' ')
    .trim();
}

function isRelay(event: ExchangeEvent, code: string): boolean {
  return (
    (/X/i.test(code) && disciplineOfCode(code)?.eventType !== 'JUMP') ||
    (event.trackDiscipline === 'CUSTOM' && /relay/i.test(event.eventName))
  );
}

/** "Joe Mike Rockford" is first "Joe Mike", last "Rockford": split at the last space. */
function splitName(name: string): [last: string, first: string] {
  const trimmed = name.trim();
  const space = trimmed.lastIndexOf(' ');
  return space === -1 ? [trimmed, ''] : [trimmed.slice(space + 1), trimmed.slice(0, space)];
}

/**
 * Short team codes, one per club and unique in the file: the initials of a club of several
 * words ("Holy Trinity CYOKS" HTC), the first four letters of a one-word club (LAFA), a digit
 * added where two clubs would share one. Unattached athletes are UNA.
 */
function teamCodes(meet: ExchangeMeet): Map<string, string> {
  const codes = new Map<string, string>();
  const taken = new Set<string>(['UNA']);
  for (const row of meet.events.flatMap((event) => event.results ?? event.startList ?? [])) {
    const club = row.club?.trim();
    if (!club || codes.has(club)) continue;
    const words = club.toUpperCase().match(/[A-Z0-9]+/g) ?? [];
    const letters = words.length > 1 ? words.map((word) => word[0]).join('') : (words[0] ?? '');
    const base = letters.slice(0, 4) || 'TEAM';
    let code = base;
    for (let n = 2; taken.has(code); n += 1) code = `${base.slice(0, 3)}${n}`;
    taken.add(code);
    codes.set(club, code);
  }
  return codes;
}

/**
 * Event numbers: the event's own where it is a number (Hy-Tek's are), else a new one above
 * them, so no two events of the same round and heat share a number (the reader tells events
 * apart by number, round and heat).
 */
function eventNumbers(events: ExchangeEvent[]): string[] {
  const numeric = (ref: string | null) => (ref !== null && /^\d{1,4}$/.test(ref) ? ref : null);
  let next = Math.max(0, ...events.map((event) => Number(numeric(event.eventRef) ?? 0))) + 1;
  const byRef = new Map<string, string>();
  const used = new Set<string>();
  return events.map((event) => {
    let number =
      numeric(event.eventRef) ?? (event.eventRef ? byRef.get(event.eventRef) : undefined);
    const slot = (candidate: string) => `${candidate}|${event.round}|${event.heat ?? 1}`;
    if (number === undefined || number === null || used.has(slot(number))) number = String(next++);
    if (event.eventRef && !byRef.has(event.eventRef)) byRef.set(event.eventRef, number);
    used.add(slot(number));
    return number;
  });
}

/** Places within the heat, ties kept: one more than the rows placed ahead. */
function heatPlaces(rows: AthleteRow[]): (number | null)[] {
  const ranks = rows.map((row) =>
    row.rank !== null && /^\d+$/.test(row.rank) ? Number(row.rank) : null,
  );
  return ranks.map((rank) =>
    rank === null ? null : 1 + ranks.filter((other) => other !== null && other < rank).length,
  );
}

/** A record of `length` fields, each value at its 1-based field number, the rest blank. */
function record(type: string, length: number, values: Readonly<Record<number, Value>>): Value[] {
  const fields: Value[] = Array.from({ length }, () => '');
  fields[0] = type;
  for (const [n, value] of Object.entries(values)) fields[Number(n) - 1] = value;
  return fields;
}

/**
 * A Hy-Tek results file of the meet: H, then an E record per athlete (R per relay team) of
 * each event, fields where readHytek reads them, semicolons, CRLF. Marks go as Rith holds
 * them (times, metres, codes) with units M.
 */
export function writeResults(meet: ExchangeMeet, now: Date): string {
  const created = `${now.getMonth() + 1}/${now.getDate()}/${now.getFullYear()}`;
  const lines: Value[][] = [
    ['H', meet.name, hytekDate(meet.date), hytekDate(meet.finishDate), 'Rith', created],
  ];
  const teams = teamCodes(meet);
  const divisions = [...new Set(meet.events.map((event) => event.category).filter(Boolean))];
  const numbers = eventNumbers(meet.events);
  meet.events.forEach((event, index) => {
    const rows = event.results ?? [];
    const code = event.code ?? codeOfEvent(event) ?? event.eventName;
    const relay = isRelay(event, code);
    const type =
      event.eventType !== 'JUMP' ? 'T' : COMBINED.test(event.fieldDiscipline ?? '') ? 'M' : 'F';
    const places = heatPlaces(rows);
    rows.forEach((row, at) => {
      const performance = row.performance ?? '';
      const club = row.club?.trim() || null;
      const common = {
        3: numbers[index],
        5: code,
        6: event.gender,
        8: event.category ? divisions.indexOf(event.category) + 1 : '',
        9: event.category,
        10: ROUND_LETTERS[event.round],
        11: performance,
        12: 'M',
        14: resultCode(performance) !== null ? '' : row.rank,
        15: places[at],
        16: event.heat ?? 1,
      };
      if (relay) {
        lines.push(
          record('R', RITH_NAME_FIELD.R, {
            ...common,
            2: row.name,
            13: club ? teams.get(club) : 'UNA',
            [RITH_NAME_FIELD.R]: event.eventName,
          }),
        );
        return;
      }
      const [last, first] = splitName(row.name);
      lines.push(
        record('E', RITH_NAME_FIELD.E, {
          ...common,
          [RITH_NAME_FIELD.E]: event.eventName,
          2: type,
          13: row.windspeed ?? event.wind,
          23: last,
          24: first,
          26: row.gender ?? event.gender,
          28: club ? teams.get(club) : 'UNA',
          29: club,
          32: row.licence,
        }),
      );
    });
  });
  return lines.map((fields) => fields.map(clean).join(';')).join('\r\n') + '\r\n';
}
