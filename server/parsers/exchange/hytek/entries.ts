import type { AthleteRow } from '../../../../shared/schemas/athlete.ts';
import { athleteRow } from '../../athleteRow.ts';
import { reject, type Warn } from '../../lynx/failure.ts';
import type { ExchangeEvent } from '../model.ts';
import { clubOf, eventOf, fullName, genderOf, relayCode, type Gender } from './events.ts';
import { isNoSeed, readMark } from './marks.ts';
import { field, optional, type HytekRecord } from './records.ts';
import { rowIds } from './rows.ts';

/**
 * Hy-Tek's entry records (Meet Manager's "Import Entries from a Semi-Colon Delimited File"):
 * I the athlete, D an entry (E the older, shorter entry: the same fields 2-14, without the
 * competitor number), Q a relay entry. R, the older relay entry, is not read: its layout is
 * not one this reader can vouch for.
 */
const MIN_FIELDS: Readonly<Record<string, number>> = { I: 3, D: 11, E: 11, Q: 7 };

interface Entered {
  code: string;
  gender: Gender | null;
  division: string | null;
  row: AthleteRow;
  /** What the row's id is made from: its bib, else its licence. */
  id: string | null;
}

/** Fields 2-8 name the same athlete in its I, D and E records. */
function identity(record: HytekRecord): string {
  return record.fields.slice(1, 8).join('|').toLowerCase();
}

function seed(record: HytekRecord, n: number, code: string, warn: Warn): string | null {
  const written = field(record, n);
  if (isNoSeed(written)) return null;
  const read = readMark(written, eventOf(code, null, null, null).markKind);
  if (read.ok) return read.value;
  warn(record.line, `seed mark left out: ${read.reason} (field ${n})`);
  return null;
}

function individual(record: HytekRecord, athletes: Map<string, HytekRecord>, warn: Warn): Entered {
  const code = field(record, 11);
  const bib = record.type === 'D' ? optional(record, 15) : null;
  const info =
    (bib !== null ? athletes.get(`#${bib}`) : undefined) ?? athletes.get(identity(record));
  const gender = genderOf(field(record, 5));
  const division = optional(record, 14);
  const row = athleteRow({
    id: 'pending',
    bib: bib ?? (info ? optional(info, 23) : null),
    name: fullName(field(record, 3), field(record, 2)),
    club: clubOf(field(record, 8), field(record, 7)),
    category: division,
    gender,
    licence: info ? optional(info, 22) : null,
    sb: seed(record, 12, code, warn),
  });
  return { code, gender, division, row, id: row.bib ?? row.licence ?? null };
}

function relayTeam(record: HytekRecord, warn: Warn): Entered {
  const code = relayCode(field(record, 7));
  const team = field(record, 3) || field(record, 2);
  const letter = field(record, 4).toUpperCase();
  const gender = genderOf(field(record, 5));
  const division = optional(record, 10);
  const row = athleteRow({
    id: 'pending',
    // An A team is the team's name alone; a school's second team is "Ithaca B".
    name: letter === '' || letter === 'A' ? team : `${team} ${letter}`,
    club: clubOf(field(record, 3), field(record, 2)),
    category: division,
    gender,
    sb: seed(record, 8, code, warn),
  });
  return { code, gender, division, row, id: null };
}

/** An entries file: one event per event code, gender and division, with its start list. */
export function readEntries(records: HytekRecord[], warn: Warn): ExchangeEvent[] {
  const athletes = new Map<string, HytekRecord>();
  for (const record of records.filter((candidate) => candidate.type === 'I')) {
    athletes.set(identity(record), record);
    const bib = optional(record, 23);
    if (bib !== null) athletes.set(`#${bib}`, record);
  }
  const entered: Entered[] = [];
  for (const record of records) {
    const min = MIN_FIELDS[record.type];
    if (record.type === 'R') {
      warn(record.line, 'an R (older relay entry) record is not read; write relays as Q records');
      continue;
    }
    if (min === undefined) {
      reject(
        `record type '${record.fields[0]}' is not one a Hy-Tek entries file has (I, D, E, Q or R)`,
        record.line,
        'field 1',
      );
    }
    if (record.fields.length < min) {
      reject(
        `${record.type} record has ${record.fields.length} fields; it needs at least ${min}`,
        record.line,
      );
    }
    if (record.type === 'I') continue;
    const entry =
      record.type === 'Q' ? relayTeam(record, warn) : individual(record, athletes, warn);
    if (entry.code === '') {
      reject(
        `${record.type} record has no event code`,
        record.line,
        `field ${record.type === 'Q' ? 7 : 11}`,
      );
    }
    entered.push(entry);
  }
  const events = new Map<string, Entered[]>();
  for (const entry of entered) {
    const key = `hytek|${entry.code.toUpperCase()}|${entry.gender ?? ''}|${entry.division ?? ''}`;
    const list = events.get(key);
    if (list) list.push(entry);
    else events.set(key, [entry]);
  }
  return [...events].map(([key, entries]): ExchangeEvent => {
    const [first] = entries as [Entered, ...Entered[]];
    const discipline = eventOf(first.code, first.gender, first.division, null);
    const ids = rowIds(entries.map((entry) => entry.id));
    return {
      key,
      eventRef: null,
      code: first.code,
      eventName: discipline.eventName,
      eventType: discipline.eventType,
      trackDiscipline: discipline.trackDiscipline,
      fieldDiscipline: discipline.fieldDiscipline,
      category: first.division,
      gender: first.gender,
      round: 'unknown',
      heat: null,
      time: null,
      wind: null,
      startList: entries.map((entry, index) => ({
        ...entry.row,
        id: ids[index] ?? `r${index + 1}`,
      })),
      results: null,
      official: null,
    };
  });
}
