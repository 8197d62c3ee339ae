import type { Round } from '../../../../shared/domain.ts';
import type { AthleteRow } from '../../../../shared/schemas/athlete.ts';
import { athleteRow } from '../../athleteRow.ts';
import { reject, type Warn } from '../../lynx/failure.ts';
import { normalizeWind } from '../../lynx/wind.ts';
import type { ExchangeEvent } from '../model.ts';
import {
  clubOf,
  eventOf,
  fullName,
  genderOf,
  relayCode,
  type EventDiscipline,
  type Gender,
} from './events.ts';
import { isoDate, readMark, resultCode, type MarkKind } from './marks.ts';
import { field, optional, RITH_NAME_FIELD, type HytekRecord } from './records.ts';
import { rowIds } from './rows.ts';

const ROUNDS: Readonly<Record<string, Round>> = {
  P: 'prelims',
  Q: 'quarters',
  S: 'semis',
  F: 'finals',
};

/** Fields a record needs to be read: an E result names its athlete in fields 23-24. */
const MIN_FIELDS: Readonly<Record<string, number>> = { E: 23, R: 11 };

interface Race {
  number: string;
  round: Round;
  /** Field 16 without leading zeros; 1 when blank. */
  heat: string;
  code: string;
  gender: Gender | null;
  division: string | null;
  discipline: EventDiscipline;
  rows: AthleteRow[];
  ids: (string | null)[];
}

/** Whether an E record is a result (T, F or M with an event number), not an entry. */
export function isResultRecord(record: HytekRecord): boolean {
  return /^(T|F|M|TM|FM)$/i.test(field(record, 2)) && /^\d+[A-Za-z]?$/.test(field(record, 3));
}

function place(record: HytekRecord, warn: Warn): string | null {
  const written = optional(record, 14) ?? optional(record, 15);
  if (written === null || /^\d+$/.test(written)) return written;
  warn(record.line, `place '${written}' (field 14) is not a number; left out`);
  return null;
}

function mark(record: HytekRecord, kind: MarkKind | null): string | null {
  const read = readMark(field(record, 11), kind);
  if (!read.ok) {
    reject(`${record.type} record: cannot read the mark: ${read.reason}`, record.line, 'field 11');
  }
  return read.value;
}

function wind(record: HytekRecord, warn: Warn): string | null {
  const read = normalizeWind(field(record, 13));
  if (read !== undefined) return read;
  warn(record.line, `wind '${field(record, 13)}' (field 13) is not a wind reading; left out`);
  return null;
}

function individual(record: HytekRecord, race: Race, trustIds: boolean, warn: Warn): AthleteRow {
  const performance = mark(record, race.discipline.markKind);
  const name = fullName(field(record, 24), field(record, 23));
  if (name === '') warn(record.line, 'result without an athlete name (fields 23-24)');
  const gender = genderOf(field(record, 26)) ?? (race.gender === 'X' ? null : race.gender);
  return athleteRow({
    id: 'pending',
    rank: performance !== null && resultCode(performance) !== null ? null : place(record, warn),
    name,
    club: clubOf(field(record, 29), field(record, 28)),
    category: race.division,
    performance,
    gender,
    windspeed: wind(record, warn),
    // Field 32 is the exporting program's own athlete number (MeetPro's 592, 230: ids in its
    // database, not registrations). Rith reads a licence as who a person is across meets, so
    // only a file Rith wrote, which puts the licence there, is trusted for it.
    ...(trustIds && { licence: optional(record, 32) }),
  });
}

function relay(record: HytekRecord, race: Race, warn: Warn): AthleteRow {
  const performance = mark(record, 'time');
  const team = field(record, 2) || field(record, 13);
  return athleteRow({
    id: 'pending',
    rank: performance !== null && resultCode(performance) !== null ? null : place(record, warn),
    name: team,
    club: clubOf(field(record, 2), field(record, 13)),
    category: race.division,
    performance,
    gender: race.gender === 'X' ? null : race.gender,
  });
}

/** The race's wind: the one every row that has a mark was run in, when they agree. */
function raceWind(race: Race): string | null {
  if (race.discipline.eventType !== 'ATHLETICS') return null;
  const ran = race.rows.filter((row) => row.performance !== null && !resultCode(row.performance));
  const winds = new Set((ran.length > 0 ? ran : race.rows).map((row) => row.windspeed ?? null));
  const [only] = [...winds];
  return winds.size === 1 && only !== undefined ? only : null;
}

export interface ReadResults {
  name: string | null;
  date: string | null;
  finishDate: string | null;
  events: ExchangeEvent[];
}

/**
 * What a result record is: T a race, F a field event, M a combined event's overall standing
 * (an R relay is a race); null for a combined event's single events (TM, FM), not read.
 * Anything else is refused.
 */
function resultType(record: HytekRecord): 'T' | 'F' | 'M' | null {
  if (record.type !== 'E' && record.type !== 'R') {
    reject(
      `record type '${record.fields[0]}' is not one a Hy-Tek results file has (H, E or R)`,
      record.line,
      'field 1',
    );
  }
  const min = MIN_FIELDS[record.type] ?? 0;
  if (record.fields.length < min) {
    reject(
      `${record.type} record has ${record.fields.length} fields; a result needs at least ${min}`,
      record.line,
    );
  }
  if (record.type === 'R') return 'T';
  const type = field(record, 2).toUpperCase();
  if (type === 'TM' || type === 'FM') return null;
  if (type !== 'T' && type !== 'F' && type !== 'M') {
    reject(
      `E record: field 2 must be T, F or M, got '${field(record, 2)}'`,
      record.line,
      'field 2',
    );
  }
  return type;
}

/** A header date (M/D/YYYY) as an ISO date; one that is not a date is left out with a warning. */
function date(header: HytekRecord | null, n: number, warn: Warn): string | null {
  const written = header ? field(header, n) : '';
  const iso = isoDate(written);
  if (header && written !== '' && iso === null) {
    warn(header.line, `date '${written}' (field ${n}) is not M/D/YYYY; left out`);
  }
  return iso;
}

/** A results file: one event per event number, round and heat (or flight), rows in file order. */
export function readResults(records: HytekRecord[], warn: Warn): ReadResults {
  const header = records.find((record) => record.type === 'H') ?? null;
  // Rith's own files carry the licence in field 32 (see individual()).
  const trustIds = header !== null && field(header, 5) === 'Rith';
  const races = new Map<string, Race>();
  for (const record of records) {
    if (record.type === 'H') {
      if (record !== header) warn(record.line, 'a second H (header) record; the first one is used');
      continue;
    }
    const type = resultType(record);
    if (type === null) {
      warn(
        record.line,
        'a combined event’s single-event result; only its overall standing is read',
      );
      continue;
    }
    const number = field(record, 3);
    if (number === '') reject(`${record.type} record has no event number`, record.line, 'field 3');
    const roundLetter = field(record, 10).toUpperCase();
    const round = ROUNDS[roundLetter] ?? 'unknown';
    const written = field(record, 16);
    if (written !== '' && !/^\d+$/.test(written)) {
      reject(`heat '${written}' is not a number`, record.line, 'field 16');
    }
    const heat = written === '' ? '1' : String(Number(written));
    const key = `${number}|${round}|${heat}`;
    let race = races.get(key);
    if (!race) {
      const gender = genderOf(field(record, 6));
      const division = optional(record, 9) ?? optional(record, 7);
      const code = record.type === 'R' ? relayCode(field(record, 5)) : field(record, 5);
      // Rith's own files name the event past Hy-Tek's fields (writer.ts).
      const named = trustIds
        ? optional(record, RITH_NAME_FIELD[record.type === 'R' ? 'R' : 'E'])
        : null;
      race = {
        number,
        round,
        heat,
        code,
        gender,
        division,
        discipline: {
          ...eventOf(code, gender, division, type),
          ...(named !== null && { eventName: named }),
        },
        rows: [],
        ids: [],
      };
      races.set(key, race);
    }
    race.rows.push(
      record.type === 'R' ? relay(record, race, warn) : individual(record, race, trustIds, warn),
    );
    race.ids.push(record.type === 'E' ? optional(record, 32) : null);
  }
  const heatsOf = new Map<string, number>();
  for (const race of races.values()) {
    const round = `${race.number}|${race.round}`;
    heatsOf.set(round, (heatsOf.get(round) ?? 0) + 1);
  }
  const events = [...races.values()].map((race): ExchangeEvent => {
    const split = (heatsOf.get(`${race.number}|${race.round}`) ?? 1) > 1;
    const ids = rowIds(race.ids);
    const results = race.rows.map((row, index) => ({ ...row, id: ids[index] ?? `r${index + 1}` }));
    return {
      key: `hytek|${race.number}|${race.round}|${race.heat}`,
      eventRef: race.number,
      code: race.code || null,
      eventName: race.discipline.eventName,
      eventType: race.discipline.eventType,
      trackDiscipline: race.discipline.trackDiscipline,
      fieldDiscipline: race.discipline.fieldDiscipline,
      category: race.division,
      gender: race.gender,
      round: race.round,
      heat: split ? Number(race.heat) : null,
      time: null,
      wind: raceWind(race),
      startList: null,
      results,
      official: null,
    };
  });
  return {
    name: header ? optional(header, 2) : null,
    date: date(header, 3, warn),
    finishDate: date(header, 4, warn),
    events,
  };
}
